"""Handouts: every step of a walkthrough rendered to PNG, its numbers as JSON, and an index.html.

A handout folder keeps a manifest of the files it wrote. Exporting again may replace those, but
never a file it did not write: it stops and says which. The manifest is updated before each
file is written, so an export that was interrupted, or one with fewer steps than the last, can
be redone by running it again. Every file is a plain file inside the folder: a symbolic link
where a handout file would go is refused, so an export never writes outside its folder.
"""

import html
import inspect
import json
import os
import secrets
from pathlib import Path

from sandbox.app import files
from sandbox.app import screen
from sandbox.app.camera import Camera
from sandbox.app.session import Session
from sandbox.kit.errors import SandboxError
from sandbox.kit.theme import THEMES, with_palette

MANIFEST = ".handout.json"

PRINT_SCALE = 1.5
"""Pictures are this many times the window size, lines and text with them: 1920x1080 for the
default window, about 260 dots an inch across a page of A4."""


class HandoutError(SandboxError):
    """An export that would overwrite someone else's file, or cannot write its own."""


def export(walkthrough, directory, size=(1280, 720), theme="projector", palette="standard"):
    """Write the handout of ``walkthrough`` into ``directory``; return the index.html path.

    Each picture is the figure alone (no panel, title or key hints) with its verdict, ``size``
    scaled by PRINT_SCALE, in the theme named (the light "projector" theme prints best) and
    the palette named (theme.PALETTES).

    Raises HandoutError, or files.FileError when a file cannot be written, each with a
    one-line message.
    """
    if str(directory) == "":
        raise HandoutError('cannot export to "": the folder name is empty; give a folder such as handout')
    directory = Path(directory)
    count = len(walkthrough.steps)
    names = [f"step-{i:02d}.{kind}" for i in range(1, count + 1) for kind in ("png", "json")] + ["index.html"]
    ours, key = _manifest(directory)
    for name in names:
        path = directory / name
        if os.path.islink(path):
            raise HandoutError(f"{path} is a symbolic link: a handout writes only plain files in its folder; remove it or choose another folder")
        if os.path.lexists(path) and name not in ours:
            raise HandoutError(f"{path} exists and is not from an earlier export: choose another folder")
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise HandoutError(f"cannot export to {directory}: it exists and is not a folder; choose a folder") from None
    except OSError as error:
        raise HandoutError(f"cannot export to {directory}: {files.explain(error)}") from None

    def record():
        files.write_text(directory / MANIFEST, json.dumps({"files": ours, "key": key}, indent=2) + "\n", follow_links=False)

    def claim(name):
        """Record ``name`` in the manifest before writing it: a rerun may then redo it."""
        if name not in ours:
            ours.append(name)
            record()
        return directory / name

    # The temporary files of this folder's saves carry the manifest's key, kept there before
    # the first of them is made: those a killed export left are ours to remove, and no one
    # else's file is.
    record()
    files.remove_temporaries(directory, key)
    with files.tagged(key):
        return _write(walkthrough, directory, size, theme, palette, count, claim)


def _write(walkthrough, directory, size, theme, palette, count, claim):
    """Write every step's files and the page through ``claim``; return the index.html path."""
    from . import window

    session = Session(size=(round(size[0] * PRINT_SCALE), round(size[1] * PRINT_SCALE)), walkthrough=walkthrough)
    session.figure_only, session.show_panel, session.theme = True, False, with_palette(THEMES[theme], palette)
    session.set_font_scale(PRINT_SCALE)
    sections, key = [], []
    for index, step in enumerate(walkthrough.steps):
        # A question's picture is the one the class predicts from: its revealing overlays hidden.
        session.go(index)
        if not session.camera.fitted:
            _show_as_on_screen(session, step, size)
        _refuse_fault(session, walkthrough, index)
        stem = f"step-{index + 1:02d}"
        window.screenshot(session, claim(f"{stem}.png"), follow_links=False)
        _refuse_fault(session, walkthrough, index)
        words = {field: step.filled(getattr(step, field), session.scene) for field in ("caption", "question", "explain")}
        record = {"step": index + 1, "scene": step.scene, "caption": words["caption"]}
        if step.question:
            session.reveal()
            answer = step.answer_text(session.scene)
            record.update(question=words["question"], choices=list(step.choices), answer_field=step.answer, answer=answer)
            key.append(_answer(index + 1, words, answer, session.report()))
        record["numbers"] = session.report().numbers
        _refuse_fault(session, walkthrough, index)
        sections.append(_section(index + 1, count, session.scene, step, stem, words))
        files.write_text(claim(f"{stem}.json"), _json(record, session.scene, walkthrough, index), follow_links=False)
    if key:
        sections.append('<section class="key" id="answers"><h2>Answers</h2>\n' + "\n".join(key) + "</section>")
    page = _PAGE.format(title=html.escape(walkthrough.title), sections="\n".join(sections))
    files.write_text(claim("index.html"), page, follow_links=False)
    return directory / "index.html"


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


