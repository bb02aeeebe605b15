"""Handouts: every step of a walkthrough drawn as SVG (for the page) and as PNG (for the
regression baselines), its numbers as JSON, an index.html to print, and the lesson as a web page
(lesson_page: lesson.html).

A handout folder keeps a manifest of the files it wrote. Exporting again may replace those, but
never a file it did not write: it stops and says which. Every file is written first into a
temporary folder of the export's own (files.Staging) and moved in, the manifest first, only
once all are written: an export that stops half-way (a scene's NaN, a scene too slow, a full
disk) leaves the folder as it was, and one with fewer steps than the last can be redone by
running it again. Every file is a plain file inside the folder: a symbolic link where a
handout file would go is refused, so an export never writes outside its folder.
"""

import html
import inspect
import json
import math
import os
import re
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

from sandbox.app import figure_svg
from sandbox.app import files
from sandbox.app import handout_legend
from sandbox.app import lesson_page
from sandbox.app import seen
from sandbox.app import screen
from sandbox.app.camera import Camera
from sandbox.app.describe import describe
from sandbox.app.session import Session
from sandbox.app.walkthrough import Step, Walkthrough
from sandbox.kit import Code, Report, Table, svg
from sandbox.kit.errors import SandboxError
from sandbox.kit.theme import THEMES, with_palette

MANIFEST = ".handout.json"

PRINT_SCALE = 1.5
"""Pictures are this many times the window size: 1920x1080 for the default window, about 260
dots an inch across a page of A4."""

SMALLEST_POINTS = 8
"""No text on a printed page is smaller than this, a figure's labels included."""

MM_A_POINT = 25.4 / 72


class _Layout(NamedTuple):
    """How a handout prints: its figures' width on paper, and the font scale their labels are
    drawn at so that the smallest (10 points at 1x, as an axis's label) prints at
    SMALLEST_POINTS or more at that width."""

    compact: bool
    greyscale: bool

    @property
    def figure_mm(self) -> int:
        # 79 mm tall: a step and the next one's figure share a page (at A4's full text width,
        # 186 mm, a step and its table took a page, half of it blank); compact, 69% of that
        # width, beside its caption.
        return 128 if self.compact else 140

    @property
    def font_scale(self) -> float:
        # 10 pt x 1.3 (the projector theme's labels) x 2.3 is 30 pt, 40 px of 1920 across
        # 140 mm: 8.3 pt on paper; x 3 across 128 mm, 9.8 pt (a label held to the figure's own
        # zoom, framing.label_scale, prints smaller: time-of-impact's at 8.3 pt). At PRINT_SCALE
        # they printed at 7 and 4 pt. No larger: at 2.5 the label layout left out hex-triangle's
        # six axis names and fast-moving's sample numbers for room.
        return 3.0 if self.compact else 2.3

    def least_points(self, pixels: int) -> float:
        """The points (as the label layout counts them) that print at SMALLEST_POINTS in a
        figure ``pixels`` wide: the verdict line's small parts, which the font scale alone
        leaves under it, are held there (whole points, rounded up)."""
        return math.ceil(SMALLEST_POINTS * MM_A_POINT * pixels / (svg.POINTS * self.figure_mm))


class HandoutError(SandboxError):
    """An export that would overwrite someone else's file, or cannot write its own."""


def export(walkthrough: Walkthrough, directory: files.PathArg, size: tuple[int, int] = (1280, 720), theme: str = "projector", palette: str = "standard",
           compact: bool = False, greyscale: bool = False, stage: files.Staging | None = None, within: str = "", pngs: bool = True) -> Path:
    """Write the handout of ``walkthrough`` into ``directory``; return the index.html path.

    With ``stage`` (a files.Staging of a folder holding ``directory`` as its subfolder
    ``within``, "lesson/" say) the files are written into it and left for its owner to
    commit with the others (a course's lessons); otherwise the handout stages its own.

    Two editions share the pictures: index.html for the students (the questions, and their
    answers in a key at the end) and teacher.html (each step's teacher notes and answer beside
    it). Each picture is the figure alone (no panel, title or key hints) with its verdict,
    ``size`` scaled by PRINT_SCALE, in the theme named (the light "projector" theme prints best)
    and the palette named (theme.PALETTES). A question's step has a second picture, revealed,
    for the key. ``compact`` prints two steps a page; ``greyscale`` draws in the colour-blind
    palette, whose B is dashed, and shows every picture grey, as a greyscale printer prints it.
    With ``pngs`` false the PNG pictures (the baselines' copies, which a window renders with GL)
    are left out: the pages, SVG figures and step JSON need no display, no GL and no pyglet.

    Raises HandoutError, or files.FileError when a file cannot be written, each with a
    one-line message.
    """
    if str(directory) == "":
        raise HandoutError('cannot export to "": the folder name is empty; give a folder such as handout')
    directory = Path(directory)
    count = len(walkthrough.steps)
    asked = [i for i, step in enumerate(walkthrough.steps, 1) if step.question]
    names = (
        [f"step-{i:02d}.{kind}" for i in range(1, count + 1) for kind in ("svg", "png", "json") if pngs or kind != "png"]
        + [f"step-{i:02d}-answer.svg" for i in asked] + list(EDITIONS) + ["lesson.html"]
    )
    ours = _manifest(directory)
    for name in names:
        path = directory / name
        if os.path.islink(path):
            raise HandoutError(f"{path} is a symbolic link: a handout writes only plain files in its folder; remove it or choose another folder")
        if os.path.lexists(path) and name not in ours:
            raise HandoutError(f"{path} exists and is not from an earlier export: choose another folder")
    if os.path.lexists(directory) and not os.path.isdir(directory):
        raise HandoutError(f"cannot export to {directory}: it exists and is not a folder; choose a folder")
    def write_all(stage):
        claimed = []

        def claim(name):
            claimed.append(name)
            return stage.path(within + name)

        index = _write(walkthrough, directory, size, theme, "colour-blind" if greyscale else palette, count, claim, _Layout(compact, greyscale), pngs)
        files.write_text(stage.path(within + MANIFEST), json.dumps({"files": ours + [n for n in claimed if n not in ours]}, indent=2) + "\n",
                         follow_links=False)
        return index

    if stage is not None:
        return write_all(stage)
    # Written aside and moved in when every file is: a step that fails leaves the folder as it was.
    with files.Staging(directory) as own:
        index = write_all(own)
        own.commit(first=[MANIFEST])
    return index


