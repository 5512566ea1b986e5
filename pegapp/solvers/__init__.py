"""Search code, grouped by family, beside what every family shares. Never imports Qt.

Shared here: ``search`` (breadth-first and meet-in-the-middle searches any family's moves can
drive), ``record`` (how an answer was found), ``result`` (answers, stops, limits), ``threads``
(helper threads for kernels that release Python's lock), ``lazy`` (modules loaded on first use),
``_jit`` (numba, or plain Python where it is missing) and ``gf2`` (linear algebra over GF(2), for
the 8-flip puzzle).

The families' own engines are packages: ``pegs`` (peg solitaire), ``sliding`` (sliding tiles and the
rotation puzzle's tables), ``stone_pairs`` (oshidori) and ``guessing`` (bulls and cows, Mastermind).
A package imports nothing of its own on import, so a family pays only for the modules it uses.
"""
