"""The projector under --class: the students' address as a QR code the window really draws
(every module read back from its pixels against segno's matrix), left of the panel, who joined
and voted, and after the reveal the spread of each round."""

from pathlib import Path

import numpy as np
import pytest
import segno

from sandbox.app import walkthrough
from sandbox.app.classroom import store
from sandbox.app.classroom.room import Room
from sandbox.app.session import Session
from sandbox.app.window.app_window import SandboxWindow
from sandbox.app.window.class_board import Board

pytestmark = pytest.mark.gui

LESSON = Path(__file__).parents[2] / "walkthroughs" / "sat-from-scratch.toml"
URL = "http://192.168.1.20:8765/"


def test_the_projector_shows_a_qr_code_that_reads_back_and_the_spread(tmp_path):
    lesson = walkthrough.load(LESSON)
    room = Room(lesson, store.Store(tmp_path / "class.sqlite", lesson.title))
    room.go(10)
    for choice in "PQQR":
        room.vote(room.join(None), choice)
    session = Session(size=(1280, 720), walkthrough=lesson)
    board = Board(session, room, URL, URL + "teacher#token=x")
    window = SandboxWindow(session, visible=False, deterministic=True, board=board)
    try:
        window.tick(1 / 60)
        window.render()
        pixels = window.pixels()[..., :3].astype(int)
        texts = [getattr(item, "text", "") for item in board._items]
        # The window followed the class to its step, still asking.
        assert session.player.index == 10 and session.asking
        assert URL in texts and "4 joined, 4 voted" in texts
        assert not any(text.startswith("Round") for text in texts)  # no spread before the reveal
        matrix = np.array([[bit & 1 for bit in row] for row in segno.make(URL, error="m").matrix])
        read = _read_qr(pixels, len(matrix), board._items[0])
        assert (read == matrix).all()
        room.reveal()
        window.tick(1 / 60)
        window.render()
        texts = [getattr(item, "text", "") for item in board._items]
        assert not session.asking
        assert "Round 1 (4): P 1  Q 2  R 1  S 0" in texts
        assert "Round 1: P 1, Q 2, R 1, S 0" in board.summary()
    finally:
        window.on_close()


def _read_qr(pixels, size, square):
    """The modules of the QR code drawn on ``square`` (the board's white square, y up), each
    module's centre read dark or light from the window's pixels."""
    height = pixels.shape[0]
    assert (pixels[height - round(square.y + square.height) + 2, round(square.x) + 2] > 245).all()  # white, as drawn
    cell = square.width / (size + 8)
    xs = [round(square.x + (i + 4.5) * cell) for i in range(size)]
    ys = [height - round(square.y + square.height - (i + 4.5) * cell) for i in range(size)]
    return np.array([[int(pixels[y, x].mean() < 128) for x in xs] for y in ys])
