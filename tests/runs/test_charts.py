"""The runs' charts: PNGs of a tournament and of a study, drawn with Pillow
only when asked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from spoker.engine.rules import RuleSet
from spoker.errors import ArgumentError
from spoker.runs.charts import draw_study_chart, draw_tournament_chart
from spoker.runs.study import run_study
from spoker.runs.tournament import run_tournament


def test_a_tournament_chart_is_a_png(tmp_path: Path) -> None:
    t = run_tournament(["random", "greedy"], 20, seed=1)
    path = tmp_path / "chart.png"
    draw_tournament_chart(t, str(path))
    with Image.open(path) as image:
        assert image.format == "PNG"
        assert image.size[0] >= 900 and image.size[1] == 760
        # bars are drawn: some pixels are neither white nor grey
        colours = image.convert("RGB").getcolors(1 << 20)
        assert colours is not None and len(colours) > 10


def test_a_study_chart_is_a_png(tmp_path: Path) -> None:
    studies = [run_study(pair, 8, seed=1, rule_sets=[RuleSet(), RuleSet("touching", True)])
               for pair in (("random", "greedy"), ("greedy", "greedy"))]
    path = tmp_path / "study.png"
    draw_study_chart(studies, str(path))
    with Image.open(path) as image:
        assert image.format == "PNG"
        assert image.size == (900, 1260)
        colours = image.convert("RGB").getcolors(1 << 20)
        assert colours is not None and len(colours) > 10
        # the seats' bars: the first player's blue, the second's orange
        assert {(70, 120, 180), (220, 130, 50)} <= {c for _, c in colours}


def test_a_study_chart_needs_studies(tmp_path: Path) -> None:
    with pytest.raises(ArgumentError, match="at least one study"):
        draw_study_chart([], str(tmp_path / "none.png"))
    with pytest.raises(TypeError, match="study"):
        draw_study_chart(["a study"], str(tmp_path / "bad.png"))  # type: ignore[list-item]
    assert not list(tmp_path.iterdir())


def test_the_runs_load_without_pillow() -> None:
    # Pillow costs some 20 ms to import: the runs and the charts import it only to draw.
    code = ("import sys, spoker.runs.tournament, spoker.runs.study, spoker.runs.charts;"
            " print('PIL' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.strip() == "False"
