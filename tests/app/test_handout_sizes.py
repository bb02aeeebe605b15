"""No text on a printed handout smaller than 8 points (issue 34: the compact layout's figure
headers printed at about 5 pt, its tables at 6.8 pt): each size read from what the page prints,
the stylesheet's font sizes and every SVG label's size scaled to the width its figure prints at."""

import html
import re
from pathlib import Path

import pytest

from sandbox.app import handout
from sandbox.app import walkthrough
from sandbox.app.session import Session

MM_A_POINT = 25.4 / 72
TEXT_WIDTH_MM = 210 - 2 * 12
"""A4 less the margins the page's @page rule sets: what a figure at max-width 100% fills."""

LESSON = """
title = "Sizes"
[[steps]]
scene = "box-box"
caption = "Every axis, with its two shadows."
question = "Which axes separate A and B?"
choices = ["P", "Q", "R", "S", "none"]
answer = "separating_axes"
[[steps]]
scene = "vectors"
caption = "Two vectors."
[[steps]]
scene = "time-of-impact"
caption = "The plank turns as it moves."
[[steps]]
scene = "projection"
caption = "Two boxes' shadows on P."
[[steps]]
scene = "grid-broadphase"
caption = "The loose grid."
[[steps]]
scene = "box-box"
caption = "The code."
settings = { code = true }
[[steps]]
scene = "rotated-rectangles"
caption = "Four axes, every corner projected."
question = "How many dot products does testing all four axes take?"
choices = ["32", "16", "8"]
answer = "dot_products"
"""


def rules(page):
    """The stylesheet's rules as {selector: declarations}, the print rules over the screen's."""
    css = re.sub(r"/\*.*?\*/", "", page[page.index("<style>"):page.index("</style>")], flags=re.S)
    screen, _, printed = css.partition("@media print")
    found = {}
    for part in (screen, printed):
        for selectors, body in re.findall(r"([^{}@]+)\{([^{}]*)\}", part):
            for selector in selectors.split(","):
                found[selector.strip()] = found.get(selector.strip(), "") + ";" + body
    return found


def last(declarations, name):
    values = re.findall(rf"(?<![\w-]){name}:\s*([^;]+)", declarations)
    return values[-1].strip() if values else None


def body_points(found, compact):
    size = last(found["body"], "font-size")
    if compact and last(found.get("body.compact", ""), "font-size"):
        size = last(found["body.compact"], "font-size")
    return float(size.removesuffix("pt"))


def css_points(found, compact):
    """Each rule's font size in points: in points as written, an em of the body's print size
    (a generous reading: an em inside another em only shrinks further)."""
    body = body_points(found, compact)
    sizes = {}
    for selector, declarations in found.items():
        if selector.startswith("body.compact") and not compact:
            continue
        if compact and f"body.compact {selector}" in found:
            continue  # the compact layout's own rule is the one that prints
        for size in re.findall(r"(?<![\w-])font(?:-size)?:\s*([\d.]+)(pt|em|px)", declarations):
            value, unit = float(size[0]), size[1]
            sizes[selector] = value if unit == "pt" else value * body if unit == "em" else value * 0.75
    return sizes


def figure_mm(found, compact):
    """How wide a step's figure prints: its width in mm, else as tall as max-height lets it be
    and no wider than the text."""
    declarations = found.get("img", "") + found.get("figure.shot img", "")
    if compact:
        declarations += found.get("body.compact figure.shot img", "") + found.get("body.compact section.step img", "")
    width = last(declarations, "width")
    if width and width.endswith("mm"):
        return min(float(width.removesuffix("mm")), TEXT_WIDTH_MM)
    height = last(declarations, "max-height")
    return min(float(height.removesuffix("mm")) * 16 / 9, TEXT_WIDTH_MM) if height else TEXT_WIDTH_MM


def svg_points(svg, width_mm, headline=False):
    """Each label's printed size in points, the SVG ``width_mm`` wide on paper: the canvas's
    text elements, or with ``headline`` the verdict line's parts (its tspans)."""
    pixels = float(re.search(r'viewBox="0 0 ([\d.]+) ', svg).group(1))
    element = "tspan" if headline else "text"
    return [(float(size) * width_mm / pixels / MM_A_POINT, text)
            for size, text in re.findall(rf'<{element} [^>]*font-size="([\d.]+)"[^>]*>([^<]*)', svg)]


