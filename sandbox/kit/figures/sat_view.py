"""Showing a SatResult: its projection strips, the MTV, the verdict and the axis table.

A strip is one axis drawn beside the shapes: a thin line along the axis with A's and B's
intervals on either side of it, the overlap as a grey arrow or the gap in green, and the axis's
name and angle at one end. ``sandbox.kit.figures.strips`` chooses where each one goes.
"""

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from collision import AxisSource, AxisTest, Capsule, Circle, Polygon, SatResult

from sandbox.kit.report import Claim, Column, Fact, Line, Report, Verdict, number
from sandbox.kit.painter import Painter, Point, interval_ends
from sandbox.kit.theme import Theme
from sandbox.kit.view import Bounds, View

from sandbox.kit.figures import strips
from sandbox.kit.figures.strips import LABEL_SIZE, Memory, Segment, Strip

AXIS_NAMES = "PQRSTUVWXYZ"


def axis_name(index: int) -> str:
    """P, Q, R, S... as the tutorials name them, then n11, n12... for many-sided polygons."""
    return AXIS_NAMES[index] if index < len(AXIS_NAMES) else f"n{index}"


def axis_degrees(axis: Point) -> float:
    """The direction of an axis in degrees, within (-180, 180]: the direction its intervals
    were measured along, so a class projecting by hand along the angle gets the same numbers.
    (Folding it into (-90, 90] would negate both intervals on half the axes.)"""
    degrees = math.degrees(math.atan2(axis[1], axis[0]))
    return 180.0 if degrees == -180.0 else degrees + 0.0  # + 0.0: no negative zero


def degrees_text(degrees: float) -> str:
    """An angle as the class reads it, one decimal, never "-0.0" and never "-180.0"."""
    text = number(degrees)
    return f"{'180.0' if text == '-180.0' else text}°"


def axis_label(index: int, axis: Point) -> str:
    return f"{axis_name(index)} {degrees_text(axis_degrees(axis))}"


def place_strips(tests: Sequence[AxisTest], indices: Iterable[int], shapes: Sequence[Polygon | Circle], view: View, taken: Iterable[Bounds],
                 memory: Memory | None = None, keep: int | None = None) -> tuple[Strip, ...]:
    """Where each axis in ``indices`` is drawn, labelled with its name and angle (see
    sandbox.kit.figures.strips); ``memory`` is the scene's ``strip_memory``, which keeps a
    strip on its side while a shape is dragged; ``keep``, an axis always drawn (the verdict's)
    where there is room for fewer than all."""
    return strips.place_strips(tests, indices, shapes, view, taken, axis_label, memory, keep)


UNPAGED = "the table lists every axis; a larger window draws them all"
"""What a scene with no Next axis (N) offers instead of the strips it had no room for."""


def left_out(result: SatResult, placed: Iterable[Strip], shown: Iterable[int], instead: str = "N shows one axis at a time") -> list[Line]:
    """The panel's line naming the axes of ``shown`` that had no room beside the shapes, if any,
    and what the class may do ``instead`` (a scene with no Next axis names something else)."""
    drawn = {strip.index for strip in placed}
    missing = [axis_name(i) for i in shown if i not in drawn]
    if not missing:
        return []
    return [Line(f"No room for {listing(missing)}'s strip{'s' if len(missing) > 1 else ''} at this size: {instead}.",
                 missing=tuple(f"{name}'s strip" for name in missing))]


def draw_strip(painter: Painter, theme: Theme, test: AxisTest, strip: Strip, name: str) -> None:
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


def draw_guides(painter: Painter, theme: Theme, shape: Polygon, offset: float, axis: Point) -> None:
    """Thin drops from each corner of ``shape`` to its interval line, so the projection shows."""
    ax, ay = axis
    for x, y in shape.world_vertices():
        along = x * ax + y * ay
        painter.segment((x, y), interval_ends(axis, along, along, offset)[0], theme.guide, 1)


def mtv_tip(result: SatResult, shape: Polygon | Circle | Capsule) -> Point | None:
    """Where the MTV arrow drawn from ``shape``'s centre ends, or None when there is none."""
    if result.colliding and result.depth > 0:
        x, y = shape.position
        return (x + result.mtv.x, y + result.mtv.y)
    return None


def draw_mtv(painter: Painter, theme: Theme, result: SatResult, shape: Polygon | Circle | Capsule) -> None:
    """The MTV as a purple arrow from B's centre, when the shapes overlap."""
    tip = mtv_tip(result, shape)
    if tip is not None:
        x, y = shape.position
        painter.arrow((x, y), tip, theme.mtv, 3)


def named_axis(result: SatResult) -> int:
    """The index of the axis the verdict names: the separating one when apart, else the one of least overlap."""
    if not result.colliding:
        return result.axes.index(result.separating_axis)
    return min(range(len(result.axes)), key=lambda i: result.axes[i].overlap)


