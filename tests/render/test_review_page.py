"""The review page a failed baseline writes: three images, the changed numbers, one command."""

import re
import shlex
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from sandbox.app.window import png
from screenshots import check, record_command

ROOT = Path(__file__).resolve().parents[2]


def request_for(nodeid):
    """What check reads of pytest's request: the option (not recording) and the test's id."""
    return SimpleNamespace(config=SimpleNamespace(getoption=lambda name: False), node=SimpleNamespace(nodeid=nodeid))


def pictures():
    expected = np.full((60, 80, 4), (22, 24, 29, 255), dtype=np.uint8)
    actual = expected.copy()
    actual[30, 10:70] = (236, 152, 54, 255)  # a line the baseline does not have
    return expected, actual


def test_a_failed_step_puts_its_images_numbers_and_command_on_the_page(tmp_path):
    expected, actual = pictures()
    baselines, review = tmp_path / "my-lesson", tmp_path / "review"
    png.write(expected, baselines / "step-03.png")
    nodeid = "tests/render/test_walkthrough_regression.py::test_step[my-lesson-step-03]"
    numbers = [("step-03.numbers.verdict", "SEPARATED", "COLLIDING"), ("step-03.numbers.depth", 1.5, 2.25)]
    with pytest.raises(AssertionError) as failure:
        check(actual, "step-03", request_for(nodeid), baselines, numbers, review,
              words=[("Caption", "B moves onto A by 2.3"), ("Question", "Which axis?")], lesson_command="python -m pytest x -k my-lesson")
    page = review / "index.html"
    assert str(page) in str(failure.value) and record_command(nodeid) in str(failure.value)
    assert "step-03.numbers.depth: 1.5 -> 2.25" in str(failure.value)
    text = page.read_text()
    images = re.findall(r'<img src="([^"]+)"', text)
    assert images == ["my-lesson-step-03-expected.png", "my-lesson-step-03-actual.png", "my-lesson-step-03-diff.png"]
    shown = [png.read(review / name) for name in images]
    assert np.array_equal(shown[0], expected) and np.array_equal(shown[1], actual)
    assert (shown[2][30, 10:70, :3] == (255, 0, 255)).all() and not (shown[2][20, :, :3] == (255, 0, 255)).all(axis=1).any()
    assert '<td>step-03.numbers.verdict</td><td title="&#x27;SEPARATED&#x27;">&#x27;SEPARATED&#x27;</td><td>&rarr;</td><td title="&#x27;COLLIDING&#x27;">&#x27;COLLIDING&#x27;</td>' in text
    # Rounded as the handout shows numbers, the exact value on hover; more digits only where one would hide the change.
    assert '<td>step-03.numbers.depth</td><td title="1.5">1.5</td><td>&rarr;</td><td title="2.25">2.2</td>' in text
    assert "<strong>Caption:</strong> B moves onto A by 2.3</p>" in text and "<strong>Question:</strong> Which axis?" in text
    assert "python -m pytest x -k my-lesson" in text and "white-space: pre-wrap" in text
    assert "python -m pytest &#x27;tests/render/test_walkthrough_regression.py::test_step[my-lesson-step-03]&#x27; --record-screenshots" in text


def test_a_change_past_the_first_decimal_shows_as_many_digits_as_tell_it():
    from screenshots import shown

    assert shown(42.21, 42.2400001) == ("42.21", "42.24")
    assert shown(1.0, 1.0 + 1e-10) == ("1.0000000000", "1.0000000001")
    assert shown("SEPARATED", "COLLIDING") == ("'SEPARATED'", "'COLLIDING'")


def test_a_step_leaves_the_page_when_it_matches_again(tmp_path):
    expected, actual = pictures()
    baselines, review = tmp_path / "screenshots", tmp_path / "review"
    for name in ("one", "two"):
        png.write(expected, baselines / f"{name}.png")
        with pytest.raises(AssertionError):
            check(actual, name, request_for(f"t.py::test_{name}"), baselines, review=review)
    assert re.findall(r"<h2>([^<]+)</h2>", (review / "index.html").read_text()) == ["screenshots-one", "screenshots-two"]
    check(expected, "one", request_for("t.py::test_one"), baselines, review=review)
    assert re.findall(r"<h2>([^<]+)</h2>", (review / "index.html").read_text()) == ["screenshots-two"]
    assert not (review / "screenshots-one-actual.png").exists()
    check(expected, "two", request_for("t.py::test_two"), baselines, review=review)
    assert not (review / "index.html").exists()


