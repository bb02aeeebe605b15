"""Two-dimensional collision detection for teaching: convex shapes, projection onto an axis,
the Separating Axis Theorem with a report of every axis, Voronoi regions, a quadtree and a
broad phase over many boxes (:mod:`collision.broadphase`), and the Minkowski difference
with GJK and EPA stepped one iteration at a time.

Conventions, stated once for the whole package:

- The world is y-up; angles are in radians, counter-clockwise.
- Points in bulk are float arrays of shape (N, 2); polygon vertices are kept counter-clockwise.
- A single point or direction is a :class:`Vector`, a named ``(x, y)`` tuple.
- Bounds are ``(min_x, min_y, max_x, max_y)``, the order of shapely's ``bounds``.
- ``sat(a, b).mtv`` is the shortest translation that moves B out of A.
- Input that is not a shape raises :class:`ShapeError`, saying what to fix; nothing is
  silently repaired except a polygon's winding.

The package needs numpy and the standard library only; it never imports the app.

Reading order, for a student opening the files: ``vector.py`` and ``shapes.py`` (a shape
placed by position and angle, and its Pose), ``projection.py`` (a shape's shadow on an axis, an
``Interval``, and :func:`~collision.projection.overlap`, the one rule that compares two shadows),
``axes.py`` and ``voronoi.py`` (where an axis comes from), ``sat.py`` (:func:`sat`: read it
first, then ``candidate_axes`` and ``circle_axis``; ``verdict.py`` holds its tolerance and
its answer, :class:`SatResult`, with every axis listed), ``tiles.py``, then ``minkowski.py`` and
``gjk.py`` (GJK and EPA), ``point_query.py``, ``raycast.py``, ``sweep.py``, ``cast.py`` (shape
casts), ``mover.py`` (collide and slide) and ``chain.py`` (smooth contacts on a chain), and last the
broad phase: ``broadphase.py``, ``quadtree.py``, ``dynamic_tree.py``. ``collision/fast/``
holds the same algorithms again for many at once, in numpy, and ``sat``, ``manifold``, ``ray_cast``
and ``time_of_impact`` themselves with their speed tricks (``fast/sat_kernel.py``,
``fast/manifold_kernel.py``, ``fast/raycast_kernel.py`` and ``fast/toi_kernel.py``: the functions
of those names this package exports, which run the readable ones under a tracer); each of its modules names the readable function it speeds up, and is tested
against it.

>>> from collision import Box, Circle, sat
>>> sat(Box((0, 0), (50, 30)), Circle((70, 0), 25)).mtv
Vector(x=5.0, y=0.0)
"""

from . import broadphase
from .axes import AxisKind, AxisSource
from .capsule import Capsule
from .cast import CastHit, shape_cast
from .chain import ChainContact, ChainSegment, NormalKind, chain_manifold, chain_segments, classify_normal
from .fast.batch import SatMany, box_vertices, sat_many, sat_many_circles
from .dynamic_tree import CAST_REPORTS, DynamicTree, TreeCast, TreeHit, TreeNode, TreeQuery
from .errors import ShapeError
from .gjk import Epa, EpaStep, Gjk, GjkStep, Stop, epa, gjk
from .manifold import ContactId, ContactPoint, Manifold, ManifoldStep
from .fast.manifold_kernel import manifold
from .minkowski import grown_outline, minkowski_difference, support
from .mover import Plane, Slide, SlideStep, clip_vector, slide, solve_planes
from .point_query import PointQuery, point_query
from .interval import Interval
from .projection import project
from .fast.quadtree import Quadtree
from .fast.sat_kernel import sat
from .quadtree import QuadArrays, QuadNode
from .raycast import RayHit, Slab
from .fast.raycast_kernel import ray_cast
from .shapes import MAX_SIDES, MAX_VERTICES, Box, Circle, Polygon, regular_polygon
from .sweep import Sweep
from .sweep import sweep
from .tiles import QuarterTile, sat_tile
from .toi import Impact, Motion, ToiStep
from .fast.toi_kernel import time_of_impact
from .vector import Vector
from .verdict import TOLERANCE, AxisTest, Candidate, SatResult
from .voronoi import Feature, Region, voronoi_region

__all__ = [
    "CAST_REPORTS",
    "MAX_SIDES",
    "MAX_VERTICES",
    "TOLERANCE",
    "AxisKind",
    "AxisSource",
    "AxisTest",
    "Box",
    "Candidate",
    "Capsule",
    "CastHit",
    "ChainContact",
    "ChainSegment",
    "Circle",
    "ContactId",
    "ContactPoint",
    "DynamicTree",
    "Epa",
    "EpaStep",
    "Feature",
    "Gjk",
    "GjkStep",
    "Impact",
    "Interval",
    "Manifold",
    "ManifoldStep",
    "Motion",
    "NormalKind",
    "Plane",
    "PointQuery",
    "Polygon",
    "QuadArrays",
    "QuadNode",
    "Quadtree",
    "QuarterTile",
    "RayHit",
    "Region",
    "SatMany",
    "SatResult",
    "ShapeError",
    "Slab",
    "Slide",
    "SlideStep",
    "Stop",
    "Sweep",
    "ToiStep",
    "TreeCast",
    "TreeHit",
    "TreeNode",
    "TreeQuery",
    "Vector",
    "box_vertices",
    "broadphase",
    "chain_manifold",
    "chain_segments",
    "classify_normal",
    "clip_vector",
    "epa",
    "gjk",
    "grown_outline",
    "manifold",
    "minkowski_difference",
    "point_query",
    "project",
    "ray_cast",
    "regular_polygon",
    "sat",
    "sat_many",
    "sat_many_circles",
    "sat_tile",
    "shape_cast",
    "slide",
    "solve_planes",
    "support",
    "sweep",
    "time_of_impact",
    "voronoi_region",
]
