"""The Voronoi regions of a convex polygon as shapes to shade: one per edge and one per vertex."""

from collision import Polygon, Region

REACH = 3000
"""How far the regions are drawn out from the polygon, in world units: past any window."""


def regions(polygon: Polygon) -> list[tuple[Region, int, list[tuple[float, float]]]]:
    """(Region, index, corner points) for every feature: edge regions are strips standing on
    their edge, vertex regions wedges between the normals of the two edges that meet there."""
    points = [tuple(p) for p in polygon.world_vertices()]
    normals = [tuple(n) for n in polygon.normals()]
    shapes = []
    for i, ((x0, y0), (x1, y1), (nx, ny)) in enumerate(zip(points, points[1:] + points[:1], normals)):
        shapes.append((Region.EDGE, i, [(x0, y0), (x1, y1), (x1 + REACH * nx, y1 + REACH * ny), (x0 + REACH * nx, y0 + REACH * ny)]))
    for i, (x, y) in enumerate(points):
        (ax, ay), (bx, by) = normals[i - 1], normals[i]
        shapes.append((Region.VERTEX, i, [(x, y), (x + REACH * ax, y + REACH * ay), (x + REACH * (ax + bx), y + REACH * (ay + by)), (x + REACH * bx, y + REACH * by)]))
    return shapes
