"""The layers of docs/architecture.md, checked on the source: shibumi <- spoker
<- front end, no import cycles, the arcade-free parts free of arcade, and the
rules' code in one module. Read with ``ast``, so nothing is imported."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


WINDOW_LIBRARIES = ("arcade", "pyglet", "PIL")


def _name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    return {_name(p): p for pkg in ("shibumi", "spoker") for p in sorted((ROOT / pkg).rglob("*.py"))}


@cache
def gui_free_of_arcade() -> tuple[str, ...]:
    """The front end's models (every module of spoker.gui.models) and the
    colours and theme they read: testable without a window."""
    models = [m for m in modules() if m.startswith("spoker.gui.models")]
    return (*sorted(models), "spoker.gui.render.palette", "spoker.gui.render.theme")


def _imported(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        return [node.module] + [f"{node.module}.{a.name}" for a in node.names]
    return []


@cache
def all_imports(module: str) -> frozenset[str]:
    """Everything the module imports anywhere (lazy imports in functions too)."""
    tree = ast.parse(modules()[module].read_text(encoding="utf-8"))
    return frozenset(name for node in ast.walk(tree) for name in _imported(node))


@cache
def load_time_imports(module: str) -> frozenset[str]:
    """The project's modules imported when the module loads (not under
    TYPE_CHECKING, not inside functions)."""
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If):
                if "TYPE_CHECKING" not in ast.unparse(node.test):
                    visit(node.body)
                    visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                visit(node.orelse)
                for handler in node.handlers:
                    visit(handler.body)
            else:
                found.update(_imported(node))

    visit(ast.parse(modules()[module].read_text(encoding="utf-8")).body)
    return frozenset(found & modules().keys() - {module})


def _root(name: str) -> str:
    return name.split(".")[0]


def test_the_scan_sees_the_packages() -> None:
    names = modules()
    assert {"shibumi", "spoker.engine.judging", "spoker.text.narrator", "spoker.gui.app"} <= names.keys()
    assert "spoker.engine.events" in load_time_imports("spoker.engine.state")


@pytest.mark.parametrize("module", [m for m in modules() if m.startswith("shibumi")])
def test_shibumi_knows_nothing_of_the_game(module: str) -> None:
    outside = {n for n in all_imports(module) if _root(n) in ("spoker", *WINDOW_LIBRARIES, "numpy")}
    assert not outside, f"{module} imports {sorted(outside)}"


@pytest.mark.parametrize("module", [m for m in modules() if m.startswith("spoker") and not m.startswith("spoker.gui")])
def test_the_game_never_reaches_up_into_the_front_end(module: str) -> None:
    up = {n for n in all_imports(module) if n.startswith("spoker.gui") or _root(n) in ("arcade", "pyglet")}
    allowed = module.startswith("spoker.cli") or module == "spoker.interop.rendering"
    # The command line starts the front end (lazily, inside the commands that
    # open a window); the rendering of the interoperability layer draws frames.
    assert allowed or not up, f"{module} imports {sorted(up)}"


@pytest.mark.parametrize("module", gui_free_of_arcade())
def test_the_front_ends_models_need_no_window(module: str) -> None:
    window = {n for n in all_imports(module) if _root(n) in WINDOW_LIBRARIES}
    assert not window, f"{module} imports {sorted(window)}"
    needs_window = {
        n for n in all_imports(module)
        if n in modules() and n.startswith("spoker.gui") and n not in gui_free_of_arcade() and n != "spoker.gui"
    }
    assert not needs_window, f"{module} imports {sorted(needs_window)}, which draw"


def test_no_import_cycles() -> None:
    graph = {m: load_time_imports(m) for m in modules()}
    cycles: list[list[str]] = []
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []

    def connect(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for v in graph:
        if v not in index:
            connect(v)
    assert not cycles, f"modules importing each other: {cycles}"


def test_no_two_modules_import_each_other_even_lazily() -> None:
    # A lazy import inside a function hides a cycle from load time, not from
    # the design (events -> narrator -> state was one, gui.app <-> gui.screenshot
    # another): the layers only hold if each pair of modules goes one way.
    graph = {m: {n for n in all_imports(m) if n in modules()} for m in modules()}
    pairs = sorted({tuple(sorted((a, b))) for a in graph for b in graph[a] if a != b and a in graph[b]})
    assert not pairs, f"modules importing each other: {pairs}"


LAYERS = (
    ("shibumi",),
    ("spoker", "spoker.errors", "spoker.safe_text", "spoker.plugins", "spoker.notices"),
    ("spoker.engine",),
    ("spoker.text",),
    ("spoker.records",),
    ("spoker.players", "spoker.kernel"),
    ("spoker.runs",),
    ("spoker.interop",),
    ("spoker.gui.models",),
    ("spoker.gui.render",),
    ("spoker.gui.widgets",),
    ("spoker.gui.host", "spoker.gui.views"),  # the views are typed against the host protocol
    ("spoker.gui",),
    ("spoker.cli", "spoker.__main__"),
)
"""docs/architecture.md's picture, from the bottom up: a module imports only
from its own layer or those below (the package root ``spoker`` is a base:
it imports its public names lazily, by name, and exports ``__version__``)."""

EXCEPTIONS = {("spoker.interop.rendering", "spoker.gui.render.offscreen")}
"""The interoperability layer's ``render()`` draws frames with the front end's
off-screen renderer (only when a frame is asked for)."""


def layer_of(module: str) -> int:
    """The index in LAYERS of the longest prefix that is ``module``'s package."""
    best, length = -1, -1
    for i, names in enumerate(LAYERS):
        for name in names:
            if (module == name or module.startswith(name + ".")) and len(name) > length:
                best, length = i, len(name)
    return best


