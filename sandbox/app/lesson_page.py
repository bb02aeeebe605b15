"""A walkthrough as one web page that plays offline: ``lesson.html`` beside a handout.

Everything is in the one file (the figures as inline SVG, the style and the script), so it opens
from ``file://`` with no network and no Python. The page shows one step at a time; the keys are
the window's (Right, Space or Page Down forward, Left or Page Up back) and a question step takes
two presses, the first revealing its figure, answer and the Report's tables. Without its script,
and when printed, the page shows every step one after the other.
"""

import html
import json
from importlib import resources
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from sandbox.app import figure_svg
from sandbox.app.describe import describe
from sandbox.app.walkthrough import Step

if TYPE_CHECKING:  # for the checker only: this module loads without the session and what it imports
    from sandbox.app.session import Session


class Slide(NamedTuple):
    """One step of the page: what it shows before and after its reveal."""

    number: int
    scene_title: str
    caption: str
    question: str
    """Empty for a step that asks nothing."""
    choices: tuple[str, ...]
    answer: str
    explain: str
    asked: str
    """The figure as the class predicts from it: SVG, its revealing overlays and verdict hidden."""
    shown: str
    """The figure revealed (the same as ``asked`` for a step that asks nothing)."""
    tables: str
    """The Report's claims and tables, as the handout's HTML."""
    numbers: Any
    """The Report's numbers, as the step's JSON holds them."""
    verdict: str
    """The verdict line as words (empty without one): a phone shows it, the figure's being small there."""
    described: str = ""
    """The revealed figure in words (describe.describe): its alternative text, after the caption."""


def slide(number: int, step: Step, session: "Session", asked: str, tables: str) -> Slide:
    """Step ``number`` as the page shows it, read from ``session`` once the step is revealed;
    ``asked`` is the SVG taken before, ``tables`` the revealed Report as HTML."""
    shown = figure_svg.figure(session) if step.question else asked
    answer = step.answer_text(session.scene) if step.question else ""
    report = session.report()
    verdict = "" if report.verdict is None else f"{report.verdict.text}  {report.verdict.detail}".strip()
    words = [step.filled(text, session.scene) for text in (step.caption, step.question, step.explain)]
    return Slide(number, session.scene.title, words[0], words[1], tuple(step.choices), answer, words[2],
                 asked, shown, tables, report.numbers, verdict, describe(report))


def choices_html(choices: Iterable[str]) -> str:
    """A question's choices as every page prints them: each beside a box to tick, with no
    letter (a choice "B" would read as shape B) and no number (a choice "2" as the second)."""
    items = "".join(f'<li><span class="tick" aria-hidden="true">☐</span> {html.escape(choice)}</li>' for choice in choices)
    return f'<ul class="choices">{items}</ul>\n'


def page(title: str, slides: list[Slide]) -> str:
    """The whole page, as text."""
    web = resources.files("sandbox.app") / "web"
    count = len(slides)
    body = "\n".join(_section(s, count) for s in slides)
    return _PAGE.format(title=html.escape(title), count=count, sections=body,
                        style=(web / "lesson.css").read_text(), script=(web / "lesson.js").read_text())


def _section(s: Slide, count: int) -> str:
    caption = html.escape(s.caption)
    head = (f'<section class="step{" asks" if s.question else ""}" data-step="{s.number}">\n'
            f'<h2>Step {s.number} of {count} <span>{html.escape(s.scene_title)}</span></h2>\n')
    if not s.question:
        return head + _figure(s.shown, "shown", _alt(caption, s)) + f'<p class="caption">{caption}</p>\n' + _after(s) + "</section>"
    return head + (
        _figure(s.asked, "asked", caption) + _figure(s.shown, "shown", _alt(caption, s))
        + f'<p class="caption">{caption}</p>\n'
        + f'<div class="question"><p><strong>Predict:</strong> {html.escape(s.question)}</p>\n'
        # Numbered, not lettered: a choice "A" would read as shape A.
        + (choices_html(s.choices) if s.choices else "")
        + '<p class="hint">Next reveals the answer.</p></div>\n'
        + f'<p class="answer">Answer: <strong>{html.escape(s.answer)}</strong>. {html.escape(s.explain)}</p>\n'
        + _after(s) + "</section>"
    )


def _figure(svg: str, kind: str, caption: str) -> str:
    return f'<figure class="{kind}" role="img" aria-label="{caption}">\n{svg}</figure>\n'


def _alt(caption: str, s: Slide) -> str:
    """A revealed figure's alternative text: the caption, then the figure in words (never on the
    asked figure, whose words would give the answer away)."""
    return f"{caption} {html.escape(s.described)}".strip()


def _after(s: Slide) -> str:
    """What the reveal shows below the caption: the Report's tables, then every number."""
    rows = "".join(f"<tr><th>{html.escape(name)}</th><td>{html.escape(json.dumps(value))}</td></tr>"
                   for name, value in _leaves(s.numbers))
    numbers = (f'<details class="numbers"><summary>Every number (step-{s.number:02d}.json)</summary>'
               f"<table><tbody>{rows}</tbody></table></details>\n") if rows else ""
    verdict = f'<p class="verdict">{html.escape(s.verdict)}</p>\n' if s.verdict else ""
    return f'<div class="report">\n{verdict}{s.tables}{numbers}</div>\n'


def _leaves(value: Any, name: str = ""):
    """(path, value) for every plain value in a JSON structure, e.g. ("axes[0].overlap", 4.5)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, f"{name}.{key}" if name else str(key))
    elif isinstance(value, list) and any(isinstance(item, (dict, list)) for item in value):
        for i, item in enumerate(value):
            yield from _leaves(item, f"{name}[{i}]")
    else:
        yield name, value


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
{style}</style></head>
<body>
<header><h1>{title}</h1>
<nav aria-label="Steps"><button type="button" id="back" title="Left or Page Up">&#9664; Back</button>
<span id="where" aria-live="polite">{count} steps</span>
<button type="button" id="next" title="Right, Space or Page Down">Next &#9654;</button>
<button type="button" id="print" title="Every step on paper">Print</button></nav></header>
<main>
{sections}
</main>
<script>
{script}</script>
</body></html>
"""