def _show_as_on_screen(session, step, size):
    """Frame the picture on what a step's own view shows in a window of ``size`` beside the
    panel and under the caption: the picture is larger and has neither."""
    camera = Camera(*size)
    camera.place(screen.free_area(*size, 1.0, True, step.caption))
    camera.center, camera.zoom = step.layout["view"]["center"], step.layout["view"]["zoom"]
    session.camera.fit(camera.visible(), margin=0)
    session.camera.fitted = False
    session.refresh()


def _manifest(directory):
    """The names an earlier export into ``directory`` wrote, as a list (empty if none), and the
    key its temporary files carry (a new one if it had none)."""
    path = directory / MANIFEST
    if not os.path.lexists(path):
        return [], secrets.token_hex(16)
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
    key = data.get("key")
    if not (isinstance(key, str) and len(key) == 32 and set(key) <= set("0123456789abcdef")):
        key = secrets.token_hex(16)
    return list(data["files"]), key


def _section(number, count, scene, step, stem, words):
    """One step: its heading, the figure with its caption, then its question or its tables;
    ``words`` holds the step's caption, question and explain filled in."""
    caption = html.escape(words["caption"])
    head = (
        f'<section class="step" id="step-{number}"><h2>Step {number} of {count} <span>{html.escape(scene.title)}</span></h2>\n'
        f'<figure><img src="{stem}.png" alt="Step {number}: {caption}"><figcaption>{caption}</figcaption></figure>\n'
    )
    if not step.question:
        return head + _report(scene.reported) + "</section>"
    choices = "".join(f"<li>{html.escape(choice)}</li>" for choice in step.choices)
    return head + (
        f'<div class="question"><p><strong>Predict:</strong> {html.escape(words["question"])}</p>\n'
        + (f'<ol class="choices" type="A">{choices}</ol>\n' if choices else '<p class="blank">Your answer:</p>\n')
        + f'<p class="see">The answer and the numbers are in <a href="#answers">the key</a> at the end.</p></div></section>'
    )


def _answer(number, words, answer, report):
    """A question's entry in the key at the end: the answer, and the numbers that show it."""
    return (
        f'<div class="answer"><h3><a href="#step-{number}">Step {number}</a>: {html.escape(words["question"])}</h3>\n'
        f"<p>Answer: <strong>{html.escape(answer)}</strong>. {html.escape(words['explain'])}</p>\n" + _report(report) + "</div>"
    )


def _report(report):
    """A scene's Report on paper: its flawed methods' claims, then its tables."""
    claims = "".join(f'<p class="claim{"" if claim.right else " wrong"}">{html.escape(claim.text())}</p>\n' for claim in report.claims)
    return claims + "".join(_table(table) for table in report.tables)


def _table(table):
    """A kit Table as HTML: headed columns, or "name, value" rows each headed by its name."""
    caption = f"<caption>{html.escape(table.title)}</caption>" if table.title else ""
    if table.headers:
        head = "<thead><tr>" + "".join(f'<th scope="col">{html.escape(h)}</th>' for h in table.headers) + "</tr></thead>"
        body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in table.rows)
        return f'<table class="columns">{caption}{head}<tbody>{body}</tbody></table>\n'
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
section {{ margin-bottom: 2.5em; }}
figure {{ margin: 0; }}
img {{ display: block; width: 100%; height: auto; border: 1px solid #bbb; }}
figcaption {{ font-size: 1.15em; margin: 0.5em 0; }}
table {{ border-collapse: collapse; margin: 0.5em 0; font-size: 0.95em; }}
caption {{ text-align: left; font-weight: bold; padding: 0.2em 0; }}
td, th {{ border: 1px solid #999; padding: 2px 8px; text-align: left; vertical-align: top; }}
thead th {{ background: #eee; }}
table.values th {{ font-weight: normal; background: #f4f4f4; }}
.question {{ border: 2px solid #333; padding: 0.3em 0.8em; }}
.choices li {{ margin: 0.2em 0; }}
.blank {{ min-height: 3em; }}
.see {{ font-size: 0.9em; color: #444; }}
.claim {{ margin: 0.3em 0; }}
.claim.wrong {{ font-weight: bold; }}
@page {{ margin: 12mm; }}
@media print {{
  body {{ max-width: none; margin: 0; padding: 0; font-size: 10pt; }}
  section {{ margin: 0 0 6mm; }}
  section.step, .answer {{ break-inside: avoid; page-break-inside: avoid; }}
  section.key {{ break-before: page; page-break-before: always; }}
  /* A figure no taller than this leaves room for its caption and table on one page of A4 or Letter. */
  img {{ width: auto; max-width: 100%; max-height: 100mm; }}
  a {{ color: inherit; text-decoration: none; }}
}}
</style></head>
<body><h1>{title}</h1>
{sections}
</body></html>
"""
