"""Game records: reading, validation by replay, the annotated writer, files."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.games import (
    BAG_EMPTY_GAME,
    COMPLETE_GAME,
    EXAMPLE5_GAME,
    STRAIGHT_FLUSH_GAME,
    STRAIGHT_FLUSH_RESPONSE_GAME,
)
from support.strategies import games

from shibumi import Colour
from spoker import GameState, Move, RecordError, RuleSet
from spoker.records.inputs import MAX_INPUT_BYTES
from spoker.records.record import (
    GameRecord,
    decode_record,
    format_record,
    load_record,
    parse_record,
    play_moves,
    save_record,
    seed_warning,
)


def moves(text: str) -> list[Move]:
    return [Move.from_str(t) for t in text.split()]


def play(text: str, rules: RuleSet | None = None) -> GameState:
    return GameRecord({}, moves(text), rules or RuleSet()).play()


def wrong(value: object) -> Any:
    """``value`` past the type checker: an argument of the wrong type, on purpose."""
    return value


# -- reading ---------------------------------------------------------------
def test_headers_moves_numbers_and_comments() -> None:
    text = (
        "# a game between friends\n"
        "Rules: touching, apex-free   # the variant\n"
        "# a comment among the headers\n"
        "Player1: Ann\n"
        "Date:\n"
        "\n"
        "1. W@1A1 2. b@c1   # short cell, lower case\n"
        "# a comment line\n"
        "3.\tr@1e1\n"
    )
    record = parse_record(text)
    assert record.rules == RuleSet("touching", apex_free=True)
    assert record.headers == {"Rules": "touching, apex-free", "Player1": "Ann", "Date": ""}
    assert list(parse_record("A: 1\nrules: TOUCHING\n\n").headers.items()) == [
        ("Rules", "touching"), ("A", "1"),
    ]
    assert [str(m) for m in record.moves] == ["W@1A1", "B@1C1", "R@1E1"]


def test_no_headers_and_empty_record() -> None:
    assert parse_record("W@1A1 B@1C1").moves == moves("W@1A1 B@1C1")
    assert parse_record("") == GameRecord({"Rules": "visible"}, [], RuleSet())
    assert parse_record("\n\n# only a comment\n") == parse_record("")


def test_short_cell_means_lowest_empty_cell_at_that_point() -> None:
    # D4 is 2D4 while that cell is empty; 3C3 only once 1C3 is filled.
    text = "W@A1 W@C1 B@A3 B@C3 R@B2 R@E1 W@E3 B@D2 R@G1 W@G3 B@F2 W@A5 B@C5 R@B4 W@E5 R@D4"
    record = parse_record(text)
    assert str(record.moves[4]) == "R@2B2"
    assert str(record.moves[-1]) == "R@2D4"


def test_rules_header_is_parsed_and_unknown_rules_rejected() -> None:
    assert parse_record("Rules: visible\n\n").rules == RuleSet()
    with pytest.raises(RecordError, match="'sideways'"):
        parse_record("Rules: sideways\n\nW@1A1")
    with pytest.raises(RecordError, match="given twice"):
        parse_record("Rules: visible\nrules: touching\n\n")


@pytest.mark.parametrize(
    ("text", "number", "token", "reason"),
    [
        ("W@1A1 X@1C1", 2, "X@1C1", "'X' is not a colour"),
        ("W@1A1 B1C1", 2, "B1C1", "not a move"),
        ("W@1A1 B@9Z9", 2, "B@9Z9", "is not a cell"),
        ("W@2B2", 1, "W@2B2", "2B2 is not playable: its platform is not full"),
        ("W@1A1 B@1A1", 2, "B@1A1", "1A1 is not playable: it already holds a ball"),
        ("12. W@1A1 Date: x", 2, "Date:", "not a move"),
    ],
)
def test_bad_moves_are_rejected_with_number_token_and_reason(
    text: str, number: int, token: str, reason: str
) -> None:
    with pytest.raises(RecordError) as info:
        parse_record(text)
    err = info.value
    assert (err.move_number, err.token) == (number, token)
    assert str(err).startswith(f"move {number} {token!r}: ")
    assert reason in str(err)


def test_colour_not_in_the_bag() -> None:
    ten_white = [f"W@1{c}{r}" for r in "13" for c in "ACEG"] + ["W@1A5", "W@1C5"]
    with pytest.raises(RecordError, match="move 11 'W@1E5': no white ball is left in the bag"):
        parse_record(" ".join(ten_white + ["W@1E5"]))


def test_move_after_a_straight_flush_is_rejected() -> None:
    with pytest.raises(RecordError) as info:
        parse_record(STRAIGHT_FLUSH_GAME + " W@1A3")
    assert info.value.move_number == 29
    assert "the game is over: player 2 made a straight flush on move 28" in str(info.value)


def test_move_after_a_full_pyramid_is_rejected() -> None:
    text = COMPLETE_GAME
    assert parse_record(text).play().end == "complete"
    with pytest.raises(RecordError, match="move 31 'W@1A1': the game is over: the pyramid is full"):
        parse_record(text + " W@1A1")


def test_play_replays_and_reports_bad_moves() -> None:
    state = play(STRAIGHT_FLUSH_GAME)
    assert state.end == "straight_flush" and state.winner == 2
    bad = GameRecord({}, [Move(Colour.WHITE, GameState().legal_cells()[0])] * 2)
    with pytest.raises(RecordError, match="move 2 'W@1A1': 1A1 is not playable"):
        bad.play()


# -- writing ---------------------------------------------------------------
def test_writer_annotates_challenges_points_and_score() -> None:
    text = format_record(parse_record(EXAMPLE5_GAME))
    lines = text.splitlines()
    assert lines[0] == "Rules: visible"
    assert lines[1] == ""
    move20 = next(line for line in lines if line.startswith("20. "))
    move21 = next(line for line in lines if line.startswith("21. "))
    assert move20.startswith("20. B@1G5  # challenge by player 2: flush three, level 1 (")
    assert "answer: flush three, level 2 (" in move21
    assert "player 1 wins the challenge" in move21
    assert move21.endswith("score " + "-".join(map(str, play(EXAMPLE5_GAME).score)))
    assert lines[12].startswith("11. B@1A3  # answer: three of three kinds, level 1 (1A3 1C3 1E3)")
    assert lines[12].endswith(": a tie, both players score 1, score 1-1")


def test_writer_notes_an_empty_bag() -> None:
    record = parse_record("Rules: apex-free\n\n" + BAG_EMPTY_GAME)
    last = format_record(record).splitlines()[-1]
    assert last.startswith("30. B@4D4  # challenge by player 2: ")
    assert "the bag is empty: player 2 wins the challenge, score 2-5" in last
    assert last.endswith("game over: player 2 wins 2-5")
    plain = format_record(parse_record(BAG_EMPTY_GAME)).splitlines()[-1]
    assert "challenge" not in plain  # the apex ruling: it forms nothing on a normal turn


def test_writer_notes_straight_flush_and_result() -> None:
    text = format_record(parse_record(STRAIGHT_FLUSH_RESPONSE_GAME))
    assert "Result: player 1 wins by a straight flush" in text
    last = text.splitlines()[-1]
    assert last.startswith("27. W@2F4  # straight flush (")
    assert "the challenge it answers scores nothing" in last


def test_writer_puts_rules_first_and_result_last() -> None:
    state = play(STRAIGHT_FLUSH_GAME, RuleSet("touching"))
    record = GameRecord.from_state(state, {"Player1": "greedy", "Result": "stale", "Seed": "3"})
    head = format_record(record).split("\n\n")[0].splitlines()
    assert head[0] == "Rules: touching"
    assert head[1:3] == ["Player1: greedy", "Seed: 3"]
    assert head[3].startswith("Result: player ")


def test_writer_rejects_headers_it_could_not_read_back() -> None:
    for headers in ({"Name": "a # b"}, {"Name": "two\nlines"}, {"bad key": "x"}):
        with pytest.raises(RecordError):
            format_record(GameRecord(headers, []))


@given(games())
def test_reading_what_the_writer_wrote_gives_the_same_game(state: GameState) -> None:
    record = GameRecord.from_state(state, {"Player1": "one", "Player2": "two"})
    text = format_record(record)
    back = parse_record(text)
    assert back == record
    assert back.moves == state.history
    assert back.play() == state
    assert format_record(back) == text


@st.composite
def respellings(draw: st.DrawFn) -> tuple[GameRecord, str]:
    """A random game and a hand-written-looking spelling of its record."""
    state = draw(games())
    record = GameRecord.from_state(state, {"Event": "test"})
    parts = [draw(st.sampled_from(["", "# hello\n", "\n"]))]
    for key, value in record.headers.items():
        if key != "Result":
            parts.append(f"{key}:{draw(st.sampled_from(['', ' ', '  ']))}{value}\n")
        if draw(st.booleans()):
            parts.append("   # a note\n")
    parts.append("\n")
    for n, move in enumerate(record.moves, 1):
        cell = move.cell.point if draw(st.booleans()) else str(move.cell)
        token = f"{move.colour.char}@{cell}"
        token = token.lower() if draw(st.booleans()) else token
        if draw(st.booleans()):
            parts.append(f"{n}. ")
        parts.append(token + draw(st.sampled_from([" ", "\n", "\t", "  # c\n", "\r\n"])))
    return record, "".join(parts)


@given(respellings())
def test_any_spelling_reads_to_the_canonical_record(case: tuple[GameRecord, str]) -> None:
    record, text = case
    back = parse_record(text)
    assert back.moves == record.moves and back.rules == record.rules
    assert format_record(back) == format_record(record)


# -- fuzzing -----------------------------------------------------------------
def check_reader(text: str) -> None:
    try:
        record = parse_record(text)
    except RecordError as err:
        message = str(err)
        assert "\n" not in message
        if err.token is not None:
            assert err.token in text and repr(err.token) in message
            assert message.startswith(f"move {err.move_number} ")
        return
    assert isinstance(record, GameRecord)
    assert len(record.moves) <= 30


@given(st.text())
def test_reader_fuzz_any_text(text: str) -> None:
    check_reader(text)


TOKENS = st.sampled_from(
    ["W@1A1", "B@C1", "r@e1", "W@2B2", "R@D4", "x@1A1", "12.", "3.", "#", "# c", "\n", " ",
     "Rules: touching", "Rules: x", "Player1: a", ":", "@", "W@", "@1A1", "W@1A1@", "\n\n"]
)


@given(st.lists(TOKENS | st.text(max_size=4), max_size=40))
def test_reader_fuzz_near_misses(parts: list[str]) -> None:
    check_reader(" ".join(parts))


# -- files --------------------------------------------------------------------
def test_save_and_load_atomically(tmp_path: Path) -> None:
    record = parse_record(EXAMPLE5_GAME)
    path = tmp_path / "game.txt"
    path.write_text("old content")
    save_record(path, record)
    assert load_record(path) == record
    assert os.listdir(tmp_path) == ["game.txt"]  # no temporary file left behind


def test_save_failure_leaves_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text("old content")
    with pytest.raises(RecordError):
        save_record(path, GameRecord({"Bad": "a#b"}, []))
    assert path.read_text() == "old content"
    assert os.listdir(tmp_path) == ["game.txt"]


def test_load_rejects_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(b"W@1A1 \xff")
    with pytest.raises(RecordError, match="not UTF-8"):
        load_record(path)


# -- examples for the mutation run's survivors (docs/testing.md) ---------------


@pytest.mark.parametrize("rules_key", ["Rules", "rules", "RULES"])
def test_the_rules_and_the_result_are_the_game_s_not_the_headers(rules_key: str) -> None:
    """formats.md, records: ``Rules`` is the rules the game was played by and
    ``Result`` its result, written by the writer (first and last), whatever
    headers of those names, in any case, say; an unfinished game has no Result."""
    headers = {"Result": "stale", rules_key: "touching", "Event": "club night"}
    record = GameRecord.from_state(play("W@1A1 B@1C1"), headers)
    assert record.headers == {"Rules": "visible", "Event": "club night"}
    written = GameRecord(headers, moves("W@1A1 B@1C1"))
    assert format_record(written).split("\n\n")[0].splitlines() == [
        "Rules: visible", "Event: club night",
    ]


@pytest.mark.parametrize(
    ("headers", "message"),
    [({"Event": 5}, "header 'Event': 5: headers are text"),
     ({5: "x"}, "header 5: 'x': headers are text")],
)
def test_header_keys_and_values_are_text(headers: dict[object, object], message: str) -> None:
    with pytest.raises(TypeError) as err:
        GameRecord(headers, [])  # type: ignore[arg-type]
    assert str(err.value) == message


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: GameRecord({}, wrong("W@1A1")), "moves 'W@1A1': expected a list, not str"),
        (lambda: GameRecord({}, [wrong("W@1A1")]), "move 'W@1A1': expected a Move, not str"),
        (lambda: GameRecord({}, [], wrong("visible")), "rules 'visible': expected a RuleSet, not str"),
        (lambda: GameRecord.from_state(wrong("x")), "state 'x': expected a GameState, not str"),
        (lambda: parse_record(wrong(5)), "a record must be text, not int"),
        (lambda: GameRecord(wrong("x"), []), "headers 'x': expected a dict, not str"),
        (lambda: GameRecord.from_state(GameState(), wrong("x")), "headers 'x': expected a dict, not str"),
        (lambda: GameRecord({}, [], comments=wrong("x")), "comments 'x': expected a list, not str"),
        (lambda: GameRecord({}, [], comments=["a\nb"]), "comment 'a\\nb': comments are one line of text"),
        (lambda: GameRecord({}, [], comments=[wrong(5)]), "comment 5: comments are one line of text"),
        (lambda: next(play_moves(wrong("x"), [])), "state 'x': expected a GameState, not str"),
        (lambda: next(play_moves(GameState(), wrong("W@1A1"))),
         "moves 'W@1A1': expected a list or tuple, not str"),
        (lambda: format_record(wrong("x")), "record 'x': expected a GameRecord, not str"),
        (lambda: save_record("never-written.txt", wrong("x")), "record 'x': expected a GameRecord, not str"),
        (lambda: decode_record(wrong("W@1A1")), "data 'W@1A1': expected a bytes, not str"),
        (lambda: seed_warning(wrong("x"), True), "headers 'x': expected a dict, not str"),
        (lambda: seed_warning({"Seed": wrong(5)}, True), "header 'Seed' 5: expected text, not int"),
    ],
)
def test_bad_arguments_are_named_and_quoted(call: object, message: str) -> None:
    with pytest.raises((TypeError, RecordError)) as err:
        call()  # type: ignore[operator]
    assert str(err.value) == message



READER_MESSAGES = [
    # formats.md, "Game records": the reader's messages, word for word.
    ("W@1A1 B@1C1 R@2B2", "move 3 'R@2B2': 2B2 is not playable: its platform is not full"),
    ("W@1A1 B@1A1", "move 2 'B@1A1': 1A1 is not playable: it already holds a ball"),
    ("W@1C1 B@1C1", "move 2 'B@1C1': 1C1 is not playable: it already holds a ball"),
    (" ".join([f"W@1{c}{r}" for r in "13" for c in "ACEG"] + ["W@1A5", "W@1C5", "W@1E5"]),
     "move 11 'W@1E5': no white ball is left in the bag"),
    ("W@1A1 X@1C1", "move 2 'X@1C1': 'X' is not a colour: expected W, B or R"),
    ("W@1A1 B1C1", "move 2 'B1C1': not a move: expected colour@cell, such as 'R@1C3'"),
    (STRAIGHT_FLUSH_GAME + " W@1A3",
     "move 29 'W@1A3': the game is over: player 2 made a straight flush on move 28"),
    (COMPLETE_GAME + " W@1A1", "move 31 'W@1A1': the game is over: the pyramid is full"),
]


@pytest.mark.parametrize(("text", "message"), READER_MESSAGES)
def test_a_bad_move_is_told_in_the_words_of_formats_md(text: str, message: str) -> None:
    """formats.md, "Game records": reading refuses a bad record with the move
    number, the token as written and the reason; the error carries the number
    and the token too."""
    with pytest.raises(RecordError) as info:
        parse_record(text)
    assert str(info.value) == message
    number, token = message.split(" ")[1:3]
    assert (info.value.move_number, info.value.token) == (int(number), token.strip("':"))


@pytest.mark.parametrize(("text", "message"), [
    (t, m) for t, m in READER_MESSAGES if "colour@cell" not in m and "'X'" not in m
])
def test_replaying_moves_tells_a_bad_one_as_reading_does(text: str, message: str) -> None:
    """A record made in Python (not read) refuses its first bad move when it is
    played or written, in the reader's words, with the move number and token."""
    record = GameRecord({}, moves(text))
    for replay in (record.play, lambda: format_record(record)):
        with pytest.raises(RecordError) as info:
            replay()
        assert str(info.value) == message
        number, token = message.split(" ")[1:3]
        assert (info.value.move_number, info.value.token) == (int(number), token.strip("':"))


