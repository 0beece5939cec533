"""Every command that reads a rule set refuses a bad one alike: a malformed
item, a rules file with a bad key, a missing file, a binary file, a record's
``Rules`` header it cannot read (quoted), a suite case's or a state string's
rules: one line naming it, exit 2, nothing on stdout, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.commands import call

BOARD = "WB............../........./..../."
BAD_ITEM = "tie=sometimes"


def _commands(tmp: Path) -> dict[str, list[str]]:
    """Each command taking ``--rules``, with arguments that would otherwise
    run (and write, where the command writes), ``--rules`` last."""
    record = tmp / "good.txt"
    record.write_text("Rules: visible\n\nW@1A1 B@1C1 R@1E1\n", encoding="utf-8")
    out = str(tmp / "written")
    return {
        "groups": ["groups", BOARD, "R@1E1"],
        "show": ["show", BOARD],
        "analyse": ["analyse", str(record), "--effort", "10"],
        "simulate": ["simulate", "--games", "2", "--players", "random,random", "--out", out],
        "tournament": ["tournament", "random", "greedy", "--games", "1", "--out", out],
        "study": ["study", "--players", "random,random", "--games", "2"],
        "puzzles": ["puzzles", "make", "--games", "1", "--seed", "1", "--players", "random,random", "--out", out],
        "play": ["play", "--record", out],
        "lab": ["lab"],
        "replay": ["replay", str(record), "--text"],
        "hint": ["hint", BOARD, "R", "--effort", "100"],
        "render": ["render", BOARD, "--out", out + ".png"],
        "render --animate": ["render", str(record), "--animate", out + ".gif"],
    }


def _bad_values(tmp: Path) -> dict[str, tuple[str, str]]:
    """Each kind of bad ``--rules`` value: (the value, what the line says)."""
    bad_key = tmp / "bad-key.toml"
    bad_key.write_text('name = "x"\nsummary = "s"\ntie = "sometimes"\n', encoding="utf-8")
    binary = tmp / "binary.toml"
    binary.write_bytes(b'name = "x"\x00\n')
    folder = tmp / "rules"
    folder.mkdir()
    (tmp / "folder.toml").mkdir()
    plain = tmp / "level-lines.txt"
    plain.write_text('name = "x"\nsummary = "s"\n', encoding="utf-8")
    takes = "--rules takes items such as 'touching, tie=none' or a FILE.toml"
    return {
        "item": (BAD_ITEM, "'tie=sometimes': tie= takes 'both' or 'none'"),
        "key": (str(bad_key), "bad-key.toml': key 'tie': 'sometimes'"),
        "missing": (str(tmp / "missing.toml"), f"rules file {str(tmp / 'missing.toml')!r}: no such file"),
        "binary": (str(binary), "binary.toml': a NUL byte at byte 10: binary data"),
        "folder": (str(folder), f"{str(folder)!r} is a folder, not a rules file: {takes}"),
        "folder/": (f"{folder}/", f"{str(folder) + '/'!r} is a folder, not a rules file: {takes}"),
        "folder.toml": (str(tmp / "folder.toml"), f"{str(tmp / 'folder.toml')!r} is a folder, not a rules file"),
        "missing path": (str(tmp / "missing"), f"{str(tmp / 'missing')!r}: no such file, nor a rule set: {takes}"),
        "not .toml": (str(plain), f"{str(plain)!r} is not a rules file (a rules file's name ends in .toml)"),
        "word": ("visibel", "unknown rule variant 'visibel' in 'visibel': expected visible, touching or "
                 "apex-free, items such as 'lines=in-level', or a FILE.toml"),
    }


def _refused(argv: list[str], tmp: Path, says: str) -> None:
    before = sorted(p.name for p in tmp.iterdir())
    code, out, err = call(argv)
    assert (code, out) == (2, ""), (argv, code, out, err)
    assert err.count("\n") == 1 and says in err, (argv, err)
    assert sorted(p.name for p in tmp.iterdir()) == before, argv  # nothing written


@pytest.mark.parametrize(
    "kind", ["item", "key", "missing", "binary", "folder", "folder/", "folder.toml", "missing path", "not .toml", "word"]
)
def test_every_rules_option_refuses_a_bad_value_in_one_line(tmp_path: Path, kind: str) -> None:
    commands = _commands(tmp_path)
    value, says = _bad_values(tmp_path)[kind]
    for argv in commands.values():
        _refused([*argv, "--rules", value], tmp_path, says)


def test_a_records_rules_header_it_cannot_read_is_quoted(tmp_path: Path) -> None:
    record = tmp_path / "bad-header.txt"
    record.write_text("Rules: visible, bag=9-9-9\n\nW@1A1 B@1C1 R@1E1\n", encoding="utf-8")
    says = "header 'Rules': rules 'visible, bag=9-9-9'"
    out = str(tmp_path / "written")
    for argv in (
        ["replay", str(record), "--text"], ["show", str(record)],
        ["analyse", str(record), "--effort", "10"], ["puzzles", "make", "--from", str(record), "--out", out],
        ["render", str(record), "--animate", str(tmp_path / "written.gif")],
    ):
        _refused(argv, tmp_path, says)
    code, out, err = call(["replay", str(record), "--json"])  # --json: the error is the file's object
    assert code == 2 and err == "" and json.loads(out)["error"].startswith(says)


def test_rules_inside_a_state_string_or_a_suite_case_are_refused_alike(tmp_path: Path) -> None:
    state = f"{BOARD} 1 0-0 - - * visible,{BAD_ITEM}"
    says = "'tie=sometimes': tie= takes 'both' or 'none'"
    for argv in (["hint", state, "R"], ["render", state, "--out", str(tmp_path / "written.png")],
                 ["show", state]):
        _refused(argv, tmp_path, says)
    suite = tmp_path / "cases.txt"
    suite.write_text(f"{BOARD} R@1E1 visible,{BAD_ITEM} => none\n", encoding="utf-8")
    _refused(["suite", str(suite)], tmp_path, says)


def test_a_bare_board_is_read_under_the_rules_bag(tmp_path: Path) -> None:
    eleven = "WWWWWWWWWWW...../........./..../."
    _refused(["show", eleven], tmp_path, "11 white balls (W): at most 10")
    _refused(["render", eleven, "--out", str(tmp_path / "written.png")], tmp_path, "11 white balls (W): at most 10")
    code, out, err = call(["show", eleven, "--rules", "bag=12-9-9"])
    assert (code, err) == (0, "") and "bag: 1 white, 9 black, 9 red" in out
    code, out, err = call(["show", eleven, "--rules", "bag=12-9-9", "--state"])
    assert (code, err) == (0, "") and out.strip().endswith("* visible,bag=12-9-9")


def test_hint_reads_a_bare_board_under_its_rules(tmp_path: Path) -> None:
    eleven = "WWWWWWWWWWW...../........./..../."
    code, out, err = call(["hint", eleven, "B", "--rules", "bag=12-9-9", "--effort", "100", "--json"])
    assert (code, err) == (0, "") and json.loads(out)["state"].endswith(" * visible,bag=12-9-9")
    _refused(["hint", f"{BOARD} 1 0-0 - - * visible", "R", "--rules", "tie=none"], tmp_path,
             "the state string names its own rules (visible)")


def test_a_state_string_under_other_rules_is_refused_by_every_command_that_reads_one(tmp_path: Path) -> None:
    """A state string names its own rules: --rules naming others is refused
    alike (hint, show, render), never silently dropped; the same rules pass."""
    state = f"{BOARD} 1 0-0 - - * visible"
    says = "--rules 'visible, tie=none': the state string names its own rules (visible); give a board string"
    for argv in (["hint", state, "R"], ["show", state], ["show", state, "--state"],
                 ["render", state, "--out", str(tmp_path / "written.png")]):
        _refused([*argv, "--rules", "tie=none"], tmp_path, says)
    code, out, err = call(["show", state, "--state", "--rules", "visible"])
    assert (code, out, err) == (0, state + "\n", "")


def test_render_animate_replays_the_record_under_its_rules_option(tmp_path: Path) -> None:
    """--rules overrides a record's Rules for render --animate as for replay
    and show: a record the rules refuse is one line naming the file."""
    record = tmp_path / "good.txt"
    record.write_text("Rules: visible\n\nW@1A1 B@1C1 R@1E1\n", encoding="utf-8")
    out = str(tmp_path / "written.gif")
    _refused(["render", str(record), "--animate", out, "--rules", "bag=0-15-15"], tmp_path,
             f"{str(record)!r}: move 1 'W@1A1': no white ball is left in the bag")
