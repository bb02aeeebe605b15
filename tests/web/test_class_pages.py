"""A class in Chromium: 30 students' browsers and the teacher's page on one class server. The
students join, vote, change a vote and drag their own figure on an unlocked step; the teacher
reveals the answer and asks again, and sees both rounds' spread."""

from pathlib import Path

import pytest

from browser import browser  # noqa: F401  (the fixture)
from sandbox.app import walkthrough
from sandbox.app.classroom import server, store
from sandbox.app.classroom.figure import Figure
from sandbox.app.classroom.room import Room
from sandbox.app.classroom.serve import Served

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
STUDENTS = 30
ASKS = 10
"""sat-from-scratch's first question: 'Along which axis will the MTV push B out of A?' (answer Q)."""


@pytest.fixture
def served(tmp_path):
    lesson = walkthrough.load(ROOT / "walkthroughs" / "sat-from-scratch.toml")
    # The pages poll as a classroom's would; 31 browsers on one machine share its rate caps' room.
    served = Served(Room(lesson, store.Store(tmp_path / "class.sqlite", lesson.title)), "127.0.0.1", 0, server.Limits(joins=(50.0, 100.0)))
    thread = served.start()
    yield served
    served.stop()
    thread.join(10)


def until(condition, page, seconds=20):
    """Wait for ``condition`` in Python: the pages' CSP refuses the script wait_for_function would evaluate."""
    for _ in range(seconds * 10):
        if condition():
            return
        page.wait_for_timeout(100)
    raise AssertionError("waited in vain")


def test_thirty_students_and_a_teacher(browser, served):  # noqa: F811
    room = served.room
    teacher = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    teacher.goto(served.teacher)
    pages = []
    for _ in range(STUDENTS):
        page = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=False).new_page()
        page.goto(served.students)
        pages.append(page)
    for page in pages:
        page.wait_for_function("document.getElementById('where').textContent === 'Step 1 of 17'")
    teacher.get_by_text(f"{STUDENTS} joined").wait_for()

    for _ in range(ASKS):
        teacher.click("#next")
    for page in pages:
        page.get_by_role("button", name="Q", exact=True).wait_for()
    first = {}
    for i, page in enumerate(pages):
        first[i] = "PQRS"[i % 4]
        page.get_by_role("button", name=first[i], exact=True).click()
        page.get_by_text(f"Your vote: {first[i]}").wait_for()
    # A third change their minds before the reveal.
    for i, page in enumerate(pages[:10]):
        first[i] = "Q"
        page.get_by_role("button", name="Q", exact=True).click()
        page.get_by_text("Your vote: Q").wait_for()
    expected = {c: list(first.values()).count(c) for c in "PQRS"}
    assert room.votes()["counts"] == expected
    teacher.get_by_text(f"{STUDENTS} voted").wait_for()
    assert teacher.locator(".round").count() == 1

    # Unlocked: each student drags B on their own phone and sees it move.
    teacher.click("#unlock")
    figure = Figure(room.step, "test")
    bx, by = figure.camera.to_screen(*figure.scene.shapes["B"].position)
    for page in pages:
        page.locator("#figure.unlocked").wait_for()
        before = page.inner_html("#figure")
        box = page.locator("#figure").bounding_box()
        x = box["x"] + bx * box["width"] / figure.camera.width
        y = box["y"] + (figure.camera.height - by) * box["height"] / figure.camera.height
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + 40, y - 20, steps=4)
        page.mouse.up()
        until(lambda: page.inner_html("#figure") != before, page)
    for own in room._own.values():
        assert own.figure.scene.shapes["B"].position[0] > figure.scene.shapes["B"].position[0]
    assert len(room._own) == STUDENTS

    teacher.click("#reveal")
    for page in pages:
        page.get_by_text("Answer: Q.").wait_for()
        assert page.get_by_role("button", name="P", exact=True).is_disabled()
    teacher.locator(".bar.right").first.wait_for()  # the answer's bar marked on the projector

    teacher.click("#again")
    for i, page in enumerate(pages):
        page.get_by_role("button", name="Q", exact=True).wait_for(state="visible")
        until(lambda: not page.get_by_role("button", name="Q", exact=True).is_disabled(), page)
        page.get_by_role("button", name="Q", exact=True).click()
        page.get_by_text("Your vote: Q").wait_for()
    # Both rounds side by side on the teacher's page (it reads the spread once a second).
    teacher.get_by_text(f"Round 2: {STUDENTS} votes").wait_for()
    assert teacher.get_by_text(f"Round 1: {STUDENTS} votes").is_visible()
    assert room.votes()["rounds"][0]["counts"] == expected and room.votes()["counts"] == {"Q": STUDENTS}
