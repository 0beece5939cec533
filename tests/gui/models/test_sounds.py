"""Which effect each moment of a game calls for (spoker.gui.models.sounds),
on real games, and the effect files: one for every name, each as
scripts/make_sounds.py makes it (short, mono, 22050 Hz, faded in and out,
below clipping)."""

from __future__ import annotations

import importlib.util
import wave
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from support.games import (
    BAG_EMPTY_GAME,
    COMPLETE_GAME,
    EXAMPLE5_GAME,
    STRAIGHT_FLUSH_GAME,
    STRAIGHT_FLUSH_RESPONSE_GAME,
)

from spoker.engine.events import BallPlaced, ChallengeResolved, Event
from spoker.engine.events import StraightFlush as StraightFlushEvent
from spoker.engine.rules import RuleSet
from spoker.gui.audio import SOUND_FOLDER
from spoker.gui.models.controller import PERSON, GameController, GameSetup
from spoker.gui.models.sounds import (
    CHALLENGE,
    DRAW,
    EFFECTS,
    END,
    LOST,
    PLACE,
    SILENCE,
    STRAIGHT_FLUSH,
    TIED,
    WON,
    effect_for,
    listener,
)
from spoker.records.record import parse_record
from spoker.records.replay import Replay

ROOT = Path(__file__).resolve().parents[3]
HOT_SEAT = GameSetup(("Ann", "Bob"))
ANN_AGAINST_COMPUTER = GameSetup(("Ann", "Computer"), (PERSON, "greedy"))
COMPUTER_AGAINST_BOB = GameSetup(("Computer", "Bob"), ("greedy", PERSON))


def placements(moves: str, rules: RuleSet | None = None) -> list[tuple[Event, ...]]:
    """Each placement's events of a game given as moves (index 0: move 1)."""
    replay = Replay(parse_record(moves), rules)
    return [replay.events_at(n) for n in range(1, replay.length + 1)]


def test_every_effect_has_a_name_of_its_own() -> None:
    assert EFFECTS == (DRAW, PLACE, CHALLENGE, WON, TIED, LOST, STRAIGHT_FLUSH, END)
    assert len(set(EFFECTS)) == len(EFFECTS) and SILENCE not in EFFECTS


def test_a_draw_and_a_plain_placement_sound_as_such() -> None:
    c = GameController(GameSetup(seed=3))
    assert effect_for(c.draw(), HOT_SEAT) == DRAW
    assert effect_for(c.place(c.playable()[0]), HOT_SEAT) == PLACE
    assert effect_for((), HOT_SEAT) == SILENCE


def test_a_straight_flush_sparkles_whoever_makes_it() -> None:
    events = placements(STRAIGHT_FLUSH_GAME)
    for setup in (HOT_SEAT, ANN_AGAINST_COMPUTER, COMPUTER_AGAINST_BOB):
        assert effect_for(events[27], setup) == STRAIGHT_FLUSH  # move 28, by player 2
    answer = placements(STRAIGHT_FLUSH_RESPONSE_GAME)[26]  # move 27 answers a challenge with one
    assert [e.cancelled_challenge is not None for e in answer if isinstance(e, StraightFlushEvent)] == [True]
    assert effect_for(answer, HOT_SEAT) == STRAIGHT_FLUSH  # the flush outranks the challenge it ends


def test_the_most_telling_effect_wins_whatever_the_order() -> None:
    """The engine never sends a straight flush with a settlement (the challenge
    it answers is cancelled, not settled), but the ranking holds regardless."""
    flush_game, example = placements(STRAIGHT_FLUSH_GAME), placements(EXAMPLE5_GAME)
    flush = next(e for e in flush_game[27] if isinstance(e, StraightFlushEvent))
    settled = next(e for e in example[20] if isinstance(e, ChallengeResolved))
    opened = [e for e in example[19] if not isinstance(e, BallPlaced)]
    placed = next(e for e in example[20] if isinstance(e, BallPlaced))
    assert effect_for((settled, *opened, flush, placed), HOT_SEAT) == STRAIGHT_FLUSH
    assert effect_for((*opened, placed, settled), HOT_SEAT) == WON
    assert effect_for((placed, *opened), HOT_SEAT) == CHALLENGE


def test_a_challenge_opened_then_won_from_each_side() -> None:
    events = placements(EXAMPLE5_GAME)
    assert effect_for(events[19], HOT_SEAT) == CHALLENGE  # move 20: Bob challenges
    answer = events[20]  # move 21: Ann answers better
    assert [e.winner for e in answer if isinstance(e, ChallengeResolved)] == [1]
    assert effect_for(answer, HOT_SEAT) == WON  # heard by the one who answered
    assert effect_for(answer, ANN_AGAINST_COMPUTER) == WON
    assert effect_for(answer, COMPUTER_AGAINST_BOB) == LOST  # Bob's challenge was beaten


