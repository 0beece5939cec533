"""An immutable position of balls on the pyramid, stored as bit masks."""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping

from shibumi.cells import (
    CELLS,
    LEVEL_CELLS,
    LEVEL_MASK,
    LEVEL_SIZES,
    NUM_CELLS,
    POINTS,
    Cell,
    as_cell,
    cells_of,
    parse_cell,
)
from shibumi.errors import BoardStringError, ColourError, PlacementError, expect, shown
from shibumi.geometry import PLATFORM_MASK, RESTING_ON

BALLS_PER_COLOUR = 10
FULL_MASK = (1 << NUM_CELLS) - 1


class Colour(enum.IntEnum):
    """The three ball colours of the Shibumi set."""

    WHITE = 0
    BLACK = 1
    RED = 2

    @property
    def char(self) -> str:
        """``W``, ``B`` or ``R``: the colour's letter in board strings and moves."""
        return "WBR"[self]

    @property
    def word(self) -> str:
        """``white``, ``black`` or ``red``, for messages."""
        return self.name.lower()

    def __str__(self) -> str:
        return "WBR"[self]

    @classmethod
    def from_char(cls, text: str) -> Colour:
        """``W``, ``B`` or ``R`` (any case) to a colour."""
        index = "WBR".find(text.upper()) if isinstance(text, str) and len(text) == 1 else -1
        if index < 0:
            raise ColourError(f"{text!r} is not a colour: expected W, B or R")
        return cls(index)

    @classmethod
    def of(cls, value: Colour | int | str) -> Colour:
        """A colour from a colour, its number (0, 1, 2) or its letter."""
        if isinstance(value, Colour):
            return value
        if isinstance(value, str):
            return cls.from_char(value)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 3:
            return COLOURS[value]
        raise ColourError(f"{value!r} is not a colour: expected W, B, R or 0, 1, 2")


COLOURS = (Colour.WHITE, Colour.BLACK, Colour.RED)


def _supported(occ: int, cell: int) -> bool:
    m = PLATFORM_MASK[cell]
    return occ & m == m


class Blocked(enum.Enum):
    """Why the pyramid alone keeps a ball off a cell (the game's own refusals,
    a bag and a turn, build on it: ``spoker.errors.Refusal``)."""

    TAKEN = "taken"
    """The cell already holds a ball."""
    UNSUPPORTED = "unsupported"
    """A cell of its platform, under it, is empty."""


def blocked(occ: int, cell: int) -> Blocked | None:
    """Why a ball cannot go on ``cell`` of the balls ``occ`` (a mask), or None:
    the one place the pyramid's side of a placement is decided. A ``cell``
    that is no cell's index is a :class:`~shibumi.errors.CellError`."""
    if not 0 <= cell < len(PLATFORM_MASK):
        as_cell(cell)  # raises, naming it
    if occ >> cell & 1:
        return Blocked.TAKEN
    if not _supported(occ, cell):
        return Blocked.UNSUPPORTED
    return None


_LEVEL1 = LEVEL_MASK[1]
_UPPER = tuple((c, 1 << c, PLATFORM_MASK[c]) for c in CELLS if c.level > 1)


def playable_mask(occ: int) -> int:
    """Mask of the empty cells whose platform is full (level 1: always)."""
    result = ~occ & _LEVEL1
    for _cell, bit, m in _UPPER:
        if occ & m == m and not occ & bit:
            result |= bit
    return result


