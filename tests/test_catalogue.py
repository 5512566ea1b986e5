"""The problem catalogue (issue #15): the shipped data checked against an independent brute-force
search and an independent replay (tests/peg_reference.py, no code of pegapp.solvers), a sample
recomputed by the solver, damaged files refused, and `pegapp problems`."""

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pegapp.cli import main
from pegapp.core.board import get_board, shipped_board_ids
from pegapp.puzzles import catalogue
from tests.best_known import WIEGLEB_4_4_BEST_KNOWN
from tests.peg_reference import brute_force_distances, play, reachable

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def fresh(monkeypatch):
    """Nothing cached from other tests: every load reads its file."""
    monkeypatch.setattr(catalogue, "_loaded", {})


def shipped(board_id):
    catalogue._loaded.pop(catalogue.board_key(get_board(board_id)), None)
    cat = catalogue.load(get_board(board_id))
    assert cat is not None, board_id
    return cat


def all_pars(board):
    """Independent brute force: for every single-vacancy start, the fewest moves to each single
    peg it can reach ({start: {finish: moves}}), over every chain of peg_reference.chains."""
    out = {}
    for start in range(board.n):
        root = board.full & ~(1 << start)
        children = reachable(board, root)
        best = {}  # position -> {finish: moves}
        for p in sorted(children, key=lambda x: bin(x).count("1")):  # a move removes pegs
            if bin(p).count("1") == 1:
                best[p] = {p.bit_length() - 1: 0}
                continue
            d = {}
            for q in children[p]:
                for f, k in best[q].items():
                    if k + 1 < d.get(f, 1 << 30):
                        d[f] = k + 1
            best[p] = d
        out[start] = best[root]
    return out


# ------------------------------------------------------------------ against brute force

@pytest.mark.parametrize("board_id", ["diamond13", "hoppers", "triangle15"])
def test_every_problem_against_brute_force(board_id):
    board = get_board(board_id)
    cat = shipped(board_id)
    pars = all_pars(board)
    for s in range(board.n):
        for f in range(board.n):
            p = cat.find(s, f)
            assert (p.start, p.finish) == (s, f)
            want = pars[s].get(f)
            assert p.possible == (want is not None), (s, f)
            assert p.par == want, (s, f)
            if want is None:
                assert p.reason and p.solution is None
            else:
                assert p.proven_minimal
                assert play(board, board.full & ~(1 << s), p.solution) == 1 << f
    # one entry per symmetry class, every pair covered
    assert len(cat.problems) == len({min((q[s], q[f]) for q in board.symmetries)
                                     for s in range(board.n) for f in range(board.n)})


def test_the_central_game_of_english_33_has_par_18():
    board = get_board("english")
    p = shipped("english").find(16, 16)
    assert p.possible and p.proven_minimal and p.par == 18
    assert {"central", "complement", "default"} <= set(p.tags)
    assert play(board, board.full & ~(1 << 16), p.solution) == 1 << 16
    assert catalogue.find(board, {16}, 16).par == 18


def test_every_shipped_solution_replays_to_its_finish():
    for board_id in shipped_board_ids():
        board = get_board(board_id)
        cat = shipped(board_id)
        assert cat.problems, board_id
        for p in cat.problems:
            if not p.possible:
                assert p.par is None and p.solution is None and p.reason
                continue
            assert len(p.solution) == p.par
            assert play(board, board.full & ~(1 << p.start), p.solution) == 1 << p.finish
            if not p.proven_minimal:
                assert p.reason and p.lower_bound is not None and p.lower_bound <= p.par
            # and through each symmetry: the mapped solution solves the mapped problem
            for s, f in catalogue.orbit(board, p.start, p.finish):
                q = cat.find(s, f)
                assert (q.par, q.possible, q.proven_minimal) == (p.par, p.possible,
                                                                 p.proven_minimal)
                assert play(board, board.full & ~(1 << s), q.solution) == 1 << f