def verdict(result: SatResult) -> Verdict:
    """The large verdict line of a SatResult."""
    index = named_axis(result)
    if not result.colliding:
        return Verdict("SEPARATED", "separating", f"gap {-result.axes[index].overlap:.1f} on {axis_name(index)}")
    if result.touching:
        return Verdict("TOUCHING", "overlap", "depth 0")
    return Verdict("COLLIDING", "mtv", f"MTV {result.depth:.1f} along {axis_name(index)}")


def sat_numbers(result: SatResult) -> dict[str, Any]:
    """A SatResult's numbers beyond the facts its tables show, for the JSON and questions: the
    MTV as a vector, its length and axis ("none" when apart), the axes that separate ("none"
    when colliding), the parallel normals merged."""
    least = axis_name(named_axis(result)) if result.colliding else "none"
    separating = listing([axis_name(i) for i, test in enumerate(result.axes) if test.separating]) or "none"
    return {"mtv": list(result.mtv), "depth": result.depth, "mtv_axis": least, "separating_axes": separating, "merged": result.merged}


def source_words(source: AxisSource) -> str:
    """Where an axis comes from, in a word or two: "A's edge", "A's corner", "centres"."""
    if source.kind.value == "edge":
        return f"{source.shape}'s edge"
    if source.kind.value == "vertex":
        return f"{source.shape}'s corner"
    return "centres"


def sat_facts(result: SatResult, names: tuple[str, str] = ("A", "B"), source: Callable[[AxisSource], str] = source_words,
              early: SatResult | None = None) -> tuple[Fact, ...]:
    """A SatResult as facts, in the panel and on paper alike: a table with a row per axis (its
    name and angle, where it comes from, both shadows, the overlap or the gap), then the
    verdict, the MTV only when colliding, the axes tested, and with ``early`` how far a test
    that stops at the first gap gets."""
    rows = [
        {
            "name": axis_name(i),
            "degrees": axis_degrees(test.axis),
            "axis": list(test.axis),
            "from": f"{test.source.shape} {test.source.kind.value} {test.source.index}",
            "source": source(test.source),
            "a": [test.a.min, test.a.max],
            "b": [test.b.min, test.b.max],
            "overlap": test.overlap,
            "separating": test.separating,
        }
        for i, test in enumerate(result.axes)
    ]
    columns = (Column("name", "axis"), Column("degrees", "angle", "°"), Column("source", "from"),
               Column("a", f"{names[0]}'s shadow", form="interval"), Column("b", f"{names[1]}'s shadow", form="interval"),
               Column("overlap", form="gap"))
    named = named_axis(result)
    separating = listing([axis_name(i) for i, test in enumerate(result.axes) if test.separating]) or "none"
    facts = [Fact("axes", rows, columns=columns), Fact("verdict", verdict(result).text.lower())]
    if not result.colliding:
        facts.append(Fact("separating_axes", separating, "separating axes"))
    if result.colliding and result.depth > 0:
        facts.append(Fact("depth", result.depth, f"how far the MTV moves {names[1]} out of {names[0]}", label=axis_name(named)))
        facts.append(Fact("mtv_axis", axis_name(named), "the MTV's axis"))
        facts.append(Fact("mtv_degrees", math.degrees(math.atan2(result.mtv.y, result.mtv.x)) % 360, "the MTV's direction", "°"))
    facts.append(Fact("axes_tested", len(result.axes), "axes tested"))
    if result.merged:
        facts.append(Fact("merged", result.merged, "normals merged as parallel"))
    if early is not None:
        facts.append(Fact("early_stop", "never" if early.colliding else axis_name(len(early.axes) - 1), "a test stopping at the first gap stops at"))
        facts.append(Fact("early_tested", len(early.axes), "axes it tests"))
    return tuple(facts)


def listing(names: Sequence[str]) -> str:
    """"P", "P and R", "P, R and S"."""
    return " and ".join(filter(None, (", ".join(names[:-1]), names[-1] if names else "")))


def sat_report(result: SatResult, early: SatResult | None = None, lines: Iterable[Line] = (), claims: Iterable[Claim] = (),
               names: tuple[str, str] = ("A", "B"), source: Callable[[AxisSource], str] = source_words) -> Report:
    """The Report of a SatResult, written from its facts."""
    return Report(verdict(result), tuple(lines), numbers=sat_numbers(result), claims=tuple(claims), facts=sat_facts(result, names, source, early))


def strip_lines(result: SatResult, placed: Iterable[Strip], view: View) -> list[Segment]:
    """Each strip drawn beside the shapes as a segment, its name at its end: what a meter or a
    label keeps clear of."""
    lines = []
    for strip in placed:
        test = result.axes[strip.index]
        reach = 2.5 * strip.spread + 40 * view.pixel * view.text_scale
        low, high = min(test.a.min, test.b.min) - reach, max(test.a.max, test.b.max) + reach
        lines.append(interval_ends(test.axis, low, high, strip.offset))
    return lines
