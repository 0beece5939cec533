"""The Puzzles screen's model without a window: the try, the values shown,
the line that follows, the rating and the streak, the choice of the next
puzzle, and the search of a folder of records."""

from __future__ import annotations

from concurrent.futures import Future
from pathlib import Path

import pytest

from spoker.engine.state_strings import parse_state
from spoker.gui.models import games_scan
from spoker.gui.models.games_scan import GamesScan
from spoker.gui.models.puzzle_searches import Solved, likeliest
from spoker.gui.models.puzzle_session import REPEAT_GAP, PuzzleSession, load_shipped
from spoker.gui.models.puzzle_store import MineStore, ProgressStore, PuzzleProgress, record_key
from spoker.records.puzzles import Puzzle
from spoker.records.record import GameRecord, save_record
from spoker.runs.puzzles import solve
from spoker.runs.workers import InlineExecutor

SHIPPED = load_shipped()


def quick(n: int = 0) -> Puzzle:
    """A shipped puzzle near the end (solved in a few milliseconds)."""
    return [p for p in SHIPPED if 30 - parse_state(p.state).move_number <= 6][n]


class Pending:
    """A worker whose searches never end (the values stay to come)."""

    def submit(self, fn: object, *args: object) -> Future[object]:
        return Future()


class AsStored:
    """Values at once that bear the stored answers out (the search stood in for)."""

    def __init__(self, puzzles: list[Puzzle]) -> None:
        self.answers = {p.state: p.answers for p in puzzles}

    def submit(self, fn: object, text: str) -> Future[object]:
        answers = self.answers[text]
        cells = parse_state(text).legal_cells()
        future: Future[object] = Future()
        future.set_result(Solved(tuple((int(c), 1.0 if c in answers else -1.0) for c in cells), True, (),
                                 tuple(sorted(int(c) for c in answers))))
        return future


def session(tmp_path: Path | None = None, puzzles: list[Puzzle] | None = None, worker: object = None,
            ) -> PuzzleSession:
    store = ProgressStore(None if tmp_path is None else tmp_path / "puzzles.json")
    return PuzzleSession(SHIPPED if puzzles is None else puzzles, store, MineStore(None),
                         worker or InlineExecutor(), seed=5)  # type: ignore[arg-type]


def test_the_shipped_puzzles_are_read_each_once() -> None:
    assert len(SHIPPED) >= 200
    assert len({p.state for p in SHIPPED}) == len(SHIPPED)
    assert {p.state.rsplit(" ", 1)[-1] for p in SHIPPED} == {
        "visible", "touching", "visible,apex-free", "touching,apex-free"}


def test_a_right_try_then_every_cells_exact_value(tmp_path: Path) -> None:
    s = session(tmp_path)
    puzzle = quick()
    s.open(puzzle)
    assert s.solved is not None  # worked out while the person thinks (at once inline)
    assert s.badges() == []  # nothing shown before the try
    attempt = s.place(puzzle.answers[0])
    assert attempt is not None and attempt.right and attempt.rated
    values = s.values()
    assert values == pytest.approx(solve(puzzle.game_state()).values)
    assert set(values) == set(puzzle.game_state().legal_cells())
    badges = {cell: kind for cell, _, kind in s.badges()}
    assert {c for c, k in badges.items() if k == "best"} == set(puzzle.answers)
    assert s.try_lines()[0][1] == "good" and str(puzzle.answers[0]) in s.try_lines()[0][0]
    assert s.place(puzzle.answers[0]) is None  # one try a puzzle
    assert s.progress.streak == 1 and s.progress.solved == 1 and s.progress.rating.rating > 1500


def test_a_wrong_try_says_both_values_and_breaks_the_streak(tmp_path: Path) -> None:
    s = session(tmp_path)
    s.store.keep(PuzzleProgress(streak=4, best_streak=4, tried=4, solved=4))
    puzzle = quick(1)
    s.open(puzzle)
    wrong = next(c for c in s.playable() if c not in puzzle.answers)
    attempt = s.place(wrong)
    assert attempt is not None and not attempt.right and attempt.after < attempt.before
    text, kind = s.try_lines()[0]
    assert kind == "bad" and str(wrong) in text and "gives away" in text
    assert dict((c, k) for c, _, k in s.badges())[wrong] == "tried"
    assert s.progress.streak == 0 and s.progress.best_streak == 4 and s.progress.tried == 5
    assert ProgressStore(tmp_path / "puzzles.json").progress == s.progress  # kept at once


def test_the_line_that_follows_steps_through_best_play_and_likely_draws() -> None:
    s = session()
    puzzle = quick(2)
    s.open(puzzle)
    assert not s.step_line(1)  # not before the try
    s.place(puzzle.answers[0])
    line = s.line
    assert line and line[0].cell == s.best()
    start = s.shown_board()
    assert s.step_line(1) and s.shown_board() != start
    after = parse_state(line[0].state)
    assert after.board[line[0].cell] is not None
    if line[0].drawn is not None:  # the likeliest colour of the bag then
        before = puzzle.game_state()
        before.apply_place(line[0].cell)
        assert line[0].drawn == likeliest(before)
    while s.step_line(1):
        pass
    assert s.line_index == len(line)
    assert not s.step_line(1)
    assert s.badges() == []  # the values belong to the puzzle's position
    s.step_line(-len(line))
    assert s.line_index == 0 and s.shown_board() == start