@pytest.fixture(scope="module", params=[False, True], ids=["full", "compact"])
def printed(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("sizes")
    (folder / "lesson.toml").write_text(LESSON)
    handout.export(walkthrough.load(folder / "lesson.toml"), folder / "out", compact=request.param)
    return request.param, folder / "out"


def test_no_text_in_the_stylesheet_prints_under_8_points(printed):
    compact, out = printed
    for edition in ("index.html", "teacher.html"):
        sizes = css_points(rules((out / edition).read_text()), compact)
        small = {selector: round(points, 1) for selector, points in sizes.items() if points < handout.SMALLEST_POINTS}
        assert not small, f"{edition}: {small}"


def meter_words(path):
    """The headings and method names a cost meter writes ("work counted", "loose grid: 367"
    is "loose grid") at each step of the lesson, asked and revealed."""
    session, lines = Session(walkthrough=walkthrough.load(path)), []
    for index, step in enumerate(session.player.walkthrough.steps):
        session.player.go(index)
        lines += session.report().meter_lines()
        if step.question:
            session.player.reveal()
            lines += session.report().meter_lines()
    return {line.split(":")[0] for line in lines}


def labels(out, compact, meter):
    """Each label's printed size and text, the meter's (``meter`` True) or the others'."""
    width = figure_mm(rules((out / "index.html").read_text()), compact)
    words = meter_words(out.parent / "lesson.toml")
    return width, [(points, text) for svg in sorted(out.glob("step-*.svg")) for points, text in svg_points(svg.read_text(), width)
                   if (text.split(":")[0] in words) == meter]


def small(found):
    return sorted({(round(points, 1), text) for points, text in found if points < handout.SMALLEST_POINTS})


def test_no_figure_label_prints_under_8_points(printed):
    compact, out = printed
    width, found = labels(out, compact, meter=False)
    assert len(found) > 20
    small = sorted({(round(points, 1), text) for points, text in found if points < handout.SMALLEST_POINTS})
    assert not small, f"{len(small)} labels under {handout.SMALLEST_POINTS} pt at {width:.0f} mm: {small[:8]}"


def meter_headings(path):
    """Each step's cost meter heading as its figure (asked, where it asks) writes it, or None."""
    session, headings = Session(walkthrough=walkthrough.load(path)), []
    for index in range(len(session.player.walkthrough.steps)):
        session.player.go(index)
        lines = session.report().meter_lines()
        headings.append(lines[0] if lines else None)
    return headings


def test_the_cost_meter_prints_at_8_points_or_more(printed):
    """On paper the meter is drawn no smaller than 8 pt: in a clear corner of its figure, or
    where the figure has none at that size (rotated-rectangles' boxes, axes and corner names
    fill it), in a line of its own under the figure. It was drawn at most 1.8x its 11 pt (the
    window's cap at 3x): 5.5 pt across 140 mm, 5.0 pt across 128 mm."""
    compact, out = printed
    width, found = labels(out, compact, meter=True)
    assert found, "no step draws its meter in its figure"
    assert not small(found), f"{len(small(found))} meter lines under {handout.SMALLEST_POINTS} pt at {width:.0f} mm: {small(found)[:8]}"
    page = (out / "index.html").read_text()
    headings = meter_headings(out.parent / "lesson.toml")
    assert any(headings)
    under = 0
    for number, heading in enumerate(headings, 1):
        if heading is None:
            continue
        step = page[page.index(f'id="step-{number}"'):]
        step = step[:step.index("</section>")]
        in_figure = heading in (out / f"step-{number:02d}.svg").read_text()
        below = re.search(r'<p class="meter">(.*?)</p>', step)
        assert in_figure != bool(below), f"step {number}: its meter is {'in its figure and under it' if in_figure else 'in neither its figure nor under it'}"
        if below:
            under += 1
            assert html.unescape(re.sub("<[^>]+>", "", below.group(1))).startswith(heading)
    assert under, "every meter found a clear corner: the line under the figure is not tried here"


def test_the_verdict_line_prints_at_8_points_or_more(printed):
    compact, out = printed
    width = figure_mm(rules((out / "index.html").read_text()), compact)
    found = [label for svg in sorted(out.glob("step-*.svg")) for label in svg_points(svg.read_text(), width, headline=True)]
    assert found
    assert not small(found), f"verdict line parts under {handout.SMALLEST_POINTS} pt at {width:.0f} mm: {small(found)[:8]}"
