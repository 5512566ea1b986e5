"""Which strings of pegapp/ui are translatable, under which context — the same answer as lupdate's,
plus the strings lupdate cannot see:

- calls of a module's own helper ``def _tr(text): return QCoreApplication.translate("Ctx", text)``
  (lupdate reads only tr/translate/QT_TRANSLATE_NOOP calls with literal arguments);
- the puzzle registry's rules texts, translated at run time under the context "Rules"
  (pegapp.ui.i18n.rules_text).

``python packaging/i18n_sources.py OUT.py`` writes those as QT_TRANSLATE_NOOP calls for lupdate
(packaging/update_translations.sh does this); tests/test_i18n.py uses extract() to check the .ts.
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
UI_DIR = ROOT / "pegapp" / "ui"


def _const(node) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _is_translate(func) -> bool:
    return (isinstance(func, ast.Attribute) and func.attr == "translate"
            and isinstance(func.value, ast.Name) and func.value.id == "QCoreApplication")


def helper_contexts(tree: ast.Module) -> dict[str, str]:
    """Functions f(text) whose body is ``return QCoreApplication.translate("Ctx", text)``."""
    helpers = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef) or not node.args.args:
            continue
        body = [n for n in node.body if not (isinstance(n, ast.Expr) and _const(n.value))]
        if len(body) != 1 or not isinstance(body[0], ast.Return):
            continue
        call = body[0].value
        if (isinstance(call, ast.Call) and _is_translate(call.func) and len(call.args) == 2
                and _const(call.args[0]) is not None and isinstance(call.args[1], ast.Name)
                and call.args[1].id == node.args.args[0].arg):
            helpers[node.name] = _const(call.args[0])
    return helpers


def extract(path: Path) -> tuple[set[tuple[str, str]], set[tuple[str, str]], list[str]]:
    """(strings lupdate finds, strings only helper calls reach, problems) of one source file.

    A problem is a call lupdate would file under another context than the one looked up at run
    time: ``obj.tr(...)`` on anything but self (lupdate uses the name "obj"), or a bare tr().
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    helpers = helper_contexts(tree)
    direct: set[tuple[str, str]] = set()
    via_helpers: set[tuple[str, str]] = set()
    problems: list[str] = []

    def visit(node, cls: str | None) -> None:
        if isinstance(node, ast.ClassDef):
            cls = node.name
        if isinstance(node, ast.Call):
            func, args = node.func, node.args
            where = f"{path.name}:{node.lineno}"
            if isinstance(func, ast.Attribute) and func.attr == "tr":
                receiver = func.value
                if not (isinstance(receiver, ast.Name) and receiver.id == "self" and cls):
                    problems.append(f"{where}: tr() on {ast.unparse(receiver)}: lupdate files it "
                                    "under that name, not the class; use QCoreApplication."
                                    "translate(\"Class\", ...)")
                elif args and _const(args[0]) is not None:
                    direct.add((cls, _const(args[0])))
            elif isinstance(func, ast.Name) and func.id == "tr":
                problems.append(f"{where}: a bare tr() call gets no context from lupdate")
            elif _is_translate(func) or (isinstance(func, ast.Name)
                                         and func.id == "QT_TRANSLATE_NOOP"):
                if len(args) >= 2 and _const(args[0]) is not None and _const(args[1]) is not None:
                    direct.add((_const(args[0]), _const(args[1])))
            elif isinstance(func, ast.Name) and func.id in helpers:
                if args and _const(args[0]) is not None:
                    via_helpers.add((helpers[func.id], _const(args[0])))
        for child in ast.iter_child_nodes(node):
            visit(child, cls)

    visit(tree, None)
    return direct, via_helpers, problems


def ui_files() -> list[Path]:
    return sorted(UI_DIR.glob("*.py"))


def registry_strings() -> set[tuple[str, str]]:
    sys.path.insert(0, str(ROOT))
    from pegapp.puzzles.registry import FAMILIES, GUESSING

    return {("Rules", family.rules) for family in (*FAMILIES, *GUESSING)}


def extra_strings() -> set[tuple[str, str]]:
    """What lupdate cannot find by itself."""
    extra = registry_strings()
    for path in ui_files():
        extra |= extract(path)[1]
    return extra


def all_strings() -> set[tuple[str, str]]:
    strings = registry_strings()
    for path in ui_files():
        direct, via_helpers, _ = extract(path)
        strings |= direct | via_helpers
    return strings


def noop_source(strings: set[tuple[str, str]]) -> str:
    return "".join(f"QT_TRANSLATE_NOOP({json.dumps(c)}, {json.dumps(s, ensure_ascii=False)})\n"
                   for c, s in sorted(strings))


if __name__ == "__main__":
    Path(sys.argv[1]).write_text(noop_source(extra_strings()), encoding="utf-8")
