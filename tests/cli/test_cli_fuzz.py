"""Fuzzing every argument of spoker groups, replay and show.

Whatever the input, a run ends with status 0, or 2 with one line on stderr:
never a traceback (an uncaught exception fails these tests).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import tempfile
import types
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

from hypothesis import given
from hypothesis import strategies as st
from support.commands import call
from support.strategies import boards, rules_texts

import spoker.runs.simulate  # noqa: F401 - imported once, before any test swaps modules
import spoker.runs.tournament  # noqa: F401
from spoker.cli import main

VALID_BOARD = "WB............../........./..../."

# Pieces that reach past the first checks: board-like strings, moves, rules.
board_texts = st.one_of(
    st.text(max_size=40),
    st.text(alphabet="WBRwbr./ ", max_size=36),
    boards().map(str),
)
move_texts = st.one_of(
    st.text(max_size=10),
    st.builds(
        lambda k, lv, col, row: f"{k}@{lv}{col}{row}",
        st.sampled_from("WBRwbrX"), st.sampled_from(["", "1", "2", "3", "4", "9"]),
        st.sampled_from("ABCDEFGHabcd"), st.sampled_from("12345678"),
    ),
)
def check(argv: list[str]) -> tuple[int, str, str]:
    code, out, err = call(argv)
    assert code in (0, 2), (argv, code, err)
    lines = err.splitlines()
    assert all(line.startswith("spoker") for line in lines), (argv, err)
    if argv[0] == "replay":
        # --json reports bad files in its output, --text one line per bad file.
        assert code == 2 or not lines
    elif code == 2:
        assert len(lines) == 1 and err.endswith("\n"), (argv, err)
    else:
        assert not lines
    assert "Traceback" not in err
    return code, out, err


@given(board_texts, move_texts, st.booleans())
def test_groups_board_and_move(board: str, move: str, as_json: bool) -> None:
    code, out, _ = check(["groups", *(["--json"] if as_json else []), "--", board, move])
    if code == 0 and as_json:
        answer = json.loads(out)
        assert list(answer) == ["move", "groups", "best"]


@given(rules_texts)
def test_groups_rules(rules: str) -> None:
    code, out, _ = check(["groups", VALID_BOARD, "R@1E1", "--json", "--rules", rules])
    if code == 0:  # the three of three kinds is best wherever it counts (off=three_kinds may turn it off)
        answer = json.loads(out)
        counted = [g for g in answer["groups"] if g["counts"]]
        assert (answer["best"] is None) == (not counted)
        if counted:
            assert answer["best"]["rank"] == "three_kinds"


@given(st.lists(st.tuples(board_texts, move_texts), max_size=5), st.binary(max_size=60))
def test_groups_batch_lines(queries: list[tuple[str, str]], junk: bytes) -> None:
    data = "\n".join(f"{b} {m}" for b, m in queries).encode("utf-8", "surrogatepass") + b"\n" + junk
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "queries.txt"
        path.write_bytes(data)
        code, out, err = check(["groups", "--batch", str(path), "--json"])
    answers = [json.loads(line) for line in out.splitlines()]
    if b"\0" in data:  # binary data: refused at its first NUL byte, the lines before it answered
        assert code == 2 and f"a NUL byte at byte {data.index(0)}: binary data" in err
        assert len(answers) == data[: data.index(0)].count(b"\n")
        return
    assert code == 0
    assert len(answers) == len(data.split(b"\n")) - (data.endswith(b"\n"))
    for a in answers:
        assert set(a) in ({"error"}, {"move", "groups", "best"})


@given(
    st.lists(st.one_of(st.binary(max_size=200), st.text(max_size=200).map(str.encode)), min_size=1, max_size=3),
    st.sampled_from([["--json"], ["--text"], []]),
    st.one_of(st.none(), rules_texts),
)
def test_replay_files_with_random_content(contents: list[bytes], mode: list[str], rules: str | None) -> None:
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for i, data in enumerate(contents):
            paths.append(str(Path(folder) / f"game{i}.txt"))
            Path(paths[-1]).write_bytes(data)
        more = ["--rules", rules] if rules is not None else []
        code, out, err = check(["replay", *mode, *more, "--", *paths])
    if mode == ["--json"] and not err:
        assert out.count("\n") == len(paths)
        lines = [json.loads(line) for line in out.splitlines()]
        assert [line["file"] for line in lines] == paths
        assert (code == 2) == any("error" in line for line in lines)


@given(st.one_of(board_texts, st.text(max_size=80), board_texts.map(lambda b: b + " 1 0-0 - - * visible")))
def test_show_anything(what: str) -> None:
    check(["show", "--", what])


@given(
    st.sampled_from(["groups", "replay", "show"]),
    st.lists(
        st.one_of(
            st.text(max_size=12),
            st.sampled_from(["--json", "--text", "--batch", "--rules", "-", "--", VALID_BOARD, "R@1E1", "-h"]),
        ),
        max_size=6,
    ),
)
def test_any_argument_list(command: str, args: list[str]) -> None:
    check([command, *args])


# -- every other subcommand's arguments ------------------------------------------------

SMALL = ["1", "2", "0", "-1", "x", "1e3", "99999999999999999999", " 3"]
PLAYERS = ["random", "greedy", "random,greedy", "greedy,random", "Random , greedy", "wizard", "random,", ","]
TOKENS = {
    "simulate": ["--games", "--players", "--seed", "--rules", "--workers", "--swap", "--engine",
                 "--json", "--out", "batch", "scalar", "auto", *SMALL, *PLAYERS],
    "tournament": ["--games", "--seed", "--rules", "--workers", "--chart", "--json", "--out",
                   *SMALL, *PLAYERS],
    "hint": ["--top", "--effort", "--json", "W", "B", "R", "X", "200", "0", VALID_BOARD,
             VALID_BOARD + " 1 0-0 - R * visible", *SMALL],
    "render": ["--out", "--size", "--rotate", "--highlight", "--exploded", "--marks", "p.png", "p.gif",
               "800x600", "16x16", "0x0", "1A1,1C1", "1A1:dim", "9Z9", VALID_BOARD, *SMALL,
               "--animate", "--moves", "--fps", "1-2", "3-1", "x.gif", "x.webp", "x.png"],
    "play": ["--seed", "--rules", "--player1", "--player2", "--no-hints", "--resume", "--load",
             "--record", "--autoplay", "--show", "--size", "--screenshot", "game.txt", "s.png",
             "Ann", "greedy", "", "touching", *SMALL],
}
FAST = {"simulate": ["--games", "2"], "tournament": ["--games", "2"], "hint": ["--effort", "200"]}


@contextlib.contextmanager
def in_a_scratch_folder() -> Iterator[None]:
    """Files an argument list names are written to a temporary folder."""
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            yield
        finally:
            os.chdir(here)


def _fake(name: str, **attrs: object) -> types.ModuleType:
    module = types.ModuleType(name)
    for key, value in attrs.items():
        setattr(module, key, value)
    return module


# No window and no OpenGL: the game, the replay viewer and the renderer are
# stand-ins (the argument handling before them is what is fuzzed here).
STAND_INS = {
    "spoker.gui.launch": _fake("spoker.gui.launch", run_play=lambda args: 0, run_replay=lambda record, rules, source="", **kw: 0),
    "spoker.gui.render.offscreen": _fake(
        "spoker.gui.render.offscreen", ensure_headless=lambda: None,
        render_board_image=lambda board, size, **kw: __import__("PIL.Image").Image.new("RGB", size),
    ),
    "spoker.gui.screenshot": _fake(
        "spoker.gui.screenshot", take_screenshot=lambda args: 0, parse_size=lambda text: (800, 600),
        replay_screenshot=lambda *args, **kw: 0,
    ),
    "spoker.gui.render.palette": _fake("spoker.gui.render.palette", HIGHLIGHT_COLOURS=[(255, 215, 0)]),
    "spoker.gui.render.scene": _fake("spoker.gui.render.scene", Highlight=lambda *args: args),
    "spoker.gui.render.film": _fake(
        "spoker.gui.render.film", MAX_SIZE=(1920, 1200), MIN_SIZE=(320, 200),
        export_animation=lambda *args, **kw: types.SimpleNamespace(frames=2, bytes=1),
    ),
}


@contextlib.contextmanager
def stand_ins() -> Iterator[None]:
    """Set only these modules (mock.patch.dict would also drop every module
    imported meanwhile, and numpy cannot be imported twice)."""
    saved = {name: sys.modules.get(name) for name in STAND_INS}
    sys.modules.update(STAND_INS)
    try:
        yield
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


def check_other(argv: list[str]) -> tuple[int, str, str]:
    """As check(), for the commands that write files or open windows."""
    out, err = io.StringIO(), io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(b""))
    with in_a_scratch_folder(), stand_ins(), contextlib.redirect_stdout(out), \
            contextlib.redirect_stderr(err), mock.patch.object(sys, "stdin", stdin):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
    lines = err.getvalue().splitlines()
    assert code in (0, 2), (argv, code, lines)
    assert all(line.startswith("spoker") for line in lines), (argv, lines)
    if code == 2:
        assert len([x for x in lines if ": error: " in x]) == 1, (argv, lines)
    assert "Traceback" not in err.getvalue()
    return code, out.getvalue(), err.getvalue()


@given(st.sampled_from(sorted(TOKENS)), st.data())
def test_any_argument_list_of_the_other_commands(command: str, data: st.DataObject) -> None:
    args = data.draw(st.lists(st.one_of(st.sampled_from(TOKENS[command]), st.text(max_size=8)), max_size=7))
    # Appended last, the fast settings win over the drawn ones (argparse keeps the last).
    check_other([command, *args, *FAST.get(command, [])])


@given(st.text(max_size=30), st.sampled_from(["W", "B", "R", "w", "X", ""]))
def test_hint_state_and_ball(state: str, ball: str) -> None:
    check_other(["hint", "--effort", "200", "--", state, ball])
