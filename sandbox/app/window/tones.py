"""The gap sound's tones, played through pyglet's media: the window's side of sandbox.app.sound,
which decides what to play and when. The window hands ``play`` to its session's sound."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pyglet.media import Player

_player: Player | None = None
"""One pyglet Player for every tone, and for the process: a new one each cost four times as
much, and one collected with its session (which the cyclic collector frees at any moment)
leaves pyglet's worker thread reading a dead reference."""


def play(frequency: float | None, seconds: float) -> None:
    """A sine of ``frequency`` Hz for ``seconds``, or with None the tick of a touch. The tone
    still sounding gives way to it: the gap as it is now."""
    # pyglet's media load with the first tone, not with the window: they take about half a
    # second (measured with -X importtime), and most lessons never turn the sound on.
    from pyglet.media import Player, synthesis

    global _player
    sound = synthesis.WhiteNoise(0.02) if frequency is None else synthesis.Sine(seconds, frequency=frequency)
    if _player is None:
        _player = Player()
    if _player.source is not None:
        _player.next_source()
    _player.queue(sound)
    _player.play()
