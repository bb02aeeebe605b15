"""The gap sound's tones, played through pyglet's media: the window's side of sandbox.app.sound,
which decides what to play and when."""

from pyglet.media import Player, synthesis


class Tones:
    """One pyglet Player for every tone: a new one each cost four times as much."""

    def __init__(self) -> None:
        self._player = Player()

    def play(self, frequency: float | None, seconds: float) -> None:
        """A sine of ``frequency`` Hz for ``seconds``, or with None the tick of a touch. The tone
        still sounding gives way to it: the gap as it is now."""
        sound = synthesis.WhiteNoise(0.02) if frequency is None else synthesis.Sine(seconds, frequency=frequency)
        if self._player.source is not None:
            self._player.next_source()
        self._player.queue(sound)
        self._player.play()