def test_a_tie_sounds_the_same_to_both() -> None:
    tie = placements(EXAMPLE5_GAME)[10]  # move 11: a tie, both score
    assert [e.winner for e in tie if isinstance(e, ChallengeResolved)] == [None]
    for setup in (HOT_SEAT, ANN_AGAINST_COMPUTER, COMPUTER_AGAINST_BOB):
        assert effect_for(tie, setup) == TIED


def test_a_failed_answer_is_lost_by_the_mover_in_hot_seat() -> None:
    events = placements(COMPLETE_GAME)
    for n, batch in enumerate(events, 1):
        resolved = [e for e in batch if isinstance(e, ChallengeResolved)]
        mover = next(e.player for e in batch if isinstance(e, BallPlaced))
        if not resolved:
            assert effect_for(batch, HOT_SEAT) in (PLACE, CHALLENGE), n
            continue
        expected = WON if resolved[0].winner == mover else LOST
        assert effect_for(batch, HOT_SEAT) == expected, n
        person = WON if resolved[0].winner == 1 else LOST
        assert effect_for(batch, ANN_AGAINST_COMPUTER) == person, n
    assert effect_for(events[10], HOT_SEAT) == LOST  # move 11: player 1's answer formed nothing
    assert effect_for(events[10], COMPUTER_AGAINST_BOB) == WON  # Bob's challenge stood


def test_a_challenge_that_finds_the_bag_empty_is_won_by_the_challenger() -> None:
    last = placements(BAG_EMPTY_GAME, RuleSet(apex_free=True))[29]  # the apex's group, no ball left to answer
    resolved = [e for e in last if isinstance(e, ChallengeResolved)]
    assert resolved and resolved[0].bag_empty and resolved[0].winner == 2
    assert effect_for(last, HOT_SEAT) == WON  # player 2 placed it and scores
    assert effect_for(last, ANN_AGAINST_COMPUTER) == LOST


def test_whose_side_the_outcome_is_heard_from() -> None:
    assert listener(HOT_SEAT) is None
    assert listener(ANN_AGAINST_COMPUTER) == 1 and listener(COMPUTER_AGAINST_BOB) == 2
    assert listener(GameSetup(seats=("greedy", "random"))) is None


# -- the files ---------------------------------------------------------------
@pytest.fixture(scope="module")
def maker() -> ModuleType:
    """scripts/make_sounds.py, imported from its file."""
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "scripts" / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_wav(path: Path) -> tuple[wave._wave_params, np.ndarray]:
    with wave.open(str(path), "rb") as w:
        return w.getparams(), np.frombuffer(w.readframes(w.getnframes()), "<i2")


def test_every_effect_the_game_names_is_shipped_and_nothing_else(maker: ModuleType) -> None:
    assert tuple(maker.EFFECTS) == EFFECTS  # the script makes exactly the game's effects
    shipped = sorted(p.stem for p in SOUND_FOLDER.glob("*.wav"))
    assert shipped == sorted(EFFECTS)
    total = sum(p.stat().st_size for p in SOUND_FOLDER.glob("*.wav"))
    assert total < 200_000, total  # small files
    assert "made by the project's own code" in (SOUND_FOLDER / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", EFFECTS)
def test_each_file_is_what_the_script_makes(maker: ModuleType, name: str) -> None:
    params, samples = read_wav(SOUND_FOLDER / f"{name}.wav")
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050)
    made = maker.make(name)
    assert len(samples) == len(made) == params.nframes and 0 < len(samples) <= 0.6 * 22050
    # Equal to the sample; within one step where another processor's sine
    # could round the other way (no test compares floating point bit for bit).
    assert np.max(np.abs(samples.astype(np.int32) - made.astype(np.int32))) <= 1
    peak = int(np.max(np.abs(samples.astype(np.int32))))
    assert 0.3 * 32767 < peak < 0.9 * 32767  # normalised, well below clipping
    assert samples[0] == 0 and samples[-1] == 0  # faded in and out: no click at either end
    tail = np.abs(samples[-round(0.005 * 22050):].astype(np.int32))
    assert tail.max() < 0.02 * peak


def test_the_script_writes_the_same_bytes_every_time(maker: ModuleType, tmp_path: Path) -> None:
    assert maker.main(["--out", str(tmp_path)]) == 0
    first = {p.name: p.read_bytes() for p in tmp_path.glob("*.wav")}
    assert maker.main(["--out", str(tmp_path), "--check"]) == 0  # made again, compared
    assert sorted(first) == sorted(f"{n}.wav" for n in EFFECTS)
    (tmp_path / "won.wav").write_bytes(first["won.wav"][:-2])
    assert maker.main(["--out", str(tmp_path), "--check"]) == 1


def test_the_effects_ship_with_the_package() -> None:
    """pyproject.toml's package data names every file of the sounds folder,
    so an installed (not editable) game has them too."""
    import fnmatch
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["spoker"]
    package = ROOT / "spoker"
    for path in SOUND_FOLDER.iterdir():
        relative = path.relative_to(package).as_posix()
        assert any(fnmatch.fnmatch(relative, p) for p in patterns), relative