def test_a_try_waits_for_the_values_that_judge_it() -> None:
    s = session(worker=Pending())
    p = s.next()
    assert p is not None
    attempt = s.place(p.answers[0])
    assert attempt is not None and attempt.right is None and not attempt.rated
    assert s.waiting and s.values() == {} and s.try_lines()[0][1] == "info" and "Rating" not in str(s.try_lines())
    assert s.progress.tried == 0  # not rated before it is judged


def test_the_next_puzzle_is_near_the_rating_and_not_one_seen_lately() -> None:
    s = session(worker=AsStored(SHIPPED))
    seen = []
    for _ in range(30):
        p = s.next()
        assert p is not None
        seen.append(p.state)
        s.place(p.answers[0]) if len(seen) % 2 else s.place(next(c for c in s.playable() if c not in p.answers))
        assert "Rating" in s.try_lines()[1][0]
    assert len(set(seen)) == len(seen)
    assert s.progress.tried == 30 and s.progress.solved == 15
    s.store.keep(s.progress._replace(rating=s.progress.rating._replace(rating=2000), recent=()))
    hard = s.choose_next()
    assert hard is not None and hard.difficulty == 2
    s.store.keep(s.progress._replace(rating=s.progress.rating._replace(rating=1000), recent=()))
    easy = s.choose_next()
    assert easy is not None and easy.difficulty == 0
    assert REPEAT_GAP >= 30


def test_a_pool_of_two_alternates_and_the_filters_choose() -> None:
    pool = [quick(0), quick(1)]
    s = session(puzzles=pool, worker=Pending())
    first = s.next()
    second = s.next()
    assert first is not None and second is not None and first != second and s.next() == first
    s.rules = "no-such-rules"
    assert s.next() is None and s.puzzle is None and s.playable() == []
    s.rules = ""
    whole = session(worker=Pending())
    whole.theme = "apex"
    assert all("apex" in p.themes for p in whole.puzzles()) and whole.puzzles()
    whole.rules = "touching"
    assert all(p.state.endswith(" touching") for p in whole.puzzles())


def test_a_folder_of_records_is_searched_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from spoker.runs.puzzles import game_positions

    states = list(game_positions(1, seed=4, players=("greedy", "greedy")))
    final = states[-1].copy()
    final.apply_place(final.legal_cells()[0])
    record = GameRecord.from_state(final, {})
    save_record(tmp_path / "a.txt", record)
    (tmp_path / "bad.txt").write_text("not a record\n", encoding="utf-8")
    tried: list[str] = []
    puzzle = quick()

    def find(text: str) -> Puzzle | None:  # the search stood in for: it is spoker.runs.puzzles' own
        tried.append(text)
        return puzzle if len(tried) == 1 else None

    monkeypatch.setattr(games_scan, "find_puzzle", find)
    mine = MineStore(tmp_path / "mine.json")
    scan = GamesScan(tmp_path, mine, InlineExecutor())
    assert scan.records == 1 and scan.unreadable == 1
    assert not scan.running and scan.found == 1 and scan.done == scan.total == len(tried) > 1
    assert MineStore(tmp_path / "mine.json").find(record_key(str(record.rules), record.moves)) == (puzzle,)
    again = GamesScan(tmp_path, MineStore(tmp_path / "mine.json"), InlineExecutor())
    assert again.total == 0 and again.found == 1 and len(tried) == scan.total  # nothing searched twice
    assert "1 puzzle from 1 record" in again.words()


def test_a_stopped_search_of_the_values_is_asked_again() -> None:
    class Stopping:
        def __init__(self) -> None:
            self.calls = 0

        def submit(self, fn: object, *args: object) -> Future[object]:
            self.calls += 1
            future: Future[object] = Future()
            if self.calls == 1:
                future.cancel()  # stopped: a cancelled future
            return future

    worker = Stopping()
    s = session(worker=worker)
    s.open(quick())
    assert worker.calls == 2 and s.waiting and not s.error


def test_a_stored_wrong_answer_is_judged_by_the_values_and_set_aside(tmp_path: Path) -> None:
    true = quick(3)
    stored = next(c for c in true.game_state().legal_cells() if c not in true.answers)  # playable, not the best
    wrong = true._replace(answers=(stored,))
    mine = MineStore(tmp_path / "puzzles-mine.json")
    mine.keep("a record", [wrong])
    s = PuzzleSession([], ProgressStore(tmp_path / "puzzles.json"), MineStore(tmp_path / "puzzles-mine.json"),
                      InlineExecutor(), seed=5)  # type: ignore[arg-type]
    s.source = "mine"
    assert s.next() == wrong
    before = s.progress
    attempt = s.place(true.answers[0])  # the true best cell
    assert attempt is not None and attempt.right and not attempt.rated
    lines = s.try_lines()
    assert lines[0][1] == "good" and "Not the best" not in lines[0][0]
    assert [text for text, _ in lines if text.startswith("Set aside")] == [
        f"Set aside: this puzzle's answer {stored} is not the best ({', '.join(map(str, true.answers))}); "
        "the try is not rated."]
    assert {c for c, _, kind in s.badges() if kind == "best"} == set(true.answers)
    assert s.progress == before  # no rating points lost (nor won) on a puzzle that does not hold
    assert s.puzzles() == [] and s.next() is None  # not offered again
