"""The window and the class on one step: the clicker keys move the class, the teacher's page
moves the window, and a window opened on a class file carries on where the class was."""

from pathlib import Path

from sandbox.app import walkthrough
from sandbox.app.classroom import store
from sandbox.app.classroom.follow import Follow
from sandbox.app.classroom.room import Room
from sandbox.app.session import Session

LESSON = Path(__file__).parents[2] / "walkthroughs" / "sat-from-scratch.toml"
ASKS = 10


def press(session, follow, symbol):
    session.input.on_key_press(symbol)
    session.input.on_key_release(symbol)
    follow.step()


def test_keys_and_the_teachers_page_move_both(tmp_path):
    lesson = walkthrough.load(LESSON)
    room = Room(lesson, store.Store(tmp_path / "class.sqlite", lesson.title))
    session = Session(size=(640, 360), walkthrough=lesson)
    follow = Follow(session, room)
    while session.player.index < ASKS:
        press(session, follow, "RIGHT")  # an earlier question takes two presses
    assert (room.index, room.round, room.revealed) == (ASKS, 1, False) and session.asking
    press(session, follow, "RIGHT")  # the clicker's first press on a question reveals it
    assert room.revealed and not session.asking and session.player.index == ASKS
    press(session, follow, "LEFT")  # back hides the answer: the class is asked again
    assert (room.round, room.revealed) == (2, False) and session.asking
    room.reveal()  # the teacher's page
    follow.step()
    assert not session.asking
    room.again()
    follow.step()
    assert session.asking and room.round == 3
    room.next()
    follow.step()
    assert session.player.index == ASKS + 1
    # A window opened again on the class file starts where the class is.
    again = Session(size=(640, 360), walkthrough=lesson)
    Follow(again, Room(lesson, store.Store(tmp_path / "class.sqlite", lesson.title)))
    assert again.player.index == ASKS + 1
