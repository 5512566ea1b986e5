"""numba, as every compiled kernel of the solvers imports it (no Qt).

The one place the solvers import numba from, for one reason: numba imports optional packages
that no kernel of PegApp uses, and a cold `pegapp hint` pays for them before its first answer.
While numba is imported here (and the modules that look for them: `numba.np.arraymath`, which
looks for a BLAS for `np.dot` and the like, and `numba.core.typing.cffi_utils`), these are
hidden when not already imported:
- SciPy (about 0.2 s with `scipy.linalg` and `numpy.f2py`): numba takes no BLAS for its own
  array functions in this process; linear algebra compiled later (`np.linalg` in a kernel of
  someone else's) still finds SciPy, since numba looks again each time;
- PyYAML (about 25 ms): numba reads no `.numba_config.yaml` from the working folder (its
  environment variables still apply);
- cffi (about 50 ms with pycparser): numba's support for calling cffi functions from kernels
  is off in this process.
Nothing stays hidden: each can be imported afterwards as usual (tests/test_jit.py).
"""

from __future__ import annotations

import sys

_HIDDEN = ("scipy", "yaml", "cffi")


def _import_numba() -> None:
    hidden = [name for name in _HIDDEN if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # an import of it (or below it) raises ImportError
    try:
        import numba  # noqa: F401
        from numba.core.typing import cffi_utils  # noqa: F401  (it looks for cffi once)
        from numba.np import arraymath  # noqa: F401  (its _check_blas runs now, once)
    finally:
        for name in hidden:
            if sys.modules.get(name, 0) is None:
                del sys.modules[name]


_import_numba()

from numba import njit, types  # noqa: E402
from numba.typed import Dict  # noqa: E402

__all__ = ["njit", "types", "Dict"]
