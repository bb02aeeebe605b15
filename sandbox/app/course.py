"""A course: every lesson in ``walkthroughs/`` exported to a folder of its own (its handout and
its ``lesson.html``), and an ``index.html`` linking them, ready for any static web host.

Each lesson's folder is a handout folder, with the handout's care for files it did not write;
the course's own page is recorded in the folder's ``.course.json``, so an export again may
replace it, and never a page someone else put there. The whole course is written into one
temporary folder of its own (files.Staging) and moved in when every lesson is done: a lesson
that fails leaves the folder as it was.
"""

import html
import json
import os
from pathlib import Path

from sandbox.app import files
from sandbox.app import handout
from sandbox.app import walkthrough

LESSONS = Path(__file__).resolve().parents[2] / "walkthroughs"
"""The lessons that ship with the sandbox."""

MANIFEST = ".course.json"


def export(directory: files.PathArg, size: tuple[int, int] = (1280, 720), theme: str = "projector", palette: str = "standard",
           lessons: files.PathArg | None = None) -> Path:
    """Write the course into ``directory``; return its index.html path. Every lesson is read
    and checked before anything is written. Raises a SandboxError with a one-line message."""
    lessons = LESSONS if lessons is None else Path(lessons)
    paths = sorted(lessons.glob("*.toml"))
    if not paths:
        raise handout.HandoutError(f"no lessons (*.toml) in {lessons}: the course export needs the walkthroughs folder of a checkout")
    loaded = [(path.stem, walkthrough.load(path)) for path in paths]
    if str(directory) == "":
        raise handout.HandoutError('cannot export to "": the folder name is empty; give a folder such as course')
    directory = Path(directory)
    index, manifest = directory / "index.html", directory / MANIFEST
    for path in [index, manifest] + [directory / stem for stem, _ in loaded]:
        if os.path.islink(path):
            raise handout.HandoutError(f"{path} is a symbolic link: a course writes only plain files and folders in its folder; remove it or choose another folder")
    if os.path.lexists(index) and not os.path.lexists(manifest):
        raise handout.HandoutError(f"{index} exists and is not from an earlier course export: choose another folder")
    for stem, _ in loaded:
        if os.path.lexists(directory / stem) and not os.path.isdir(directory / stem):
            raise handout.HandoutError(f"cannot export to {directory / stem}: it exists and is not a folder; choose another folder")
    # One staging for the whole course: a lesson that fails leaves the folder as it was.
    with files.Staging(directory) as stage:
        for stem, lesson in loaded:
            handout.export(lesson, directory / stem, size, theme, palette, stage=stage, within=f"{stem}/")
        files.write_text(stage.path(MANIFEST), json.dumps({"files": ["index.html"]}) + "\n", follow_links=False)
        files.write_text(stage.path("index.html"), _page(loaded), follow_links=False)
        stage.commit(first=[MANIFEST] + [f"{stem}/{handout.MANIFEST}" for stem, _ in loaded])
    return index


def _page(loaded) -> str:
    rows = "\n".join(
        f'<li><a href="{stem}/lesson.html">{html.escape(lesson.title)}</a> <span>{len(lesson.steps)} steps</span>'
        f' <a class="paper" href="{stem}/index.html">handout</a></li>'
        for stem, lesson in loaded
    )
    return _PAGE.format(rows=rows)


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Collision detection: the lessons</title>
<style>
body {{ font-family: "DejaVu Sans", Arial, sans-serif; max-width: 50em; margin: 2em auto; padding: 0 1em; color: #111; line-height: 1.4; }}
h1 {{ font-size: 1.6em; }}
li {{ margin: 0.6em 0; font-size: 1.15em; }}
li span {{ color: #555; font-size: 0.85em; margin: 0 0.6em; }}
a.paper {{ font-size: 0.85em; }}
</style></head>
<body><h1>Collision detection: the lessons</h1>
<p>Each lesson plays in the browser, one step at a time: Right, Space or Page Down for the next
step (a question reveals its answer first), Left or Page Up to go back. Each has a handout to print.</p>
<ol>
{rows}
</ol>
</body></html>
"""
