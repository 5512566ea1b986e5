"""The shipped opening tables of English 33's other problems (#20): each agrees with the
catalogue (built by the bidirectional search) and, off the catalogue's lines, with the search with
the tables turned off; the first hint there loads no numba; images of a problem are answered too.
"""

import json
import random
import subprocess
import sys

import pytest

from pegapp.core.board import get_board
from pegapp.puzzles import catalogue
from pegapp.puzzles.base import BadInput
from pegapp.puzzles.pegs import PegPuzzle
from pegapp.puzzles.whole_map import map_of
from pegapp.solvers.pegs import solver
from pegapp.solvers.pegs import tablebase
from pegapp.solvers.pegs._tables import geometry
from tests.peg_reference import chains, play

ROOT = __import__("pathlib").Path(__file__).resolve().parents[1]


ENGLISH = get_board("english")
PROBLEMS = [(p.start, p.finish, p.par) for p in catalogue.load(ENGLISH).problems
            if p.possible and (p.start, p.finish) != (min(ENGLISH.start), ENGLISH.finish)]


def test_every_other_english_problem_ships_an_opening():
    assert len(PROBLEMS) == 20
    for start, finish, _par in PROBLEMS:
        assert (ROOT / "resources" / "tablebases" / f"english-{start}-{finish}.pegtb").exists()


@pytest.mark.parametrize("start,finish,par", PROBLEMS)
def test_an_english_opening_agrees_with_the_catalogue(start, finish, par):
    """The opening's distance from the start is the catalogue's par (proven by the bidirectional
    search when the catalogue was built), its line replays to the finish in par moves, and the
    first hint of the problem is still the catalogue's own line."""
    tables = tablebase.find(ENGLISH, [1 << finish])
    assert tables is not None, tablebase.problems
    pos = ENGLISH.position_for([start])
    assert tables.distance(pos) == par
    line = tables.best_line(ENGLISH, pos)
    assert len(line) == par and play(ENGLISH, pos, line) == 1 << finish
    answer = PegPuzzle(ENGLISH, [start], finish).solve(pos)
    assert answer.stats.get("catalogue") and answer.proven_minimal and len(answer.moves) == par


@pytest.mark.parametrize("start,finish", [(0, 0), (9, 28), (3, 22)])
def test_an_english_opening_agrees_with_the_search_off_the_catalogues_lines(start, finish):
    """Two moves of random winning play off the catalogue's lines: the opening's minimum is the
    bidirectional search's (tables off), and the hint's line replays to the finish."""
    puzzle = PegPuzzle(ENGLISH, [start], finish)
    rng = random.Random(start * 100 + finish)
    pos = puzzle.initial()
    tables = tablebase.find(ENGLISH, [1 << finish])
    for _ in range(2):
        options = [q for _p, q in chains(ENGLISH, pos) if tables.distance(q) is not None
                   and catalogue.proven_line(ENGLISH, q, finish) is None]
        pos = rng.choice(options)
    res = solver.solve(ENGLISH, pos, finish, cache_dir=False)
    assert res.stats.get("tablebase") and res.proven_minimal
    assert play(ENGLISH, pos, res.moves) == 1 << finish
    searched = solver.solve(ENGLISH, pos, finish, tablebase=False, cache_dir=False)
    assert searched.proven_minimal and len(searched.moves) == len(res.moves)


def test_a_first_hint_off_the_line_loads_no_numba():
    """A fresh `pegapp hint` two moves off the catalogue's line of 0 -> 0 reads the opening:
    proven at once, with numba (half a second to import and load) never imported."""
    puzzle = PegPuzzle(ENGLISH, [0], 0)
    pos = puzzle.initial()
    rng = random.Random(3)
    tables = tablebase.find(ENGLISH, [1])
    for _ in range(2):
        pos = rng.choice([q for _p, q in chains(ENGLISH, pos) if tables.distance(q) is not None
                          and catalogue.proven_line(ENGLISH, q, 0) is None])
    empty = ",".join(str(h) for h in range(ENGLISH.n) if not (pos >> h) & 1)
    code = ("import sys, json\n"
            "from pegapp.cli import main\n"
            f"rc = main(['hint', 'pegs/english', '--start', '{empty}', '--finish', '0', "
            "'--json'])\n"
            "print(json.dumps({'rc': rc, 'numba': 'numba' in sys.modules}))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    lines = out.stdout.strip().splitlines()
    assert json.loads(lines[-1]) == {"rc": 0, "numba": False}, out.stderr
    answer = json.loads(lines[-2])
    assert answer["kind"] == "minimum" and answer["remaining"] == tables.distance(pos) - 1
    assert play(ENGLISH, pos, answer["moves"]) == 1


def test_an_opening_table_gives_no_map():
    """The Map shows a whole table's positions; an opening holds a problem's first ones only."""
    with pytest.raises(BadInput):
        map_of(PegPuzzle(ENGLISH, [0], 0))


def test_images_of_an_english_problem_are_answered_from_its_opening():
    """0 -> 0 mirrored (start and finish at the other corner of the top arm): its first hint
    off the line comes from the opening, and is the search's minimum."""
    hole = next(p[0] for p in geometry(ENGLISH).symmetries if p[0] != 0)
    pos = ENGLISH.position_for([hole])
    tables = tablebase.find(ENGLISH, [1 << hole])
    assert tables is not None
    rng = random.Random(9)
    for _ in range(2):
        pos = rng.choice([q for _p, q in chains(ENGLISH, pos) if tables.distance(q) is not None])
    res = solver.solve(ENGLISH, pos, hole, cache_dir=False)
    assert res.stats.get("tablebase") and play(ENGLISH, pos, res.moves) == 1 << hole
    searched = solver.solve(ENGLISH, pos, hole, tablebase=False, cache_dir=False)
    assert len(searched.moves) == len(res.moves)


def test_the_catalogue_build_reads_whole_tables_only(monkeypatch):
    """The catalogue is the search's proof, and the openings are checked against it when they
    are built: tablebase="whole" (what compute_problem asks) answers from the central game's
    whole table but searches where only an opening holds the position."""
    start, finish, par = PROBLEMS[0]
    tables = tablebase.find(ENGLISH, [1 << finish])
    pos = ENGLISH.position_for([start])
    pos = play(ENGLISH, pos, tables.best_line(ENGLISH, pos)[:par - 4])   # 4 moves left
    assert solver.solve(ENGLISH, pos, finish, cache_dir=False).stats.get("tablebase")
    searched = solver.solve(ENGLISH, pos, finish, cache_dir=False, tablebase="whole")
    assert not searched.stats.get("tablebase") and searched.proven_minimal
    assert len(searched.moves) == 4 and play(ENGLISH, pos, searched.moves) == 1 << finish
    central = ENGLISH.position_for([16])
    assert solver.solve(ENGLISH, central, 16, cache_dir=False,
                        tablebase="whole").stats.get("tablebase")
    asked = []
    real = solver.solve
    monkeypatch.setattr(solver, "solve", lambda *a, **k: asked.append(k) or real(*a, **k))
    catalogue.compute_problem(ENGLISH, 16, 16)
    assert [k.get("tablebase") for k in asked] == ["whole"]
