"""Board-derived tables for the peg solver: jump arrays, symmetry tables, position classes,
Merson regions, chain generation in plain Python (for reconstruction and counting).  No Qt."""

from __future__ import annotations

import functools
import hashlib

import numpy as np

from pegapp.core.messages import msg
from pegapp.core.pegs import TEXT_SOURCE, pegs

MAX_HOLES = 58  # keys keep the search depth in the top 6 bits of a uint64


def popcount(x: int) -> int:
    return int(x).bit_count()


def _apply_perm_bits(perm, pos: int) -> int:
    """apply_perm one hole at a time (what the byte tables below are made from)."""
    out = 0
    i = 0
    while pos:
        if pos & 1:
            out |= 1 << perm[i]
        pos >>= 1
        i += 1
    return out


#: bit b of each byte value: _BYTE_BITS[byte, b] (Tables.pagoda_tables)
_BYTE_BITS = (np.arange(256, dtype=np.int64)[:, None] >> np.arange(8)) & 1


#: _BYTE_BITS as uint64, for the byte images' product (_byte_images)
_BYTE_BITS_U64 = _BYTE_BITS.astype(np.uint64)


def _byte_images(perm) -> np.ndarray:
    """images[c, v]: the image under perm of byte value v in byte c of a position (bits past
    the permutation's holes weigh 0), every byte of every chunk by one product of the holes'
    image bits with the bits of each byte value (the images' bits are distinct, so their sum
    is their union). Made a hole at a time in Python these were 20-40 ms a search's problem
    (the eight symmetries' tables of English, twice: apply_perm's and symtab's), the largest
    part of its set-up in a cold `pegapp solve` (2026-12-07, #75 point 3)."""
    nchunks = (len(perm) + 7) // 8
    bits = np.zeros(nchunks * 8, dtype=np.uint64)
    bits[:len(perm)] = np.left_shift(np.uint64(1), np.array(perm, dtype=np.uint64))
    return bits.reshape(nchunks, 8) @ _BYTE_BITS_U64.T


#: a permutation (a tuple) -> for each byte of a position, the image of each of its 256 values
_PERM_BYTES: dict[tuple, list[list[int]]] = {}


