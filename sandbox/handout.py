"""Handouts: every step of a walkthrough rendered to PNG, its numbers as JSON, and an index.html.

A handout folder keeps a manifest of the files it wrote. Exporting again may replace those, but
never a file it did not write: it stops and says which. The manifest is updated before each
file is written, so an export that was interrupted, or one with fewer steps than the last, can
be redone by running it again. Every file is a plain file inside the folder: a symbolic link
where a handout file would go is refused, so an export never writes outside its folder.
"""

import html
import json
import os
from pathlib import Path

from . import files
from .session import Session

MANIFEST = ".handout.json"


class HandoutError(Exception):
    """An export that would overwrite someone else's file, or cannot write its own."""


def export(walkthrough, directory, size=(1280, 720)):
    """Write the handout of ``walkthrough`` into ``directory``; return the index.html path.

    Raises HandoutError, or files.FileError when a file cannot be written, each with a
    one-line message.
    """
    from . import window

    directory = Path(directory)
    count = len(walkthrough.steps)
    names = [f"step-{i:02d}.{kind}" for i in range(1, count + 1) for kind in ("png", "json")] + ["index.html"]
    ours = _manifest(directory)
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

    def claim(name):
        """Record ``name`` in the manifest before writing it: a rerun may then redo it."""
        if name not in ours:
            ours.append(name)
            files.write_text(directory / MANIFEST, json.dumps({"files": ours}, indent=2) + "\n", follow_links=False)
        # window.screenshot writes its PNG through a link: refuse one here, as the JSON and
        # the page refuse theirs as they are written.
        files.save_target(directory / name, follow_links=False)
        return directory / name

    session = Session(size=size, walkthrough=walkthrough)
    sections = []
    for index, step in enumerate(walkthrough.steps):
        session.go(index)
        stem = f"step-{index + 1:02d}"
        window.screenshot(session, claim(f"{stem}.png"))
        numbers = session.scene.numbers()
        record = {"step": index + 1, "scene": step.scene, "caption": step.caption, "numbers": numbers}
        files.write_text(claim(f"{stem}.json"), json.dumps(record, indent=2) + "\n", follow_links=False)
        sections.append(_section(index + 1, count, session.scene, step.caption, stem, numbers))
    page = _PAGE.format(title=html.escape(walkthrough.title), sections="\n".join(sections))
    files.write_text(claim("index.html"), page, follow_links=False)
    return directory / "index.html"


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


def _section(number, count, scene, caption, stem, numbers):
    return (
        f'<section id="step-{number}"><h2>Step {number} of {count}: {html.escape(scene.category)}, {html.escape(scene.title)}</h2>\n'
        f'<img src="{stem}.png" alt="step {number}">\n<p class="caption">{html.escape(caption)}</p>\n'
        f"{_axes_table(numbers.get('axes', []))}{_values_table(numbers)}</section>"
    )


def _axes_table(axes):
    if not axes:
        return ""
    rows = "".join(
        f"<tr><td>{html.escape(a['name'])}</td><td>{html.escape(a['from'])}</td>"
        f"<td>{a['a'][0]:.2f} .. {a['a'][1]:.2f}</td><td>{a['b'][0]:.2f} .. {a['b'][1]:.2f}</td>"
        f"<td>{a['overlap']:.2f}</td><td>{'separates' if a['separating'] else ''}</td></tr>"
        for a in axes
    )
    return f"<table><tr><th>axis</th><th>from</th><th>A</th><th>B</th><th>overlap</th><th></th></tr>{rows}</table>\n"


def _values_table(numbers):
    rows = "".join(f"<tr><th>{html.escape(key)}</th><td>{html.escape(_show(value))}</td></tr>" for key, value in _flat(numbers))
    return f"<table class=\"values\">{rows}</table>\n"


def _flat(numbers, prefix=""):
    for key, value in numbers.items():
        if key == "axes":
            continue
        if isinstance(value, dict):
            yield from _flat(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


def _show(value):
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, list):
        return ", ".join(_show(v) for v in value)
    return str(value)


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: sans-serif; max-width: 1000px; margin: 2em auto; color: #222; }}
section {{ margin-bottom: 3em; }}
img {{ width: 100%; border: 1px solid #999; }}
.caption {{ font-size: 1.3em; }}
table {{ border-collapse: collapse; margin: 0.5em 0; }}
td, th {{ border: 1px solid #bbb; padding: 2px 8px; text-align: left; }}
</style></head>
<body><h1>{title}</h1>
{sections}
</body></html>
"""
