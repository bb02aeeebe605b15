"""A shape's shadow on an axis: the value :func:`~collision.projection.project` returns.

Its own module because shapes keep their shadows along their own normals (``Pose.extents``)
and projection reads shapes: the value both share sits below them both.
"""

from typing import NamedTuple


class Interval(NamedTuple):
    """A shape's extent along an axis."""

    min: float
    """The smallest projection (dot product with the axis)."""

    max: float
    """The largest projection."""

    min_index: int
    """The vertex that gives ``min`` (the first one, on a tie); -1 for a circle."""

    max_index: int
    """The vertex that gives ``max`` (the first one, on a tie); -1 for a circle."""
