"""Showing a SatResult: its projection strips, the MTV, the verdict and the axis table.

A strip is one axis drawn beside the shapes: a thin line along the axis with A's and B's
intervals on either side of it, the overlap as a grey arrow or the gap in green, and the axis's
name and angle at one end. ``sandbox.kit.figures.strips`` chooses where each one goes.
"""

import math
from typing import NamedTuple

from sandbox.kit.report import Line, Report, Table, Verdict, number
from sandbox.kit.painter import interval_ends

from sandbox.kit.figures import strips
from sandbox.kit.figures.strips import LABEL_SIZE

AXIS_NAMES = "PQRSTUVWXYZ"


def axis_name(index):
    """P, Q, R, S... as the tutorials name them, then n11, n12... for many-sided polygons."""
    return AXIS_NAMES[index] if index < len(AXIS_NAMES) else f"n{index}"


def axis_degrees(axis):
    """The direction of an axis in degrees, within (-180, 180]: the direction its intervals
    were measured along, so a class projecting by hand along the angle gets the same numbers.
    (Folding it into (-90, 90] would negate both intervals on half the axes.)"""
    degrees = math.degrees(math.atan2(axis[1], axis[0]))
    return 180.0 if degrees == -180.0 else degrees + 0.0  # + 0.0: no negative zero


def degrees_text(degrees):
    """An angle as the class reads it, one decimal, never "-0.0" and never "-180.0"."""
    text = number(degrees)
    return f"{'180.0' if text == '-180.0' else text}°"


def axis_label(index, axis):
    return f"{axis_name(index)} {degrees_text(axis_degrees(axis))}"


def place_strips(tests, indices, shapes, view, taken, memory=None, keep=None):
    """Where each axis in ``indices`` is drawn, labelled with its name and angle (see
    sandbox.kit.figures.strips); ``memory`` is the scene's ``strip_memory``, which keeps a
    strip on its side while a shape is dragged; ``keep``, an axis always drawn (the verdict's)
    where there is room for fewer than all."""
    return strips.place_strips(tests, indices, shapes, view, taken, axis_label, memory, keep)


def left_out(result, placed, shown):
    """The panel's line naming the axes of ``shown`` that had no room beside the shapes, if any."""
    drawn = {strip.index for strip in placed}
    missing = [axis_name(i) for i in shown if i not in drawn]
    if not missing:
        return []
    return [Line(f"No room for {listing(missing)}'s strip{'s' if len(missing) > 1 else ''} at this size: N shows one axis at a time.")]


def draw_strip(painter, theme, test, strip, name):
    """One axis drawn beside the shapes, at its strip's place."""
    axis, a, b, offset, spread = test.axis, test.a, test.b, strip.offset, strip.spread
    low, high = min(a.min, b.min) - 2.5 * spread, max(a.max, b.max) + 2.5 * spread
    line = theme.separating if test.separating else theme.axis
    painter.interval(axis, low, high, offset, line, 3 if test.separating else 1)
    painter.interval(axis, a.min, a.max, offset - spread, theme.shape_a)
    painter.interval(axis, b.min, b.max, offset + spread, theme.shape_b)
    start, end = max(a.min, b.min), min(a.max, b.max)
    if test.separating:
        painter.interval(axis, end, start, offset, theme.separating, 5)
    else:
        painter.arrow(*interval_ends(axis, start, end, offset), theme.overlap, 3)
    painter.text(strip.label, axis_label(strip.index, axis), line, LABEL_SIZE, strip.anchor)


def draw_guides(painter, theme, shape, offset, axis):
    """Thin drops from each corner of ``shape`` to its interval line, so the projection shows."""
    ax, ay = axis
    for x, y in shape.world_vertices():
        along = x * ax + y * ay
        painter.segment((x, y), interval_ends(axis, along, along, offset)[0], theme.guide, 1)


def mtv_tip(result, shape):
    """Where the MTV arrow drawn from ``shape``'s centre ends, or None when there is none."""
    if result.colliding and result.depth > 0:
        x, y = shape.position
        return (x + result.mtv.x, y + result.mtv.y)
    return None


def draw_mtv(painter, theme, result, shape):
    """The MTV as a purple arrow from B's centre, when the shapes overlap."""
    tip = mtv_tip(result, shape)
    if tip is not None:
        painter.arrow(tuple(shape.position), tip, theme.mtv, 3)


def named_axis(result):
    """The index of the axis the verdict names: the separating one when apart, else the one of least overlap."""
    if not result.colliding:
        return result.axes.index(result.separating_axis)
    return min(range(len(result.axes)), key=lambda i: result.axes[i].overlap)


