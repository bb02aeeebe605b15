"""Comparing a rendered PNG with its committed baseline, pixel by pixel, and the review page.

When a picture (or a walkthrough step's numbers) differs from its baseline, the failure goes on
one HTML page, tests/render/review/index.html: the expected, actual and difference images side
by side, the numbers that changed (old -> new), and the command that re-records exactly that
baseline. A course maintainer approves a change step by step by running the commands of the
steps meant to change. A baseline that matches (or is re-recorded) leaves the page again, so
it lists what still fails however the tests were selected.
"""

import contextlib
import html
import json
import os
import shlex
from pathlib import Path
from urllib.parse import quote

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; the page is then rebuilt unguarded
    fcntl = None

import numpy as np

from sandbox.app.window import png

BASELINES = Path(__file__).parent / "screenshots"
REVIEW = Path(os.environ.get("SCREENSHOT_REVIEW", Path(__file__).parent / "review"))
"""Where the review page and its images go (git-ignored); the review page's own test moves it."""
THRESHOLD = 40
"""A pixel differs when any channel moves by more than this (0-255): past rounding, not past a line."""
ALLOWED = 4
"""How many differing pixels are forgiven; one missing thin line is hundreds."""


def differing(actual, expected):
    """Pixels that differ beyond THRESHOLD, as a boolean (H, W) mask; all True if sizes differ."""
    if actual.shape != expected.shape:
        return np.ones(actual.shape[:2], dtype=bool)
    # |a - b| in uint8, as the larger less the smaller: no wider copies of two full screens.
    return ((np.maximum(actual, expected) - np.minimum(actual, expected)) > THRESHOLD).any(axis=2)


