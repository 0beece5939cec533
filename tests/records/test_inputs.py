"""What every reader of outside input checks first (spoker.records.inputs):
the file name, the ``Seed`` header's value and the NUL byte of binary data."""

from __future__ import annotations

from pathlib import Path

import pytest

from spoker.errors import RecordError, SpokerError
from spoker.records.inputs import SEED_LIMIT, check_text, expect_path, read_seed


# -- the file name -------------------------------------------------------------------
def test_a_file_name_is_text_or_a_path_object() -> None:
    """An int would be an open file descriptor (closed afterwards), None a file
    named 'None': both are refused, quoting what was given."""
    expect_path("game.txt")
    expect_path(Path("game.txt"))
    with pytest.raises(TypeError) as err:
        expect_path(3)
    assert str(err.value) == "path 3: expected a file name (str or os.PathLike)"
    with pytest.raises(TypeError) as err:
        expect_path(None)
    assert str(err.value) == "path None: expected a file name (str or os.PathLike)"


def test_an_empty_file_name_is_refused() -> None:
    """'' would stand for the current folder (a path object too, if it gives '')."""

    class Empty:
        def __fspath__(self) -> str:
            return ""

    for empty in ("", Empty()):
        with pytest.raises(SpokerError) as err:
            expect_path(empty)
        assert str(err.value) == "path '': the file name is empty"


# -- the Seed header -----------------------------------------------------------------
def test_a_seed_is_a_whole_number_from_0_to_2_64_minus_1() -> None:
    """docs/formats.md (Records): a ``Seed`` is a whole number from 0 to 2^64-1
    in ASCII digits; anything else is ignored (None), never an error."""
    assert read_seed("0") == 0
    assert read_seed("42") == 42
    assert read_seed(" 42\n") == 42  # a header's value, spaces around it
    assert read_seed(str(SEED_LIMIT - 1)) == 2**64 - 1  # 20 digits
    assert read_seed(str(SEED_LIMIT)) is None
    assert read_seed(str(SEED_LIMIT + 12345)) is None


def test_a_seed_that_is_not_ascii_digits_is_ignored() -> None:
    """docs/formats.md: not ``²`` (a digit to str.isdigit, not to int), not a
    sign, not another script's digits, not empty."""
    for text in ("", " ", "²", "4²", "١٢", "-5", "+5", "4.0", "0x10", "1e3", "seed"):
        assert read_seed(text) is None, text


def test_a_seed_longer_than_20_digits_is_ignored_before_it_is_converted() -> None:
    """2^64-1 has 20 digits: a longer value (5000 digits, or zeros in front of
    a small one) is refused by its length, not converted first."""
    assert read_seed("0" * 20 + "1") is None
    assert read_seed("0" * 19 + "1") == 1
    assert read_seed("9" * 5000) is None


def test_a_seed_must_be_text() -> None:
    with pytest.raises(TypeError) as err:
        read_seed(42)  # type: ignore[arg-type]
    assert str(err.value) == "seed 42: expected a str, not int"


# -- binary data ---------------------------------------------------------------------
def test_a_nul_byte_is_binary_data_named_at_its_first_offset() -> None:
    """docs/formats.md (Input limits): a NUL byte is binary data, refused as
    ``a NUL byte at byte N: binary data, not a record`` (N counts from 0, the
    first NUL of the input)."""
    check_text(b"1. W@1A1\n")
    with pytest.raises(RecordError) as err:
        check_text(b"ab\0c\0")
    assert str(err.value) == "a NUL byte at byte 2: binary data, not a record"
    with pytest.raises(RecordError) as err:
        check_text(b"\0\0\0")  # /dev/zero
    assert str(err.value) == "a NUL byte at byte 0: binary data, not a record"


def test_a_nul_byte_in_a_later_chunk_counts_from_the_input_s_start() -> None:
    with pytest.raises(RecordError) as err:
        check_text(b"x\0", 65536, "a suite")
    assert str(err.value) == "a NUL byte at byte 65537: binary data, not a suite"


@pytest.mark.parametrize("path", ["\x00", "game\x00.txt", Path("a\x00b")])
def test_a_file_name_with_a_nul_character_is_refused_before_any_system_call(path: object) -> None:
    """open() raises ValueError for a NUL in a name: the project's own error
    comes first, quoting the name."""
    with pytest.raises(SpokerError, match=r"cannot hold a NUL character") as caught:
        expect_path(path)
    assert "\\x00" in str(caught.value)


@pytest.mark.parametrize("path", [b"game\x00.txt", b"\x00"])
def test_a_file_name_in_bytes_with_a_nul_is_refused_too(path: bytes) -> None:
    """A path object may give bytes (os.fspath): a NUL byte is refused as well."""

    class BytesPath:
        def __fspath__(self) -> bytes:
            return path

    with pytest.raises(SpokerError, match="cannot hold a NUL character"):
        expect_path(BytesPath())


def test_a_file_name_in_bytes_without_a_nul_passes() -> None:
    class BytesPath:
        def __fspath__(self) -> bytes:
            return b"game.txt"

    expect_path(BytesPath())
