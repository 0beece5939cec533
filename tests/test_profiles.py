"""The test house: Hypothesis profiles (tests/conftest.py) and the scaled
counts of the expensive property tests (tests/support/example_counts.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import settings
from support.example_counts import examples


@pytest.fixture
def profile() -> Iterator[None]:
    """Lets a test load another profile; the session's is loaded back after."""
    name = settings.get_current_profile_name()
    yield
    settings.load_profile(name)


def test_profiles_grow_from_dev_to_thorough() -> None:
    counts = [settings.get_profile(n).max_examples for n in ("dev", "default", "thorough")]
    assert counts == sorted(counts) and len(set(counts)) == 3
    assert settings.get_profile("ci").max_examples == counts[1]
    assert settings.get_profile("ci").derandomize
    for name in ("dev", "default", "ci", "thorough"):
        assert settings.get_profile(name).deadline is None


@pytest.mark.usefixtures("profile")
@pytest.mark.parametrize("name", ["default", "ci", "thorough", "dev"])
def test_expensive_tests_scale_with_the_profile(name: str) -> None:
    settings.load_profile(name)
    share = settings.get_profile(name).max_examples / settings.get_profile("default").max_examples
    assert examples(20) == max(1, round(20 * share))
    assert examples(1) >= 1
    if name in ("default", "ci"):
        assert examples(6) == 6


def test_the_session_runs_the_loaded_profile() -> None:
    assert settings.default.max_examples == settings.get_profile(
        settings.get_current_profile_name()
    ).max_examples
