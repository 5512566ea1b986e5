"""Which strings of pegapp/ui are translatable, under which context — the same answer as lupdate's,
plus the strings lupdate cannot see:

- calls of a module's own helper ``def _tr(text): return QCoreApplication.translate("Ctx", text)``
  (lupdate reads only tr/translate/QT_TRANSLATE_NOOP calls with literal arguments);
- the puzzle registry's rules texts, translated at run time under the context "Rules"
  (pegapp.ui.i18n.rules_text);
- the templates of msg() calls in the Qt-free packages (pegapp.core, puzzles, solvers), translated
  at run time under the context "Messages" (pegapp.core.messages, pegapp.ui.i18n.translated).

It also finds player-facing text in those packages that bypasses msg(): a literal or f-string
given to an exception the windows show, as a solver's reason or as a progress stage
(``model_problems``).

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
MODEL_DIRS = [ROOT / "pegapp" / name for name in ("core", "puzzles", "solvers")]
MESSAGES = "Messages"  # pegapp.core.messages.CONTEXT
#: calls in the Qt-free packages whose argument at this position is shown to the player
PLAYER_TEXT_ARGS = {"BadInput": 0, "IllegalMove": 0, "SaveError": 0, "Contradiction": 0,
                    "BoardError": 2, "err": 1, "progress": 0, "SolveResult": 4}
#: keyword arguments that are shown to the player
PLAYER_TEXT_KEYWORDS = {"reason"}


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
    return sorted(UI_DIR.rglob("*.py"))


def model_files() -> list[Path]:
    return sorted(p for d in MODEL_DIRS for p in d.rglob("*.py") if p.name != "messages.py")


def _callee(func) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _plain_text(node) -> bool:
    """English that cannot be translated: a literal, an f-string, a sum or % of them, or str(x)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _plain_text(node.left) or _plain_text(node.right)
    if isinstance(node, ast.Call):
        return (isinstance(node.func, ast.Name) and node.func.id == "str"
                or isinstance(node.func, ast.Attribute) and node.func.attr in ("format", "join"))
    if isinstance(node, ast.IfExp):
        return _plain_text(node.body) or _plain_text(node.orelse)
    return False


def extract_messages(path: Path) -> tuple[set[tuple[str, str]], list[str]]:
    """(the msg() templates of a Qt-free module, player-facing text that bypasses msg())."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    templates: set[tuple[str, str]] = set()
    problems: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name, where = _callee(node.func), f"{path.relative_to(ROOT)}:{node.lineno}"
        if name in ("msg", "Message"):
            if node.args and _const(node.args[0]) is not None:
                templates.add((MESSAGES, _const(node.args[0])))
            else:
                problems.append(f"{where}: msg() needs a literal template (it is collected for "
                                "translation)")
            continue
        texts = []
        k = PLAYER_TEXT_ARGS.get(name)
        if k is not None and len(node.args) > k:
            texts.append(node.args[k])
        texts += [kw.value for kw in node.keywords if kw.arg in PLAYER_TEXT_KEYWORDS]
        if any(_plain_text(t) for t in texts):
            problems.append(f"{where}: {name}() is given English the windows cannot translate; "
                            "use msg()")
    return templates, problems


def message_strings() -> set[tuple[str, str]]:
    return {t for path in model_files() for t in extract_messages(path)[0]}


def model_problems() -> list[str]:
    return [p for path in model_files() for p in extract_messages(path)[1]]


def registry_strings() -> set[tuple[str, str]]:
    sys.path.insert(0, str(ROOT))
    from pegapp.puzzles import registry

    own = {key for key, _ in registry.own_entry_points()}   # PegApp's families, not plug-ins
    return {("Rules", f.rules) for key, f in registry.families().items() if key in own}


def extra_strings() -> set[tuple[str, str]]:
    """What lupdate cannot find by itself."""
    extra = registry_strings() | message_strings()
    for path in ui_files():
        extra |= extract(path)[1]
    return extra


def all_strings() -> set[tuple[str, str]]:
    strings = registry_strings() | message_strings()
    for path in ui_files():
        direct, via_helpers, _ = extract(path)
        strings |= direct | via_helpers
    return strings


def noop_source(strings: set[tuple[str, str]]) -> str:
    return "".join(f"QT_TRANSLATE_NOOP({json.dumps(c)}, {json.dumps(s, ensure_ascii=False)})\n"
                   for c, s in sorted(strings))


if __name__ == "__main__":
    if sys.argv[1:] == ["--problems"]:  # player-facing English that bypasses msg()
        problems = model_problems()
        print("\n".join(problems) or "no problems")
        sys.exit(1 if problems else 0)
    Path(sys.argv[1]).write_text(noop_source(extra_strings()), encoding="utf-8")
