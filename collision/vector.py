"""A named (x, y) pair, the type of every single point or direction the core returns."""

from typing import NamedTuple


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
