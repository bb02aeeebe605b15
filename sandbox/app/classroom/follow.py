"""The window and the class server kept on one step: the clicker keys in the window move the
class, the teacher's page moves the window. No GUI here: it reads and drives a Session's
walkthrough methods (go, reveal, ask) and the Room's."""

from sandbox.app.classroom.room import Room


class Follow:
    """Keeps ``session`` (the window's) and ``room`` (the class's) together; call ``step`` each frame."""

    def __init__(self, session, room: Room) -> None:
        self.session, self.room = session, room
        # The class file's place wins at the start: a server restarted carries on where it was.
        session.go(room.index, revealed=room.revealed)
        self._window: tuple[int, bool] | None = None
        self._room: tuple[int, int, bool] | None = None
        self._remember()

    def step(self) -> None:
        session, room = self.session, self.room
        if (session.step_index, session.asking) != self._window:
            # A key in the window: the class follows.
            if session.step_index != room.index:
                room.go(session.step_index)
                if room.revealed and session.asking:
                    session.reveal()  # a round revealed before stays revealed
            elif session.asking and room.revealed:
                room.again()  # back hides the answer: ask again
            elif not session.asking and not room.revealed:
                room.reveal()
        elif (room.index, room.round, room.revealed) != self._room:
            # The teacher's page: the window follows.
            if room.index != session.step_index:
                session.go(room.index, revealed=room.revealed)
            elif room.revealed and session.asking:
                session.reveal()
            elif not room.revealed and not session.asking and session.step.question:
                session.ask()
        self._remember()

    def _remember(self) -> None:
        self._window = (self.session.step_index, self.session.asking)
        self._room = (self.room.index, self.room.round, self.room.revealed)