def test_the_colour_is_what_comes_before_the_first_at() -> None:
    """formats.md: a move is colour@cell; in ``W@@1A1`` the colour is ``W``
    and the cell ``@1A1``, which is not a cell."""
    with pytest.raises(RecordError) as info:
        parse_record("W@@1A1")
    assert str(info.value).startswith("move 1 'W@@1A1': '@1A1' is not a cell")


@pytest.mark.parametrize(("text", "message"), [
    ("Rules: sideways\n\n",
     "header 'Rules': unknown rule variant 'sideways' in 'sideways': expected visible, touching or apex-free"),
    ("Event: club\nDate: 1\nDate: 2\n\n", "line 3: header 'Date' is given twice (first as 'Date')"),
    ("# a note\nEvent: a\nEVENT: b\n", "line 3: header 'EVENT' is given twice (first as 'Event')"),
    ("\ufeffDate: 1\ndate: 2\n", "line 2: header 'date' is given twice (first as 'Date')"),
])
def test_a_bad_header_is_told_with_its_line_and_its_first_spelling(text: str, message: str) -> None:
    """formats.md: a key may appear once (in any case); the message names the
    line (counted from 1) and the key as first written."""
    with pytest.raises(RecordError) as info:
        parse_record(text)
    assert str(info.value) == message