def _write(walkthrough, directory, size, theme, palette, count, claim, layout, pngs):
    """Write every step's files and both editions through ``claim``; return the index.html path."""
    session = Session(size=(round(size[0] * PRINT_SCALE), round(size[1] * PRINT_SCALE)), walkthrough=walkthrough)
    colours = with_palette(THEMES[theme], palette)
    if layout.greyscale:
        # Nothing is hovered on paper, and the sky blue the colour-blind palette gives the
        # highlight (a hovered outline's there) prints pale grey: what a lesson outlines "in
        # black on paper" (the tip's retrieve, a plank's poses, the origin O) would fade away.
        colours = replace(colours, highlight=THEMES[theme].highlight)
    session.figure_only, session.show_panel, session.theme = True, False, colours
    # In grey the gap prints the grey of B's shadow and of the overlap: it is a hollow bar,
    # as B's shadow is dashed and the overlap an arrow.
    hollow = colours.separating if layout.greyscale else None
    session.least_points = layout.least_points(session.camera.width)
    session.set_font_scale(layout.font_scale)  # refreshes: the scene's view has the least points too
    shown, slides, drawn = [], [], handout_legend.Drawn()
    for index, step in enumerate(walkthrough.steps):
        # A question's picture is the one the class predicts from: its revealing overlays hidden.
        session.player.go(index)
        if not session.camera.fitted:
            _show_as_on_screen(session, step, size)
        _refuse_fault(session, walkthrough, index)
        stem = f"step-{index + 1:02d}"
        if pngs:
            from .window import app_window  # the window's side: GL renders the PNG

            app_window.screenshot(session, claim(f"{stem}.png"), follow_links=False)
            _refuse_fault(session, walkthrough, index)
        # The page prints the vectors; the PNG of the same picture stays for the baselines.
        figure = figure_svg.figure(session, hollow)
        files.write_text(claim(f"{stem}.svg"), _in_grey(figure) if layout.greyscale else figure, follow_links=False)
        _refuse_fault(session, walkthrough, index)
        words = {field: step.filled(getattr(step, field), session.scene) for field in ("caption", "question", "explain")}
        record = {"step": index + 1, "scene": step.scene, "caption": words["caption"]}
        answer = ""
        # What the figure shows, text by text, with the facts and labels each names: before the
        # reveal (a question's figure as the class predicts from it) and after.
        visible = {"asked" if step.question else "shown": _visible(session)}
        meters = [_meter_html(visible["asked" if step.question else "shown"])]
        drawn.add(session)
        if step.question:
            session.player.reveal()
            visible["revealed"] = _visible(session)
            meters.append(_meter_html(visible["revealed"]))
            drawn.add(session)
            # The key shows the figure revealed: what the class predicted, now drawn.
            revealed = figure_svg.figure(session, hollow)
            files.write_text(claim(f"{stem}-answer.svg"), _in_grey(revealed) if layout.greyscale else revealed, follow_links=False)
            answer = step.answer_text(session.scene)
            record.update(question=words["question"], choices=list(step.choices), answer_field=step.answer, answer=answer)
        record["numbers"] = session.report().numbers
        record["visible"] = visible
        _refuse_fault(session, walkthrough, index)
        metered = [_writes_meter(each, session.report()) for each in visible.values()]
        shown.append(_Shown(index + 1, step, session.scene, stem, words, answer, session.report(), meters[0], meters[-1], metered[0], metered[-1]))
        slides.append(lesson_page.slide(index + 1, step, session, figure, report_html(session.report())))
        files.write_text(claim(f"{stem}.json"), _json(record, session.scene, walkthrough, index), follow_links=False)
    for name, edition in EDITIONS.items():
        files.write_text(claim(name), _page(walkthrough, shown, edition, layout, drawn.html(session.theme, layout.greyscale)), follow_links=False)
    files.write_text(claim("lesson.html"), lesson_page.page(walkthrough.title, slides), follow_links=False)
    return directory / "index.html"


def _in_grey(figure: str) -> str:
    """The SVG ``figure`` with each colour its grey, red, green and blue weighed as CSS's
    grayscale filter and a greyscale printer weigh them (handout_legend.tone). Shown through
    that filter instead, Chromium printed every figure as a picture of dots: its text no longer
    text, and its hairlines (the quadtree's objects, one pixel of 1920) faded to a pale grey."""

    def grey(match: "re.Match[str]") -> str:
        red, green, blue = (int(match.group(2)[at:at + 2], 16) for at in (0, 2, 4))
        level = round(handout_legend.luminance((red, green, blue)))
        return f'{match.group(1)}="#{level:02x}{level:02x}{level:02x}"'

    return re.sub(r'\b(fill|stroke)="#([0-9a-fA-F]{6})"', grey, figure)


