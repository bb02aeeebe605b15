"""``--export DIR --variants N``: each version of a lesson's questions on paper, in
DIR/variant-01/ ... (numbered to the width of N): ``sheet.html`` for the class (each question's
figure as asked, its caption and choices, and the Report's tables with a blank for every value
to work out), ``key.html`` (the answer and the tables filled in, beside the revealed figure),
the figures as SVG and ``version.json`` (each step's layout, seed, words, answer and numbers,
for a test to recompute). DIR/index.html lists the versions.

As a handout export, it writes only plain files inside DIR and never replaces a file it did
not write: the names it wrote are kept in DIR/.variants.json. Every file is written first into
a temporary folder of the export's own (files.Staging) and moved in only once all are written,
so an export cut short leaves DIR as it was and can be run again.
"""

import html
import json
import os
import re
from pathlib import Path

from sandbox.app import figure_svg
from sandbox.app import files
from sandbox.app import handout
from sandbox.app import lesson_page
from sandbox.app import variants
from sandbox.app.session import Session
from sandbox.app.walkthrough import Walkthrough
from sandbox.kit.theme import THEMES, with_palette

MANIFEST = ".variants.json"


def export(lesson: Walkthrough, directory: files.PathArg, count: int, seed: int, size: tuple[int, int] = (1280, 720), theme: str = "projector",
           palette: str = "standard") -> Path:
    """Write ``count`` versions of ``lesson``'s questions, drawn from ``seed``, into
    ``directory``; return its index.html. Raises VariantsError, HandoutError or FileError,
    each one line."""
    made = variants.make(lesson, count, seed)
    directory = Path(directory)
    if str(directory) in ("", "."):
        directory = Path(".")
    width = max(2, len(str(count)))
    folders = [f"variant-{version.number:0{width}d}" for version in made]
    names = ["index.html"] + [
        f"{folder}/{name}"
        for folder, version in zip(folders, made)
        for name in ["sheet.html", "key.html", "version.json"] + [f"step-{a.number:02d}{end}.svg" for a in version.steps for end in ("", "-answer")]
    ]
    ours = _manifest(directory)
    for name in [*folders, *names]:
        path = directory / name
        if os.path.islink(path):
            raise handout.HandoutError(f"{path} is a symbolic link: versions are written only as plain files in their folder; remove it or choose another folder")
        if name not in folders and os.path.lexists(path) and name not in ours:
            raise handout.HandoutError(f"{path} exists and is not from an earlier export of versions: choose another folder")
    for folder in folders:
        if os.path.lexists(directory / folder) and not os.path.isdir(directory / folder):
            raise handout.HandoutError(f"cannot export to {directory / folder}: it exists and is not a folder; choose another folder")
    # Written aside and moved in when every file is: a version that fails leaves the folder as it was.
    with files.Staging(directory) as stage:
        _write(lesson, made, folders, count, seed, size, theme, palette, stage)
        ours += [name for name in stage.written if name not in ours]
        files.write_text(stage.path(MANIFEST), json.dumps({"files": ours}, indent=2) + "\n", follow_links=False)
        stage.commit(first=[MANIFEST])
    return directory / "index.html"