def _perm_bytes(perm: tuple) -> list[list[int]]:
    """_byte_images as Python ints, -1 for a byte value with a hole past the permutation's."""
    tables = _PERM_BYTES.get(perm)
    if tables is None:
        if len(perm) <= 64:
            tables = _byte_images(perm).tolist()
        else:   # images past 64 bits: a hole at a time (no search takes such a board)
            tables = [[_apply_perm_bits(perm, v << (8 * c)) for v in range(256)]
                      for c in range((len(perm) + 7) // 8)]
        tail = len(perm) % 8
        if tail:
            tables[-1] = [x if v >> tail == 0 else -1 for v, x in enumerate(tables[-1])]
        _PERM_BYTES[perm] = tables
    return tables


def apply_perm(perm, pos: int) -> int:
    """pos with each hole h moved to perm[h]: a byte at a time from tables made once a
    permutation (the table lookups of a search's canonical keys spend most of their time
    here); a permutation given as a list is applied a hole at a time."""
    if not isinstance(perm, tuple):
        return _apply_perm_bits(perm, pos)
    out = 0
    for table in _perm_bytes(perm):
        if not pos:
            break
        v = table[pos & 255]
        if v < 0:
            raise IndexError("a peg beyond the permutation's holes")
        out |= v
        pos >>= 8
    if pos:
        raise IndexError("a peg beyond the permutation's holes")
    return out


#: a permutation (a tuple) -> _perm_bytes' tables as numpy arrays (apply_perm_many)
_PERM_ARRAYS: dict[tuple, list[np.ndarray]] = {}


def apply_perm_many(perm: tuple, positions: np.ndarray) -> np.ndarray:
    """apply_perm of each of positions (uint64) at once, from the same byte tables: a walk
    back to a table's dead ends (tablebase.Tables.dead_ancestor) looks up a level of a few
    hundred positions at a time."""
    tables = _PERM_ARRAYS.get(perm)
    if tables is None:
        tables = [np.array(t, dtype=np.int64) for t in _perm_bytes(perm)]
        _PERM_ARRAYS[perm] = tables
    out = np.zeros(len(positions), dtype=np.uint64)
    rest = np.array(positions, dtype=np.uint64)
    for table in tables:
        v = table[(rest & np.uint64(255)).astype(np.intp)]
        if (v < 0).any():
            raise IndexError("a peg beyond the permutation's holes")
        out |= v.astype(np.uint64)
        rest >>= np.uint64(8)
    if rest.any():
        raise IndexError("a peg beyond the permutation's holes")
    return out


class Geometry:
    """Everything the solver derives from the board alone."""

    def __init__(self, board):
        self.board = board
        self.n = n = board.n
        if n > MAX_HOLES:
            # the board is named: a player's board file of more holes loads and can be played;
            # one given as text (drawn in the designer, played from a save) by its name, not
            # the text's field (an outside trial read "board_text: the solver takes ...")
            name = board.name if board.source in (None, "", TEXT_SOURCE) else board.source
            raise ValueError(msg("{board}: the solver takes boards of at most {max} holes, not "
                                 "{n}", board=name or board.id, max=MAX_HOLES, n=n))
        jumps = sorted(set(tuple(j) for j in board.jumps))
        self.jumps = jumps
        self.jf = np.array([j[0] for j in jumps], dtype=np.int64)
        self.jo = np.array([j[1] for j in jumps], dtype=np.int64)
        self.jt = np.array([j[2] for j in jumps], dtype=np.int64)
        self.jbits = [(1 << f) | (1 << o) | (1 << t) for f, o, t in jumps]
        self.fwd_start, self.fwd_list = self._csr([f for f, _, _ in jumps])
        self.rev_start, self.rev_list = self._csr([t for _, _, t in jumps])
        #: for each hole, the jumps landing there as (from, over, the three holes' bits): a
        #: walk back from a position in plain Python (tablebase.moves_back)
        self.by_landing = [[] for _ in range(self.n)]
        for f, o, t in jumps:
            self.by_landing[t].append((f, o, (1 << f) | (1 << o) | (1 << t)))
        fot = [(1 << f) | (1 << o) | (1 << t) for f, o, t in jumps]
        bit = lambda xs: np.array([1 << x for x in xs], dtype=np.uint64)  # noqa: E731
        u64 = lambda xs: np.array(xs, dtype=np.uint64)  # noqa: E731
        # kernel tables: (first_mask, first_val, cont_mask, cont_val, next hole, cstart, clist)
        self.kfwd = (u64(fot), u64([(1 << f) | (1 << o) for f, o, t in jumps]),
                     u64([(1 << o) | (1 << t) for f, o, t in jumps]), bit(self.jo),
                     self.jt.copy(), self.fwd_start, self.fwd_list)
        self.kbwd = (u64(fot), bit(self.jt),
                     u64([(1 << o) | (1 << f) for f, o, t in jumps]),
                     np.zeros(len(jumps), dtype=np.uint64),
                     self.jf.copy(), self.rev_start, self.rev_list)
        #: the same a hole at a row, padded to the most jumps landing on one hole with slots
        #: that never apply: (the from and over holes' bits, which must be empty; the three
        #: holes' bits with the from hole above the board's holes, the chain's next landing):
        #: tablebase.moves_back_all, many positions walked back at once
        most = max((len(x) for x in self.by_landing), default=0)
        empty = np.full((n, most), (1 << 64) - 1, dtype=np.uint64)
        step = np.zeros((n, most), dtype=np.uint64)
        for t, row in enumerate(self.by_landing):
            for k, (f, o, b) in enumerate(row):
                empty[t, k], step[t, k] = (1 << f) | (1 << o), b | (f << n)
        self.landing = (empty, step)
        self.by_from = [[] for _ in range(n)]
        self.by_to = [[] for _ in range(n)]
        for f, o, t in jumps:
            self.by_from[f].append((o, t))
            self.by_to[t].append((o, f))
        self.symmetries = [tuple(p) for p in board.symmetries] or [tuple(range(n))]
        self.full = (1 << n) - 1
        self._class_basis = self._position_class_basis()
        self._single_pegs: dict[tuple, list[int]] = {}
        self.regions = self._merson_regions()

    def _csr(self, keys):
        n = self.n
        order = sorted(range(len(keys)), key=lambda i: (keys[i], i))
        start = np.zeros(n + 1, dtype=np.int64)
        for k in keys:
            start[k + 1] += 1
        start = np.cumsum(start).astype(np.int64)
        return start, np.array(order, dtype=np.int64)

    # ---------------------------------------------------------------- position classes
    def _position_class_basis(self) -> list[int]:
        """Basis of the GF(2) functionals phi with phi(f)+phi(o)+phi(t) = 0 for every jump:
        phi . position (mod 2) never changes, so positions in different classes never meet."""
        n = self.n
        rows = list(self.jbits)
        piv = []
        r = 0
        for col in range(n):
            k = next((i for i in range(r, len(rows)) if (rows[i] >> col) & 1), None)
            if k is None:
                continue
            rows[r], rows[k] = rows[k], rows[r]
            for i in range(len(rows)):
                if i != r and (rows[i] >> col) & 1:
                    rows[i] ^= rows[r]
            piv.append(col)
            r += 1
        basis = []
        for fc in range(n):
            if fc in piv:
                continue
            phi = 1 << fc
            for k, pc in enumerate(piv):
                if (rows[k] >> fc) & 1:
                    phi |= 1 << pc
            basis.append(phi)
        for phi in basis:  # sanity: invariant under every jump
            assert all(popcount(phi & b) % 2 == 0 for b in self.jbits)
        return basis

    def position_class(self, pos: int) -> tuple[int, ...]:
        pos = int(pos)
        return tuple((pos & phi).bit_count() & 1 for phi in self._class_basis)

    def single_pegs_of_class(self, cls: tuple[int, ...]) -> list[int]:
        """The positions of one peg (1 << h) in the class cls, in the holes' order: a goal of
        any finish (made once a class: a dead end's proof asked it of every hole each time)."""
        if cls not in self._single_pegs:
            self._single_pegs[cls] = [1 << h for h in range(self.n)
                                      if self.position_class(1 << h) == cls]
        return list(self._single_pegs[cls])

    @functools.cached_property
    def jumps_key(self) -> str:
        """The holes and the jumps, hashed: what a table depends on (tablebase.board_key),
        made once (a dead end's proof looks the tables up, 90 us each time)."""
        return hashlib.sha256(repr((self.n, self.jumps)).encode()).hexdigest()[:24]

    # ---------------------------------------------------------------- Merson regions
    def _merson_regions(self, max_size: int = 4) -> list[int]:
        """Sets R of holes such that, while R is full, no jump can take a peg out of R except a
        jump starting inside R (every jump over a hole of R starts or lands in R).  A peg
        in a hole no jump passes over is the singleton case."""
        n = self.n
        over_pairs = [[] for _ in range(n)]
        adj = [set() for _ in range(n)]
        for f, o, t in self.jumps:
            over_pairs[o].append((f, t))
            adj[f].add(o)
            adj[o].add(f)

        def is_merson(r: int) -> bool:
            x = r
            while x:
                low = x & -x
                o = low.bit_length() - 1
                x ^= low
                for f, t in over_pairs[o]:
                    if not ((r >> f) & 1 or (r >> t) & 1):
                        return False
            return True

        found = set()
        frontier = {1 << h for h in range(n)}
        for size in range(1, max_size + 1):
            for r in frontier:
                if is_merson(r):
                    found.add(r)
            if size == max_size:
                break
            nxt = set()
            for r in frontier:
                x = r
                while x:
                    low = x & -x
                    h = low.bit_length() - 1
                    x ^= low
                    for a in adj[h]:
                        if not (r >> a) & 1:
                            nxt.add(r | (1 << a))
            frontier = nxt
        # keep minimal regions only (a region containing a smaller region is weaker)
        minimal = [r for r in found if not any(s != r and (s & r) == s for s in found)]
        return sorted(minimal, key=lambda r: (popcount(r), r))

    # ---------------------------------------------------------------- pagoda functions
    def pagodas(self, goals, max_count: int = 6) -> list[list[int]]:
        """Integer pagoda functions for reaching the given single-peg goals.

        A pagoda function p (weights >= 0 on the holes) has p(f) + p(o) >= p(t) for every jump
        (f, o, t), so the sum of p over the pegs never grows; a position whose sum is below
        min(p(goal)) can never reach a goal.  They are derived for any board: seeds decaying with
        the distance from the goals (resource counts, several metrics and rates) are lowered to
        the greatest pagoda function below them, p(t) = min(p(t), p(f) + p(o)) until nothing
        changes (a decreasing fixpoint over integers, so it ends).  On boards with holes no
        jump passes over, the signed function of unjumpable_pagoda comes last.  Every result is
        checked against every jump of the board."""
        key = tuple(sorted(goals))
        cache = self.__dict__.setdefault("_pagoda_cache", {})
        if key in cache:
            return cache[key]
        co = self.board.coords
        holes = [g.bit_length() - 1 for g in goals]
        # (x weight, y weight, rate, scale): small scales round far holes to 0, which makes
        # strong pagodas; the first seeds were the best at cutting random-play positions of
        # the English board
        seeds = [(1, 1, 0.3, 10), (1, 2, 0.5, 10), (2, 1, 0.5, 10), (1, 1, 0.2, 100),
                 (1, 1, 0.5, 1000), (1, 2, 0.3, 10), (2, 1, 0.3, 10), (1, 1, 0.618, 1000)]
        out: list[list[int]] = []
        for a, b, rate, scale in seeds:
            seed = []
            for h in range(self.n):
                d = min(a * abs(co[h][0] - co[g][0]) + b * abs(co[h][1] - co[g][1])
                        for g in holes)
                seed.append(int(round(scale * rate ** d)))
            p = self._pagoda_fixpoint(seed)
            if min(p[g] for g in holes) > 0 and p not in out:
                out.append(p)
        out = out[:max_count]
        for p in out:
            assert self.is_pagoda(p)
        signed = self.unjumpable_pagoda()
        if signed is not None:
            assert self.is_pagoda(signed, signed=True)
            out.append(signed)
        cache[key] = out
        return out

    def signed_counts(self) -> list[list[int]]:
        """The board's distinct signed counts of unjumpable holes (unjumpable_pagoda): the one
        whose every tip jump removes a peg, and the finer one in which a jump from one
        unjumpable hole to another removes none of its kind (it only moves the stranded peg),
        so only the holes passed over by the tip jumps that leave the unjumpable holes count.
        On Wiegleb 45 the finer one is George Bell's "useful resource count": -1 on the eight
        arm tips, +1 on the class of the holes they jump over inward (twelve holes). Derived
        once a board: every search's problem asks for them."""
        if "_signed_counts" not in self.__dict__:
            out: list[list[int]] = []
            for p in (self.unjumpable_pagoda(), self.unjumpable_pagoda(tip_to_tip=False)):
                if p is not None and p not in out:
                    assert self.is_pagoda(p, signed=True)
                    out.append(p)
            self.__dict__["_signed_counts"] = out
        return self.__dict__["_signed_counts"]

    def unjumpable_pagoda(self, tip_to_tip: bool = True) -> list[int] | None:
        """The board's counting argument for holes no jump passes over, as a signed pagoda
        function (None when every hole can be jumped over).

        A peg in such a hole ("unjumpable": the tips and edges of a diamond, the arm corners of
        a cross) can never be jumped, so it leaves only by jumping itself, and that jump
        removes a peg of a class its jumps pass over (a peg's class: the holes it can reach by
        jumps; on a square lattice, the pegs of the other colour of a draughtboard). Weight -1
        on the unjumpable holes, +1 on every hole of the classes they remove, 0 elsewhere,
        lowered to the greatest pagoda function below that (p(t) = min(p(t), p(f) + p(o)),
        given up if it has not settled after a few passes over the jumps): the sum over the
        pegs never grows, so a position whose sum is below the goal's cannot reach it. Pegs
        stranded on unjumpable holes outnumbering the pegs they could remove is what decides
        most single-vacancy problems of the 41-hole diamond. Validity needs p(f) + p(o) >= p(t)
        for every jump only, not p >= 0. tip_to_tip False: a jump landing on an unjumpable
        hole removes no class (see signed_counts)."""
        middles = {o for _f, o, _t in self.jumps}
        unjumpable = [h for h in range(self.n) if h not in middles]
        if not unjumpable:
            return None
        root = list(range(self.n))

        def find(x: int) -> int:
            while root[x] != x:
                root[x] = root[root[x]]
                x = root[x]
            return x

        for f, _o, t in self.jumps:
            root[find(f)] = find(t)
        removed = {find(o) for f, o, t in self.jumps
                   if f not in middles and (tip_to_tip or t in middles)}
        p = [1 if find(h) in removed else 0 for h in range(self.n)]
        for h in unjumpable:
            if find(h) not in removed:
                p[h] = -1
        for _ in range(4 * self.n):
            changed = False
            for f, o, t in self.jumps:
                if p[f] + p[o] < p[t]:
                    p[t] = p[f] + p[o]
                    changed = True
            if not changed:
                return p if min(p) < 0 else None
        return None

    def _pagoda_fixpoint(self, seed: list[int]) -> list[int]:
        p = [max(0, int(x)) for x in seed]
        changed = True
        while changed:
            changed = False
            for f, o, t in self.jumps:
                v = p[f] + p[o]
                if v < p[t]:
                    p[t] = v
                    changed = True
        return p

    def is_pagoda(self, p, signed: bool = False) -> bool:
        """p(f) + p(o) >= p(t) for every jump, and p >= 0 unless signed."""
        return len(p) == self.n and bool(self.are_pagodas([p], signed)[0])

    def are_pagodas(self, ps, signed: bool = False) -> np.ndarray:
        """is_pagoda of each of ps (functions of the board's n holes, integers) at once: a
        file of fitted functions is checked whole (pegs.fitted.read: 272 functions a hole at a
        time were 7-11 ms of a cold English search)."""
        w = np.array(ps, dtype=np.int64).reshape(len(ps), self.n)
        f, o, t = (self._jump_ends[:, k] for k in range(3))
        ok = (w[:, f] + w[:, o] >= w[:, t]).all(axis=1)
        return ok if signed else ok & (w >= 0).all(axis=1)

    @functools.cached_property
    def _jump_ends(self) -> np.ndarray:
        """The jumps as an array: row j is (from, over, to)."""
        return np.array(self.jumps, dtype=np.intp).reshape(-1, 3)

    def counts_of(self, p, positions) -> np.ndarray:
        """The sum of the weights p over the pegs of each of positions (uint64), at once."""
        holes = np.arange(self.n, dtype=np.uint64)
        pegs = (np.asarray(positions, dtype=np.uint64)[:, None] >> holes) & np.uint64(1)
        return pegs.astype(np.int64) @ np.array(p[:self.n], dtype=np.int64)

    def pagoda_tables(self, pags) -> np.ndarray:
        """tab[k, c, byte] = sum of pags[k] over the holes of byte c of a position: each
        function's weights a byte at a time (holes past n weigh 0) times the bits of every
        byte, one product of integer arrays. A hint's meet search makes these for some 30
        functions a side (the goal's pagodas under the symmetries); summed a byte at a time in
        Python they were 10 ms a side, most of test_peg_meet's time (2026-12-07, #73)."""
        nchunks = (self.n + 7) // 8
        tab = np.zeros((max(len(pags), 1), nchunks, 256), dtype=np.int64)
        if len(pags):
            w = np.zeros((len(pags), nchunks * 8), dtype=np.int64)
            for k, p in enumerate(pags):
                w[k, :self.n] = [int(x) for x in p[:self.n]]
            tab[:] = w.reshape(len(pags), nchunks, 8) @ _BYTE_BITS.T
        return tab

    # ---------------------------------------------------------------- symmetry
    def subgroup_fixing(self, *sets_of_positions) -> list[tuple[int, ...]]:
        """Symmetries mapping each given set of positions onto itself."""
        out = []
        for p in self.symmetries:
            ok = True
            for s in sets_of_positions:
                if {apply_perm(p, x) for x in s} != set(s):
                    ok = False
                    break
            if ok:
                out.append(p)
        return out

    def symtab(self, perms) -> tuple[np.ndarray, np.ndarray, int]:
        """Lookup tables: image of byte c of a position under perms[s] = tab[s, c, byte];
        and jmask[j, s] = bits of jump j's image under perms[s].  Memoised per group (callers
        must not modify the arrays)."""
        key = tuple(perms)
        memo = self.__dict__.setdefault("_symtab_memo", {})
        hit = memo.get(key)
        if hit is not None:
            return hit
        nchunks = (self.n + 7) // 8
        tab = np.zeros((len(perms), nchunks, 256), dtype=np.uint64)
        for s, p in enumerate(perms):
            tab[s] = _byte_images(p)
        images = np.array(perms, dtype=np.int64)[:, self._jump_ends]        # [s, j, end]
        jmask = np.bitwise_or.reduce(np.left_shift(np.uint64(1), images.astype(np.uint64)),
                                     axis=2).T.copy()
        memo[key] = (tab, jmask, nchunks)
        return memo[key]

    # ---------------------------------------------------------------- chains in Python
    def forward_chains(self, pos: int):
        """Every move from pos: yields (path, child) for each chain (prefixes included)."""
        by_from = self.by_from
        out = []

        def rec(p, h, path):
            for o, t in by_from[h]:
                if (p >> o) & 1 and not (p >> t) & 1:
                    q = p ^ ((1 << h) | (1 << o) | (1 << t))
                    path.append(t)
                    out.append((list(path), q))
                    rec(q, t, path)
                    path.pop()

        for h in pegs(pos):
            rec(pos, h, [h])
        return out

    def iter_forward_chains(self, pos: int):
        """forward_chains(pos) one at a time, in the same order: a caller that stops at the
        first chain it wants (a table's best line) does not make the rest."""
        by_from = self.by_from

        def rec(p, h, path):
            for o, t in by_from[h]:
                if (p >> o) & 1 and not (p >> t) & 1:
                    q = p ^ ((1 << h) | (1 << o) | (1 << t))
                    path.append(t)
                    yield list(path), q
                    yield from rec(q, t, path)
                    path.pop()

        for h in pegs(pos):
            yield from rec(pos, h, [h])

    def reverse_chains(self, pos: int):
        """Every move leading to pos: yields (forward path, parent)."""
        by_to = self.by_to
        out = []

        def rec(p, h, path):
            for o, f in by_to[h]:
                if not (p >> o) & 1 and not (p >> f) & 1:
                    q = p ^ ((1 << h) | (1 << o) | (1 << f))
                    path.append(f)
                    out.append((path[::-1], q))
                    rec(q, f, path)
                    path.pop()

        for h in pegs(pos):
            rec(pos, h, [h])
        return out

    def iter_reverse_chains(self, pos: int):
        """reverse_chains(pos) one at a time, in the same order (a solution's reconstruction
        stops at the first it wants)."""
        by_to = self.by_to

        def rec(p, h, path):
            for o, f in by_to[h]:
                if not (p >> o) & 1 and not (p >> f) & 1:
                    q = p ^ ((1 << h) | (1 << o) | (1 << f))
                    path.append(f)
                    yield path[::-1], q
                    yield from rec(q, f, path)
                    path.pop()

        for h in pegs(pos):
            yield from rec(pos, h, [h])

    def apply_move(self, pos: int, move) -> int:
        """Apply a move (list of holes); raises ValueError if illegal."""
        if len(move) < 2:
            raise ValueError(msg("a move visits at least two holes"))
        idx = self.board.jump_index
        if not (pos >> move[0]) & 1:
            raise ValueError(msg("no peg in hole {hole}", hole=move[0]))
        for a, b in zip(move, move[1:]):
            j = idx.get((a, b))
            if j is None:
                raise ValueError(msg("no jump from {start} to {end}", start=a, end=b))
            _, o, _ = j
            if not (pos >> o) & 1 or (pos >> b) & 1:
                raise ValueError(msg("jump {start}->{end} is not legal here", start=a, end=b))
            pos ^= (1 << a) | (1 << o) | (1 << b)
        return pos


_geoms: dict[int, Geometry] = {}


def geometry(board) -> Geometry:
    key = id(board)
    g = _geoms.get(key)
    if g is None or g.board is not board:
        g = Geometry(board)
        _geoms[key] = g
    return g