def diff_image(actual, expected, mask):
    """The expected picture dimmed, with every differing pixel in magenta."""
    picture = (expected // 3).copy() if actual.shape == expected.shape else np.zeros_like(actual)
    picture[..., 3] = 255
    picture[mask] = (255, 0, 255, 255)
    return picture


def record_command(nodeid):
    """The command, run from the checkout's top folder, that re-records the baselines of test ``nodeid`` only."""
    return f"python -m pytest {shlex.quote(nodeid)} --record-screenshots"


def check(actual, name, request, baselines=BASELINES, numbers=(), review=REVIEW, words=(), lesson_command=""):
    """Compare ``actual`` with baseline ``name`` in ``baselines``, for the test of ``request``.

    ``numbers`` lists what changed besides the picture, as (field, old, new) triples. On a
    mismatch of either, the step goes on the review page in ``review`` and the test fails with
    the page's path. With --record-screenshots the picture is written as the baseline instead.
    ``words`` are (label, text) pairs the page shows beside the pictures (a step's caption and
    question), ``lesson_command`` the command that re-records the whole lesson.
    """
    __tracebackhide__ = True  # the message says it all; pytest need not print the arrays
    baseline, stem = baselines / f"{name}.png", _stem(baselines, name)
    if request.config.getoption("--record-screenshots") or not baseline.exists():
        png.write(actual, baseline)
        _forget(review, stem)
        assert request.config.getoption("--record-screenshots"), f"no baseline {baseline} yet: wrote one; look at it, then run again"
        return
    expected = png.read(baseline)
    mask = differing(actual, expected)
    if mask.sum() <= ALLOWED and not numbers:
        _forget(review, stem)
        return
    command = record_command(request.node.nodeid)
    page = add_to_review(review, stem, expected, actual, mask, numbers, command, words, lesson_command)
    changed = "".join(f"\n  {field}: {old!r} -> {new!r}" for field, old, new in numbers[:10])
    raise AssertionError(
        f"{name}: {int(mask.sum())} pixels differ from {baseline}"
        + (f"; {len(numbers)} numbers changed:{changed}" if numbers else "")
        + f"\nreview it on {page}\nre-record this one if the change is meant: {command}"
    )


def _stem(baselines, name):
    """A baseline's name on the review page: its folder and its name, e.g. "sat-from-scratch-step-03"."""
    return f"{baselines.name}-{name}"


def add_to_review(review, stem, expected, actual, mask, numbers, command, words=(), lesson_command=""):
    """Write the three images and an entry for ``stem`` into ``review``, rebuild the page; return its path."""
    for kind, picture in (("expected", expected), ("actual", actual), ("diff", diff_image(actual, expected, mask))):
        png.write(picture, review / f"{stem}-{kind}.png")
    entry = {
        "stem": stem,
        "pixels": int(mask.sum()),
        "numbers": [[field, repr(old), repr(new), *shown(old, new)] for field, old, new in numbers],
        "command": command,
        "words": [list(pair) for pair in words],
        "lesson_command": lesson_command,
    }
    with _locked(review):
        _write_whole(review / f"{stem}.json", json.dumps(entry, indent=2) + "\n")
        return _rebuild(review)


def shown(old, new):
    """Two numbers as the page shows them: to one decimal, as a handout does, or to as few
    more as tell them apart (at most 12); anything else as it is."""
    if not all(isinstance(v, float) for v in (old, new)):
        return repr(old), repr(new)
    for digits in range(1, 13):
        if f"{old:.{digits}f}" != f"{new:.{digits}f}":
            break
    return f"{old:.{digits}f}", f"{new:.{digits}f}"


def _forget(review, stem):
    """Take ``stem`` off the review page, if it is there."""
    if (review / f"{stem}.json").exists():
        with _locked(review):
            for name in (f"{stem}.json", f"{stem}-expected.png", f"{stem}-actual.png", f"{stem}-diff.png"):
                (review / name).unlink(missing_ok=True)
            _rebuild(review)


@contextlib.contextmanager
def _locked(review):
    """One test worker at a time changes the entries and rebuilds the page (pytest -n runs
    many): otherwise one reads an entry another has just removed, or removes the page another
    has just written for entries that remain."""
    review.mkdir(parents=True, exist_ok=True)
    with open(review / ".lock", "a") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _write_whole(path, text):
    """Write ``text`` to ``path`` by a rename, so a test worker running alongside (pytest -n)
    never reads a half-written entry or page."""
    part = path.with_name(f"{path.name}.{os.getpid()}.part")
    part.write_text(text)
    os.replace(part, path)


def _rebuild(review):
    """Write the page from the entries in ``review`` (remove it when none is left); return its path."""
    entries = [json.loads(path.read_text()) for path in sorted(review.glob("*.json"))]
    page = review / "index.html"
    if entries:
        _write_whole(page, _PAGE.format(count=len(entries), entries="\n".join(_entry(e) for e in entries)))
    else:
        page.unlink(missing_ok=True)
    return page


def _entry(entry):
    stem = html.escape(entry["stem"])
    # A file name is a URL path here: quoted, so that a lesson named "lesson #2" keeps its "#".
    link = html.escape(quote(entry["stem"]))
    figures = "".join(
        f'<figure><a href="{link}-{kind}.png"><img src="{link}-{kind}.png" alt="{kind}"></a><figcaption>{kind}</figcaption></figure>'
        for kind in ("expected", "actual", "diff")
    )
    # Rounded as a class reads them; the exact value on hover.
    rows = "".join(
        f'<tr><td>{html.escape(field)}</td><td title="{html.escape(old)}">{html.escape(short_old)}</td><td>&rarr;</td>'
        f'<td title="{html.escape(new)}">{html.escape(short_new)}</td></tr>'
        for field, old, new, short_old, short_new in entry["numbers"]
    )
    words = "".join(f'<p class="words"><strong>{html.escape(label)}:</strong> {html.escape(text)}</p>' for label, text in entry["words"])
    lesson = (
        f'<p>Re-record every step of this lesson (after looking at each):</p><pre>{html.escape(entry["lesson_command"])}</pre>'
        if entry["lesson_command"] else ""
    )
    numbers = f"<table><tr><th>number</th><th>old</th><th></th><th>new</th></tr>{rows}</table>" if rows else "<p>No number changed.</p>"
    return (
        f'<section><h2>{stem}</h2>\n'
        f'<p>{entry["pixels"]} pixels differ (magenta in the difference image; click an image for full size).</p>\n'
        f'<div class="images">{figures}</div>\n{words}\n{numbers}\n'
        f'<p>Re-record this baseline only, if the change is meant:</p><pre>{html.escape(entry["command"])}</pre>{lesson}</section>'
    )


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Baselines to review</title>
<style>
body {{ font-family: sans-serif; margin: 1.5em; color: #222; }}
.images {{ display: flex; gap: 8px; }}
figure {{ flex: 1; margin: 0; }}
figure img {{ width: 100%; border: 1px solid #999; }}
figcaption {{ text-align: center; font-weight: bold; }}
table {{ border-collapse: collapse; margin: 0.5em 0; }}
td, th {{ border: 1px solid #bbb; padding: 2px 8px; text-align: left; font-family: monospace; }}
pre {{ background: #eee; padding: 0.5em; white-space: pre-wrap; overflow-wrap: anywhere; }}
.words {{ font-size: 1.1em; margin: 0.3em 0; }}
section {{ border-bottom: 2px solid #ccc; padding-bottom: 1em; }}
</style></head>
<body><h1>{count} baselines to review</h1>
{entries}
</body></html>
"""
