"""The Python API refuses bad arguments with its documented error types.

Every public function and method of shibumi and spoker, given arguments of
the wrong type or out of range, raises a ``ValueError`` subclass (the
project's own errors) or ``TypeError``: never an ``AttributeError``,
``IndexError``, ``KeyError`` or ``OverflowError`` from deep inside.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.example_counts import examples

from shibumi import Board, Cell, CellError, Colour, cells_of, parse_board
from spoker import GameState, Move, RuleSet, best_group
from spoker.engine.groups import Rank
from spoker.records.record import GameRecord, parse_record
from spoker.records.replay import Replay

MODULES = (
    "shibumi", "shibumi.board", "shibumi.cells", "shibumi.geometry", "shibumi.notation",
    "shibumi.shapes", "shibumi.visibility", "spoker", "spoker.engine.state", "spoker.engine.state_strings",
    "spoker.engine.groups",
    "spoker.engine.moves", "spoker.engine.rules", "spoker.engine.events", "spoker.records.record",
    "spoker.records.files", "spoker.records.replay", "spoker.records.rules_file",
    "spoker.runs.simulate", "spoker.runs.tournament", "spoker.runs.stats", "spoker.runs.charts", "spoker.players", "spoker.text.textview", "spoker.safe_text", "spoker.cli.record_views",
    "spoker.runs.parallel", "spoker.runs.batch", "spoker.text.narrator", "spoker.engine.judging", "spoker.engine.settling",
    "spoker.engine.challenges", "spoker.gui.models.story", "spoker.records.puzzles", "spoker.gui.models.puzzle_rating",
    "spoker.gui.render.film", "spoker.text.film_text",
)
BOARD = "WB............../........./..../."


def _instances() -> dict[str, object]:
    from spoker.players import make_player
    from spoker.runs.simulate import Tally
    from spoker.runs.tournament import run_tournament

    made: dict[str, object] = {
        "Board": parse_board(BOARD), "GameState": GameState(), "drawn": GameState().child("W"),
        "RuleSet": RuleSet(), "Move": Move.from_str("W@1A1"),
        "Replay": Replay(parse_record("W@1A1 B@1C1")), "GameRecord": parse_record("W@1A1"),
        "Tally": Tally(("random", "random")), "Tournament": run_tournament(["random", "greedy"], 2),
        "Group": best_group(parse_board(BOARD).place("1E1", "R"), "1E1"),
        "Cell": Cell(0), "Colour": Colour.WHITE, "Rank": Rank.FULL_HOUSE,
        "handmade Move": Move(5, 99),  # type: ignore[arg-type]
        "Judge": RuleSet("touching").judge, "Rulings": RuleSet().rulings,
    }
    for name in ("random", "greedy", "lookahead", "expert"):
        made[name] = make_player(name, 1)
    return made


def _public() -> Iterator[tuple[str, Callable[..., object]]]:
    seen: set[int] = set()
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        names = getattr(module, "__all__", [n for n in dir(module) if not n.startswith("_")])
        for name in names:
            obj = getattr(module, name, None)
            home = getattr(obj, "__module__", None) or ""
            if id(obj) in seen or home.split(".")[0] not in ("shibumi", "spoker"):
                continue
            if inspect.isfunction(obj) or inspect.isclass(obj):
                seen.add(id(obj))
                yield f"{home}.{name}", obj
    for kind, instance in _instances().items():
        for name in dir(instance):
            if name.startswith("_") or isinstance(getattr(type(instance), name, None), property):
                continue
            method = getattr(instance, name)
            if callable(method) and getattr(int, name, None) is None:  # int's own methods are Python's
                yield f"{kind}.{name}", method


TARGETS = dict(_public())

junk = st.one_of(
    st.sampled_from([None, 1 << 40, -1, "touching", "", "\x00", [1, 2], {}, 1.5, True, b"x", (1, 2, 3), 7]),
    st.integers(), st.text(max_size=6), st.floats(allow_nan=True), st.lists(st.integers(), max_size=3),
    st.builds(object),
)


def _arity(fn: Callable[..., object]) -> tuple[int, int]:
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return (0, 0)
    positional = [
        p for p in sig.parameters.values() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    required = [p for p in positional if p.default is p.empty]
    return len(required), min(len(positional), 6)


def test_the_public_api_is_found() -> None:
    for name in ("shibumi.cells.cells_of", "spoker.engine.state.GameState", "GameState.apply_move",
                 "Board.from_mapping", "spoker.runs.simulate.simulate", "spoker.cli.record_views.narrate"):
        assert name in TARGETS


@pytest.mark.parametrize("name", sorted(TARGETS))
@settings(max_examples=examples(8), suppress_health_check=[HealthCheck.function_scoped_fixture])  # for each of some 390 public functions: 8 argument lists of junk each
@given(data=st.data())
def test_bad_arguments_raise_documented_errors(
    name: str, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    fn = TARGETS[name]
    least, most = _arity(fn)
    args = data.draw(st.lists(junk, min_size=least, max_size=max(least, most)))
    monkeypatch.chdir(tmp_path_factory.getbasetemp())  # writers write here, if anything
    try:
        result = fn(*args)
        if isinstance(result, Iterator):
            list(result)
    except (ValueError, TypeError):
        pass
    except OSError:
        # Reading and writing files: an OSError (no such file, not writable) is documented.
        assert name.endswith(("load_record", "save_record", "write_text_atomic", "write_bytes_atomic", "append_whole", "draw_tournament_chart", "read_puzzles", "open_regular")), name


def test_the_cases_of_the_issue() -> None:
    with pytest.raises(CellError, match="1099511627776"):
        cells_of(1 << 40)  # at the call, not when the cells are read
    with pytest.raises(TypeError, match="RuleSet"):
        GameState("touching")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="None"):
        GameState().apply_move(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Mapping"):
        Board.from_mapping([1, 2])  # type: ignore[arg-type]


def test_moves_and_records_built_by_hand_are_checked() -> None:
    bad = Move(5, 99)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="5"):
        str(bad)
    with pytest.raises(ValueError):
        GameState().apply_move(bad)
    with pytest.raises(TypeError, match="move"):
        GameRecord({}, ["W@1A1"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="headers"):
        GameRecord([])  # type: ignore[arg-type]


def test_a_replay_position_out_of_range_is_a_value_error_and_an_index_error() -> None:
    replay = Replay(parse_record("W@1A1 B@1C1"))
    for bad in (3, -1):
        with pytest.raises(ValueError, match=str(bad)):
            replay.state_at(bad)
        with pytest.raises(IndexError):
            replay.goto(bad)
    with pytest.raises(TypeError):
        replay.events_at("1")  # type: ignore[arg-type]


@pytest.mark.parametrize("path", [None, 3, b"suite.txt", ""])
def test_file_names_are_checked_before_any_file_is_touched(
    path: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 3 would be opened (and closed) as a file descriptor, None saved as a
    # file named 'None', '' taken for the current folder.
    from spoker.gui.models.lab import RULE_SETS, SuiteSteps, append_case, ask
    from spoker.records.files import write_text_atomic
    from spoker.records.suite import read_suite

    monkeypatch.chdir(tmp_path)
    calls: list[Callable[[], object]] = [
        lambda: read_suite(path),  # type: ignore[arg-type]
        lambda: SuiteSteps.open(path) if isinstance(path, str) else read_suite(path),  # type: ignore[arg-type]
        lambda: append_case(path, ask(Board(), "1A1", "W"), RULE_SETS[0]),  # type: ignore[arg-type]
        lambda: write_text_atomic(path, "x"),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises((TypeError, ValueError)):
            call()
    assert list(tmp_path.iterdir()) == []


KEPT_ELSEWHERE = {
    "spoker/errors.py", "shibumi/errors.py",
    # Folded by their own work, not here (the data folder's files, the app, puzzle workers, local workers).
    "spoker/gui/models/storage.py", "spoker/gui/models/autosave.py", "spoker/gui/app.py",
    "spoker/gui/models/puzzle_session.py", "spoker/runs/parallel.py",
}
KEPT_CLASSES = {
    "IllegalSpielActionError",  # OpenSpiel's callers catch pyspiel.SpielError
    "CliError",  # the command line's own, so that --help and a usage error load no engine
    "OutOfBudget",  # the search's control flow, never raised out of it
    "_NotDask",  # the cluster's control flow: an address that is no Dask scheduler
    "_ImportFailed",  # the plug-ins' control flow: an import that failed, told and left out in plugins.py
}


def test_the_project_s_errors_are_the_few_of_spoker_errors() -> None:
    """An error class is one of spoker/errors.py's few (or shibumi's): no module
    keeps its own, but for the control-flow and interop ones named here."""
    import ast

    root = Path(__file__).resolve().parent.parent
    found = []
    for path in sorted([*root.joinpath("spoker").rglob("*.py"), *root.joinpath("shibumi").rglob("*.py")]):
        name = path.relative_to(root).as_posix()
        if name in KEPT_ELSEWHERE:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            bases = [ast.unparse(b) for b in node.bases] if isinstance(node, ast.ClassDef) else []
            if any(b.endswith(("Error", "Exception")) or b in ("OSError",) for b in bases):
                if node.name not in KEPT_CLASSES:  # type: ignore[union-attr]
                    found.append(f"{name}: {node.name}")  # type: ignore[union-attr]
    assert not found, found