def test_the_blank_line_ends_the_headers() -> None:
    """formats.md: a header-like line after the headers is read as moves, and
    so refused as a malformed move."""
    with pytest.raises(RecordError) as info:
        parse_record("Event: club\n\nDate: 1\n")
    assert (info.value.move_number, info.value.token) == (1, "Date:")


def test_the_first_line_that_is_not_a_header_starts_the_moves() -> None:
    """formats.md: the blank line after the headers may be left out: the first
    line that is not a header starts the moves, and a header-like line after
    it is a malformed move."""
    assert parse_record("Event: club\nW@1A1\n").moves == moves("W@1A1")
    with pytest.raises(RecordError) as info:
        parse_record("Event: club\nW@1A1\nDate: 1\n")
    assert (info.value.move_number, info.value.token) == (2, "Date:")


def test_a_byte_order_mark_before_a_record_is_dropped() -> None:
    """A record saved by an editor that starts UTF-8 files with a byte-order
    mark reads as the same record without it."""
    text = "Rules: touching\nEvent: club\n\nW@1A1 B@1C1\n"
    assert parse_record("\ufeff" + text) == parse_record(text)
    assert decode_record(("\ufeff" + text).encode()) == parse_record(text)
    assert parse_record(text).rules == RuleSet("touching")