def verdict(result):
    """The large verdict line of a SatResult."""
    index = named_axis(result)
    if not result.colliding:
        return Verdict("SEPARATED", "separating", f"gap {-result.axes[index].overlap:.1f} on {axis_name(index)}")
    if result.touching:
        return Verdict("TOUCHING", "overlap", "depth 0")
    return Verdict("COLLIDING", "mtv", f"MTV {result.depth:.1f} along {axis_name(index)}")


def sat_numbers(result):
    """A SatResult as plain JSON values: the verdict, every axis and the MTV."""
    return {
        "verdict": verdict(result).text.lower(),
        "depth": result.depth,
        "mtv": list(result.mtv),
        "merged": result.merged,
        "axes": [
            {
                "name": axis_name(i),
                "degrees": axis_degrees(test.axis),
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


def source_words(source):
    """Where an axis comes from, in a word or two: "A's edge", "A's corner", "centres"."""
    if source.kind.value == "edge":
        return f"{source.shape}'s edge"
    if source.kind.value == "vertex":
        return f"{source.shape}'s corner"
    return "centres"


def interval_words(interval):
    return f"{number(interval.min)}..{number(interval.max)}"


def sat_tables(result, names=("A", "B"), source=source_words, early=None):
    """A SatResult as a class reads it, in the panel and on paper alike: one row per axis (its
    name and angle, where it comes from, both shadows, the overlap or the gap), then the
    verdict, the MTV only when colliding, and with ``early`` how far a test that stops at the
    first gap gets."""
    rows = tuple(
        (
            axis_label(i, test.axis),
            source(test.source),
            interval_words(test.a),
            interval_words(test.b),
            f"gap {number(-test.overlap)}" if test.separating else number(test.overlap),
        )
        for i, test in enumerate(result.axes)
    )
    headers = ("axis", "from", f"{names[0]}'s shadow", f"{names[1]}'s shadow", "overlap")
    verdict_rows = _verdict_rows(result, names)
    if early is not None:
        tested = len(early.axes)
        stop = f"stops at {axis_name(tested - 1)}: " if not early.colliding else "never stops: "
        verdict_rows += (("early out", f"{stop}{tested} of {len(result.axes)} axes tested"),)
    return [Table(headers, rows), Table((), verdict_rows)]


def sat_report(result, early=None, lines=(), claims=(), names=("A", "B"), source=source_words):
    """The Report of a SatResult: its verdict, axis table, numbers and answers."""
    return Report(verdict(result), tuple(lines), tuple(sat_tables(result, names, source, early)), sat_numbers(result), sat_answers(result), tuple(claims))


def _verdict_rows(result, names):
    verdict = sat_answers(result)
    rows = [("verdict", verdict["verdict"])]
    if not result.colliding:
        rows.append(("separating axes", verdict["separating_axes"]))
    elif result.depth > 0:
        rows.append(("MTV", f"moves {names[1]} {number(result.depth)} out of {names[0]}, along {verdict['mtv_axis']}, "
                            f"towards {number(math.degrees(math.atan2(result.mtv.y, result.mtv.x)) % 360)}°"))
    tested = len(result.axes)
    rows.append(("axes tested", f"{tested} of {tested + result.merged} normals ({result.merged} parallel ones merged)" if result.merged else str(tested)))
    return tuple(rows)


def listing(names):
    """"P", "P and R", "P, R and S"."""
    return " and ".join(filter(None, (", ".join(names[:-1]), names[-1] if names else "")))


def sat_answers(result):
    """What a question may ask of a SatResult: the verdict, the axes that separate ("P and R",
    or "none"), the axis of least overlap that the MTV lies along ("none" when apart)."""
    separating = listing([axis_name(i) for i, test in enumerate(result.axes) if test.separating]) or "none"
    least = axis_name(named_axis(result)) if result.colliding else "none"
    return {"verdict": verdict(result).text.lower(), "separating_axes": separating, "mtv_axis": least, "axes": str(len(result.axes))}


def strip_lines(result, placed, view):
    """Each strip drawn beside the shapes as a segment, its name at its end: what a meter or a
    label keeps clear of."""
    lines = []
    for strip in placed:
        test = result.axes[strip.index]
        reach = 2.5 * strip.spread + 40 * view.pixel * view.text_scale
        low, high = min(test.a.min, test.b.min) - reach, max(test.a.max, test.b.max) + reach
        lines.append(interval_ends(test.axis, low, high, strip.offset))
    return lines