def _write(lesson, made, folders, count, seed, size, theme, palette, stage):
    """Write every version's pictures, pages and record, and the index, into ``stage``."""

    def write(name, text):
        files.write_text(stage.path(name), text, follow_links=False)

    for folder, version in zip(folders, made):
        # Drawn as a handout draws its pictures: the figure alone, larger, in the theme asked for.
        steps = Walkthrough(lesson.title, lesson.path, tuple(a.step for a in version.steps))
        session = Session(size=(round(size[0] * handout.PRINT_SCALE), round(size[1] * handout.PRINT_SCALE)), walkthrough=steps)
        session.figure_only, session.show_panel, session.theme = True, False, with_palette(THEMES[theme], palette)
        session.set_font_scale(handout.PRINT_SCALE)
        for index, asked in enumerate(version.steps):
            session.player.go(index)
            if not session.camera.fitted:
                handout._show_as_on_screen(session, asked.step, size)
            stem = f"{folder}/step-{asked.number:02d}"
            write(f"{stem}.svg", figure_svg.figure(session))
            session.player.reveal()
            write(f"{stem}-answer.svg", figure_svg.figure(session))
            if session.fault is not None:
                raise handout.HandoutError(f"walkthrough {lesson.path}, step {asked.number}, {folder}: {session.fault}")
        heading = f"{lesson.title}: version {version.number} of {count}"
        write(f"{folder}/sheet.html", _PAGE.format(title=html.escape(heading), body=_sheet(version)))
        write(f"{folder}/key.html", _PAGE.format(title=html.escape(f"Key to {heading}"), body=_key(version)))
        write(f"{folder}/version.json", json.dumps(_record(lesson, version, count, seed), indent=2, allow_nan=False) + "\n")
    listing = "".join(f'<li>Version {v.number}: <a href="{f}/sheet.html">sheet</a>, <a href="{f}/key.html">key</a></li>' for f, v in zip(folders, made))
    write("index.html", _PAGE.format(title=html.escape(f"{lesson.title}: {count} versions"), body=f"<p>Drawn from seed {seed}.</p><ul>{listing}</ul>"))


def _manifest(directory):
    """The names an earlier export of versions into ``directory`` wrote, as a list."""
    path = directory / MANIFEST
    if not os.path.lexists(path):
        return []
    try:
        data = json.loads(files.read_text(path))
    except files.FileError as error:
        raise handout.HandoutError(f"cannot read the versions' manifest {path}: {error.strerror}") from None
    except (ValueError, RecursionError):
        data = None
    if not (isinstance(data, dict) and isinstance(data.get("files"), list) and all(isinstance(n, str) for n in data["files"])):
        raise handout.HandoutError(f'{path} is not a manifest of versions (JSON with a "files" list): remove it if the folder is yours, or choose another folder')
    return list(data["files"])


def _record(lesson, version, count, seed):
    """What version.json holds: enough to pose each step afresh and check its key."""
    return {
        "lesson": lesson.title,
        "seed": seed,
        "version": version.number,
        "of": count,
        "steps": [
            {
                "step": a.number, "scene": a.step.scene, "layout": a.step.layout, "seed": a.step.seed, "time": a.step.time,
                **a.words, "choices": list(a.step.choices), "answer_field": a.step.answer, "answer": a.answer, "numbers": a.numbers,
            }
            for a in version.steps
        ],
    }


def _sheet(version):
    """The class's sheet: each question as asked, and blanks for the numbers to work out."""
    parts = ['<p class="name">Name: <span class="line"></span></p>']
    # One exercise's table may name another's answer (the reference face, in the contact points').
    answers = [a.answer for a in version.steps]
    # A list numbered 1, 2, ... (contact points) would count its rows for the class: each is as
    # long as the largest count offered by any choice on the sheet.
    rows = max((int(c) for a in version.steps for c in a.step.choices if c.isascii() and c.isdigit()), default=0)
    for k, a in enumerate(version.steps, 1):
        parts.append(
            f'<section><h2>Exercise {k} <span>(step {a.number})</span></h2>'
            f'<figure><img src="step-{a.number:02d}.svg" alt="Exercise {k} as asked"><figcaption>{html.escape(a.words["caption"])}</figcaption></figure>'
            f'<p><strong>Predict:</strong> {html.escape(a.words["question"])}</p>'
            + (lesson_page.choices_html(a.step.choices) if a.step.choices else '<p>Your answer: <span class="line"></span></p>')
            + "<h3>Work it out</h3>" + "".join(_table(t, blank=True, answers=answers, rows=rows) for t in a.tables) + "</section>"
        )
    return "\n".join(parts)