def _names(mask: int) -> str:
    """``1A1``, ``1A1 and 1C1``, ``1A1, 1C1 and 1A3``."""
    names = [str(c) for c in cells_of(mask)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _is_are(names: str) -> str:
    return "are" if " and " in names else "is"


def _bad_masks(masks: object, w: int, b: int, r: int) -> str:
    both = w & b | w & r | b & r
    if both:
        cells = ", ".join(str(c) for c in cells_of(both & FULL_MASK))
        return f"board masks {masks!r}: two colours on one cell ({cells})"
    return f"board masks {masks!r}: a bit names no cell (cells are 0..29)"


class Board:
    """Which colour sits on which cell. Immutable and hashable.

    ``board[cell]`` gives the colour or ``None``; cells may be given as
    :class:`Cell`, int or name. ``place`` and ``remove`` return new boards.
    """

    __slots__ = ("_masks", "_occ")

    def __init__(self, masks: tuple[int, int, int] = (0, 0, 0)) -> None:
        # No support check here: the engine builds boards from masks it already
        # trusts; validate() and the parsers check positions from outside.
        try:
            w, b, r = masks
        except (TypeError, ValueError):
            raise PlacementError(f"board masks {masks!r}: expected three ints (W, B, R)") from None
        if not (type(w) is int and type(b) is int and type(r) is int) and not all(
            isinstance(m, int) and not isinstance(m, bool) for m in (w, b, r)
        ):
            raise PlacementError(f"board masks {masks!r}: expected three ints (W, B, R)")
        occ = w | b | r
        if w & b or w & r or b & r or occ < 0 or occ > FULL_MASK:
            raise PlacementError(_bad_masks(masks, w, b, r))
        self._masks = (w, b, r)
        self._occ = occ

    # -- construction -----------------------------------------------------
    @classmethod
    def empty(cls) -> Board:
        return cls()

    @classmethod
    def from_string(cls, text: str) -> Board:
        """Parse a board string (docs/formats.md); see :func:`shibumi.parse_board`."""
        return read_board_string(text)

    @classmethod
    def from_mapping(cls, balls: Mapping[object, Colour | str]) -> Board:
        """Board from ``{cell or name: colour}``; checks support and counts."""
        expect(balls, Mapping, "balls")
        masks = [0, 0, 0]
        for cell, colour in balls.items():
            masks[Colour.of(colour)] |= 1 << as_cell(cell)
        board = cls((masks[0], masks[1], masks[2]))
        board.validate()
        return board

    # -- reading ----------------------------------------------------------
    @property
    def masks(self) -> tuple[int, int, int]:
        """Bit masks of the white, black and red balls."""
        return self._masks

    @property
    def occupied(self) -> int:
        return self._occ

    def colour_mask(self, colour: Colour | int | str) -> int:
        """Bit mask of the balls of one colour."""
        return self._masks[Colour.of(colour)]

    def cells(self, colour: Colour | int | str | None = None) -> list[Cell]:
        """Occupied cells (of one colour, if given), in cell order."""
        mask = self._occ if colour is None else self._masks[Colour.of(colour)]
        return list(cells_of(mask))

    def empty_cells(self) -> list[Cell]:
        """Cells without a ball, in cell order (playable or not)."""
        return list(cells_of(~self._occ & FULL_MASK))

    def removable(self) -> list[Cell]:
        """Occupied cells with nothing resting on them: the balls remove() takes."""
        return [c for c in cells_of(self._occ) if not any(self._occ >> u & 1 for u in RESTING_ON[c])]

    def __getitem__(self, cell: object) -> Colour | None:
        bit = 1 << as_cell(cell)
        for k in COLOURS:
            if self._masks[k] & bit:
                return k
        return None

    def get(self, cell: object) -> Colour | None:
        return self[cell]

    def __contains__(self, cell: object) -> bool:
        return bool(self._occ >> as_cell(cell) & 1)

    def __iter__(self) -> Iterator[tuple[Cell, Colour]]:
        """Occupied cells and their colours, in cell order."""
        for cell in cells_of(self._occ):
            yield cell, self[cell]  # type: ignore[misc]

    def __len__(self) -> int:
        return self._occ.bit_count()

    def items(self) -> list[tuple[Cell, Colour]]:
        return list(self)

    def count(self, colour: Colour | int | str) -> int:
        """How many balls of one colour are on the board."""
        return self._masks[Colour.of(colour)].bit_count()

    def counts(self) -> tuple[int, int, int]:
        w, b, r = self._masks
        return (w.bit_count(), b.bit_count(), r.bit_count())

    def is_full(self) -> bool:
        return self._occ == FULL_MASK

    def is_supported(self, cell: object) -> bool:
        return _supported(self._occ, as_cell(cell))

    def is_playable(self, cell: object) -> bool:
        return blocked(self._occ, as_cell(cell)) is None

    def blocked(self, cell: object) -> Blocked | None:
        """Why a ball cannot go on ``cell`` now (taken, unsupported), or None."""
        return blocked(self._occ, as_cell(cell))

    def playable_mask(self) -> int:
        return playable_mask(self._occ)

    def playable(self) -> list[Cell]:
        """Empty supported cells, in cell order."""
        return list(cells_of(playable_mask(self._occ)))

    def lowest_empty(self) -> Cell | None:
        """The first empty cell in cell order: always playable."""
        free = ~self._occ & FULL_MASK
        return CELLS[(free & -free).bit_length() - 1] if free else None

    def resolve(self, text: str) -> Cell:
        """A cell from a move's cell text: canonical, or short (``C3``) for the
        lowest empty cell at that point."""
        key = text.strip().upper() if isinstance(text, str) else text
        stack = POINTS.get(key) if isinstance(key, str) else None
        if stack:
            for c in stack:
                if not self._occ >> c & 1:
                    return c
            raise PlacementError(f"{text!r}: every cell at point {key} is taken")
        return parse_cell(text)

    # -- changing ---------------------------------------------------------
    def place(self, cell: object, colour: Colour | int | str) -> Board:
        """A new board with a ball added; the cell must be playable.

        The count of a colour is not checked here (a game's bag does that);
        :meth:`validate` checks it for a whole position.
        """
        c = as_cell(cell)
        k = Colour.of(colour)
        why = blocked(self._occ, c)
        if why is Blocked.TAKEN:
            raise PlacementError(f"cannot place on {c}: it already holds a ball ({self[c]})", why)
        if why is Blocked.UNSUPPORTED:
            missing = _names(PLATFORM_MASK[c] & ~self._occ)
            raise PlacementError(
                f"cannot place on {c}: its platform is not full ({missing} {_is_are(missing)} empty)", why
            )
        masks = list(self._masks)
        masks[k] |= 1 << c
        return Board((masks[0], masks[1], masks[2]))

    def remove(self, cell: object) -> Board:
        """A new board with a ball taken away; nothing may rest on it."""
        c = as_cell(cell)
        if not self._occ >> c & 1:
            raise PlacementError(f"cannot remove from {c}: it is empty")
        for above in RESTING_ON[c]:
            if self._occ >> above & 1:
                raise PlacementError(f"cannot remove from {c}: {above} rests on it")
        bit = ~(1 << c)
        w, b, r = self._masks
        return Board((w & bit, b & bit, r & bit))

    # -- checks -----------------------------------------------------------
    def validate(self, bag: tuple[int, int, int] | None = None) -> None:
        """Raise :class:`BoardStringError` unless every ball is supported and no
        colour has more balls than ``bag`` holds (white, black, red: 10 each
        if not given)."""
        if bag is not None and not (
            isinstance(bag, tuple) and len(bag) == 3
            and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in bag)
        ):
            raise TypeError(f"bag {shown(bag)}: expected (white, black, red) counts, whole numbers")
        for cell in cells_of(self._occ):
            if not _supported(self._occ, cell):
                missing = _names(PLATFORM_MASK[cell] & ~self._occ)
                raise BoardStringError(
                    f"the ball on {cell} floats: {missing} under it {_is_are(missing)} empty"
                )
        for k in COLOURS:
            most = BALLS_PER_COLOUR if bag is None else bag[k]
            if self.count(k) > most:
                raise BoardStringError(
                    f"{self.count(k)} {k.word} balls ({k.char}): at most "
                    + (f"{most} of a colour" if bag is None else f"{most}, the bag holds {'-'.join(map(str, bag))}")
                )

    # -- identity ---------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self._masks == other._masks

    def __hash__(self) -> int:
        return hash(self._masks)

    def __str__(self) -> str:
        return _board_text(self._masks)

    def __repr__(self) -> str:
        return f"Board({str(self)!r})"

    def to_string(self) -> str:
        """The canonical board string (docs/formats.md)."""
        return _board_text(self._masks)

    def levels(self) -> list[list[Colour | None]]:
        """Each level's cells' colours, in board-string order."""
        return [[self[c] for c in LEVEL_CELLS[lv]] for lv in (1, 2, 3, 4)]