def test_every_module_has_a_layer() -> None:
    unplaced = [m for m in modules() if layer_of(m) < 0]
    assert not unplaced, unplaced
    assert layer_of("spoker.engine.state") < layer_of("spoker.text.narrator") < layer_of("spoker.records.record")
    assert layer_of("spoker.gui.models.lab") < layer_of("spoker.gui.views.lab") < layer_of("spoker.gui.app")


@pytest.mark.parametrize("module", [m for m in modules() if m != "spoker"])
def test_imports_go_down_the_layers_only(module: str) -> None:
    # Lazy imports and those under TYPE_CHECKING count too: a lower layer
    # that knows an upper one (even for a type) has it the wrong way up.
    mine = layer_of(module)
    up = sorted(
        n for n in all_imports(module)
        if n in modules() and n != "spoker" and layer_of(n) > mine and (module, n) not in EXCEPTIONS
    )
    assert not up, f"{module} ({LAYERS[mine][0]}) imports {up} from above"


def test_views_depend_on_the_host_protocol_not_the_app() -> None:
    views = [m for m in modules() if m.startswith("spoker.gui.views")]
    assert views
    for view in views:
        assert "spoker.gui.app" not in all_imports(view), view


CHALLENGE_CODE = re.compile(r"rank\s*\*\s*8|\*\s*8\s*\+\s*\w*level")


def test_the_challenge_code_is_built_in_one_place() -> None:
    builders = [
        m for m, p in modules().items()
        if CHALLENGE_CODE.search(p.read_text(encoding="utf-8")) and m != "spoker.engine.judging"
    ]
    assert not builders, f"rank * 8 + level built outside spoker.engine.judging: {builders}"


DOC = ROOT / "docs" / "architecture.md"
NAMED_PATH = re.compile(r"`((?:spoker|shibumi|tests|bench|scripts)/[\w/]+\.py)`")
NAMED_MODULE = re.compile(r"`((?:spoker|shibumi)(?:\.\w+)+)")


def test_every_path_and_module_the_architecture_names_exists() -> None:
    text = DOC.read_text(encoding="utf-8")
    paths = set(NAMED_PATH.findall(text))
    missing = sorted(p for p in paths if "NAME" not in p and not (ROOT / p).is_file())
    assert len(paths) > 20 and not missing, missing
    found = set()
    for dotted in NAMED_MODULE.findall(text):
        parts = dotted.split(".")
        # The longest prefix that is a module; the rest names something in it.
        prefix = next((".".join(parts[:n]) for n in range(len(parts), 0, -1) if ".".join(parts[:n]) in modules()), None)
        assert prefix is not None, dotted
        found.add(prefix)
    assert "spoker.engine.judging" in found


def test_the_picture_names_every_package_and_module() -> None:
    picture = DOC.read_text(encoding="utf-8").split("```")[1]
    words = set(re.findall(r"[\w/]+", picture))
    for module in modules():
        parts = module.split(".")
        if parts[-1] in ("__main__",) or parts[-1].endswith("_cmd") or module in ("spoker", "shibumi"):
            # The commands are drawn as one: NAME_cmd.
            continue
        leaf = parts[-1]
        assert leaf in words or f"{leaf}/" in picture, f"{module} is not in docs/architecture.md's picture"