def _key(version):
    """The key: each answer, from the version's own Report, with its figure and numbers."""
    parts = []
    for k, a in enumerate(version.steps, 1):
        parts.append(
            f'<section><h2>Exercise {k} <span>(step {a.number})</span></h2>'
            f'<p>Answer: <strong>{html.escape(a.answer)}</strong>. {html.escape(a.words["explain"])}</p>'
            f'<figure><img src="step-{a.number:02d}-answer.svg" alt="Exercise {k} revealed"></figure>'
            + "".join(_table(t, blank=False) for t in a.tables) + "</section>"
        )
    return "\n".join(parts)


def _table(table, blank, answers=(), rows=0):
    """A Report table; with ``blank`` every value (each cell but the row's name) a blank to fill,
    and each of ``answers`` of more than one word a blank where a row's name holds it ("reference
    face: A's edge 1"); a one-word answer (an axis P, a shape) names rows without giving it away.
    A blank table of numbered rows is given at least ``rows`` rows, their numbers blank too."""
    def cell(text):
        return '<td class="blank"></td>' if blank else f"<td>{html.escape(text) or '–'}</td>"

    hidden = sorted({a for a in answers if " " in a.strip()}, key=len, reverse=True)

    def name(text):
        if not hidden:
            return html.escape(text)
        parts = re.split("(" + "|".join(map(re.escape, hidden)) + ")", text)
        return "".join('<span class="gap"></span>' if part in hidden else html.escape(part) for part in parts)

    caption = f"<caption>{html.escape(table.title)}</caption>" if table.title else ""
    head = "<thead><tr>" + "".join(f'<th scope="col">{html.escape(h)}</th>' for h in table.headers) + "</tr></thead>" if table.headers else ""
    lines = list(table.rows)
    if blank and table.headers and lines and all(row[0].isdigit() for row in lines):
        lines = [("", *row[1:]) for row in lines] + [("",) * len(table.headers)] * (rows - len(lines))
    body = "".join(f'<tr><th scope="row">{name(row[0])}</th>' + "".join(cell(text) for text in row[1:]) + "</tr>" for row in lines)
    return f"<table>{caption}{head}<tbody>{body}</tbody></table>\n"


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: "DejaVu Sans", Arial, sans-serif; max-width: 1000px; margin: 2em auto; padding: 0 1em; color: #111; }}
h1 {{ font-size: 1.6em; }}
h2 {{ font-size: 1.2em; margin: 0 0 0.4em; }}
h2 span {{ font-weight: normal; color: #444; }}
h3 {{ font-size: 1em; margin: 0.8em 0 0.3em; }}
section {{ margin-bottom: 2em; }}
figure {{ margin: 0; }}
img {{ display: block; width: 100%; height: auto; border: 1px solid #bbb; }}
figcaption {{ font-size: 1.1em; margin: 0.5em 0; }}
table {{ border-collapse: collapse; margin: 0.5em 0; }}
caption {{ text-align: left; font-weight: bold; padding: 0.2em 0; }}
td, th {{ border: 1px solid #999; padding: 2px 8px; text-align: left; vertical-align: top; }}
thead th, tbody th {{ background: #f0f0f0; font-weight: normal; }}
td.blank {{ min-width: 6em; height: 1.6em; }}
.line {{ display: inline-block; min-width: 18em; border-bottom: 1px solid #111; }}
.gap {{ display: inline-block; min-width: 7em; height: 1em; border-bottom: 1px solid #111; background: #fff; }}
@page {{ margin: 12mm; }}
@media print {{
  body {{ max-width: none; margin: 0; font-size: 10pt; }}
  section {{ break-inside: avoid; page-break-inside: avoid; }}
  img {{ width: auto; max-width: 100%; max-height: 80mm; }}
  a {{ color: inherit; text-decoration: none; }}
}}
</style></head>
<body><h1>{title}</h1>
{body}
</body></html>
"""
