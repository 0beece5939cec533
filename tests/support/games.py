"""Whole games as move lists, each showing one kind of event, shared by the
record, replay, narrator and command-line tests."""

# Found by playing random games; each shows one kind of event.
STRAIGHT_FLUSH_GAME = (
    "W@1G1 R@1A5 W@1C1 W@1G5 R@1A1 W@1C7 B@1C3 R@1C5 W@1E1 R@1G7 B@1G3 W@1E5 B@1A7 W@1E7 "
    "R@2F6 B@1E3 B@1A3 R@2D4 W@2F2 B@2B4 R@2D6 W@2B6 B@3C5 B@2B2 B@2D2 W@3C3 R@2F4 R@3E5"
)
"""Move 28, a normal turn of player 2, forms a red straight flush topped on 3E5."""

STRAIGHT_FLUSH_RESPONSE_GAME = (
    "W@1C7 R@1A7 B@1A3 R@1G7 B@1E7 R@1A5 W@1E5 W@1C1 R@1G1 B@1C5 B@1A1 B@2D6 W@1C3 B@1E1 "
    "R@2B6 B@2B4 W@1G5 B@2B2 W@1E3 W@2D4 R@2F6 R@2D2 W@1G3 B@2F2 R@3C3 B@3C5 W@2F4"
)
"""Move 27 answers move 26's challenge with a straight flush."""

EXAMPLE5_GAME = (
    "W@1A1 W@1G1 R@1C3 W@1E3 B@1C7 W@1C1 R@1E7 B@1A7 R@1E5 B@1E1 B@1A3 B@1G7 W@1A5 B@2B2 "
    "B@1G3 R@1C5 W@2D2 W@2D6 R@2B4 B@1G5 W@2D4"
)
"""Move 20 challenges with a flush three on level 1; move 21 answers with one reaching level 2."""

COMPLETE_GAME = (
    "B@1E7 B@1C7 B@1E1 R@1A5 B@1G1 W@1E3 W@1A7 R@1A1 B@1G5 R@1E5 R@1G7 W@1C1 R@1A3 W@1G3 "
    "R@2F6 W@2F4 W@2F2 R@1C3 B@2B2 W@1C5 B@2D4 B@2D2 R@2D6 R@3E3 W@3E5 B@2B6 W@2B4 B@3C3 "
    "R@3C5 W@4D4"
)
"""30 moves, 7 challenges; player 2 wins 4-3."""

BAG_EMPTY_GAME = (
    "W@1E1 W@1A5 R@1C5 B@1G7 W@1E5 W@1G3 B@1A1 R@1E3 R@1C3 B@1G1 R@1C1 W@1A3 R@2F2 B@2B4 "
    "R@2B2 W@1E7 R@2D4 W@1A7 B@1C7 R@1G5 B@2F6 R@2D2 W@2D6 W@2B6 R@3C5 B@3C3 B@2F4 W@3E5 "
    "B@3E3 B@4D4"
)
"""Under apex-free, the apex (move 30) forms a group: its challenge finds the bag empty."""

ALL_GAMES = (BAG_EMPTY_GAME, COMPLETE_GAME, EXAMPLE5_GAME, STRAIGHT_FLUSH_GAME, STRAIGHT_FLUSH_RESPONSE_GAME)
"""Every game above: one of each kind of event, for tests that tell them all."""
