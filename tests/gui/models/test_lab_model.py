"""The laboratory's model (spoker.gui.models.lab): the position with undo and redo, the
query under the four rule sets with its reasons, and suite files."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from support.example_counts import examples
from support.strategies import any_rule_sets, bags, boards, placements

from shibumi import APEX, RESTING_ON, Board, Cell, Colour, parse_board
from spoker.cli import main
from spoker.engine.groups import Rank, best_group, groups_at, groups_containing
from spoker.engine.rules import RuleSet
from spoker.errors import IllegalActionError, NotationError, Refusal, StorageError
from spoker.gui.models.lab import (
    APEX_REASON,
    NOT_TOUCHING,
    RULE_SETS,
    Lab,
    SuiteSteps,
    answer_under,
    append_case,
    ask,
    case_of,
    four_of,
    move_rank,
    rules_file_for,
    step_bag,
    toggle_rank,
    why_not_removed,
)
from spoker.records.suite import expect_of, format_case, parse_case, read_suite, run_case

EXAMPLE2_CUT = "BBBRWWW.BBBRBBBB/.R..R..../..../."
EXAMPLE4_COVERED = "WBWBRRBWWBRBBWRW/WBWBRBWRR/W.../."
VISIBLE, TOUCHING, VISIBLE_APEX, TOUCHING_APEX = RULE_SETS


# -- the query -------------------------------------------------------------------
def test_four_rule_sets_in_the_documented_order() -> None:
    assert [str(r) for r in RULE_SETS] == [
        "visible", "touching", "visible, apex-free", "touching, apex-free"
    ]


def test_a_cut_contact_spoils_the_flush_four_under_visible_rules_only() -> None:
    q = ask(parse_board(EXAMPLE2_CUT), "1G3", "W")
    assert q.move == "W@1G3"
    assert [a.expect for a in q.answers] == [
        "three_kinds@1 1G3 1G5 1G7", "flush_four@1 1A3 1C3 1E3 1G3",
        "three_kinds@1 1G3 1G5 1G7", "flush_four@1 1A3 1C3 1E3 1G3",
    ]
    flush4 = q.answer(VISIBLE).judged[0]
    assert flush4.group.rank == Rank.FLUSH_FOUR and not flush4.counts and not flush4.best
    assert flush4.reasons == ("contact 1C3-1E3 is cut by 2D2 and 2D4",)
    assert "does not count: contact 1C3-1E3 is cut by 2D2 and 2D4" in flush4.text()
    touching = q.answer(TOUCHING).judged[0]
    assert touching.counts and touching.best and "although contact 1C3-1E3" in touching.text()


def test_a_covered_ball_is_named_with_what_covers_it() -> None:
    q = ask(parse_board(EXAMPLE4_COVERED), "3E5", "R")
    flush = next(v for v in q.answer(VISIBLE).judged if v.group.rank == Rank.FLUSH_THREE)
    assert not flush.counts and flush.reasons == ("1C3 is covered by 3C3",)
    assert q.answer(VISIBLE).best is not None and q.answer(VISIBLE).best.rank == Rank.THREE_KINDS
    assert q.answer(TOUCHING).best is not None and q.answer(TOUCHING).best.rank == Rank.FLUSH_THREE


def test_the_apex_ruling_is_a_reason_unless_apex_free() -> None:
    # Every cell but the apex, so that a white apex forms a full house (W W / B B pairs under 3C3..3E5).
    board = parse_board("WWWWWWWBBBBBBBBR/RRRRRRRRR/WWBB/.")
    q = ask(board, APEX, "W")
    normal = q.answer(VISIBLE)
    assert normal.judged and normal.best is None and normal.expect == "none"
    assert all(v.reasons == (APEX_REASON,) and not v.counts for v in normal.judged)
    free = q.answer(VISIBLE_APEX)
    assert free.best is not None and free.best.rank == Rank.FULL_HOUSE
    assert free.expect.startswith("full_house@4")


def test_the_apex_straight_flush_counts_on_a_normal_turn() -> None:
    board = parse_board("WWWWWBBBBBBBBBBR/RRRRRRRRR/WWWW/.")
    q = ask(board, APEX, "W")
    assert q.answer(VISIBLE).best is not None and q.answer(VISIBLE).best.rank == Rank.STRAIGHT_FLUSH


def test_in_level_diagonals_are_named_as_not_touching() -> None:
    q = ask(parse_board("W....W........../........./..../."), "1E5", "W")
    assert q.answers[0].judged == ()
    assert [(m.rank, [str(c) for c in m.cells]) for m in q.near_misses] == [
        (Rank.FLUSH_THREE, ["1A1", "1C3", "1E5"])
    ]
    assert NOT_TOUCHING in q.near_misses[0].text()


def test_refused_queries_say_why() -> None:
    board = parse_board("WB............../........./..../.")
    with pytest.raises(IllegalActionError, match="^1A1 is not playable: it already holds a ball$") as err:
        ask(board, "1A1", "R")
    assert err.value.refusal is Refusal.TAKEN
    with pytest.raises(IllegalActionError, match="^2B2 is not playable: its platform is not full$") as err:
        ask(board, "2B2", "R")
    assert err.value.refusal is Refusal.UNSUPPORTED
    ten_white = parse_board("WWWWWWWWWW....../........./..../.")
    with pytest.raises(IllegalActionError, match="^no white ball is left in the bag$") as err:
        ask(ten_white, "1G5", "W")
    assert err.value.refusal is Refusal.NO_BALL_LEFT


@settings(max_examples=examples(60))  # each example asks the lab, a suite case and the engine
@given(placements(), st.sampled_from(RULE_SETS))
def test_the_answer_agrees_with_the_suite_and_the_engine(
    placement: tuple[Board, Cell, Colour], rules: RuleSet
) -> None:
    board, cell, colour = placement
    q = ask(board, cell, colour)
    answer = q.answer(rules)
    move = f"{colour}@{cell}"
    assert answer.expect == expect_of(board, move, rules)
    assert run_case(case_of(q, rules)).passed
    assert case_of(q, rules).expect == answer.expect
    after = board.place(cell, colour)
    assert [v.group for v in answer.judged] == groups_at(after, cell)
    assert sum(v.best for v in answer.judged) == (answer.best is not None)
    if cell != APEX:
        assert answer.best == best_group(after, cell, rules)
    for v in answer.judged:
        # A group that does not count always says why; one that counts under
        # the visible rules has nothing held against it.
        assert v.counts or v.reasons
        if v.counts and rules.check_visibility:
            assert v.reasons == ()



@settings(max_examples=examples(40))
@given(placements(), any_rule_sets())
def test_the_answer_under_any_rule_set_agrees_with_the_suite(
    placement: tuple[Board, Cell, Colour], rules: RuleSet
) -> None:
    board, cell, colour = placement
    assume(all(board.count(k) + (k == colour) <= held for k, held in zip(Colour, rules.counts)))
    q = ask(board, cell, colour, four_of(rules))
    assert rules in four_of(rules) and q.answer(rules) == answer_under(q.after, q.cell, rules)
    assert q.answer(rules).expect == expect_of(board, f"{colour}@{cell}", rules)


def test_the_best_group_follows_the_rules_order() -> None:
    # Under touching, W@1G3 forms a flush four and a three of three kinds;
    # with three of three kinds ranked above the others it is the best.
    rules = RuleSet.parse("touching, order=flush_three<full_house<flush_four<three_kinds")
    answer = ask(parse_board(EXAMPLE2_CUT), "1G3", "W", four_of(rules)).answer(rules)
    assert answer.expect == "three_kinds@1 1G3 1G5 1G7" == expect_of(EXAMPLE2_CUT, "W@1G3", rules)
    assert [v.group.rank for v in answer.judged][0] is Rank.THREE_KINDS


def test_four_of_keeps_the_other_items() -> None:
    assert four_of(RuleSet("touching", True)) == RULE_SETS
    rules = RuleSet.parse("touching, tie=none, bag=12-9-9")
    assert [str(r) for r in four_of(rules)] == [
        "visible, tie=none, bag=12-9-9", "touching, tie=none, bag=12-9-9",
        "visible, apex-free, tie=none, bag=12-9-9", "touching, apex-free, tie=none, bag=12-9-9",
    ]


@settings(max_examples=examples(60))
@given(bags(), st.sampled_from(list(Colour)), st.sampled_from([1, -1]))
def test_a_bag_step_keeps_thirty_and_moves_one_ball(bag: tuple[int, int, int], colour: Colour, step: int) -> None:
    rules = RuleSet(bag=bag)
    after = step_bag(rules, colour, step).bag
    assert sum(after) == 30 and min(after) >= 0
    k = int(colour)
    if after == bag:  # only when there is nothing to take or give
        assert (step > 0 and sum(bag) - bag[k] == 0) or (step < 0 and bag[k] == 0)
    else:
        assert after[k] == bag[k] + step
        assert sorted(abs(a - b) for a, b in zip(after, bag)) == [0, 1, 1]
        other = next(i for i in range(3) if i != k and after[i] != bag[i])
        rest = [bag[i] for i in range(3) if i != k]
        assert bag[other] == (max(rest) if step > 0 else min(rest))


def test_ranks_move_and_switch_off() -> None:
    rules = RuleSet()
    assert move_rank(rules, "three_kinds", -1) == rules  # already the lowest
    assert move_rank(rules, "full_house", 1).order == ("three_kinds", "flush_three", "flush_four", "full_house")
    assert toggle_rank(toggle_rank(rules, "straight_flush"), "straight_flush") == rules
    assert toggle_rank(rules, "flush_four").off == ("flush_four",)
    with pytest.raises(NotationError, match="straight flush stays on top"):
        move_rank(rules, "straight_flush", 1)


@pytest.mark.parametrize("name", ["", "My-rules", "../x", "a b", "-x", "x" * 41])
def test_a_rules_file_name_must_be_a_lower_case_word(name: str) -> None:
    with pytest.raises(NotationError, match="is not a lower-case word"):
        rules_file_for(name, RuleSet())
    assert rules_file_for("fair-tie", RuleSet(tie="none")).summary == "A tie scores nothing"


def test_the_lab_keeps_to_its_rules_bag() -> None:
    lab = Lab(rules=RuleSet(bag=(12, 9, 9)))
    lab.paste("WWWWWWWWWWW...../........./..../.")  # 11 white: refused under 10-10-10
    lab.place("1G5", "W")
    with pytest.raises(IllegalActionError, match="no white ball is left"):
        lab.place("1A7", "W")
    with pytest.raises(NotationError, match="12 white balls and this bag only 10"):
        lab.set_rules(RuleSet())
    assert lab.rules.bag == (12, 9, 9)


def test_a_query_is_answered_under_a_rule_set_it_was_not_asked_for() -> None:
    # A query asked under some rule sets is answered under another on
    # demand, by the function ask() answers each with (answer_under).
    q = ask(parse_board(EXAMPLE2_CUT), "1G3", "W", (VISIBLE,))
    assert [a.rules for a in q.answers] == [VISIBLE]
    assert q.answer(TOUCHING_APEX) == answer_under(q.after, q.cell, TOUCHING_APEX) != q.answer(VISIBLE)
    assert q.answer(TOUCHING_APEX).expect == "flush_four@1 1A3 1C3 1E3 1G3"

# -- a ball on the board -----------------------------------------------------------
def test_a_platform_ball_sees_the_pyramid_on_it() -> None:
    lab = Lab(parse_board("RR..RR........../R......../..../."))
    judged = lab.ball("1A1")
    assert [(v.group.rank, v.counts) for v in judged][0] == (Rank.STRAIGHT_FLUSH, True)
    assert all("counts now" in v.text() for v in judged if v.counts)


def test_a_covered_ball_does_not_count_now_under_visible_rules() -> None:
    lab = Lab(parse_board(EXAMPLE4_COVERED))
    covered = [v for v in lab.ball("1C3") if not v.counts]
    assert covered and all("1C3 is covered by 3C3" in v.reasons for v in covered)
    lab.rules = TOUCHING
    assert all(v.counts for v in lab.ball("1C3"))


@given(boards(min_balls=1))
def test_groups_through_a_ball_hold_it_and_are_complete(board: Board) -> None:
    for cell in board.cells():
        for g in groups_containing(board, cell):
            assert cell in g.cells and all(c in board for c in g.cells)
        placed_last = set(groups_at(board, cell))
        assert placed_last <= set(groups_containing(board, cell))


# -- the position -------------------------------------------------------------------
def test_place_remove_undo_redo_clear_paste() -> None:
    lab = Lab()
    lab.colour = Colour.RED
    lab.place("1A1")
    lab.place("1C1", "B")
    assert lab.copy() == "RB............../........./..../."
    lab.remove("1A1")
    assert lab.undo() and lab.board["1A1"] == Colour.RED
    assert lab.redo() and "1A1" not in lab.board
    lab.clear()
    assert len(lab.board) == 0 and lab.undo() and len(lab.board) == 1
    lab.paste("  WW..BB........../........./..../.\n")
    assert lab.board == parse_board("WW..BB........../........./..../.")
    with pytest.raises(NotationError, match="not a board string"):
        lab.paste("WWX")
    assert lab.board == parse_board("WW..BB........../........./..../.")  # unchanged
    assert not Lab().undo() and not Lab().redo()


def test_a_new_change_forgets_the_redo() -> None:
    lab = Lab()
    lab.place("1A1")
    lab.undo()
    lab.place("1C1")
    assert not lab.can_redo


def test_removing_a_ball_under_others_is_refused_with_why() -> None:
    lab = Lab(parse_board("WWWWWWWWW......./BB......./..../."))
    with pytest.raises(IllegalActionError, match="cannot remove the ball on 1C3: 2B2 and 2D2 rest on it"):
        lab.remove("1C3")
    with pytest.raises(IllegalActionError, match="1G7 is empty"):
        lab.remove("1G7")


@given(boards(), st.lists(st.tuples(st.integers(0, 29), st.sampled_from(list(Colour))), max_size=20))
def test_undo_is_the_inverse_of_every_change(start: Board, actions: list[tuple[int, Colour]]) -> None:
    lab = Lab(start)
    seen = [lab.board]
    for index, colour in actions:
        cell = Cell(index)
        before = lab.board
        try:
            if cell in lab.board:
                lab.remove(cell)
            else:
                lab.place(cell, colour)
        except IllegalActionError:
            assert lab.board == before  # a refused change changes nothing
            if cell in before:
                assert any(u in before for u in RESTING_ON[cell])
            continue
        lab.board.validate()  # support and counts always hold
        seen.append(lab.board)
    n = len(seen) - 1
    for i in range(n, 0, -1):
        assert lab.board == seen[i]
        assert lab.undo()
    assert lab.board == start and not lab.can_undo
    for i in range(1, n + 1):
        assert lab.redo() and lab.board == seen[i]
    assert not lab.can_redo


@given(boards(min_balls=1))
def test_removing_is_refused_exactly_for_supporting_balls(board: Board) -> None:
    for cell in board.cells():
        why = why_not_removed(board, cell)
        supports = [u for u in RESTING_ON[cell] if u in board]
        assert (why is None) == (not supports)
        if why is not None:
            assert all(str(u) in why for u in supports)
    assert set(board.removable()) == {c for c in board.cells() if why_not_removed(board, c) is None}


def test_colour_limit_is_kept() -> None:
    lab = Lab(parse_board("WWWWWWWWWW....../........./..../."))
    with pytest.raises(IllegalActionError, match="no white ball is left in the bag"):
        lab.place("1G5", "W")


# -- suite files --------------------------------------------------------------------
def test_save_as_test_case_appends_and_keeps_what_was_there(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "cases.txt"
    q = ask(parse_board(EXAMPLE2_CUT), "1G3", "W")
    line, target = append_case(path, q, TOUCHING)
    assert target == path and line == f"{EXAMPLE2_CUT} W@1G3 touching => flush_four@1 1A3 1C3 1E3 1G3"
    # A file without a final newline: the new case goes on a line of its own.
    path.write_text(path.read_text() + "# a note, no newline at the end", encoding="utf-8")
    before = path.read_bytes()
    append_case(path, q, VISIBLE)
    after = path.read_bytes()
    assert after.startswith(before) and after.endswith(b"=> three_kinds@1 1G3 1G5 1G7\n")
    cases = read_suite(path)
    assert len(cases) == 2 and all(run_case(c).passed for c in cases)
    assert format_case(cases[0]) == line and parse_case(line) == cases[0]
    assert main(["suite", str(path)]) == 0


def test_saving_into_a_folder_is_refused(tmp_path: Path) -> None:
    q = ask(Board(), "1A1", "W")
    with pytest.raises(StorageError, match="is a folder"):
        append_case(tmp_path, q, VISIBLE)


def test_a_suite_opens_failing_cases_first(tmp_path: Path) -> None:
    path = tmp_path / "suite.txt"
    path.write_text(
        "# cases\n"
        "WB............../........./..../. R@1E1 => three_kinds@1 1A1 1C1 1E1\n"
        "WB............../........./..../. W@1E1 => flush_three@1\n"
        "................/........./..../. W@2B2 => error\n"
        "WW............../........./..../. W@1E1 => flush_three@1\n",
        encoding="utf-8",
    )
    steps = SuiteSteps.open(path)
    assert [s.case.line for s in steps.steps] == [3, 2, 4, 5]
    assert steps.failed == 1 and not steps.current.passed
    assert "FAILS" in steps.current.title(steps) and "got none" in steps.current.detail()
    board, cell, colour, rules = steps.current.position()
    assert board == parse_board("WB............../........./..../.") and str(cell) == "1E1"
    assert colour == Colour.WHITE and rules == VISIBLE
    assert steps.step(-1).case.line == 5 and steps.step(2).case.line == 2
    error_case = steps.steps[2]
    assert error_case.passed and error_case.position()[1] == Cell("2B2")


def test_a_case_with_an_unreadable_board_has_no_position(tmp_path: Path) -> None:
    path = tmp_path / "suite.txt"
    path.write_text("WWX R@1A1 => error\n", encoding="utf-8")
    step = SuiteSteps.open(path).current
    assert step.passed and step.position() == (None, None, None, VISIBLE)


@given(st.text(alphabet=st.sampled_from("WBRwbr./ \n.x"), max_size=40) | st.text(max_size=40))
def test_paste_reads_a_board_string_or_refuses_with_its_own_error(text: str) -> None:
    lab = Lab()
    try:
        board = lab.paste(text)
    except NotationError as err:
        assert repr(text.strip()) in str(err) or "must be" in str(err)
        assert len(lab.board) == 0 and not lab.can_undo
    else:
        assert board == parse_board(text.strip()) == lab.board


# -- the command line ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["lab", "WWX"], ["'WWX'"]),
        (["lab", "W.............../........./..../R"], ["floats"]),
        (["lab", "--rules", "sideways"], ["'sideways'"]),
        (["lab", "--suite", "/no/such/suite.txt"], ["/no/such/suite.txt"]),
    ],
)
def test_lab_refuses_bad_input_in_one_line_before_any_window(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str], words: list[str]
) -> None:
    import spoker.gui.launch as launch_module

    monkeypatch.setattr(launch_module, "run_lab", lambda *a: pytest.fail("a window was opened"))
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("spoker lab: error: ")
    assert all(w in err for w in words)


def test_a_fifo_suite_is_refused_at_once_never_waited_for(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Opening a FIFO with no writer would hold the window (or the command
    # before it) for ever; appending to one would block on a full pipe.
    fifo = tmp_path / "cases.txt"
    os.mkfifo(fifo)
    assert main(["lab", "--suite", str(fifo)]) == 2
    err = capsys.readouterr().err
    assert "not a regular file" in err and err.count("\n") == 1
    with pytest.raises(NotationError, match="not a regular file"):
        SuiteSteps.open(fifo)
    with pytest.raises(StorageError, match="not a regular file"):
        append_case(fifo, ask(Board(), "1A1", "W"), VISIBLE)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_lab_refuses_a_suite_line_that_is_not_a_case(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("# fine\nnot a case\n", encoding="utf-8")
    assert main(["lab", "--suite", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "line 2" in err and err.count("\n") == 1


def test_lab_opens_the_window_on_what_it_was_given(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import spoker.gui.launch as launch_module

    suite = tmp_path / "s.txt"
    suite.write_text(f"{EXAMPLE2_CUT} W@1G3 => none\n", encoding="utf-8")
    calls: list[tuple[object, ...]] = []
    monkeypatch.setattr(launch_module, "run_lab", lambda *a, **window: calls.append(a) or 0)
    assert main(["lab", EXAMPLE2_CUT, "--rules", "touching,apex-free", "--suite", str(suite)]) == 0
    assert calls == [(parse_board(EXAMPLE2_CUT), TOUCHING_APEX, str(suite))]


def test_screenshot_of_the_lab(tmp_path: Path) -> None:
    import subprocess
    import sys

    from PIL import Image

    out = tmp_path / "lab.png"
    done = subprocess.run(
        [sys.executable, "-m", "spoker", "play", "--screenshot", str(out), "--show", "lab",
         "--size", "800x600"],
        capture_output=True, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stderr
    with Image.open(out) as image:
        assert image.size == (800, 600)
        colours = image.convert("RGB").getcolors(1 << 20)
        assert colours is not None and len(colours) > 500  # a picture, not a blank frame


SUITES = sorted((Path(__file__).resolve().parents[3] / "assets" / "suites").glob("*.txt"))
assert SUITES, "the shipped suites are found"  # an empty list would skip the test below


@pytest.mark.parametrize("path", SUITES, ids=[p.name for p in SUITES])
def test_the_lab_agrees_with_the_curated_suites(path: Path) -> None:
    steps = SuiteSteps.open(path)
    assert steps.failed == 0
    for step in steps.steps:
        board, cell, colour, rules = step.position()
        expected = step.result.expected
        if board is None or cell is None or colour is None or expected == "error":
            continue
        answer = ask(board, cell, colour).answer(rules)
        assert answer.expect.split(" ")[0] == expected.split(" ")[0], step.case


def test_lab_help_has_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["lab", "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert "examples:" in out and "spoker lab '" in out


@settings(max_examples=examples(60))  # each example runs the lab command
@given(
    st.text(alphabet=st.sampled_from("WBR./x \n"), max_size=36) | st.text(max_size=20),
    st.none() | st.text(max_size=20),
)
def test_lab_arguments_fuzzed_open_a_window_or_fail_in_one_line(board: str, rules: str | None) -> None:
    import contextlib
    import io

    import spoker.gui.launch as launch_module

    opened: list[object] = []
    argv = ["lab", "--", board] if rules is None else ["lab", "--rules", rules, "--", board]
    out, err = io.StringIO(), io.StringIO()
    original = launch_module.run_lab
    launch_module.run_lab = lambda *a, **window: opened.append(a) or 0  # type: ignore[assignment]
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exit_:  # argparse's own usage errors
                code = int(exit_.code or 0)
    finally:
        launch_module.run_lab = original  # type: ignore[assignment]
    assert "Traceback" not in err.getvalue()
    if code == 0:
        assert opened and opened[0][0] == parse_board(board)
    else:
        assert code == 2 and not opened and err.getvalue().count("\n") == 1


# -- a full disk never tears a suite file ---------------------------------------------
class _TornFile:
    """An open file whose writes put ``room`` bytes on the disk, then fail as
    a full disk does (for an implementation that writes through a file object)."""

    def __init__(self, f: object, room: list[int]) -> None:
        self._f, self._room = f, room

    def write(self, data: bytes) -> int:
        n = min(len(data), self._room[0])
        self._room[0] -= n
        if n:
            self._f.write(data[:n])  # type: ignore[attr-defined]
            self._f.flush()  # type: ignore[attr-defined]
        if n < len(data):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return n

    def __getattr__(self, name: str) -> object:
        return getattr(self._f, name)

    def __enter__(self) -> _TornFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self._f.close()  # type: ignore[attr-defined]


@pytest.mark.parametrize("failure", ["raises", "short write", "sync fails"])
def test_save_as_test_case_on_a_full_disk_leaves_the_suite_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: str
) -> None:
    import builtins

    import spoker.gui.models.lab

    path = tmp_path / "cases.txt"
    q = ask(parse_board(EXAMPLE2_CUT), "1G3", "W")
    for _ in range(3):
        append_case(path, q, VISIBLE)
    path.write_bytes(path.read_bytes() + b"# no newline at the end")
    before = path.read_bytes()
    room = [30]  # 30 bytes of the new line fit, then the disk is full
    real_write, real_open = os.write, builtins.open

    def full_write(fd: int, data: bytes) -> int:
        n = real_write(fd, bytes(data[: room[0]]))
        room[0] -= n
        if failure == "raises" and n < len(data):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return n

    def full_fsync(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def torn_open(file: object, mode: str = "r", *args: object, **kwargs: object) -> object:
        f = real_open(file, mode, *args, **kwargs)  # type: ignore[call-overload]
        return _TornFile(f, room) if "a" in mode or "w" in mode or "+" in mode else f

    if failure == "sync fails":
        room[0] = 10**6
        monkeypatch.setattr(os, "fsync", full_fsync)
    monkeypatch.setattr(os, "write", full_write)
    monkeypatch.setattr(spoker.gui.models.lab, "open", torn_open, raising=False)
    with pytest.raises(OSError) as info:
        append_case(path, q, TOUCHING)
    assert info.value.errno == errno.ENOSPC
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert len(read_suite(path)) == 3
    # With room again, the case is appended whole.
    append_case(path, q, TOUCHING)
    assert path.read_bytes().startswith(before) and len(read_suite(path)) == 4
