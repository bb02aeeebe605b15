"""Where a candidate axis comes from: the labels of a SAT report."""

from enum import Enum
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

    index: int
    """The edge or vertex index in that shape; -1 for the centre line."""
