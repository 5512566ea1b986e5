"""The documents keep the shape issue #73 gave them: a README of at most 350 lines for players and
newcomers that links the command line reference and the packaging page, a design of record that is
a map of at most 600 lines linking every results file, and nothing that names a working session
(a date, a commit or an issue instead). The modules the design names exist."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_the_readme_and_the_design_stay_short():
    assert len(text(ROOT / "README.md").splitlines()) <= 350
    assert len(text(DOCS / "DESIGN.md").splitlines()) <= 600


def test_the_readme_links_the_reference_pages():
    readme = text(ROOT / "README.md")
    for page in ("docs/CLI.md", "docs/PACKAGING.md", "docs/DESIGN.md"):
        assert page in readme


def test_every_results_file_is_linked_from_the_design():
    design = text(DOCS / "DESIGN.md")
    assert [p.name for p in sorted((DOCS / "results").glob("*.md"))
            if f"results/{p.name}" not in design] == []


@pytest.mark.parametrize("path", [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_no_document_names_a_working_session(path):
    assert re.findall(r"(?i)\bsessions? \d+", text(path)) == []


def test_the_modules_the_design_names_exist():
    design = text(DOCS / "DESIGN.md")
    named = set(re.findall(r"`([\w/]+\.py)\b", design))
    files = ["/" + p.relative_to(ROOT).as_posix() for top in ("pegapp", "tests", "packaging")
             for p in (ROOT / top).rglob("*.py")]
    missing = [name for name in sorted(named) if not any(f.endswith("/" + name) for f in files)]
    assert missing == []
