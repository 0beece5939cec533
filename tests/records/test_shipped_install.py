"""The shipped puzzles reach an installed copy (the Puzzles screen reads
them): ``pip install .`` puts ``assets/puzzles/*.txt`` in the installation's
data folder (pyproject.toml's data-files), and
:func:`spoker.records.puzzles.shipped_puzzle_files` finds them there when the
package runs from no source tree."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import spoker
from spoker.records.puzzles import installed_puzzle_files, shipped_puzzle_files

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted(p.name for p in (ROOT / "assets" / "puzzles").glob("*.txt"))


def test_a_source_tree_reads_its_own_assets_folder() -> None:
    assert [p.name for p in shipped_puzzle_files()] == SHIPPED
    assert all(p.parent == ROOT / "assets" / "puzzles" for p in shipped_puzzle_files())


@pytest.mark.slow
def test_an_installed_copy_finds_the_shipped_puzzles_in_its_data_folder(tmp_path: Path) -> None:
    # A copy of what the build reads, so that the build leaves nothing in the checkout.
    project = tmp_path / "project"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for part in ("shibumi", "spoker"):
        shutil.copytree(ROOT / part, project / part, ignore=ignore)
    shutil.copytree(ROOT / "assets" / "puzzles", project / "assets" / "puzzles")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, project / name)
    prefix = tmp_path / "prefix"
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--no-build-isolation",
         "--ignore-installed",  # never uninstall the copy under test (pip would, seeing it installed)
         "--disable-pip-version-check", "--prefix", str(prefix), str(project)],
        capture_output=True, text=True, timeout=300,
    )
    assert install.returncode == 0, install.stderr
    before = subprocess.run([sys.executable, "-c", "import spoker; print(spoker.__file__)"],
                            capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert Path(before.stdout.strip()) == Path(spoker.__file__)  # the copy under test is still installed
    site = next(prefix.glob("lib/python*/site-packages"))
    probe = (
        "import spoker; from spoker.records.puzzles import shipped_puzzle_files as f; "
        "print(spoker.__file__); print(*f(), sep='\\n')"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120,
                         cwd=tmp_path, env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"})
    assert run.returncode == 0, run.stderr
    module, *files = run.stdout.splitlines()
    assert Path(module).is_relative_to(site)  # the installed copy ran, not the checkout
    assert [Path(f).name for f in files] == SHIPPED
    assert all(Path(f).is_relative_to(prefix / "share" / "spoker" / "puzzles") for f in files)
    assert (Path(files[0]).read_bytes() == (ROOT / "assets" / "puzzles" / SHIPPED[0]).read_bytes())


def test_no_installation_means_no_installed_files(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from importlib import metadata

    def missing(name: str) -> None:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "distribution", missing)
    monkeypatch.setattr("sysconfig.get_path", lambda name: str(tmp_path))
    assert installed_puzzle_files() == []
    (tmp_path / "share" / "spoker" / "puzzles").mkdir(parents=True)
    (tmp_path / "share" / "spoker" / "puzzles" / "b.txt").write_text("")
    (tmp_path / "share" / "spoker" / "puzzles" / "a.txt").write_text("")
    assert [p.name for p in installed_puzzle_files()] == ["a.txt", "b.txt"]