@pytest.mark.parametrize(("headers", "message"), [
    ({"bad key": "x"}, "header key 'bad key' must be a letter then letters, digits, '_' or '-'"),
    ({"Name": "a # b"}, "header 'Name': value 'a # b' must be one line without '#'"),
    ({"Name": "two\nlines"}, "header 'Name': value 'two\\nlines' must be one line without '#'"),
])
def test_the_writer_names_a_header_it_could_not_read_back(headers: dict[str, str], message: str) -> None:
    """formats.md: keys are a letter then letters, digits, ``_`` or ``-``; a
    header is one line and its value cannot hold ``#``."""
    with pytest.raises(RecordError) as info:
        format_record(GameRecord(headers, []))
    assert str(info.value) == message


def test_the_writer_comments_only_the_moves_that_did_something() -> None:
    """formats.md, "What the writer writes": a comment after a move when
    something happened, none otherwise; a header without a value is ``Key:``."""
    record = GameRecord({"Date": "", "Event": " club "}, moves("W@1A1 B@1C1 R@1E1"))
    assert format_record(record) == (
        "Rules: visible\nDate:\nEvent: club\n\n"
        "1. W@1A1\n"
        "2. B@1C1\n"
        "3. R@1E1  # challenge by player 1: three of three kinds, level 1 (1A1 1C1 1E1)\n"
    )


