"""The model and solvers never import Qt (napari's rule, checked the same way)."""

import ast
import functools
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
QT_FREE = ["core", "solvers", "puzzles"]


@functools.cache
def source(path: pathlib.Path) -> tuple[str, ast.Module]:
    """A module's text and syntax tree, read once a test process: three checks here walk
    every module of pegapp (1.2-1.6 s each when each parsed them all). Read only."""
    text = path.read_text(encoding="utf-8")
    return text, ast.parse(text)


def test_no_qt_import_statement_outside_ui():
    offenders = []
    for package in QT_FREE:
        for path in (ROOT / "pegapp" / package).rglob("*.py"):
            for node in ast.walk(source(path)[1]):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                if any(n.split(".")[0] in ("PySide6", "PyQt5", "PyQt6", "shiboken6") or
                       n.startswith("pegapp.ui") for n in names):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []


def qt_loaded_by(*modules: str) -> list[str]:
    """The Qt modules a fresh interpreter has loaded after importing modules (a fresh one: this
    process has PySide6 loaded by the window's tests). tests/test_flow.py and test_trainer.py
    ask it of the game's flow, Train's model and their own tests."""
    code = ("import sys, importlib\n"
            f"for m in {list(modules)!r}: importlib.import_module(m)\n"
            "print([m for m in sys.modules if m.startswith(('PySide6', 'shiboken'))])")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.strip()
    return ast.literal_eval(out)


def test_importing_model_and_solvers_loads_no_qt():
    modules = []
    for package in QT_FREE:
        for path in sorted((ROOT / "pegapp" / package).rglob("*.py")):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            modules.append(name.removesuffix(".__init__"))
    assert qt_loaded_by(*modules, "pegapp.cli") == []


#: modules that run the game's flow for the window and must stay Qt-free wherever they move
#: (issue #73 point 1: the flow is one Qt-free object, tested without Qt)
QT_FREE_MODULES = ["pegapp.puzzles.flow"]


def test_the_game_flow_is_qt_free():
    """The game's flow lives under a Qt-free package, and importing it loads neither Qt nor any
    module of pegapp.ui."""
    for name in QT_FREE_MODULES:
        assert name.split(".")[1] in QT_FREE, f"{name} is not under a Qt-free package"
    code = ("import sys, importlib\n"
            f"for m in {QT_FREE_MODULES!r}: importlib.import_module(m)\n"
            "print([m for m in sys.modules if m.startswith(('PySide6', 'shiboken', 'pegapp.ui'))])")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"


#: the layers from the bottom: a module may import its own layer and those below, never above
LAYERS = ["core", "solvers", "puzzles", "ui"]


def _imported_modules(path: pathlib.Path, node: ast.AST) -> list[str]:
    """The modules one import statement names, relative imports resolved; for ``from a import b``
    both a and a.b (b may be a module: ``from pegapp import ui``)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if isinstance(node, ast.ImportFrom):
        if node.level == 0:
            module = node.module or ""
        else:
            package = list(path.relative_to(ROOT).with_suffix("").parts[:-1])
            base = package[:len(package) - (node.level - 1)]
            module = ".".join(base + ([node.module] if node.module else []))
        return [module] + [f"{module}.{a.name}" for a in node.names]
    return []


def upward_imports() -> list[str]:
    """Every import, at the top of a module or inside a function, that reaches a higher layer."""
    offenders = []
    for level, package in enumerate(LAYERS):
        above = tuple(f"pegapp.{p}" for p in LAYERS[level + 1:])
        for path in sorted((ROOT / "pegapp" / package).rglob("*.py")):
            for node in ast.walk(source(path)[1]):
                for name in _imported_modules(path, node):
                    if any(name == a or name.startswith(a + ".")
                           for a in above):
                        offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {name}")
    return offenders


def test_imports_run_only_downward():
    """core imports nothing above it, solvers neither puzzles nor ui, puzzles not ui: even inside
    a function (a deferred import is still a dependency)."""
    assert upward_imports() == []


def test_the_upward_import_check_sees_deferred_and_relative_imports(tmp_path, monkeypatch):
    """The check is real: an import inside a function of core, and a relative one from solvers
    to puzzles, are both reported."""
    fake = tmp_path / "pegapp"
    for package in LAYERS:
        (fake / package).mkdir(parents=True)
    (fake / "core" / "x.py").write_text("def f():\n    from pegapp.puzzles import pegs\n")
    (fake / "solvers" / "y.py").write_text("from ..puzzles import base\n")
    (fake / "puzzles" / "z.py").write_text("from pegapp.core import board\nfrom pegapp import ui\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert upward_imports() == ["pegapp/core/x.py:2 imports pegapp.puzzles",
                                "pegapp/core/x.py:2 imports pegapp.puzzles.pegs",
                                "pegapp/solvers/y.py:1 imports pegapp.puzzles",
                                "pegapp/solvers/y.py:1 imports pegapp.puzzles.base",
                                "pegapp/puzzles/z.py:2 imports pegapp.ui"]


#: the most lines a file of pegapp/ and a function may have (the issue "rooms a newcomer can read")
FILE_LINES, FUNCTION_LINES = 800, 80
#: rooms still being split (none: the peg engine was split along its seams by issue #20)
BEING_SPLIT: set[str] = set()


def _compiled(node: ast.FunctionDef) -> bool:
    """A numba kernel (@njit, @njit(...), @kernel(...)): the length rule does not apply."""
    for d in node.decorator_list:
        target = d.func if isinstance(d, ast.Call) else d
        name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
        if name in ("njit", "jit", "kernel"):
            return True
    return False


def rooms_too_big(root: pathlib.Path) -> list[str]:
    found = []
    for path in sorted((root / "pegapp").rglob("*.py")):
        name = path.relative_to(root).as_posix()
        if name in BEING_SPLIT:
            continue
        text, tree = source(path)
        if len(text.splitlines()) > FILE_LINES:
            found.append(f"{name}: {len(text.splitlines())} lines")
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not _compiled(node):
                first = node.decorator_list[0].lineno if node.decorator_list else node.lineno
                if node.end_lineno - first + 1 > FUNCTION_LINES:
                    found.append(f"{name}:{first} {node.name}: {node.end_lineno - first + 1} lines")
    return found


def test_no_file_or_function_too_big_to_hold_in_mind():
    """No file of pegapp/ over 800 lines, no function over 80 outside the compiled kernels."""
    assert rooms_too_big(ROOT) == []


def test_the_size_check_counts(tmp_path):
    (tmp_path / "pegapp").mkdir()
    long_body = "".join(f"    x{i} = {i}\n" for i in range(FUNCTION_LINES))
    (tmp_path / "pegapp" / "m.py").write_text(
        f"def long():\n{long_body}\n@njit(cache=True)\ndef kernel_ok():\n{long_body}")
    assert rooms_too_big(tmp_path) == ["pegapp/m.py:1 long: 81 lines"]
