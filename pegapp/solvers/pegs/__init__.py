"""Peg solitaire's minimum-move solver (no Qt).

What it offers, by module:

* ``solver``: the answers in order (a shipped table, then the searches): ``solve``, ``hint`` lines,
  ``can_reach_goal``, ``winning_line``, ``warm_up``, the memory budget's default.
* ``tablebase`` and ``bounded``: shipped tables of exact distances (whole tables, opening tables,
  bounded tables) and their builds.
* ``levels``, ``packed``, ``problem``: the level search (sorted arrays, packed levels) and the problem
  both engines share (goal, symmetries, region bounds, count cuts).
* ``hash_tables``: the search with hash tables and the disk cache of backward levels.
* ``meet``: whether a single-vacancy problem can be solved at all.
* ``decide``: whether a position on Wiegleb 45 still wins, before any minimum (certificates, a
  beam, a depth-first search over jumps; counted limits).
* ``disk_levels``: the level search with its levels on disk as sorted runs (bounds that outgrow
  memory; packaging/prove_on_disk.py).
* ``fallback``: winning lines without a proof, for the biggest boards.
* ``fitted``: the pagoda functions fitted to each finish (resources/pagodas), the forward cut of
  the count rule "pagodas".
* ``_kernel``, ``_levels_kernel``, ``_meet_kernel``, ``_decide_kernel``, ``_tablebase_kernel``,
  ``_tables``: compiled
  kernels and the board-derived tables they read.
"""