def test_only_numbers_changed_still_fails(tmp_path):
    expected, _ = pictures()
    png.write(expected, tmp_path / "lesson" / "step-01.png")
    with pytest.raises(AssertionError, match="0 pixels differ.*1 numbers changed"):
        check(expected, "step-01", request_for("t.py::t"), tmp_path / "lesson", [("step-01.numbers.gap", 3.0, 4.0)], tmp_path / "review")


def test_the_command_on_the_page_selects_exactly_that_step():
    """The page's command names one test, and pytest collects that one only."""
    nodeid = "tests/render/test_walkthrough_regression.py::test_a_walkthrough_step_exports_as_recorded[sat-from-scratch-step-03]"
    command = shlex.split(record_command(nodeid))
    collected = subprocess.run(
        # -n 0: only the selection is in question, not three processes collecting it.
        [sys.executable, *command[1:], "--collect-only", "-q", "-p", "no:cacheprovider", "-n", "0"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert collected.returncode == 0, collected.stdout + collected.stderr
    tests = [line for line in collected.stdout.splitlines() if "::" in line]
    assert tests == [nodeid]


def _fail_then_pass(args):
    """One test's life on a shared review page: fail (an entry), then match again (none)."""
    review, baselines, index = args
    import screenshots

    expected, actual = pictures()
    for picture in (actual, expected, actual):
        try:
            screenshots.check(picture, f"step-{index:03d}", request_for(f"t.py::t[{index}]"), Path(baselines), review=Path(review))
        except AssertionError:
            pass
    return index


@pytest.mark.slow
def test_the_page_survives_many_workers_at_once(tmp_path):
    """Under pytest -n, 12 to 31 of 240 concurrent checks raised FileNotFoundError (issue 22, case 8).
    A stress run (eight processes, 480 checks: ten seconds of a 2-core machine), so in the slow tier."""
    from concurrent.futures import ProcessPoolExecutor

    expected, _ = pictures()
    baselines, review = tmp_path / "lesson", tmp_path / "review"
    for index in range(240):
        png.write(expected, baselines / f"step-{index:03d}.png")
    with ProcessPoolExecutor(8) as pool:
        done = list(pool.map(_fail_then_pass, [(str(review), str(baselines), index) for index in range(240)]))
    assert done == list(range(240))
    # Each test ended failing: all 240 are on the page, each once.
    stems = re.findall(r"<h2>([^<]+)</h2>", (review / "index.html").read_text())
    assert sorted(stems) == [f"lesson-step-{index:03d}" for index in range(240)]


def test_a_lesson_named_with_a_hash_keeps_its_image_links(tmp_path):
    expected, actual = pictures()
    baselines, review = tmp_path / "lesson #2", tmp_path / "review"
    png.write(expected, baselines / "step-01.png")
    with pytest.raises(AssertionError):
        check(actual, "step-01", request_for("t.py::t"), baselines, review=review)
    for link in re.findall(r'<img src="([^"]+)"', (review / "index.html").read_text()):
        from urllib.parse import unquote

        assert "#" not in link and (review / unquote(link)).exists()


@pytest.mark.slow
def test_a_run_stopped_by_its_first_failure_still_lists_every_failing_step(tmp_path):
    """pytest -x stops at the first failing step; the page lists all three planted changes."""
    import json
    import os
    import shutil

    baselines, review = tmp_path / "walkthroughs", tmp_path / "review"
    shutil.copytree(ROOT / "tests" / "render" / "walkthroughs" / "why-quadtrees", baselines / "why-quadtrees")
    for number in (2, 4, 6):
        path = baselines / "why-quadtrees" / f"step-{number:02d}.json"
        record = json.loads(path.read_text())
        record["numbers"]["objects"] += 1
        path.write_text(json.dumps(record))
    # -m "": the lesson's steps whatever their tier (why-quadtrees' are in the slow one).
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-x", "-q", "-n", "0", "-p", "no:cacheprovider", "-m", "", "tests/render/test_walkthrough_regression.py", "-k", "[why-quadtrees-step-"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
        env={**os.environ, "WALKTHROUGH_BASELINES": str(baselines), "SCREENSHOT_REVIEW": str(review)},
    )
    assert "1 failed" in done.stdout, done.stdout
    assert re.findall(r"<h2>([^<]+)</h2>", (review / "index.html").read_text()) == [f"why-quadtrees-step-{n:02d}" for n in (2, 4, 6)]