def _visible(session):
    """What the page shows of ``session``'s figure, as JSON: its texts (seen.of), then the cost
    meter's lines where the figure left the meter out and the page prints it under the figure
    ("where": "under"): on paper, at 8 pt, it found no clear corner (kit.figures.meter). While
    a question is open, its answer is written "?" there as in the figure."""
    shown = seen.of(session)
    lines = session.report().meter_lines()
    asked = seen.open_question(session)
    lines = [seen.hide(line, [asked]) for line in lines] if asked is not None else lines
    if lines and lines[0] not in {each.text for each in shown if each.where == "canvas"}:
        shown += seen.record([("under", line) for line in lines], session.report())
    return [each.as_json() for each in shown]


def _meter_html(visible):
    """The cost meter's line under the figure (``visible``'s "under" texts: its heading, then
    each method's counts), or ""."""
    lines = [each["text"] for each in visible if each["where"] == "under"]
    if not lines:
        return ""
    return f'<p class="meter"><strong>{html.escape(lines[0])}</strong>&ensp;' + " · ".join(f"<span>{html.escape(line)}</span>" for line in lines[1:]) + "</p>"


def _refuse_fault(session, walkthrough, index):
    """HandoutError naming the step and the scene file's line, when the scene's own code raised."""
    if session.fault is not None:
        raise HandoutError(f"walkthrough {walkthrough.path}, step {index + 1}: {session.fault}")


def _json(record, scene, walkthrough, index):
    """A step's record as strict JSON, or HandoutError naming the scene's file: a NaN or an
    object in its Report's numbers would make a file no JSON reader takes."""
    try:
        return json.dumps(record, indent=2, allow_nan=False) + "\n"
    except (TypeError, ValueError) as error:
        where = inspect.getsourcefile(type(scene))
        raise HandoutError(
            f"walkthrough {walkthrough.path}, step {index + 1}: the {scene.id} scene's Report numbers ({where}) are not JSON: "
            + ("a NaN or an infinity is no JSON number" if isinstance(error, ValueError) else str(error))
        ) from None


def _show_as_on_screen(session: Session, step: Step, size: tuple[int, int]) -> None:
    """Frame the picture on what a step's own view shows in a window of ``size`` beside the
    panel and under the caption: the picture is larger and has neither."""
    camera = Camera(*size)
    camera.place(screen.free_area(*size, 1.0, True, step.caption))
    camera.center, camera.zoom = step.layout["view"]["center"], step.layout["view"]["zoom"]
    session.camera.fit(camera.visible(), margin=0)
    session.camera.fitted = False
    session.refresh()


def _manifest(directory):
    """The names an earlier export into ``directory`` wrote, as a list (empty if none)."""
    path = directory / MANIFEST
    if not os.path.lexists(path):
        return []
    try:
        data = json.loads(files.read_text(path))
    except files.FileError as error:
        raise HandoutError(f"cannot read the handout manifest {path}: {error.strerror}") from None
    except (ValueError, RecursionError):
        data = None
    if not (isinstance(data, dict) and isinstance(data.get("files"), list) and all(isinstance(n, str) for n in data["files"])):
        raise HandoutError(
            f'{path} is not a handout manifest (JSON with a "files" list): remove it if the folder is yours, or choose another folder'
        )
    return list(data["files"])


class _Shown(NamedTuple):
    """One step as exported: what both editions print of it."""

    number: int
    step: object
    scene: object
    stem: str
    words: dict
    """The step's caption, question and explain, filled in."""
    answer: str
    report: object
    """The Report as revealed."""
    meter: str = ""
    """The cost meter's line under the figure (as asked, where it asks), or ""."""
    revealed_meter: str = ""
    """The same under the revealed figure."""
    metered: bool = False
    """Whether the figure (as asked, where it asks), or the line under it, writes the cost meter."""
    revealed_metered: bool = False
    """The same of the revealed figure."""


EDITIONS = {"index.html": "student", "teacher.html": "teacher"}
"""The pages an export writes, and the edition each is."""

