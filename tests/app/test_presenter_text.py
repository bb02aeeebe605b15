"""What the presenter window tells the teacher: the notes, the answer before the class sees it,
the Report's numbers and what comes next."""

from pathlib import Path

from sandbox.app import walkthrough
from sandbox.app.window import presenter

ROOT = Path(__file__).resolve().parents[2]


def test_the_teacher_sees_notes_answer_numbers_and_the_next_step(drive):
    lesson = walkthrough.load(ROOT / "walkthroughs" / "why-quadtrees.toml")
    driver = drive(walkthrough=lesson)
    driver.tap("PAGEDOWN")  # step 2 asks how many pairs the tree leaves
    session = driver.session
    assert session.asking and session.verdict() is None  # the class sees no answer yet
    heading, words, numbers = presenter.text(session)
    pairs = session.scene.reported.answers["candidate_pairs"]
    assert heading.startswith("Why quadtrees: step 2 of 7")
    assert f"Answer: {pairs} (the class sees it after the next click)" in words
    assert "Aim: A tree pairs only objects in the same region." in words and "Time: about 3 min" in words
    assert f"Next, step 3: {lesson.steps[2].caption}" in words
    assert f"{int(pairs):,} PAIR CHECKS" in numbers and f"this quadtree   {pairs}" in numbers
    driver.tap("PAGEDOWN")
    assert "(shown to the class)" in presenter.text(session)[1]


def test_the_windows_go_side_by_side_on_one_screen_and_apart_on_two():
    from sandbox.app.window.presenter import places

    projector, teacher = places([(0, 0, 1600, 900)])
    assert projector == (0, 0, 800, 720) and teacher == (800, 0, 800, 720)
    assert places([(0, 0, 2560, 1440)]) == ((0, 0, 1280, 720), (1280, 0, 1280, 720))
    # Two screens: the class's window on the second (the projector), the teacher's on the main.
    projector, teacher = places([(0, 0, 1920, 1080), (1920, 0, 1024, 768)])
    assert projector[:2] == (1920, 0) and teacher[:2] == (0, 0)
