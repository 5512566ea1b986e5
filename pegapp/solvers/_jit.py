"""numba, as every compiled kernel of the solvers imports it (no Qt).

The one place the solvers import numba from, for one reason: where SciPy is installed, numba's
first kernel load imports `scipy.linalg` (about 0.2 s, with `numpy.f2py`) only to learn whether
a BLAS is there for `np.dot`, `np.convolve` and the like, which no kernel of PegApp uses. Cold
`pegapp hint` processes pay that before their first answer, so it is skipped: `numba.np.arraymath`
(the module that checks) is imported here with `scipy.linalg` hidden, and numba takes no BLAS for
its own array functions in this process. Linear algebra compiled later (`np.linalg` in a kernel
of someone else's) still finds SciPy: it looks again each time, and nothing stays hidden.
"""

from __future__ import annotations

import sys

_HIDDEN = "scipy.linalg"


def _import_numba() -> None:
    hide = _HIDDEN not in sys.modules
    if hide:
        sys.modules[_HIDDEN] = None  # an import of it (or below it) raises ImportError
    try:
        import numba  # noqa: F401
        from numba.np import arraymath  # noqa: F401  (its _check_blas runs now, once)
    finally:
        if hide and sys.modules.get(_HIDDEN, 0) is None:
            del sys.modules[_HIDDEN]


_import_numba()

from numba import njit, types  # noqa: E402
from numba.typed import Dict  # noqa: E402

__all__ = ["njit", "types", "Dict"]