GLOSSARY = (
    ("vector", "A direction and a length, written (x, y); here drawn as an arrow from a point."),
    ("dot product", "a·b = ax·bx + ay·by: positive when a and b point the same way, zero when square to each other."),
    ("normal", "A vector square to an edge or surface; an edge (x, y) has the normals (y, −x) and (−y, x)."),
    ("axis", "A line through the origin along a unit vector, onto which shapes are projected."),
    ("projection", "How far a point reaches along an axis: its dot product with the axis's unit vector."),
    ("interval (shadow)", "The stretch a shape covers on an axis, from its smallest projection to its largest."),
    ("overlap", "How much two intervals on one axis share; a negative overlap is a gap."),
    ("gap", "Space between two intervals on an axis: one gap proves two convex shapes apart."),
    ("separating axis", "An axis on which the two shapes' intervals leave a gap."),
    ("MTV", "Minimum translation vector: the shortest move that separates two overlapping shapes, along the axis of least overlap."),
    ("Voronoi region", "The part of the plane nearer to one feature of a shape (an edge or a corner) than to any other."),
    ("Minkowski difference", "A − B: every point of A less every point of B; A and B overlap exactly when it holds the origin."),
    ("support point", "A shape's furthest point along a direction; GJK builds its simplex from them."),
    ("broad phase", "A cheap first pass that leaves only the pairs worth an exact test."),
    ("tunnelling", "A fast object passing through a thin one between two frames' tests."),
    ("candidate pair", "A pair a broad phase keeps for the exact test: near enough that the two may touch, though they need not."),
    ("loose grid", "Square cells as big as the largest object, each object filed in the cell holding its centre and paired only with those in the 3 × 3 cells round it."),
    ("sort and sweep", "A broad phase that sorts the boxes by their left edges and pairs each only with the boxes that start before it ends."),
    ("straddler", "An object that crosses a quadtree node's split line: it fits in no child, so it stays in the node and is paired with everything below it."),
    ("AABB tree", "A tree of axis-aligned bounding boxes, each holding those below it: a query walks down only the branches whose box it touches."),
    ("fat box", "An object's box made larger than the object in an AABB tree, so the tree changes only when the object leaves it."),
    ("quadtree", "A tree that splits a square into four quarters, and each quarter again, every object kept in the smallest quarter that holds it whole."),
    ("reference face", "Of the two shapes' faces, the one that parts them most (SAT's axis of least penetration): the contact points are measured against it."),
    ("incident face", "The other shape's face turned most against the reference face's normal: clipped, it gives the contact points."),
    ("clipping", "Cutting a segment by a line and keeping the part on one side: the side planes at the reference face's ends clip the incident face."),
    ("contact point", "A point where two touching shapes press on each other, with how deep it is sunk: a physics engine pushes there."),
    ("capsule", "A segment grown by a radius: a rectangle with a half circle at each end."),
    ("GJK", "Gilbert, Johnson and Keerthi's test: whether A − B holds the origin, and how far it is from it, from a few support points at a time."),
    ("simplex", "A point, a segment or a triangle of support points of A − B: what GJK holds as it closes in on the origin."),
    ("ray cast", "Following a ray from its origin to its end and finding the first shape it meets, at a fraction t of the way."),
    ("slab", "The band between a box's two sides on one axis: a ray is inside the box where it is inside every slab at once."),
    ("time of impact", "The first moment of a motion at which two shapes touch, as a fraction t of the step."),
    ("conservative advancement", "Finding the time of impact by moving on, step by step, no further than the gap allows, so that the shapes never pass through each other."),
    ("bounce (restitution)", "The share of the speed across a surface that a hit gives back: 0 stops it there, 1 sends it back as fast."),
    ("friction", "The share of the speed along a surface that a hit takes away: 0 keeps it all, 1 stops the sliding."),
    ("ghost vertex", "A chain segment's neighbour's far end, kept with the segment so that a push at a smooth seam can be snapped to the segment's own normal."),
    ("collide and slide", "A character mover: each pass moves until it touches, keeps what it touched as a plane, and moves on along what is left of the wish."),
)
"""Short definitions printed at the end of a handout: those of the terms its pages use (_glossary)."""

USED_AS = {"axis": "axis|axes", "separating axis": "separating ax[ie]s", "interval (shadow)": "intervals?|shadows?", "Voronoi region": "Voronoi", "Minkowski difference": "Minkowski|A - B|A − B",
           "straddler": "straddl(?:ers?|es|ing)", "fat box": "fat box(?:es)?", "AABB tree": "AABB tree|dynamic tree",
           "quadtree": "quadtrees?", "clipping": "clip(?:s|ped|ping)?", "ray cast": "ray casts?|rays?", "slab": "slabs?",
           "bounce (restitution)": "bounce[sd]?|restitution", "ghost vertex": "ghost vert(?:ex|ices)|ghosts?", "GJK": "GJK",
           "simplex": "simplex(?:es)?"}
"""How a page may write a term, where not as the term or its plural."""


def _lesson_words(walkthrough, shown, scenes) -> str:
    """The lesson's own words, as HTML, the same in every edition and layout: the scenes'
    lessons, each step's words, answer and tables, and the things to try. Not the legend,
    whose generic rows ("the largest projection") gave the greyscale layout's glossary terms
    the plain one left out, nor the compact layout's code."""
    steps = [" ".join([*item.words.values(), item.answer, *item.step.choices]) + "".join(_table(table) for table in item.report.tables)
             for item in shown]
    return " ".join([*(scene.lesson for scene in scenes), *steps, _things_to_try(walkthrough, scenes)])