def test_the_writer_s_comments_go_before_the_moves_and_reading_drops_them() -> None:
    """GameRecord: ``comments`` are lines before the moves (how many takebacks
    the game had); reading drops them and they take no part in comparing."""
    record = GameRecord({"Rules": "visible"}, moves("W@1A1"), comments=["2 takebacks", ""])
    text = format_record(record)
    assert text == "Rules: visible\n\n# 2 takebacks\n#\n1. W@1A1\n"
    assert parse_record(text) == record and parse_record(text).comments == []


def test_play_takes_the_rules_it_is_given() -> None:
    """``GameRecord.play(rules)`` replays by ``rules`` instead of the record's."""
    record = GameRecord({}, moves("W@1A1 B@1C1"))
    assert record.play(RuleSet("touching")).rules == RuleSet("touching")
    assert record.play().rules == RuleSet()


def test_a_record_of_16_mb_is_read_and_a_larger_one_refused() -> None:
    """formats.md, "Size limit": a record larger than 16 MB is refused with
    ``too large for a record: more than 16 MB``; one of exactly 16 MB is read."""
    assert MAX_INPUT_BYTES == 16 * 1024 * 1024
    whole = b"W@1A1" + b" " * (MAX_INPUT_BYTES - 5)
    assert decode_record(whole).moves == moves("W@1A1")
    with pytest.raises(RecordError) as info:
        decode_record(whole + b" ")
    assert str(info.value) == "too large for a record: more than 16 MB"


