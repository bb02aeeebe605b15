"""``python sandbox.py --check-lesson FILE``: what a lesson's words say that its steps do not show.

Each step is opened as the window opens it (its seed, its time, its question asked and then
revealed) and its words are held to what it computes:

- a number written into a caption, question or explanation must be one of the step's own values
  (its Report's numbers, tables, lines and verdict, or its layout's settings and poses) at the
  digits shown, or be marked as prose, ``{~39}``; a number quoted by name (``{gap:.1f}``) is
  right by construction;
- a question's choices must not name a label that the question hides (the axes P, Q, R, S with
  every axis hidden): the class would be asked to pick from what it cannot see;
- a question's caption must not quote its own answer;
- the words must not point at the panel, which a projector showing the figure alone leaves out.

Every problem is one line naming the file and the step.
"""

import math
import re

from sandbox.app import walkthrough
from sandbox.app.session import Session
from sandbox.kit.painter import RecordingPainter

NUMBER = re.compile(r"(?<![\w.,])[-−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?!(?!x\b)\w)(%?)")
"""A number as a caption writes it: 780, 79,800, -0.5, 51.0, 10%, 0.62x; not the 1 of "DemoSAT1" or "A1"."""

PANEL = re.compile(r"\b(panel|table|tables|sidebar|slider|checkbox)\b", re.IGNORECASE)
"""Words that point at the panel, or at what only the panel shows."""


def problems(lesson):
    """Every problem of ``lesson`` (a loaded Walkthrough), one line each, in step order."""
    session = Session(walkthrough=lesson)
    found = []
    for index, step in enumerate(lesson.steps):
        where = f"walkthrough {lesson.path}, step {index + 1}"
        session.go(index)
        asked = _labels(session) if step.question else set()
        if step.question:
            session.reveal()
        if session.fault is not None:
            found.append(f"{where}: the scene fails: {session.fault}")
            continue
        values = _values(session.report(), step.layout)
        for field in ("caption", "question", "explain"):
            found += [f"{where}: {field} {problem}" for problem in _words(getattr(step, field), values)]
        if step.question:
            hidden = sorted(choice for choice in step.choices if choice in _labels(session) - asked)
            if hidden:
                found.append(
                    f"{where}: the choices name {', '.join(hidden)}, which the question hides from the figure; "
                    "show what the class chooses from (hide less) or ask about something it can see"
                )
            quoted = {name for _, name, _, _ in walkthrough.TEMPLATE.parse(step.caption + step.question) if name}
            if quoted & {"answer", step.answer}:
                found.append(f"{where}: the caption or question quotes the answer ({{{step.answer}}}) while it is asked; quote it in explain")
    return found


def _words(text, values):
    """What is wrong with the words ``text`` (a step's template), as phrases."""
    wrong = []
    for literal, name, _, _ in walkthrough.TEMPLATE.parse(text):
        for match in NUMBER.finditer(literal):
            if not _among(match.group(0), values):
                wrong.append(
                    f'says {match.group(0)}, which is none of the step\'s own values at the digits shown: quote the value by name, '
                    f"e.g. {{gap:.1f}}, or mark a number of your own as prose, {{{walkthrough.PROSE}{match.group(0).rstrip('%')}}}"
                )
    words = "".join(literal for literal, *_ in walkthrough.TEMPLATE.parse(text))
    if (pointed := PANEL.search(words)) is not None:
        wrong.append(f'points at the panel ("{pointed.group(0)}"), which the projector does not show: say it on the figure, or quote the number')
    return wrong


def _among(shown, values):
    """Whether the number ``shown`` (as written) is one of ``values`` at its digits."""
    percent = shown.endswith("%")
    text = shown.rstrip("%").replace("−", "-").replace(",", "")
    digits = len(text.split(".")[1]) if "." in text else 0
    written = f"{abs(float(text)):.{digits}f}"
    return any(f"{abs(value * (100 if percent else 1)):.{digits}f}" == written for value in values)


def _values(report, layout):
    """Every number the step computes or is set to: its Report's numbers, the numbers written in
    its tables, lines, verdict and claims, and its layout's settings, poses and handles."""
    found = set()

    def take(value):
        if isinstance(value, bool) or value is None:
            return
        if isinstance(value, (int, float)) and math.isfinite(value):
            found.add(float(value))
        elif isinstance(value, str):
            found.update(float(m.group(0).rstrip("%").replace("−", "-").replace(",", "")) for m in NUMBER.finditer(value))
        elif isinstance(value, dict):
            for inner in value.values():
                take(inner)
        elif isinstance(value, (list, tuple)):
            for inner in value:
                take(inner)

    take(dict(report.numbers))
    take(dict(report.answers))
    take([line.text for line in report.lines])
    take([claim.text() for claim in report.claims])
    if report.verdict is not None:
        take([report.verdict.text, report.verdict.detail])
    for table in report.tables:
        take([table.title, table.headers, table.rows])
    take([layout.get(field, {}) for field in ("settings", "shapes", "handles")])
    return found


def _labels(session):
    """The words the figure writes as the session shows it now."""
    painter = RecordingPainter()
    session.draw(painter)
    return {word for call in painter.of("text") for word in call[2].split()}
