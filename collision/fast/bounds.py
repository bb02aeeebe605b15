"""Whether intervals and axis-aligned boxes meet, for columns of them at once: the
predicate the broad-phase kernels and the array-built quadtree ask.

It is :func:`collision.projection.overlap` >= 0, the one overlap rule, asked as both ways
out being >= 0: a_max - b_min >= 0 and b_max - a_min >= 0, that is b_min <= a_max and
a_min <= b_max (exact for floats within the core's ±1e150, where a difference is zero only
between equal numbers). Comparisons make arrays of bools, an eighth of the memory of the
overlaps: computing the overlaps and their minimum made the kernels 1.1 to 3.8 times slower
at 10,000 boxes (brute force worst). The grid's kernels (``_grid_tested`` and ``contacts``)
write these comparisons out instead of calling here: given as arguments, a call's four columns
of 560,000 candidates live at once, where written out each comparison's two are freed before
the next are made (1.35 to 1.4 times the time through the call). :func:`touching` is
:func:`collision.projection.bounds_touch` for columns; ``tests/core/test_broadphase.py``
holds the kernels to the plain broad phases built on bounds_touch, and holds
:func:`spans_touch` to overlap() itself.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray


def spans_touch(a_min: Any, a_max: Any, b_min: Any, b_max: Any) -> NDArray[np.bool_]:
    """Whether each interval [a_min, a_max] meets [b_min, b_max] (touching counts):
    overlap(a_min, a_max, b_min, b_max) >= 0, row by row.

    >>> spans_touch(np.zeros(3), np.full(3, 4.0), np.array([3.0, 4.0, 5.0]), np.full(3, 9.0))
    array([ True,  True, False])
    """
    touch: NDArray[np.bool_] = (b_min <= a_max) & (a_min <= b_max)
    return touch


def touching(a: Any, b: Any) -> NDArray[np.bool_]:
    """Whether boxes ``a`` and ``b`` overlap or touch, each ``(min_x, min_y, max_x, max_y)``
    with each side an array (or anything numpy broadcasts with the others): their spans on x
    meet, and on y.

    >>> touching(np.array([[0, 0, 2, 2], [0, 0, 2, 2]]).T, np.array([[2, 1, 3, 3], [2.5, 0, 3, 1]]).T)
    array([ True, False])
    """
    return spans_touch(a[0], a[2], b[0], b[2]) & spans_touch(a[1], a[3], b[1], b[3])