def test_a_record_file_of_16_mb_is_read_and_a_larger_one_refused(tmp_path: Path) -> None:
    """formats.md, "Size limit": the same limit for a file, told from its size."""
    path = tmp_path / "big.txt"
    path.write_bytes(b"W@1A1" + b" " * (MAX_INPUT_BYTES - 5))
    assert load_record(path).moves == moves("W@1A1")
    with path.open("ab") as f:
        f.write(b" ")
    with pytest.raises(RecordError) as info:
        load_record(path)
    assert str(info.value) == "too large for a record: more than 16 MB"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_binary_data_that_is_not_a_file_is_refused_at_its_first_nul_byte() -> None:
    """docs/cli.md, input limits: binary data is refused at once, naming where
    it starts (``/dev/zero`` has no size to be told by: it is not read to the
    size limit)."""
    with pytest.raises(RecordError) as info:
        load_record("/dev/zero")
    assert str(info.value) == "a NUL byte at byte 0: binary data, not a record"


@pytest.mark.parametrize(("seed", "continued", "warning"), [
    ("x" * 24, True, "header 'Seed' 'xxxxxxxxxxxxxxxxxxxxxxxx' is not a whole number from 0 to 2^64-1: "
     "ignored, the game goes on with fresh random draws"),
    ("\u00b2", False, "header 'Seed' '\u00b2' is not a whole number from 0 to 2^64-1: ignored, "
     "the moves replay as recorded, but a game continued from it would draw afresh"),
    ("x" * 25, False, "header 'Seed' 'xxxxxxxxxxxxxxxxxxxx...' (25 characters) is not a whole number "
     "from 0 to 2^64-1: ignored, the moves replay as recorded, but a game continued from it would draw afresh"),
    ("9" * 5000, True, "header 'Seed' '99999999999999999999...' (5,000 characters) is not a whole number "
     "from 0 to 2^64-1: ignored, the game goes on with fresh random draws"),
])
def test_an_unreadable_seed_is_told_in_one_line(seed: str, continued: bool, warning: str) -> None:
    """docs/cli.md, "Seed headers": a ``Seed`` that is not a whole number from
    0 to 2^64-1 is told in these words, quoted (cut after 20 characters when it
    is longer than 24, with its length), with what is done instead."""
    assert seed_warning({"Rules": "visible", "Seed": seed}, continued) == warning


def test_a_readable_or_missing_seed_is_not_told() -> None:
    """docs/cli.md, "Seed headers": only a ``Seed`` header (so spelt) that
    cannot be read is told; any other key is not the seed."""
    for headers in ({"Seed": "42"}, {"Seed": str(2**64 - 1)}, {}, {"seed": "x"}, {"SEED": "x"}):
        assert seed_warning(headers, True) is None
        assert seed_warning(headers, False) is None
