"""The views depend on the AppHost protocol, not on the app: no import cycle."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import spoker.gui.views
from spoker.gui.host import AppHost

VIEWS = Path(spoker.gui.views.__file__).parent
HOST = Path(spoker.gui.views.__file__).parent.parent / "host.py"


def _imports(path: Path) -> set[str]:
    """Every module a file imports, at run time or for type checking."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_no_view_imports_the_app() -> None:
    files = sorted(VIEWS.glob("*.py"))
    assert len(files) >= 8
    for path in files:
        assert "spoker.gui.app" not in _imports(path), path.name
    assert not any(m.startswith(("spoker.gui.app", "spoker.gui.views")) for m in _imports(HOST))


def test_the_app_is_a_host(window: Any) -> None:
    from spoker.gui.app import SpokerApp
    from spoker.gui.models.settings import Settings

    app = SpokerApp(window, Settings(), threaded=False, persist=False)
    assert isinstance(app, AppHost)
    assert not isinstance(object(), AppHost)