def _glossary(page: str) -> str:
    """The glossary of the terms ``page`` (the lesson's words, _lesson_words) uses, or "":
    printed whole, the terms a lesson never used filled a page, and in four teacher's editions
    its last terms stood alone on the last page (vectors' compact one: "tunnelling" alone)."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", page))
    used = [(term, words) for term, words in GLOSSARY
            if re.search(rf"(?<![\w-])(?:{USED_AS.get(term, re.escape(term) + 's?')})(?![\w-])", text, re.IGNORECASE)]
    if not used:
        return ""
    return '<section class="glossary"><h2>Glossary</h2><dl>' + "".join(f"<dt>{html.escape(t)}</dt><dd>{html.escape(d)}</dd>" for t, d in used) + "</dl></section>"


def _page(walkthrough, shown, edition, layout, legend):
    """One edition of the handout as HTML."""
    teacher = edition == "teacher"
    scenes = list({item.scene.id: item.scene for item in shown}.values())
    # The pages' words, not the legend's colours nor the sandbox's things to try (done on screen).
    words = handout_legend.without_colour_asides if layout.greyscale else str
    parts = [
        f'<p class="edition">{"Teacher" if teacher else "Student"}\'s edition</p>',
        words('<section class="intro"><h2>What this lesson is about</h2>\n'
              + "".join(f"<h3>{html.escape(scene.title)}</h3><p>{html.escape(scene.lesson)}</p>\n" for scene in scenes if scene.lesson)
              + "</section>"),
        legend,
    ]
    parts += [words(_section(item, len(shown), teacher, layout.compact)) for item in shown]
    if layout.compact:
        parts.append(_listings(shown))
    parts.append(_things_to_try(walkthrough, scenes))
    parts.append(_glossary(_lesson_words(walkthrough, shown, scenes)))
    key = [words(_answer(item, layout.compact)) for item in shown if item.step.question]
    if key and not teacher:
        parts.append('<section class="key" id="answers"><h2>Answers</h2>\n' + "\n".join(key) + "</section>")
    classes = " ".join(name for name, on in (("compact", layout.compact), ("greyscale", layout.greyscale)) if on)
    footer = _css_string(f"{walkthrough.title} · {'teacher' if teacher else 'student'}'s edition")
    return _PAGE.format(title=html.escape(walkthrough.title), footer=footer, classes=classes, sections="\n".join(parts),
                        figure_mm=_Layout(False, False).figure_mm, compact_mm=_Layout(True, False).figure_mm, gutter=GUTTER)


def _things_to_try(walkthrough, scenes):
    """The lesson's tasks for paper, then each scene's own things to try, marked as needing the
    sandbox: they drag, press and tick what a page cannot."""
    paper = "".join(f"<li>{html.escape(task)}</li>" for task in walkthrough.paper)
    tries = [scene for scene in scenes if scene.things_to_try]
    if not (paper or tries):
        return ""
    parts = ['<section class="try"><h2>Things to try</h2>\n']
    if paper:
        parts.append(f'<h3>On paper</h3><ul class="paper">{paper}</ul>\n')
    if tries:
        command = html.escape(f"python sandbox.py --walkthrough {walkthrough.path.name}")
        parts.append(f'<h3>In the sandbox</h3><p class="sandbox">These need the app: run <code>{command}</code>, then try them in each scene.</p>\n')
        parts += [f"<h4>{html.escape(scene.title)} (in the sandbox)</h4><ul>" + "".join(f"<li>{html.escape(t)}</li>" for t in scene.things_to_try) + "</ul>\n"
                  for scene in tries]
    return "".join(parts) + "</section>"


def _css_string(text):
    """``text`` as a quoted CSS string that cannot end its string or the style element."""
    return '"' + "".join(c if c.isalnum() or c in " ·',.:;!?()-" else f"\\{ord(c):x} " for c in text) + '"'


def _section(item, count, teacher, compact):
    """One step: its heading, the figure with its caption, then its question or its tables;
    the teacher's edition adds the notes, and under a question the figure revealed with the
    answer as its caption."""
    caption = html.escape(item.words["caption"])
    heading = f'<section class="step" id="step-{item.number}"><h2>Step {item.number} of {count} <span>{html.escape(item.scene.title)}</span></h2>\n'
    figure = (
        # The alternative text says the figure in words, except where it would answer the question.
        f'<figure class="shot"><img src="{item.stem}.svg" alt="Step {item.number}: {caption}{"" if item.step.question else " " + html.escape(describe(item.report))}">'
        f'{item.meter}<figcaption>{caption}</figcaption></figure>\n'
    )
    head = heading + figure
    notes = _notes(item.step.notes, item.number) if teacher else ""
    if not item.step.question:
        numbers = '<div class="numbers">' + report_html(item.report, compact, counted=not item.metered) + "</div>"
        if notes and not compact:
            # Beside the tables where the page has room: below them a tall step's notes went
            # to a page of their own (any-convex-polygon's steps 6 and 7).
            return head + f'<div class="with-notes">{numbers}{notes}</div></section>'
        return head + numbers + notes + "</section>"
    told = _revealed(item, "told") if teacher else '<p class="see">The answer, its figure and its numbers are in <a href="#answers">the key</a> at the end.</p>'
    question = (
        f'<div class="question"><p><strong>Predict:</strong> {html.escape(item.words["question"])}</p>\n'
        + (lesson_page.choices_html(item.step.choices) if item.step.choices else '<p class="blank">Your answer:</p>\n')
        + ("" if teacher else told) + "</div>"
    )
    return heading + f'<div class="asked">{figure}{question}</div>\n' + notes + (told if teacher else "") + "</section>"


def _revealed(item, kind):
    """A question's figure revealed, captioned with its answer: the teacher's beside the step
    (``kind`` "told"), the student's in the key ("answer")."""
    return (
        f'<figure class="shot {kind}"><img src="{item.stem}-answer.svg" alt="Step {item.number} revealed: {html.escape(describe(item.report))}">'
        f'{item.revealed_meter}<figcaption>Answer: <strong>{html.escape(item.answer)}</strong>. {html.escape(item.words["explain"])}</figcaption></figure>\n'
    )


def _notes(notes, number):
    """A step's teacher notes as a box, or nothing. The box names its step: a tall step's
    notes may be printed at the top of the next page."""
    lines = notes.lines()
    if not lines:
        return ""
    return f'<aside class="notes"><h3>Teacher\'s notes on step {number}</h3><dl>' + "".join(f"<dt>{html.escape(label)}</dt><dd>{html.escape(text)}</dd>" for label, text in lines) + "</dl></aside>"


def _answer(item, compact):
    """A question's entry in the key at the end: the revealed figure, the answer as its caption, and its numbers."""
    return (
        f'<div class="answer"><h3><a href="#step-{item.number}">Step {item.number}</a>: {html.escape(item.words["question"])}</h3>\n'
        + _revealed(item, "answer")
        + '<div class="numbers">' + report_html(item.report, compact, counted=not item.revealed_metered) + "</div></div>"
    )


