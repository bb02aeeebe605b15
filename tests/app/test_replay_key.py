"""P where the motion is a replay (bounce-friction): the hint names P only for what it does,
and P on a replay that has ended plays it again (issue 34, byhand D10: every step of the
collision-response lesson said "held still at 0 s: P lets it run", and P moved nothing)."""

from pathlib import Path

from sandbox.app import walkthrough
from sandbox.app.session import hints

LESSON = Path(__file__).resolve().parents[2] / "walkthroughs" / "collision-response.toml"


def test_every_step_of_the_lesson_says_p_replays_and_p_does(drive):
    lesson = walkthrough.load(LESSON)
    driver = drive(walkthrough=lesson)
    for index in range(len(lesson.steps)):
        driver.session.player.go(index, revealed=True)
        driver.frame()
        session, scene = driver.session, driver.scene
        # Nothing is held still: the run has ended, and P's words say what P does then.
        assert "lets it run" not in session.status and not session.paused, (index, session.status)
        line = hints(scene, True, session.ended(), session.asking)
        assert "P: replay" in line and "P: pause" not in line, (index, line)
        rested = scene.result.particle
        driver.tap("P")
        driver.frame()
        assert scene.result.particle != rested, f"step {index + 1}: P moved nothing"
        # Running, P pauses it (and says so); then P runs it on.
        assert "P: pause" in hints(scene, True, session.ended(), session.asking)
        driver.tap("P")
        assert session.paused
        held = scene.result.particle
        driver.frame()
        assert scene.result.particle == held
        driver.tap("P")
        for _ in range(3 * 60):  # the replay's 2.5 s, and then some
            driver.frame()
        assert scene.result.particle == scene.result.path[-1] and "P: replay" in hints(scene, True, session.ended(), session.asking)


def test_while_a_question_is_open_p_promises_nothing_and_moves_nothing(drive):
    """Before the reveal the replay would show when p reaches the surface: the answer."""
    driver = drive(walkthrough=walkthrough.load(LESSON))
    driver.session.player.go(1)  # "When does p reach the surface now?"
    driver.frame()
    session, scene = driver.session, driver.scene
    assert session.asking and "P:" not in hints(scene, True, session.ended(), session.asking)
    rested = scene.result.particle
    driver.tap("P")
    for _ in range(30):
        driver.frame()
    assert scene.result.particle == rested and "question" in session.status


def test_an_ended_replay_costs_no_computing_each_frame(drive):
    driver = drive("bounce-friction")
    driver.frame()
    computes = driver.scene.computes
    for _ in range(10):
        driver.frame()
    assert driver.scene.computes == computes
