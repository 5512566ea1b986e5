"""Sliding tiles' solvers (no Qt).

* ``_tables``: complete distance tables for puzzles of up to 10 cells (2x5, 8-puzzle, rotation).
* ``pdb``: the 15-puzzle's IDA* over additive pattern databases, and the databases' build.
* ``astar``: a shortest solution near the goal without pattern databases.
* ``_kernels``: their numba kernels.
"""