def _writes_meter(visible: list, report: Report) -> bool:
    """Whether a figure, or the line under it, writes ``report``'s cost meter (``visible``:
    what the page shows of it, _visible): its costs, or the table of its work, which the
    tables print in full (fast-moving printed its work three times, the meter, a "Work
    counted" line and the table; box-box's Code steps twice)."""
    lines = report.meter_lines()
    return bool(lines) and any(each["text"] == lines[0] for each in visible)


def report_html(report: Report, compact: bool = False, counted: bool = True) -> str:
    """A scene's Report on paper: its flawed methods' claims, the work it counted, its tables
    and, when the step has the Code view on, the code it ran (in the compact layout only the
    lines round its marked line). With ``counted`` false the work counted is left out: the
    cost meter in the figure or on the line under it already says it (from-sat-to-gjk printed
    each step's counts twice, two lines apart)."""
    claims = "".join(f'<p class="claim{"" if claim.right else " wrong"}">{html.escape(claim.text())}</p>\n' for claim in report.claims)
    costs = ""
    if report.costs and counted:
        costs = '<p class="costs">Work counted: ' + html.escape("; ".join(f"{cost.what}: {cost.count:,}" for cost in report.costs)) + "</p>\n"
    code = "" if report.code is None else _code(report.code, compact)
    tables = report.tables if counted else tuple(table for table in report.tables if table != _metered(report))
    return claims + costs + "".join(_table(table) for table in tables) + code


def _metered(report: Report) -> Table | None:
    """The table the figure's cost meter writes whole (every count column), or None: printed
    again under the figure, fast-moving's work counted stood twice on the page."""
    if report.meter is None:
        return None
    fact = next((fact for fact in report.facts if fact.name == report.meter.table), None)
    shown = set(report.meter.columns)  # none named: every column
    if fact is None or shown and not shown >= {column.key for column in fact.columns[1:]}:
        return None
    return fact.table()


GUTTER = 7
"""Characters before a listed line's code, then two spaces: a step's mark (or a space) and
its number in four places, or the whole listing's number in five."""

CONTEXT = 4
"""Lines printed before and after the marked one in the compact layout, which prints each
function whole once, under "The code" (a whole listing at every step took a page each)."""


KEPT_ROUND = 3
"""Lines printed on the marked line's page before it and after it."""

SHORT_LISTING = 14
"""Lines of a listing printed whole on one page, its caption with it: the compact layout's
nine-line excerpt turned the page with one line at its foot, in an empty frame."""


def _code(code, compact=False):
    """The Code view on paper: the listing, the lines the step ran in bold, its marked line
    marked with an arrow and shaded, and the variables as that line begins. Compact: only the
    lines round the marked one, and the values of the names those lines use."""
    marked, values = code.runs[code.marked] if code.runs else (0, ())
    ran = {line for line, _ in code.runs}
    listed = code.listed()
    title = f"Code: {code.name}, {code.step}"
    if compact:
        at = next((index for index, (number, _) in enumerate(listed) if number == marked), 0)
        listed = listed[max(at - CONTEXT, 0) : at + CONTEXT + 1]
        title += f" (lines {listed[0][0]}-{listed[-1][0]}; the whole function is under The code at the end)"
        used = {word for _, source in listed for word in re.findall(r"[A-Za-z_]\w*", source)}
        values = tuple((name, value) for name, value in values if name in used)
    rows = []
    for number, source in listed:
        kind = "marked" if number == marked else "ran" if number in ran else "idle"
        rows.append(f'<span class="{kind}">{"&#9654;" if number == marked else " "}{number:4d}  {html.escape(source)}</span>')
    # The marked line and KEPT_ROUND lines each side print on one page: sat()'s listing turned
    # the page just before its marked last line, which printed alone over the next page's table.
    at = next((index for index, (number, _) in enumerate(listed) if number == marked), 0)
    first, last = max(at - KEPT_ROUND, 0), at + KEPT_ROUND + 1
    kept = f'<span class="round-marked">{chr(10).join(rows[first:last])}</span>'
    shown = tuple((name, value) for name, value in values if not value.startswith("<"))
    return (
        f'<figure class="code{" short" if len(rows) <= SHORT_LISTING else ""}"><figcaption>{html.escape(title)}</figcaption>'
        # No line break beside the kept block: it breaks the line itself, and one more would print a blank line.
        f'<pre>{chr(10).join(rows[:first])}{kept}{chr(10).join(rows[last:])}</pre></figure>\n' + _table(Table((), shown, "Values as the marked line begins"))
    )


def _listings(shown):
    """Each function a step's Code view ran, listed whole once, for the compact layout's
    excerpts to point to."""
    codes: dict[str, Code] = {}
    for item in shown:
        if item.report.code is not None:
            codes.setdefault(item.report.code.name, item.report.code)
    if not codes:
        return ""
    parts = [
        f'<figure class="code listing"><figcaption>{html.escape(name)}</figcaption><pre>'
        + "\n".join(f"<span>{number:5d}  {html.escape(source)}</span>" for number, source in code.listed())
        + "</pre></figure>"
        for name, code in codes.items()
    ]
    return '<section class="listings"><h2>The code</h2>\n' + "\n".join(parts) + "</section>"


LONG_TABLE = 12
"""Rows past which a headed table may turn the page between rows, its heading printed again:
moved whole, time-of-impact's 24 steps of conservative advancement left the teacher's page
before them half blank."""


