"""A catalogue with a best-known problem, for the tests of what the game does with one: every
shipped par is proven since 2026-11-29 (1428ad1; Wiegleb's 4 -> 4, the last, is 23), so the Wiegleb
catalogue is given back its 4 -> 4 entry as it stood before, par 24 best known, at least 23,
with that 24-move line (replayed by the tests that use it)."""

from __future__ import annotations

import json

import pytest

from pegapp.core.board import get_board
from pegapp.puzzles import catalogue

#: Wiegleb's 4 -> 4 as the shipped catalogue held it until 2026-11-29 (1428ad1)
WIEGLEB_4_4_BEST_KNOWN = json.loads(
    '{"finish":4,"lower_bound":23,"par":24,"possible":true,"proven_minimal":false,'
    '"reason":{"args":{"problem":{"args":{"gb":14.0},"template":"memory budget of {gb:g} GB '
    'exceeded"}},"template":"{problem}; the solution given is not proven minimal"},'
    '"solution":[[13,4],[31,13],[29,31],[39,30],[38,36],[44,38],[32,41],[42,44,38],[27,29],'
    '[24,22,7],[8,23],[20,22,24],[2,8],[16,14,5],[33,15],[35,33],[30,39,41,32,34],[18,20],'
    '[0,2,8],[6,21,19],[10,12],[17,35,33],[3,5,14,16,34,32,30,28,10],[9,11,13,4]],'
    '"start":4,"tags":["complement"]}')


@pytest.fixture
def wiegleb_best_known(monkeypatch):
    """The Wiegleb catalogue with 4 -> 4 best known (par 24, at least 23) in the loader's place
    for the test; the problem is returned."""
    board = get_board("wiegleb")
    shipped = catalogue.load(board)
    old = catalogue._problem(board, WIEGLEB_4_4_BEST_KNOWN)
    problems = tuple(old if (p.start, p.finish) == (4, 4) else p for p in shipped.problems)
    monkeypatch.setitem(catalogue._loaded, catalogue.board_key(board),
                        catalogue.Catalogue(board, problems, shipped.limits))
    return old
