"""My games: every finished game kept in the data folder's games/, bounded,
safe to damage; the list read, filtered and deleted without a window."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from spoker.engine.rules import RuleSet
from spoker.gui.models import games_store
from spoker.gui.models.controller import PERSON, GameController, GameSetup
from spoker.gui.models.game_files import GameFiles, record_of
from spoker.gui.models.games_store import MyGames, Outcome
from spoker.gui.screenshot import autoplay
from spoker.notices import NoticeKind
from spoker.records.record import load_record, save_record


def finished(seed: int, seats: tuple[str, str] = (PERSON, "greedy"), names: tuple[str, str] = ("Ann", "Bob")
             ) -> GameController:
    controller = GameController(GameSetup(names, seats, RuleSet(), seed))
    autoplay(controller, 0, until_over=True)
    return controller


def play_through(files: GameFiles, controller: GameController) -> None:
    """The window's autosave after every move, as the game screen calls it."""
    from spoker.players import checked_choice, make_player

    stand_in = make_player("greedy", seed=controller.seed)
    files.autosave(controller)
    while not controller.over:
        controller.draw()
        player = stand_in if not controller.setup.is_computer(controller.state.to_move) else \
            controller.player(controller.state.to_move)
        controller.place(checked_choice(player, controller.state.copy()))
        assert files.autosave(controller) is None


def test_a_finished_game_is_kept_in_games(tmp_path: Path) -> None:
    files = GameFiles(tmp_path)
    controller = GameController(GameSetup(("Ann", "Bob"), (PERSON, "greedy"), RuleSet(), 7))
    play_through(files, controller)
    assert not list((tmp_path / "unfinished").glob("*.json"))  # the autosave is gone, as before
    kept = list((tmp_path / "games").glob("game-*.txt"))
    assert len(kept) == 1 and files.kept_file(controller) == kept[0]
    record = load_record(kept[0])
    assert record.moves == controller.state.history
    assert {"Player1", "Player2", "Player2Type", "Date", "Result"} <= set(record.headers)
    files.autosave(controller)  # once more (the menu): still one file
    assert len(list((tmp_path / "games").iterdir())) == 1
    assert files.default_record_path(controller) == str(kept[0])  # Save proposes it, and replaces it
    files.save_record(controller, str(kept[0]))


def test_a_game_saved_into_games_is_kept_in_that_file(tmp_path: Path) -> None:
    files = GameFiles(tmp_path)
    controller = GameController(GameSetup(("Ann", "Bob"), (PERSON, "greedy"), RuleSet(), 8))
    files.autosave(controller)
    mine = tmp_path / "games" / "spoker-mine.txt"
    files.save_record(controller, str(mine))
    play_through(files, controller)
    assert [p.name for p in (tmp_path / "games").iterdir()] == ["spoker-mine.txt"]
    assert load_record(mine).moves == controller.state.history


def test_no_data_folder_or_a_screenshot_keeps_nothing(tmp_path: Path) -> None:
    controller = finished(3)
    assert GameFiles(None).keep_finished(controller) is None
    assert GameFiles(tmp_path, persist=False).keep_finished(controller) is None
    assert not (tmp_path / "games").exists()