def _table(table):
    """A kit Table as HTML: headed columns, or "name, value" rows each headed by its name."""
    caption = f"<caption>{html.escape(table.title)}</caption>" if table.title else ""
    if table.headers:
        head = "<thead><tr>" + "".join(f'<th scope="col">{html.escape(h)}</th>' for h in table.headers) + "</tr></thead>"
        body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in table.rows)
        kind = "columns long" if len(table.rows) > LONG_TABLE else "columns"
        return f'<table class="{kind}">{caption}{head}<tbody>{body}</tbody></table>\n'
    body = "".join(f'<tr><th scope="row">{html.escape(name)}</th><td>{html.escape(value)}</td></tr>' for name, value in table.rows)
    return f'<table class="values">{caption}<tbody>{body}</tbody></table>\n'


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: "DejaVu Sans", Arial, sans-serif; max-width: 1000px; margin: 2em auto; padding: 0 1em; color: #111; line-height: 1.35; }}
h1 {{ font-size: 1.8em; margin-bottom: 0.2em; }}
h2 {{ font-size: 1.25em; margin: 0 0 0.4em; }}
h2 span {{ font-weight: normal; color: #444; margin-left: 0.5em; }}
h3 {{ font-size: 1em; margin: 1em 0 0.3em; }}
h4 {{ font-size: 1em; font-weight: normal; font-style: italic; margin: 0.6em 0 0.2em; }}
.edition {{ color: #444; margin-top: 0; }}
section {{ margin-bottom: 2.5em; }}
figure {{ margin: 0; }}
img {{ display: block; width: 100%; height: auto; border: 1px solid #bbb; }}
figcaption {{ font-size: 1.15em; margin: 0.5em 0; }}
/* The cost meter, where its figure had no clear corner for it at a size that prints (kit.figures.meter). */
figure.shot .meter {{ margin: 0.3em 0 0; }}
figure.shot .meter span {{ white-space: nowrap; }}
table {{ border-collapse: collapse; margin: 0.5em 0; font-size: 0.95em; }}
figure.code pre {{ font-size: 0.8em; line-height: 1.25; border: 1px solid #bbb; padding: 0.4em; white-space: pre-wrap; }}
figure.code .ran {{ font-weight: bold; }}
figure.code .idle {{ color: #666; }}
figure.code .marked {{ font-weight: bold; background: #e8e8e8; outline: 1px solid #111; }}
/* A line too long for the page wraps under its own code, not under the line numbers. */
figure.code pre span:not(.round-marked) {{ display: inline-block; width: 100%; box-sizing: border-box; padding-left: {gutter}ch; text-indent: -{gutter}ch; }}
caption {{ text-align: left; font-weight: bold; padding: 0.2em 0; }}
td, th {{ border: 1px solid #999; padding: 2px 8px; text-align: left; vertical-align: top; }}
thead th {{ background: #eee; }}
table.values th {{ font-weight: normal; background: #f4f4f4; }}
/* A colour's name beside its swatch, never under it. */
.legend td:first-child, .legend th {{ white-space: nowrap; }}
.swatch {{ display: inline-block; width: 2.5em; height: 0.9em; border: 1px solid #333; vertical-align: middle; }}
.question {{ border: 2px solid #333; padding: 0.3em 0.8em; align-self: start; }}
.choices {{ list-style: none; padding: 0; }}
.choices li {{ margin: 0.2em 0; }}
.blank {{ min-height: 3em; }}
.see {{ font-size: 0.9em; color: #444; }}
.notes {{ border-left: 6px solid #555; background: #f2f2f2; padding: 0.2em 0.8em; margin: 0.6em 0; }}
.with-notes {{ display: flex; flex-wrap: wrap; align-items: flex-start; column-gap: 1.2em; }}
.with-notes > .numbers {{ flex: 0 1 auto; min-width: 0; }}
.with-notes > .notes {{ flex: 1 1 16em; }}
.notes h3 {{ margin: 0.3em 0; }}
.notes dt {{ font-weight: bold; float: left; clear: left; width: 6em; }}
.notes dd {{ margin: 0 0 0.2em 6.5em; }}
dt {{ font-weight: bold; }}
dd {{ margin: 0 0 0.4em 1.5em; }}
.claim {{ margin: 0.3em 0; }}
.claim.wrong {{ font-weight: bold; }}
code {{ overflow-wrap: anywhere; }}
/* Greyscale: the pictures are drawn grey (handout._in_grey, B dashed); the swatches shown as a greyscale printer prints them. */
body.greyscale .swatch {{ filter: grayscale(1); }}
@page {{ margin: 12mm 12mm 14mm; }}
/* Loose pages say whose they are and where they go; Chromium prints these instead of its own. */
@page {{ @bottom-left {{ content: {footer}; font: 8pt "DejaVu Sans", Arial, sans-serif; color: #444; }}
         @bottom-right {{ content: "page " counter(page) " of " counter(pages); font: 8pt "DejaVu Sans", Arial, sans-serif; color: #444; }} }}
@media print {{
  body {{ max-width: none; margin: 0; padding: 0; font-size: 10pt; }}
  section {{ margin: 0 0 6mm; }}
  /* A step, and an answer in the key, follows on where the last ended: its heading, its
     figure with the caption, its question and each table whole, but it may turn the page
     between them (kept whole, a step with a table took a page, half of it blank). */
  figure.shot, .question, .notes, .legend {{ break-inside: avoid; page-break-inside: avoid; }}
  /* A figure and its Predict box print on one page, the box beside the figure where the
     layout leaves room: under it, the box began the next page, away from what it asks about,
     and kept with it there, the page before was left half blank. */
  .asked {{ break-inside: avoid; page-break-inside: avoid; }}
  /* A heading stays with what it heads, a term with its definition, a row whole. */
  /* (Not a figure's own caption: it ends its figure, and would hold the next step to it.) */
  h2, h3, dt, figure.code figcaption, caption {{ break-after: avoid; page-break-after: avoid; }}
  /* A heading is never split: the key's two-line "Step 9: ... separated" ended a page and its
     "or colliding?" began the next, over the answer's figure. */
  h2, h3, h4 {{ break-inside: avoid; page-break-inside: avoid; }}
  dd, li, tr, figure.code .marked {{ break-inside: avoid; page-break-inside: avoid; }}
  /* A table moves whole to the next page; a listing and the values under it (most of a
     page for sat()) may turn it, four lines of code kept each side: moved whole, they left
     the page before them four-fifths blank. */
  table {{ break-inside: avoid; page-break-inside: avoid; }}
  table.long {{ break-inside: auto; page-break-inside: auto; }}
  /* ...but never leaving its heading with a row or two at a page's foot, or a row or two
     alone at the next page's head: three rows kept together at each end. */
  table.long thead, table.long thead tr, table.long tbody tr:nth-child(-n+2) {{ break-after: avoid; page-break-after: avoid; }}
  table.long tbody tr:nth-last-child(-n+2) {{ break-before: avoid; page-break-before: avoid; }}
  figure.code + table {{ break-inside: auto; page-break-inside: auto; }}
  figure.code pre {{ orphans: 4; widows: 4; }}
  figure.code .round-marked {{ display: block; break-inside: avoid; page-break-inside: avoid; }}
  figure.code.short {{ break-inside: avoid; page-break-inside: avoid; }}
  h4 {{ break-after: avoid; page-break-after: avoid; }}
  /* The glossary in two columns, a term kept with its definition, may turn the page: kept
     whole, it left the page before it half blank. */
  .glossary dl {{ columns: 2; column-gap: 8mm; margin: 0; }}
  /* Never a page to itself: collision-response's teacher's edition printed its one term,
     "normal", alone on a last page 8% full. */
  .glossary {{ break-before: avoid; page-break-before: avoid; }}
  .glossary dd {{ margin-left: 1em; }}
  /* A figure prints this wide, its labels drawn large enough for it (handout._Layout). */
  figure.shot img {{ width: {figure_mm}mm; max-width: 100%; }}
  .asked {{ display: grid; grid-template-columns: {figure_mm}mm auto; column-gap: 4mm; align-items: start; }}
  .asked .question {{ font-size: 9pt; padding: 0.2em 0.5em; }}
  .asked .question p {{ margin: 0.3em 0; }}
  a {{ color: inherit; text-decoration: none; }}
  /* The key packed: each answer's words beside its figure, its tables side by side where they
     fit. Captioned below, tables one under another, an answer took two thirds of a page and
     the next one's figure did not fit under it: a page an answer, 60-70% full. */
  .key figure.shot {{ display: grid; grid-template-columns: {figure_mm}mm auto; column-gap: 4mm; align-items: start; }}
  .key figure.shot figcaption {{ margin: 0; grid-column: 2; grid-row: 1 / span 2; }}
  .key figure.shot .meter {{ grid-column: 1; grid-row: 2; }}
  .key .numbers {{ display: flex; flex-wrap: wrap; align-items: flex-start; column-gap: 5mm; }}
  .key .numbers table {{ font-size: 9pt; }}
  .key .numbers td, .key .numbers th {{ padding: 1px 4px; }}
  /* Compact: each figure beside its caption, what the step asks or counts below both. */
  body.compact {{ font-size: 9pt; }}
  body.compact section.step {{ margin: 0 0 4mm; }}
  body.compact figure.shot {{ display: grid; grid-template-columns: {compact_mm}mm auto; column-gap: 4mm; align-items: start; }}
  body.compact figure.shot img {{ width: {compact_mm}mm; }}
  body.compact figure.shot figcaption {{ margin: 0; grid-column: 2; grid-row: 1 / span 2; }}
  body.compact figure.shot .meter {{ grid-column: 1; grid-row: 2; }}
  /* A question's Predict box under the caption beside its figure: the figure's parts and the
     box one grid, the picture beside both. */
  body.compact .asked {{ grid-template-columns: {compact_mm}mm auto; }}
  body.compact .asked figure.shot {{ display: contents; }}
  body.compact .asked img {{ grid-column: 1; grid-row: 1 / span 2; }}
  body.compact .asked figure.shot figcaption {{ grid-row: 1; }}
  body.compact .asked figure.shot .meter {{ grid-row: 3; }}
  body.compact .asked .question {{ grid-column: 2; grid-row: 2; margin-top: 0.5em; }}
  body.compact .numbers {{ display: flex; flex-wrap: wrap; align-items: flex-start; column-gap: 4mm; }}
  body.compact .numbers table {{ font-size: 8pt; }}
  body.compact .numbers td, body.compact .numbers th {{ padding: 1px 3px; overflow-wrap: anywhere; }}
  /* A heading is words, a row's name a variable: each kept whole ("point", not "poin t"). */
  body.compact .numbers th {{ overflow-wrap: normal; }}
  body.compact figure.code pre, body.compact figure.listing pre {{ font-size: 8pt; }}
}}
</style></head>
<body class="{classes}"><h1>{title}</h1>
{sections}
</body></html>
"""