def test_boards_up_to_english_are_proven_and_the_big_ones_say_why_not():
    for board_id in shipped_board_ids():
        board = get_board(board_id)
        cat = shipped(board_id)
        c = cat.counts()
        assert c["problems"] == len(cat.problems) == c["proven"] + c["best_known"] + \
            c["impossible"] + c["unknown"]
        if board.n <= 33:
            assert c["best_known"] == 0, board_id
        assert c["unknown"] == 0, board_id  # every problem decided (#20; Wiegleb's 1 -> 1 last)
        for p in cat.problems:
            if p.possible and not p.proven_minimal:
                assert "not proven minimal" in p.reason
            if p.possible is None:  # unknown: said so, never called impossible
                assert "no proof that there is none" in p.reason and p.par is None



def test_a_reason_gives_the_memory_budget_in_gb_as_the_player_set_it():
    import re

    from pegapp.core.messages import render

    budget = []
    # every shipped par is proven since 2026-11-29 (1428ad1): the reason Wiegleb's 4 -> 4 gave until then
    # (tests.best_known, under the same header) is read the same way
    before = [("wiegleb", catalogue._problem(get_board("wiegleb"), WIEGLEB_4_4_BEST_KNOWN))]
    for board_id in shipped_board_ids():
        cat = shipped(board_id)
        raised = cat.limits.get("raised") or {}
        for p in [*cat.problems, *(q for b, q in before if b == board_id)]:
            if p.reason is None:
                continue
            assert not re.search(r"\d{7,}", p.reason), (board_id, p.start, p.finish)
            if "memory budget" in p.reason or "a proof within" in p.reason:
                # the budget the header says this problem was computed under (a raised one's own)
                gb = (raised["memory_budget"] if [p.start, p.finish] in raised.get("problems", [])
                      else cat.limits["memory_budget"]) / 1024**3
                assert f" {gb:g} GB" in p.reason, (board_id, p.start, p.finish)
                budget.append((p.reason, gb))
    assert budget  # Wiegleb's build: 1 GB a problem, and more for those raised
    # in Japanese too, by the shipped translations: the budget as set, and no English left
    from pegapp.core import resources
    from pegapp.core.messages import CONTEXT
    from tests.test_i18n import ENGLISH_WORD, ts_messages

    japanese = {source: t.text for (context, source), t in
                ts_messages(resources.path("i18n", "pegapp_ja.ts")).items()
                if context == CONTEXT and t is not None and t.text}
    for reason, gb in budget:
        said = render(reason, lambda t: japanese.get(t, t))
        assert f"メモリ上限 {gb:g} GB" in said and not ENGLISH_WORD.search(
            said.replace("GB", "")), said

def test_impossible_problems_give_the_reason_in_words():
    cat = shipped("english")
    p = cat.find(16, 0)  # the centre's class holds no corner of an arm
    assert not p.possible and "position class" in p.reason
    triangle = shipped("triangle15")
    searched = [q for q in triangle.problems if not q.possible and "position class" not in q.reason]
    assert searched and all("exhaustive search" in q.reason for q in searched)


def test_classic_families_are_tagged():
    english = get_board("english")
    assert catalogue.centre(english) == 16
    assert catalogue.corners(english) == {0, 2, 6, 12, 20, 26, 30, 32}
    cat = shipped("english")
    complement = [p for p in cat.problems if "complement" in p.tags]
    assert complement and all(p.start == p.finish for p in complement)
    assert all("corner" in p.tags for p in cat.problems if p.finish in {0, 2, 6, 12})
    assert catalogue.centre(get_board("triangle15")) is None
    assert catalogue.corners(get_board("triangle15")) == {0, 10, 14}


# ------------------------------------------------------------------ recomputed sample

# (the big boards' proofs take minutes and gigabytes: they are the build's, checked by
# `packaging/build_catalogue.py --check`; the suite checks their lines' ends by brute force below)
@pytest.mark.parametrize("board_id, every", [("triangle21", 7), ("beginner-cross", 5),
                                             ("plus20", 5), ("english", 50)])
