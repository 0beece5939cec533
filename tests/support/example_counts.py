"""Example counts for the few property tests that are too expensive to run
as many examples as the others (each one plays whole games, runs a search or
starts a command): a count under the ``default`` Hypothesis profile, scaled
like the loaded profile (``tests/conftest.py``), so ``thorough`` gives them
more examples too and ``dev`` fewer::

    @settings(max_examples=examples(20))  # why: each example plays a game
"""

from __future__ import annotations

from hypothesis import settings


def examples(default_count: int) -> int:
    """``default_count`` under the default profile; scaled under another."""
    share = settings.default.max_examples / settings.get_profile("default").max_examples
    return max(1, round(default_count * share))
