"""docs/interop.md's examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "interop.md"
# The reinforcement-learning part of the page (the cluster's examples run in
# tests/runs/test_cluster.py).
RL_PART = DOC.read_text(encoding="utf-8").split("\n## A cluster for big studies")[0]
EXAMPLES = re.findall(r"```python\n(.*?)```", RL_PART, re.S)


def test_the_page_has_an_example_per_library() -> None:
    assert len(EXAMPLES) == 3
    for name in ("pettingzoo_env", "openspiel_game", "gymnasium_env"):
        assert any(name in code for code in EXAMPLES)


@pytest.mark.parametrize("code", EXAMPLES, ids=["pettingzoo", "openspiel", "gymnasium"])
def test_example_runs(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(code.strip().splitlines()) <= 20  # a short example, not a program
    exec(compile(code, str(DOC), "exec"), {"__name__": "docs_example"})
