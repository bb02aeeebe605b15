"""Where a candidate axis comes from: the labels of a SAT report."""

from enum import Enum
from functools import cache
from typing import NamedTuple


class AxisKind(Enum):
    """The kind of feature that gives an axis."""

    EDGE = "edge"
    """The outward normal of a polygon's edge."""

    VERTEX = "vertex"
    """The direction from a polygon's vertex to a circle's centre (vertex Voronoi region)."""

    CENTRES = "centres"
    """The line from one circle's centre to the other's."""


class AxisSource(NamedTuple):
    """Which feature of which shape gave an axis."""

    shape: str
    """``"A"`` or ``"B"``; ``"AB"`` for the line through two circles' centres."""

    kind: AxisKind
    """Edge normal, vertex-to-centre, or centre line."""

    # The field shadows tuple.index, as a field of this name must; the API has had it from the start.
    index: int  # type: ignore[assignment]
    """The edge or vertex index in that shape; -1 for the centre line."""


@cache
def edge_source(shape: str, index: int) -> AxisSource:
    """The AxisSource of edge ``index`` of shape ``shape``, made once and shared by every
    polygon: the sources are values, and one copy of each stays at hand in memory.

    >>> edge_source("A", 2)
    AxisSource(shape='A', kind=<AxisKind.EDGE: 'edge'>, index=2)
    >>> edge_source("A", 2) is edge_source("A", 2)
    True
    """
    return AxisSource(shape, AxisKind.EDGE, index)


@cache
def vertex_source(shape: str, index: int) -> AxisSource:
    """The AxisSource of the axis from vertex ``index`` of shape ``shape`` to a circle's
    centre, made once and shared.

    >>> vertex_source("B", 0)
    AxisSource(shape='B', kind=<AxisKind.VERTEX: 'vertex'>, index=0)
    """
    return AxisSource(shape, AxisKind.VERTEX, index)