def test_a_games_folder_that_is_a_link_is_told_not_written_through(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    home = tmp_path / "home"
    home.mkdir()
    (home / "games").symlink_to(outside)
    files = GameFiles(home)
    notice = files.autosave(finished(4))
    assert notice is not None and notice.kind is NoticeKind.NOT_WRITTEN and "symbolic link" in notice.line
    assert not list(outside.iterdir())


def test_the_oldest_kept_games_go_first(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    record = record_of(finished(5))
    for i in range(6):
        save_record(folder / f"game-2026010{i}-120000-a-b.txt", record)
    save_record(folder / "spoker-mine.txt", record)  # the person's own: never removed
    target = folder / "game-20261201-120000-a-b.txt"
    games_store.keep_game(tmp_path, record, target)
    gone = games_store.prune(folder, keep=target, limit=4)
    assert [p.name for p in gone] == ["game-20260100-120000-a-b.txt", "game-20260101-120000-a-b.txt",
                                       "game-20260102-120000-a-b.txt"]
    assert sorted(p.name for p in folder.iterdir()) == [
        "game-20260103-120000-a-b.txt", "game-20260104-120000-a-b.txt", "game-20260105-120000-a-b.txt",
        "game-20261201-120000-a-b.txt", "spoker-mine.txt"]


def test_the_list_newest_first_with_players_results_and_lengths(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    games = [finished(11), finished(12, ("greedy", PERSON), ("Computer (Expert)", "Ann")),
             finished(13, (PERSON, PERSON)), finished(14, ("greedy", "random"))]
    for i, game in enumerate(games):
        path = folder / f"game-{i}.txt"
        record = record_of(game)
        if i == 1:
            record.headers["Player1Type"] = "expert"  # as an Expert's game says (greedy played it: quick)
        save_record(path, record)
        os.utime(path, (1_000_000 + i, 1_000_000 + i))
    mine = MyGames(tmp_path)
    entries = mine.refresh()
    assert [e.path.name for e in entries] == ["game-3.txt", "game-2.txt", "game-1.txt", "game-0.txt"]
    assert [e.opponent for e in entries] == ["Two computers", "Two people", "Expert", "Casual"]
    assert [e.moves for e in entries] == [len(g.state.history) for g in reversed(games)]
    second = entries[2]
    game = games[1]
    assert second.me == 2 and second.outcome in (Outcome.WON, Outcome.LOST, Outcome.DRAWN)
    mine_score = f"{game.state.score[1]}-{game.state.score[0]}"
    assert second.result_text().endswith(mine_score) or "(straight flush)" in second.result_text()
    assert mine.filtered("Two people") == [entries[1]]
    assert all(e.outcome is Outcome.DRAWN for e in mine.filtered(outcome=Outcome.DRAWN))
    assert mine.opponents() == ["Two computers", "Two people", "Expert", "Casual"]
    mine.delete(entries[0])
    assert not entries[0].path.exists() and len(mine.refresh()) == 3


@pytest.mark.parametrize("content", [b"Rules: visible\n\n1. W@1A1 2. W@1A1\n", b"\x00\xff", b"Rules: sideways\n\n"])
def test_a_damaged_file_is_listed_as_damaged_and_set_aside(tmp_path: Path, content: bytes) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    save_record(folder / "game-good.txt", record_of(finished(21)))
    (folder / "game-bad.txt").write_bytes(content)
    mine = MyGames(tmp_path)
    entries = mine.refresh()
    damaged = [e for e in entries if e.damaged]
    assert len(entries) == 2 and len(damaged) == 1
    assert ".damaged-" in damaged[0].path.name and damaged[0].path.exists()
    assert not (folder / "game-bad.txt").exists()
    notices = mine.take_notices()
    assert [n.kind for n in notices] == [NoticeKind.SET_ASIDE]
    assert len(mine.refresh()) == 2 and not mine.take_notices()  # listed again as damaged, told once
    assert [e.damaged for e in mine.filtered(outcome=Outcome.UNFINISHED)] == []
    mine.delete(mine.refresh()[[e.damaged != "" for e in mine.entries].index(True)])
    assert len(mine.refresh()) == 1


def test_a_read_only_list_moves_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "game-bad.txt").write_text("not a record")
    (folder / "link.txt").symlink_to(folder / "game-bad.txt")
    entries = MyGames(tmp_path, writable=False).refresh()
    assert all(e.damaged for e in entries) and len(entries) == 2
    assert sorted(p.name for p in folder.iterdir()) == ["game-bad.txt", "link.txt"]


def test_no_folder_is_an_empty_list(tmp_path: Path) -> None:
    assert MyGames(tmp_path).refresh() == [] and MyGames(None).refresh() == []


def test_two_players_of_one_name_are_told_apart_by_their_seat(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    game = next(g for g in (finished(s, ("random", "random"), ("Computer", "Computer")) for s in range(40))
                if g.state.winner is not None)
    save_record(folder / "game-1.txt", record_of(game))
    (entry,) = MyGames(tmp_path).refresh()
    winner = game.state.winner
    assert entry.result_text().startswith(f"Player {winner} won ")