def test_a_sample_recomputed_by_the_solver_matches(board_id, every):
    board = get_board(board_id)
    cat = shipped(board_id)
    budget = cat.limits["memory_budget"]
    chunks = cat.limits.get("fallback_positions", 0) // catalogue._DFS_CHUNK or None
    sample = cat.problems[::every] if every else []
    if board_id == "english":  # one search of a few seconds, and the central game's table
        sample = [cat.find(8, 8), cat.find(16, 16)]
    for p in sample:
        q = catalogue.compute_problem(board, p.start, p.finish, memory_budget=budget,
                                      fallback_chunks=chunks,
                                      count_cut=catalogue.count_cut_of(cat.limits))
        assert (q.possible, q.par, q.proven_minimal, q.tags, q.lower_bound) == \
            (p.possible, p.par, p.proven_minimal, p.tags, p.lower_bound), (p.start, p.finish)


def test_the_build_script_reproduces_the_shipped_bytes():
    out = subprocess.run([sys.executable, "packaging/build_catalogue.py", "--boards",
                          "diamond13,triangle15,beginner-pyramid", "--check", "--quiet"],
                         cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.count("same as shipped") == 3


# ------------------------------------------------------------------ damaged files

def _copy(tmp_path, monkeypatch, board_id, edit):
    src = catalogue.shipped_dir() / f"{board_id}.json"
    data = edit(src.read_bytes())
    (tmp_path / f"{board_id}.json").write_bytes(data)
    monkeypatch.setattr(catalogue, "shipped_dir", lambda: tmp_path)
    monkeypatch.setattr(catalogue, "_loaded", {})


def _reseal(data: bytes, change) -> bytes:
    """The file with its problems changed and its checksum made to match again."""
    top = json.loads(data)
    change(top["problems"])
    top["sha256"] = hashlib.sha256(catalogue._payload(top["problems"])).hexdigest()
    return json.dumps(top).encode()


def _shorter_par(problems):
    p = next(p for p in problems if p["possible"])
    p["par"] -= 1
    p["solution"] = p["solution"][:-1]


def _swap_jump(problems):
    p = next(p for p in problems if p["possible"])
    p["solution"][0] = p["solution"][0][::-1]


def _drop_one(problems):
    problems.pop()


@pytest.mark.parametrize("edit, why", [
    (lambda d: d.replace(b'"par":7', b'"par":6', 1), "checksum mismatch"),
    (lambda d: d[: len(d) // 2], "not JSON"),
    (lambda d: b"", "not JSON"),
    (lambda d: d.replace(b'"version":1', b'"version":9'), "version 9"),
    (lambda d: _reseal(d, _shorter_par), "does not replay"),
    (lambda d: _reseal(d, _swap_jump), "does not replay"),
    (lambda d: _reseal(d, _drop_one), "one problem for each pair"),
    (lambda d: (catalogue.shipped_dir() / "triangle15.json").read_bytes(), "other holes or jumps"),
])
def test_a_damaged_catalogue_is_refused_with_the_reason(tmp_path, monkeypatch, capsys, edit, why):
    _copy(tmp_path, monkeypatch, "diamond13", edit)
    board = get_board("diamond13")
    with pytest.raises(catalogue.CatalogueError) as info:
        catalogue.load(board)
    assert "diamond13.json is refused" in str(info.value) and why in str(info.value)
    assert catalogue.find(board, {6}, 6) is None  # the game goes on without a par
    code = main(["problems", "pegs/diamond13", "--json"])
    out = capsys.readouterr()
    assert code == 2 and out.out == ""
    assert out.err.startswith("pegapp: error: ") and out.err.count("\n") == 1
    assert why in out.err


def test_a_catalogue_for_the_same_holes_and_jumps_serves_another_board(tmp_path, monkeypatch):
    _copy(tmp_path, monkeypatch, "beginner-cross", lambda d: d)  # the only file there
    pyramid = get_board("beginner-pyramid")  # the same holes and jumps, another start
    assert catalogue.board_key(pyramid) == catalogue.board_key(get_board("beginner-cross"))
    cat = catalogue.load(pyramid)
    assert cat.board is pyramid and len(cat.problems) == 64


# ------------------------------------------------------------------ command line

def test_problems_json(capsys, fresh):
    code = main(["problems", "pegs/english", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["puzzle"] == "pegs/english" and out["counts"]["problems"] == len(out["problems"])
    pairs = set()
    for p in out["problems"]:
        assert {"start", "finish", "par", "proven_minimal", "possible"} <= set(p)
        assert (p["reason"] if not p["possible"] else p["solution"])
        pairs.add((p["start"][0], p["finish"]))
        pairs.update(map(tuple, p["symmetric"]))
    assert len(pairs) == 33 * 33  # every start with every finish, once
    central = next(p for p in out["problems"] if p["start"] == [16] and p["finish"] == 16)
    assert central["par"] == 18 and central["proven_minimal"] and "central" in central["tags"]


def test_problems_text(capsys, fresh):
    assert main(["problems", "pegs/diamond13"]) == 0
    text = capsys.readouterr().out
    assert "6 -> 6: par" in text and "impossible" in text


def test_problems_text_gives_an_unknown_problems_floor(capsys, wiegleb_unknown):
    """Wiegleb 1 -> 1 as it was before it was decided: the line says how far the catalogue's
    search got, as the JSON's lower_bound and the Problems view's tool tip do."""
    problem = catalogue.load(get_board("wiegleb")).find(1, 1)
    assert problem.possible is None and problem.lower_bound
    assert main(["problems", "pegs/wiegleb"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("1 -> 1:"))
    assert line.startswith("1 -> 1: unknown (")
    assert f"no solution has fewer than {problem.lower_bound} moves" in line


@pytest.mark.parametrize("argv", [
    ("problems", "pegs/nosuchboard", "--json"),
    ("problems", "pegs/../boards/english", "--json"),
    ("problems", "pegs", "--json"),
    ("problems", "slide/3x3", "--json"),
    ("problems", "pegs", "--board-file", "/nonexistent/board.toml"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv):
    code = main(list(argv))
    out = capsys.readouterr()
    assert code == 2 and out.out == ""
    assert out.err.startswith("pegapp: error: ") and out.err.count("\n") == 1


def test_a_large_board_without_a_catalogue_is_one_line(capsys, tmp_path):
    """A player's board of more than 25 holes (no shipped catalogue has its holes and jumps):
    none is computed here, and the error says why in one line."""
    path = tmp_path / "big.toml"
    path.write_text('lattice = "square"\nlayout = """\n' + "oooooo\n" * 5
                    + '"""\nstart = [0]\nfinish = 4\n')
    code = main(["problems", "pegs", "--board-file", str(path), "--json"])
    out = capsys.readouterr()
    assert code == 2 and "no problem catalogue" in out.err and "25 holes" in out.err
    assert out.err.count("\n") == 1


def test_a_small_board_of_a_players_own_gets_its_catalogue_computed(capsys, tmp_path):
    """Found by an outside trial: `pegapp problems` refused a 16-hole board of a player's own,
    whose every par the designer works out. Boards of up to 25 holes get the catalogue computed
    by the build's own compute(); every par is the brute force's distance from that start to
    that finish, and every problem it calls impossible has none."""
    from pegapp.core.board import parse_board
    from tests.peg_reference import brute_force_distances

    text = 'lattice = "square"\nlayout = """\noooo\noooo\noooo\noooo\n"""\nstart = [5]\n'
    path = tmp_path / "square4.toml"
    path.write_text(text + 'finish = "any"\n')
    code = main(["problems", "pegs", "--board-file", str(path), "--json"])
    result = json.loads(capsys.readouterr().out)
    assert code == 0 and result["limits"]["computed"] is True and result["holes"] == 16
    board = parse_board(text + "finish = 0\n")
    assert len(result["problems"]) >= 8
    for p in result["problems"]:
        start = board.position_for(p["start"])
        distance = brute_force_distances(board, start, 1 << p["finish"]).get(start)
        assert p["par"] == distance and p["proven_minimal"] == (distance is not None), p


def test_looking_up_loads_no_solver_kernel():
    code = ("import sys\n"
            "from pegapp.core.board import get_board\n"
            "from pegapp.puzzles import catalogue\n"
            "print(catalogue.find(get_board('english'), {16}, 16).par,\n"
            "      [m for m in sys.modules if m.split('.')[0] in ('numba', 'llvmlite')])")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["18", "[]"]


def test_the_catalogue_ships_in_the_package():
    text = (ROOT / "pyproject.toml").read_text()
    assert '"catalogue/*.json"' in text
    assert sorted(p.stem for p in catalogue.shipped_dir().glob("*.json")) == \
        sorted(shipped_board_ids())


# ------------------------------------------------------------------ the big boards (issue #20)

def test_every_french_problem_is_proven():
    """French 37: each of its possible single-vacancy problems has its exact par (the build's
    proofs, packaging/build_catalogue.py); the ones of published record agree (c1 to e1 in 20
    moves: J.-C. Meyrignac's exhaustive search, 2003)."""
    cat = shipped("french")
    possible = [p for p in cat.problems if p.possible]
    assert len(possible) == 10
    assert all(p.proven_minimal for p in possible), [(p.start, p.finish) for p in possible
                                                     if not p.proven_minimal]
    assert cat.find(0, 2).par == 20  # c1 -> e1
    assert cat.find(5, 31).par == 20  # the board's own problem, d2 -> d6


@pytest.mark.parametrize("board_id", ["french", "diamond41", "wiegleb"])
def test_the_ends_of_the_big_boards_minimal_lines_are_minimal_by_brute_force(board_id):
    """The suite cannot redo a big board's proof, but it can check the end of every proven line
    independently: from the first position of the line with at most 9 pegs, the moves left are
    exactly the brute force's fewest (tests/peg_reference.py, no code of pegapp.solvers). A
    minimal line's every tail is minimal, so a line that is not minimal at its end is caught."""
    board = get_board(board_id)
    checked = 0
    for p in shipped(board_id).problems:
        if not (p.possible and p.proven_minimal):
            continue
        state = board.full & ~(1 << p.start)
        for k, move in enumerate(p.solution):
            if bin(state).count("1") <= 9:
                dist = brute_force_distances(board, state, 1 << p.finish)
                assert dist[state] == p.par - k, (p.start, p.finish, k)
                checked += 1
                break
            state = play(board, state, [move])
    if board_id == "french":
        assert checked == 10


def test_an_unknown_problem_keeps_the_floor_a_deepening_proves(monkeypatch):
    """A big-board problem with no winning line and an unbounded search that does not fit (as
    Wiegleb's 1 -> 1 at 14 GB: no floor past the region bound) is searched again with the
    bound raised a move at a time, which proves how far it gets. English's 16 -> 16 at 4 MB,
    as if no line were found: unknown, its floor above the region bound (12) and not above the
    published minimum (18); where the unbounded search fits, it decides as before."""
    from pegapp.solvers.pegs import solver as peg_solver

    monkeypatch.setattr(peg_solver, "winning_line", lambda *a, **k: False)
    english = get_board("english")
    stages = []
    p = catalogue.compute_problem(english, 16, 16, memory_budget=4 << 20, bounded=True,
                                  fallback_chunks=1,
                                  report=lambda stage, **figures: stages.append(stage))
    region = peg_solver.lower_bound(english, english.full & ~(1 << 16), 16)
    assert p.possible is None and p.par is None
    assert region == 12 < p.lower_bound <= 18
    assert stages == ["line", "proof", "deepening"]
    small = catalogue.compute_problem(get_board("triangle21"), 0, 0, memory_budget=4 << 20,
                                      bounded=True, fallback_chunks=1)
    assert small.proven_minimal and small.par == 10  # as shipped
