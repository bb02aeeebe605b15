"""The window and the class server kept on one step: the clicker keys in the window move the
class, the teacher's page moves the window. No GUI here: it reads and drives the session's
walkthrough player (go, reveal, ask) and the Room's."""

from sandbox.app.classroom.room import Room


class Follow:
    """Keeps ``session`` (the window's) and ``room`` (the class's) together; call ``step`` each frame."""

    def __init__(self, session, room: Room) -> None:
        self.player, self.room = session.player, room
        # The class file's place wins at the start: a server restarted carries on where it was.
        self.player.go(room.index, revealed=room.revealed)
        self._window: tuple[int, bool] | None = None
        self._room: tuple[int, int, bool] | None = None
        self._remember()

    def step(self) -> None:
        player, room = self.player, self.room
        if (player.index, player.asking) != self._window:
            # A key in the window: the class follows.
            if player.index != room.index:
                room.go(player.index)
                if room.revealed and player.asking:
                    player.reveal()  # a round revealed before stays revealed
            elif player.asking and room.revealed:
                room.again()  # back hides the answer: ask again
            elif not player.asking and not room.revealed:
                room.reveal()
        elif (room.index, room.round, room.revealed) != self._room:
            # The teacher's page: the window follows.
            if room.index != player.index:
                player.go(room.index, revealed=room.revealed)
            elif room.revealed and player.asking:
                player.reveal()
            elif not room.revealed and not player.asking and player.step.question:
                player.ask()
        self._remember()

    def _remember(self) -> None:
        self._window = (self.player.index, self.player.asking)
        self._room = (self.room.index, self.room.round, self.room.revealed)
