"""The window in a second: importing the game window, and opening the first window, load only what
the first screen needs -- neither numba nor a solver's compiled kernels (they load in the background,
or when a search asks for them). Checked in a fresh interpreter, where sys.modules tells the truth."""

import ast
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]


def kernel_modules() -> list[str]:
    """The solver modules that import numba at their top (directly, or through the solvers'
    one door to it, _jit): the compiled kernels."""
    found = []
    for path in sorted((ROOT / "pegapp" / "solvers").rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            nodes = [node] + (list(ast.walk(node)) if isinstance(node, (ast.Try, ast.If)) else [])
            for n in nodes:
                names = ([a.name for a in n.names] if isinstance(n, ast.Import) else
                         [n.module or ""] if isinstance(n, ast.ImportFrom) else [])
                if any(name.split(".")[0] == "numba" or name.split(".")[-1] == "_jit"
                       for name in names):
                    found.append(".".join(path.relative_to(ROOT).with_suffix("").parts))
    return sorted(set(found))


def loaded_after(code: str, tmp_path) -> set[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"))
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys\nprint('\\n'.join(sys.modules))"],
                         cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout
    return set(out.split())


def heavy(modules: set[str]) -> list[str]:
    kernels = set(kernel_modules())
    return sorted(m for m in modules if m == "numba" or m.startswith("numba.") or m in kernels
                  or m == "pegapp.solvers.pegs.solver")


def test_the_kernel_list_is_real():
    """The check knows the kernels it keeps out (a renamed kernel module would escape it)."""
    kernels = kernel_modules()
    assert "pegapp.solvers.pegs._kernel" in kernels
    assert "pegapp.solvers._jit" in kernels and "pegapp.solvers.guessing.optimal" in kernels
    assert "pegapp.solvers.sliding._kernels" in kernels
    assert "pegapp.solvers.sliding._tables" not in kernels


def test_importing_the_game_window_loads_no_numba_and_no_kernel(tmp_path):
    modules = loaded_after("import pegapp.ui.game_window", tmp_path)
    assert "pegapp.ui.game_window" in modules
    assert heavy(modules) == []


def test_the_first_window_loads_no_numba_and_no_kernel(tmp_path):
    """The program's first window, shown and painted with every family registered (the picker's
    tiles), still has no need of numba: it loads when a search needs it."""
    code = ("from PySide6.QtWidgets import QApplication\n"
            "from pegapp.puzzles import registry\n"
            "from pegapp.ui.game_window import GameWindow\n"
            "app = QApplication([])\n"
            f"w = GameWindow(data_dir={str(tmp_path / 'pegapp')!r}, restore=False)\n"
            "w.show()\n"
            "app.processEvents()\n"
            "w.view.grab()\n"
            "assert registry.families()\n")
    modules = loaded_after(code, tmp_path)
    assert "pegapp.puzzles.rotate" in modules and "pegapp.puzzles.slide" in modules
    assert heavy(modules) == []
