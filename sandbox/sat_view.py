"""Drawing and tabulating a SatResult: shared by every scene that teaches the SAT."""

import math

from imgui_bundle import imgui

from collision import project

from . import palette
from .painter import interval_ends

AXIS_NAMES = "PQRSTUVWXYZ"
SPACING = 36
"""World units between the projection lines drawn beside the shapes."""


def axis_name(index):
    """P, Q, R, S... as the tutorials name them, then n11, n12... for many-sided polygons."""
    return AXIS_NAMES[index] if index < len(AXIS_NAMES) else f"n{index}"


def beside(shapes, axis, slot):
    """How far left of ``axis`` a projection line clears every shape, ``slot`` lines out."""
    normal = (-axis[1], axis[0])
    return max(project(shape, normal).max for shape in shapes) + 40 + SPACING * slot


def draw_axis(painter, test, name, offset):
    """One AxisTest drawn beside the shapes: the axis line, A's and B's intervals on either
    side of it, and the overlap as a grey arrow or the gap in green."""
    axis, a, b = test.axis, test.a, test.b
    low, high = min(a.min, b.min) - 15, max(a.max, b.max) + 15
    line = palette.SEPARATING if test.separating else palette.AXIS
    painter.interval(axis, low, high, offset, line, 3 if test.separating else 1)
    painter.interval(axis, a.min, a.max, offset - 6, palette.SHAPE_A)
    painter.interval(axis, b.min, b.max, offset + 6, palette.SHAPE_B)
    start, end = max(a.min, b.min), min(a.max, b.max)
    if test.separating:
        painter.interval(axis, end, start, offset, palette.SEPARATING, 5)
    else:
        painter.arrow(*interval_ends(axis, start, end, offset), palette.OVERLAP, 3)
    painter.text(interval_ends(axis, high, high, offset)[0], name, line, 13)


def draw_guides(painter, shape, interval_offset, axis):
    """Thin drops from each corner of ``shape`` to its interval line, so the projection shows."""
    ax, ay = axis
    for x, y in shape.world_vertices():
        along = x * ax + y * ay
        painter.segment((x, y), interval_ends(axis, along, along, interval_offset)[0], palette.GUIDE, 1)


def draw_mtv(painter, result, shape):
    """The MTV as a purple arrow from B's centre, when the shapes overlap."""
    if result.colliding and result.depth > 0:
        x, y = shape.position
        painter.arrow((x, y), (x + result.mtv.x, y + result.mtv.y), palette.MTV, 3)


def sat_numbers(result):
    """A SatResult as plain JSON values: the verdict, every axis and the MTV."""
    return {
        "verdict": verdict(result)[0],
        "depth": result.depth,
        "mtv": list(result.mtv),
        "merged": result.merged,
        "axes": [
            {
                "name": axis_name(i),
                "axis": list(test.axis),
                "from": f"{test.source.shape} {test.source.kind.value} {test.source.index}",
                "a": [test.a.min, test.a.max],
                "b": [test.b.min, test.b.max],
                "overlap": test.overlap,
                "separating": test.separating,
            }
            for i, test in enumerate(result.axes)
        ],
    }


def degrees(vector):
    return math.degrees(math.atan2(vector[1], vector[0]))


def verdict(result):
    if not result.colliding:
        return "separated", palette.SEPARATING
    return ("touching", palette.OVERLAP) if result.touching else ("colliding", palette.MTV)


def page_controls(page, count):
    """DemoSAT3's paging: a checkbox for one axis at a time and a button to the next; the new page."""
    changed, one_at_a_time = imgui.checkbox("One axis at a time", page is not None)
    if changed:
        page = 0 if one_at_a_time else None
    if page is not None:
        imgui.same_line()
        if imgui.button(f"Next axis (showing {axis_name(page)})"):
            page = (page + 1) % count
    return page


def check_page(settings):
    """The page a layout's settings ask for: None for all axes, or ValueError."""
    page = settings.get("page")
    if page is not None and (not isinstance(page, int) or isinstance(page, bool) or page < 0):
        raise ValueError("page must be null (all axes) or an axis number from 0")
    return page


def results_panel(result, early):
    """The verdict, the MTV and a table of every axis: its intervals, overlap, and whether an
    early-out test (stop at the first separating axis) would have reached it."""
    text, color = verdict(result)
    imgui.text_colored(palette.imgui_color(color), f"Verdict: {text}")
    if result.colliding:
        imgui.text(f"MTV: depth {result.depth:.2f} along {degrees(result.normal):.1f} deg")
    else:
        imgui.text(f"Separating axis: {axis_name(result.axes.index(result.separating_axis))}")
    imgui.text(f"Axes tested: {len(result.axes)} ({result.merged} parallel normals merged)")
    flags = imgui.TableFlags_.borders | imgui.TableFlags_.row_bg | imgui.TableFlags_.sizing_fixed_fit
    if imgui.begin_table("axes", 6, flags):
        for heading in ("axis", "from", "A", "B", "overlap", "early-out"):
            imgui.table_setup_column(heading)
        imgui.table_headers_row()
        for index, test in enumerate(result.axes):
            imgui.table_next_row()
            cells = (
                f"{axis_name(index)} {degrees(test.axis):.0f} deg",
                f"{test.source.shape} {test.source.kind.value} {test.source.index}",
                f"{test.a.min:.0f}..{test.a.max:.0f}",
                f"{test.b.min:.0f}..{test.b.max:.0f}",
                f"{test.overlap:.1f}",
                "tested" if index < len(early.axes) else "skipped",
            )
            for column, cell in enumerate(cells):
                imgui.table_next_column()
                if column == 4 and test.separating:
                    imgui.text_colored(palette.imgui_color(palette.SEPARATING), f"{cell} gap")
                else:
                    imgui.text(cell)
        imgui.end_table()
