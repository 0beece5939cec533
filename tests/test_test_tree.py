"""The tests' own layout: ``tests/gui/`` mirrors ``spoker/gui/``'s packages
(a folder for each package, none for what is not one), so a module's tests
are found where the module is; the app's, launch's, audio's and host's own
tests stay at ``tests/gui/``."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GUI = ROOT / "spoker" / "gui"
GUI_TESTS = ROOT / "tests" / "gui"


def _folders(path: Path) -> set[str]:
    return {p.name for p in path.iterdir() if p.is_dir() and not p.name.startswith(("_", "."))}


def test_tests_gui_has_a_folder_for_each_package_of_spoker_gui() -> None:
    packages = {name for name in _folders(GUI) if (GUI / name / "__init__.py").is_file()}
    assert packages >= {"models", "views", "widgets", "render"}
    assert _folders(GUI_TESTS) == packages


def test_each_test_folder_of_tests_gui_holds_tests() -> None:
    for name in _folders(GUI_TESTS):
        assert sorted((GUI_TESTS / name).glob("test_*.py")), name
