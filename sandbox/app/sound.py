"""An optional sound that follows the gap while a shape moves: a short tone whose pitch rises as
the shapes close, and a tick when they touch. Off by default (G or the panel turns it on).

The window plays the tones (it hands over sandbox.app.window.tones.play, where pyglet
synthesises them); with no sound device (a virtual display, CI) pyglet's silent driver plays them
to no one. Where there is no window (a notebook, a test) or playing fails, the sound says so in
one line, once, never an exception.
"""

from collections.abc import Callable

LOW = 220.0
"""Hz at FAR apart or further: A3."""

HIGH = 880.0
"""Hz when they touch or overlap: A5, two octaves up."""

FAR = 400.0
"""World units apart beyond which the pitch no longer falls."""

TONE = 0.08
"""Seconds each tone lasts; the next waits that long, however fast the shape moves."""


def pitch(gap: float) -> float:
    """Hz for a signed gap (above 0 apart, 0 or below touching): LOW at FAR and beyond, HIGH at
    contact, rising evenly in octaves between, as the ear hears pitch."""
    closeness = 1.0 - min(max(gap, 0.0), FAR) / FAR
    return LOW * (HIGH / LOW) ** closeness


def touched(before: float | None, after: float | None) -> bool:
    """Whether a move from gap ``before`` to ``after`` brought the shapes into contact."""
    return before is not None and after is not None and before > 0.0 >= after


Play = Callable[[float | None, float], None]
"""Plays one tone: its frequency in Hz (None: the tick of a touch) and its length in seconds."""


class GapSound:
    """Plays a tone for each change of the gap, at most one every TONE seconds."""

    def __init__(self) -> None:
        self._gap: float | None = None
        self._wait = 0.0
        self.play: Play | None = None
        """What plays the tones: the window's, handed over as it opens; None with no window."""
        self.failed = False
        """Whether playing failed: it is not tried again."""

    def follow(self, gap: float | None, dt: float) -> str | None:
        """The gap now, ``dt`` seconds after the last call: play what it calls for. Returns a
        one-line reason the first time sound cannot be played, else None."""
        self._wait = max(self._wait - dt, 0.0)
        before, self._gap = self._gap, gap
        if self.failed or gap is None or gap == before:
            return None
        if not touched(before, gap) and self._wait > 0:
            return None
        self._wait = TONE
        if self.play is None:
            self.failed = True
            return "no sound: only the sandbox's window plays the gap sound"
        try:
            self.play(None if touched(before, gap) else pitch(gap), TONE)
        except Exception as error:  # a missing or broken audio driver: said once, then quiet
            self.failed = True
            return f"no sound: {type(error).__name__}: {error}"[:120]
        return None
