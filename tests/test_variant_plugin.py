"""A rule variant is one change in one place: a variant defined here, in the
test, and nowhere in the library, is followed by every layer: the engine and
its state strings and records, the players' search, the batch simulator and
the explanations.

The variant, ``level-lines``: a line that climbs from level to level forms no
group (only lines lying within one level count). In the position below a
white ball on 3C3 forms a flush three that climbs (1A1 2B2 3C3 is not it:
the engine names it), the only group the ball forms; under ``level-lines``
it forms nothing.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from support.commands import run

from shibumi import CELLS, Cell
from spoker.engine.events import ChallengeOpened, GroupFormed
from spoker.engine.groups import ReasonKind, best_group, groups_at, standing
from spoker.engine.judging import Pattern, Rulings
from spoker.engine.rules import VARIANTS, RuleSet, Variant, register_variant, unregister_variant
from spoker.engine.state import GameState
from spoker.engine.state_strings import parse_state
from spoker.gui.models.lab import ask, judged_groups
from spoker.gui.models.story import LineKind, MomentKind, Story
from spoker.players import make_player
from spoker.players.bitboard import pending_code, score_diff, strength
from spoker.players.search import Expectimax
from spoker.players.simple import group_strengths
from spoker.records.record import GameRecord, format_record, parse_record
from spoker.records.replay import Replay
from spoker.runs.batch import play_block
from spoker.text.narrator import BLOCKED_TITLES, explain

WHY = "a line that climbs from level to level does not count under the level-lines rules"


def _climbs(p: Pattern) -> bool:
    return p.kind in (3, 4) and len({c.level for c in p.cells}) > 1


def _level_lines(rulings: Rulings) -> Rulings:
    return rulings.without(_climbs, WHY)


LEVEL_LINES = Variant("level-lines", "only lines within one level count", _level_lines)

POSITION = "BRBRBWBRWRBRWBWR/BWBWBRBRW/.R../. 1 3-2 - W *"
"""Player 1 holds a white ball; on 3C3 it makes a climbing flush three."""
CELL = Cell.from_str("3C3")


@pytest.fixture
def variant() -> Iterator[RuleSet]:
    """The variant registered for one test, and forgotten after it."""
    register_variant(LEVEL_LINES)
    try:
        yield RuleSet.parse("visible, level-lines")
    finally:
        unregister_variant(LEVEL_LINES.name)


def _state(rules: RuleSet) -> GameState:
    return parse_state(f"{POSITION} {rules.token}")


def test_the_variant_is_gone_after_its_test() -> None:
    assert "level-lines" not in VARIANTS
    with pytest.raises(ValueError, match="level-lines"):
        RuleSet.parse("visible, level-lines")


def test_the_position_forms_a_climbing_line_by_default() -> None:
    events = _state(RuleSet()).apply_place(CELL)
    formed = [e for e in events if isinstance(e, GroupFormed)]
    assert len(formed) == 1
    group = formed[0].group
    assert group.rank.key == "flush_three" and len({c.level for c in group.cells}) == 3


def test_the_engine_follows_the_variant(variant: RuleSet) -> None:
    state = _state(variant)
    assert state.rules == variant and str(variant) == "visible, level-lines"
    events = state.apply_place(CELL)
    assert not any(isinstance(e, GroupFormed | ChallengeOpened) for e in events)
    assert state.challenge is None
    # The state string carries the variant's name and reads back.
    assert state.to_string().endswith(" visible,level-lines")
    assert parse_state(state.to_string()) == state


def test_records_and_replays_carry_the_variant(variant: RuleSet) -> None:
    state = GameState(variant)
    player = make_player("greedy", 3)
    rng = random.Random(3)
    while not state.is_over:
        state.draw(rng)
        state.apply_place(player.choose(state))
    text = format_record(GameRecord.from_state(state))
    assert text.startswith("Rules: visible, level-lines\n")
    record = parse_record(text)
    assert record.rules == variant
    assert record.play().to_string() == state.to_string()
    assert Replay(record).final_state.to_string() == state.to_string()


def test_the_players_follow_the_variant(variant: RuleSet) -> None:
    default, changed = _state(RuleSet()), _state(variant)
    colour = int(changed.drawn)  # type: ignore[arg-type]
    masks = list(changed.masks)
    masks[colour] |= 1 << CELL
    occ = changed.occupied | 1 << CELL
    assert strength(masks, occ, CELL, colour, False, RuleSet()) > 0
    assert strength(masks, occ, CELL, colour, False, variant) == 0
    assert dict(group_strengths(default))[CELL] > 0
    assert dict(group_strengths(changed))[CELL] == 0
    # The search (lookahead, expert) judges through the same rules.
    values = {}
    for rules, state in ((RuleSet(), default), (variant, changed)):
        args = (
            state.masks, state.occupied, state.playable_mask, pending_code(state), colour, score_diff(state)
        )
        values[str(rules)] = dict(Expectimax(rules).analyse(*args, 1))[CELL]
    assert values["visible"] != values["visible, level-lines"]
    for name in ("lookahead", "expert"):
        assert make_player(name, 1).choose(changed) in changed.legal_cells()


def test_the_batch_simulator_follows_the_variant(variant: RuleSet) -> None:
    players = ("greedy", "greedy")
    tally, moves = play_block(players, 7, 0, 40, rules=variant, record=True)
    assert moves is not None
    for game in range(40):
        state = GameState(variant)
        for colour, cell in moves.moves(game):
            state.apply_draw(colour)
            strengths = dict(group_strengths(state))
            assert strengths[cell] == max(strengths.values())
            for event in state.apply_place(CELLS[cell]):
                if isinstance(event, GroupFormed):
                    assert not _climbs_group(event.group.cells)
        assert (state.winner, state.score, state.end) == tuple(moves.outcomes[game])
    default, _ = play_block(players, 7, 0, 40)
    assert default != tally


def _climbs_group(cells: tuple[Cell, ...]) -> bool:
    return len(cells) in (3, 4) and len({c.level for c in cells}) > 1


def test_the_explanations_follow_the_variant(variant: RuleSet) -> None:
    state = _state(variant)
    after = state.board.place(CELL, "W")
    group = groups_at(after, CELL)[0]
    assert best_group(after, CELL, RuleSet()) == group
    assert best_group(after, CELL, variant) is None
    assert any(WHY in line for line in explain(after, group, variant))
    assert not any(WHY in line for line in explain(after, group, RuleSet()))
    default_answer, variant_answer = ask(state.board, CELL, "W", (RuleSet(), variant)).answers
    assert default_answer.judged[0].counts
    assert not variant_answer.judged[0].counts and variant_answer.judged[0].reasons == (WHY,)
    assert not judged_groups(after, CELL, variant)[0].counts


def test_every_reader_gives_the_variants_reason(variant: RuleSet, capsys: pytest.CaptureFixture[str]) -> None:
    """One cascade (spoker.engine.groups.standing), one narrator: the variant's own
    sentence, not "not visible", in every place that says why."""
    state = _state(variant)
    before = state.board
    after = before.place(CELL, "W")
    group = groups_at(after, CELL)[0]
    why = standing(after, group, variant, CELL)
    assert not why.counts and why.kind == ReasonKind.EXCLUDED and why.against[0].why == WHY
    assert explain(after, group, variant)[1] == f"It does not count under the visible, level-lines rules: {WHY}."
    # The game screen: the group that would have counted is told, and titled, by the variant's reason.
    story = Story(("Ann", "Bob"), variant)
    story.tell(state.apply_place(CELL), state)
    assert story.moment.kind == MomentKind.BLOCKED
    assert story.moment.title == BLOCKED_TITLES[ReasonKind.EXCLUDED] != BLOCKED_TITLES[ReasonKind.CUT]
    assert any(WHY in line for line in story.moment.lines)
    assert story.log[-1].kind == LineKind.WARN and WHY in story.log[-1].text
    # The laboratory (the query and the ball on the board) and its screen's line.
    judged = ask(before, CELL, "W", (variant,)).answers[0].judged[0]
    assert judged.reasons == (WHY,) and judged.text().endswith(f"does not count: {WHY}")
    assert judged_groups(after, CELL, variant)[0].reasons == (WHY,)
    # spoker groups: the sentence in the text, the JSON as notation.md writes it.
    board = POSITION.split()[0]
    code, out, _ = run(capsys, "groups", board, "W@3C3", "--rules", "visible, level-lines")
    assert code == 0 and WHY in out and "does not count under the visible, level-lines rules" in out
    code, out, _ = run(capsys, "groups", board, "W@3C3", "--rules", "visible, level-lines", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["best"] is None and list(answer) == ["move", "groups", "best"]
    assert [list(g) for g in answer["groups"]] == [["rank", "cells", "top_level", "visible", "counts", "why"]]
    assert [(g["counts"], g["why"]) for g in answer["groups"]] == [(False, WHY)]
