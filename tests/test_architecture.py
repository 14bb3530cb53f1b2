"""The import rules of docs/architecture.md, read from the source (every `import` and `from`,
inside functions and `if TYPE_CHECKING:` blocks too): a rule broken by a lazy import is broken
all the same, it only fails later."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping, Set
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("vision", "models", "calibration", "companion", "web")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def _sources() -> dict[str, Path]:
    return {
        _module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if "__pycache__" not in path.parts
    }


def _is_package(module: str) -> bool:
    return _sources()[module].name == "__init__.py"


def _imported_names(module: str) -> Iterator[str]:
    """Every module an import statement of `module` names (ours or not)."""
    tree = ast.parse(_sources()[module].read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module if _is_package(module) else module.rpartition(".")[0]
                for _ in range(node.level - 1):
                    package = package.rpartition(".")[0]
                base = f"{package}.{base}" if base else package
            yield base
            for alias in node.names:  # `from package import module` imports the module
                if f"{base}.{alias.name}" in _sources():
                    yield f"{base}.{alias.name}"


def _ancestors(module: str) -> Iterator[str]:
    parts = module.split(".")
    for end in range(1, len(parts)):
        yield ".".join(parts[:end])


@cache
def _graph() -> dict[str, frozenset[str]]:
    """Internal module -> the internal modules importing it runs. Importing `a.b.c` also runs the
    `__init__` of `a` and `a.b`, unless the importer sits inside them (then they are already
    being imported)."""
    known = _sources()
    graph: dict[str, frozenset[str]] = {}
    for module in known:
        own = {module, *_ancestors(module)}
        targets: set[str] = set()
        for name in _imported_names(module):
            for target in (name, *_ancestors(name)):
                if target in known and target not in own:
                    targets.add(target)
        graph[module] = frozenset(targets)
    return graph


def _importers(prefix: str) -> list[str]:
    return [m for m in _graph() if m == prefix or m.startswith(f"{prefix}.")]


def _inside(module: str, package: str) -> bool:
    return module == package or module.startswith(f"{package}.")


def _broken(importers: list[str], forbidden: tuple[str, ...]) -> list[str]:
    """`module imports name` for each import of a module in `importers` that names a module
    inside one of the `forbidden` packages (ours or not: `cv2`, `flask`)."""
    return sorted(
        {
            f"{module} imports {name}"
            for module in importers
            for name in _imported_names(module)
            if any(_inside(name, package) for package in forbidden)
        }
    )


def _cycles(graph: Mapping[str, Set[str]]) -> list[list[str]]:
    """The import circles of `graph`: its strongly connected components of more than one node
    (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for succ in sorted(graph[node]):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = stack[stack.index(node) :]
            del stack[stack.index(node) :]
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _companion_graph(parts: int | None = None) -> dict[str, set[str]]:
    """companion's import graph; with `parts`, each module is named by its first `parts` name
    parts (2: its package, `companion.session`) and edges inside one name are left out."""

    def name(module: str) -> str:
        return module if parts is None else ".".join(module.split(".")[:parts])

    graph: dict[str, set[str]] = {}
    for module in _importers("companion"):
        edges = graph.setdefault(name(module), set())
        edges.update(name(t) for t in _graph()[module] if _inside(t, "companion"))
    for node, edges in graph.items():
        edges.discard(node)
    return graph


def test_the_graph_sees_lazy_type_only_and_package_imports() -> None:
    graph = _graph()
    assert "companion.games" in graph["companion.exports.record"]  # inside a function
    assert "web.app" in graph["companion.cli.commands.serve"]  # inside a function
    assert "companion.session.camera" in graph["companion.session.roll"]
    # Importing companion.session.errors from outside runs companion/session/__init__.py too.
    assert "companion.session" in graph["companion.tables.names"]
    assert "companion.session" not in graph["companion.session.core"]


# What each package must never import, and why (docs/architecture.md, "Import rules").
NEVER: dict[str, tuple[str, ...]] = {
    # The reader knows no game, no training code and no web page; it is handed what it needs.
    "vision": ("models", "companion", "web"),
    # A game's rules are pure: no session, store, exports, CLI, camera, web or OpenCV.
    "companion.games": (
        *("companion.session", "companion.store", "companion.exports", "companion.cli"),
        *("companion.tables", "companion.agent", "web", "calibration", "cv2", "flask"),
    ),
    # What leaves the table is written from the events and the rules, never from the session.
    "companion.exports": ("companion.session", "companion.cli", "web"),
    # The store keeps lines; it knows no game and no session.
    "companion.store": ("companion.session", "companion.games", "companion.cli", "web"),
    # A camera profile is a value handed to the reader; it holds no game state.
    "calibration": ("companion", "web", "models"),
    # The web reads state and appends events through the session; it trains nothing.
    "web": ("models", "companion.cli"),
}


@pytest.mark.parametrize(("package", "forbidden"), NEVER.items())
def test_a_package_never_imports_what_it_must_not(package: str, forbidden: tuple[str, ...]) -> None:
    assert _importers(package)  # the package is there to be read
    assert _broken(_importers(package), forbidden) == []


def test_only_the_cli_imports_the_web_app_and_the_model_making_code() -> None:
    """`serve` starts the web app; `bench` and `eval-live` render test scenes. The running app
    loads the shipped models as files, through vision's loader."""
    outside_cli = [m for m in _importers("companion") if not _inside(m, "companion.cli")]
    assert _broken(outside_cli, ("web", "models")) == []


def test_nothing_but_the_cli_imports_the_cli() -> None:
    others = [m for m in _graph() if not _inside(m, "companion.cli")]
    assert _broken(others, ("companion.cli",)) == []


def test_no_import_circles_between_companion_modules() -> None:
    assert _cycles(_companion_graph()) == []


def test_no_import_circles_between_companion_packages() -> None:
    assert _cycles(_companion_graph(parts=2)) == []


def test_a_circle_is_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]
