"""A named (x, y) pair, the type of every single point or direction the core returns."""

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple, TypeAlias

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray


class Vector(NamedTuple):
    """A point or direction in the y-up world.

    It is a plain tuple, so it unpacks and converts like one:

    >>> v = Vector(3.0, 4.0)
    >>> x, y = v
    >>> v.x, y
    (3.0, 4.0)
    """

    x: float
    """Horizontal component, growing to the right."""

    y: float
    """Vertical component, growing upwards."""


PairLike: TypeAlias = "Sequence[float] | NDArray[np.floating] | NDArray[np.integer]"
"""What the core takes as a point or direction: any (x, y) pair of real numbers, such as a
tuple, a Vector or a numpy array of two."""

Bounds: TypeAlias = tuple[float, float, float, float]
"""``(min_x, min_y, max_x, max_y)``, the order of shapely's ``bounds``."""

Pair: TypeAlias = tuple[float, float]
"""A point or direction as a plain pair of floats: what the core computes with inside."""
