"""The oshidori stone-pair puzzle's shortest-solution search (no Qt).

* ``engine``: ``solve_cells``, the bidirectional search, with a numba or a numpy backend.
* ``rules``: positions and moves as the searches see them (no numpy).
* ``_numba_kernels``, ``_numpy_kernels``: the two backends.
"""
