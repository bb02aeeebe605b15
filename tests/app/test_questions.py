"""Predict, then reveal: a walkthrough step that asks before it shows, its answer computed from
the scene's result, and the files that get a question wrong refused in one line."""

import pytest

from collision import sat
from sandbox.app import walkthrough
from sandbox.app.walkthrough import WalkthroughError

ASKS = """
title = "Predict"
[[steps]]
scene = "box-box"
caption = "Four axes."
question = "Which axes separate A and B?"
choices = ["P", "Q", "R", "S", "none"]
answer = "separating_axes"
explain = "One gap is enough."
[[steps]]
scene = "box-box"
caption = "Next."
"""


def write(tmp_path, text):
    path = tmp_path / "lesson.toml"
    path.write_text(text)
    return path


def separating(scene):
    """The names of the axes that separate A and B, straight from the core."""
    return ["PQRS"[i] for i, test in enumerate(sat(scene.shapes["A"], scene.shapes["B"]).axes) if test.separating]


def test_a_question_hides_its_answer_then_reveals_one_computed_from_the_result(drive, tmp_path):
    driver = drive(walkthrough=walkthrough.load(write(tmp_path, ASKS)))
    session, scene = driver.session, driver.scene
    assert session.asking
    assert not any(scene.settings[name] for name in ("projections", "guides", "mtv"))
    assert scene.result.strips == () and session.verdict() is None
    assert "Which axes separate A and B?" in session.caption and "Answer" not in session.caption
    # The class moves B onto A before the reveal: the answer follows the shapes, it is not typed in.
    driver.drag(tuple(scene.shapes["B"].position), tuple(scene.shapes["A"].position))
    assert separating(scene) == []
    driver.tap("RIGHT")
    assert not session.asking and session.player.index == 0
    assert all(scene.settings[name] for name in ("projections", "guides", "mtv"))
    assert len(scene.result.strips) == 4 and session.verdict().text == "COLLIDING"
    # The explanation is written for the step's own layout: the caption says which that was.
    assert session.caption.endswith("Answer: none. (At the step's own layout: P.) One gap is enough.")
    driver.tap("LEFT")  # back hides it again
    assert session.asking and session.verdict() is None
    driver.tap("HOME")
    assert session.asking and scene.settings["projections"] is False
    driver.tap("SPACE")
    assert separating(driver.scene) == ["P"] and session.caption.endswith("Answer: P. One gap is enough.")
    driver.tap("PAGEDOWN")
    assert session.player.index == 1 and not session.asking
    driver.tap("PAGEUP")  # a question already seen comes back revealed
    assert session.player.index == 0 and not session.asking


@pytest.mark.parametrize(
    "fields, message",
    [
        ('question = "Which?"\nanswer = "separating_axis"', "answer must name a fact of the box-box scene's result (24 of them), such as separating_axes, mtv_axis; got 'separating_axis'"),
        ('question = "Which?"\nanswer = "separating_axes"\nchoices = ["Q", "R"]', "the answer here is 'P', which is not among the choices"),
        ('question = "Which?"\nanswer = "separating_axes"\nchoices = ["P"]', "choices must be a list of two or more answers"),
        ('question = "Which?"\nanswer = "verdict"\nhide = ["regions"]', "hide must list overlays of the box-box scene, from projections, guides, mtv"),
        ('answer = "verdict"', "question must be the line the class answers"),
        ('question = "Which?"\nanswer = "verdict"\nexplain = 3', "explain must be a line of text"),
    ],
)
def test_a_question_that_cannot_be_answered_is_refused_in_one_line(tmp_path, fields, message):
    path = write(tmp_path, f'title = "x"\n[[steps]]\nscene = "box-box"\ncaption = "c"\n{fields}\n')
    with pytest.raises(WalkthroughError) as caught:
        walkthrough.load(path)
    text = str(caught.value)
    assert f"walkthrough {path}, step 1: " in text and message in text and "\n" not in text


def test_the_shipped_course_uses_every_scene_and_asks_at_least_two_questions_a_lesson():
    from pathlib import Path

    from sandbox.app.registry import all_scenes

    lessons = [walkthrough.load(path) for path in sorted((Path(__file__).resolve().parents[2] / "walkthroughs").glob("*.toml"))]
    asked = {lesson.title: sum(1 for step in lesson.steps if step.question) for lesson in lessons}
    assert len(lessons) >= 8 and sum(asked.values()) >= 20 and min(asked.values()) >= 2, asked
    used = {step.scene for lesson in lessons for step in lesson.steps}
    assert {cls.id for cls in all_scenes()} - used == set()


def test_what_the_tips_retrieve_misses_is_every_touching_object_it_does_not_return():
    from sandbox.app.registry import all_scenes

    scene = {cls.id: cls for cls in all_scenes()}["quadtree"]()
    scene.settings.update(count=40, max_objects=4, max_levels=3, missed=True)
    scene.invalidate()
    boxes = scene.boxes()
    seen = 0
    for focus in range(40):
        scene.settings["focus"] = focus
        scene.invalidate()
        x0, y0, x1, y1 = boxes[focus]
        # Brute force: every other box that overlaps or touches the focused one.
        touching = {i for i, (a0, b0, a1, b1) in enumerate(boxes) if i != focus and a0 <= x1 and x0 <= a1 and b0 <= y1 and y0 <= b1}
        assert set(scene.result.missed) == touching - set(scene.result.lit)
        assert scene.reported.answers["missed"] == str(len(touching - set(scene.result.lit)))
        seen += len(scene.result.missed) > 0
    assert seen  # the forty objects of "Why quadtrees" hold a miss to show


def test_the_revealed_caption_says_which_layout_its_explanation_is_about():
    """why-characters-get-stuck step 1 asks whether the segment past the seam pushes back;
    dragged after the reveal, the caption read the new answer beside the explanation written for
    the step's layout, which says the opposite (found doing the lesson by hand)."""
    from pathlib import Path

    from sandbox.app import walkthrough
    from sandbox.app.session import Session

    lesson = walkthrough.load(Path(__file__).resolve().parents[2] / "walkthroughs" / "why-characters-get-stuck.toml")
    session = Session(walkthrough=lesson)
    session.player.go(0)
    session.player.reveal()
    answer = lesson.steps[0].answer_text(session.scene)
    assert f"Answer: {answer}." in session.caption and "own layout" not in session.caption
    session.scene.shapes["B"].position = (-150.0, 37.0)  # mid segment: nothing pushes back
    session.refresh()
    now = lesson.steps[0].answer_text(session.scene)
    assert now != answer
    assert f"Answer: {now}. (At the step's own layout: {answer}.)" in session.caption, session.caption


def test_does_a_minus_b_hold_o_is_asked_before_a_minus_b_is_drawn():
    """from-sat-to-gjk step 3 asked whether A - B still holds O with A - B and O both drawn: the
    class read the answer off the figure (found doing the lesson by hand)."""
    from pathlib import Path

    from sandbox.app import walkthrough
    from sandbox.app.session import Session
    from sandbox.kit.painter import RecordingPainter

    def texts(session):
        painter = RecordingPainter()
        session.draw(painter)
        return [call[2] for call in painter.of("text")]

    lesson = walkthrough.load(Path(__file__).resolve().parents[2] / "walkthroughs" / "from-sat-to-gjk.toml")
    session = Session(walkthrough=lesson)
    session.player.go(2)
    assert session.step.answer == "origin_inside" and session.asking
    assert "O" in texts(session) and "A - B" not in texts(session)
    session.player.reveal()
    assert "A - B" in texts(session)