# -- board strings (docs/formats.md; shibumi.notation is their public face) ------
_CHARS = {"W": 0, "B": 1, "R": 2}


def read_board_string(text: str, bag: tuple[int, int, int] | None = None) -> Board:
    """Parse a board string; :class:`BoardStringError` says what and where.

    Colour letters are read in either case; surrounding white space is
    ignored. ``bag``: the most balls of each colour (10 each if not given).
    """
    if not isinstance(text, str):
        raise BoardStringError(f"a board string must be text, not {text!r}")
    parts = text.strip().split("/")
    if len(parts) != 4:
        raise BoardStringError(
            f"board string {text!r} has {len(parts)} level(s): expected 4 separated by '/'"
        )
    masks = [0, 0, 0]
    for level, (part, size) in enumerate(zip(parts, LEVEL_SIZES), start=1):
        if len(part) != size:
            raise BoardStringError(
                f"board string {text!r}: level {level} {part!r} has {len(part)} "
                f"character(s), expected {size}"
            )
        for ch, cell in zip(part, LEVEL_CELLS[level]):
            if ch == ".":
                continue
            k = _CHARS.get(ch.upper())
            if k is None:
                raise BoardStringError(
                    f"board string {text!r}: {ch!r} on {cell} is not W, B, R or '.'"
                )
            masks[k] |= 1 << cell
    board = Board((masks[0], masks[1], masks[2]))
    try:
        board.validate(bag)
    except BoardStringError as err:
        raise BoardStringError(f"board string {text!r}: {err}") from None
    return board


def _board_text(masks: tuple[int, int, int]) -> str:
    w, b, r = masks
    out = []
    for level in (1, 2, 3, 4):
        chars = []
        for cell in LEVEL_CELLS[level]:
            bit = 1 << cell
            chars.append("W" if w & bit else "B" if b & bit else "R" if r & bit else ".")
        out.append("".join(chars))
    return "/".join(out)
