"""The model and solvers never import Qt (napari's rule, checked the same way)."""

import ast
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
QT_FREE = ["core", "solvers", "puzzles"]


def test_no_qt_import_statement_outside_ui():
    offenders = []
    for package in QT_FREE:
        for path in (ROOT / "pegapp" / package).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                if any(n.split(".")[0] in ("PySide6", "PyQt5", "PyQt6", "shiboken6") or
                       n.startswith("pegapp.ui") for n in names):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []


def test_importing_model_and_solvers_loads_no_qt():
    modules = []
    for package in QT_FREE:
        for path in sorted((ROOT / "pegapp" / package).glob("*.py")):
            modules.append(f"pegapp.{package}.{path.stem}".replace(".__init__", ""))
    code = ("import sys, importlib\n"
            f"for m in {modules!r}: importlib.import_module(m)\n"
            "import pegapp.cli\n"
            "print([m for m in sys.modules if m.startswith(('PySide6', 'shiboken'))])")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"
