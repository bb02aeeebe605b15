"""A caption quotes its step's facts; the class may move the figure until one of them is gone
(byhand3: B lifted off A at where-do-they-touch step 1 took away {depth}, and the window closed
with a KeyError). The caption then shows a dash where the number was."""

from pathlib import Path

from sandbox.app import walkthrough
from sandbox.app.template import MISSING

ROOT = Path(__file__).resolve().parents[2]


def test_a_caption_whose_fact_the_class_took_away_shows_a_dash_not_a_crash(drive):
    lesson = walkthrough.load(ROOT / "walkthroughs" / "where-do-they-touch.toml")
    driver = drive(walkthrough=lesson)
    session = driver.session
    assert "{depth}" in lesson.steps[0].caption and "depth" in session.scene.reported.numbers
    b = driver.scene.shapes["B"]
    driver.drag(tuple(b.position), (b.position[0], b.position[1] + 300))  # lifted clear off A
    assert "depth" not in session.scene.reported.numbers
    caption = session.caption
    assert f"sunk {MISSING} into it" in caption, caption
    driver.frame()  # the window's frame reads the caption too


def test_the_answer_whose_fact_is_gone_shows_a_dash(drive):
    lesson = walkthrough.load(ROOT / "walkthroughs" / "where-do-they-touch.toml")
    driver = drive(walkthrough=lesson)
    session = driver.session
    asked = next(k for k, step in enumerate(lesson.steps) if step.answer and "{points.0.id}" in step.explain)
    session.player.go(asked)
    session.player.reveal()
    b = driver.scene.shapes["B"]
    driver.drag(tuple(b.position), (b.position[0], b.position[1] + 300))
    assert MISSING in session.caption
    driver.frame()


def test_no_step_of_any_lesson_fails_its_caption_however_the_shapes_are_moved(drive):
    """Every shipped step, each shape sent far off, each pulled onto another, and the step's
    question revealed: the caption is read as the window reads it each frame."""
    import random

    rng = random.Random(34)
    for path in sorted((ROOT / "walkthroughs").glob("*.toml")):
        lesson = walkthrough.load(path)
        driver = drive(walkthrough=lesson)
        session = driver.session
        for index, step in enumerate(lesson.steps):
            for pose in range(4):
                session.player.go(index)
                shapes = list(session.scene.shapes.values())
                for shape in shapes:
                    x, y = shape.position
                    if pose == 0:
                        shape.position = (x + 900, y + 900)
                    elif pose == 1 and len(shapes) > 1:
                        shape.position = tuple(shapes[0].position)
                    else:
                        shape.position = (x + rng.uniform(-200, 200), y + rng.uniform(-200, 200))
                session.scene.invalidate()
                assert isinstance(session.caption, str), (path.name, index)
                if step.question:
                    session.player.reveal()
                    assert isinstance(session.caption, str), (path.name, index)


def test_choices_that_hold_slashes_are_lettered_not_run_together():
    """where-do-they-touch step 4's choices hold " / " and ";" themselves; joined by " / " the
    question read as seven fragments (byhand3 D5)."""
    lesson = walkthrough.load(ROOT / "walkthroughs" / "where-do-they-touch.toml")
    step = next(step for step in lesson.steps if any("/" in choice for choice in step.choices))
    offered = step.offered()
    for letter, choice in zip("abc", step.choices):
        assert f"{letter}) {choice}" in offered, offered
    plain = next(step for step in lesson.steps if step.choices and not any("/" in choice for choice in step.choices))
    assert plain.offered() == f"({' / '.join(plain.choices)})"
