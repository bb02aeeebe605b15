"""Accessibility: the figure in words (D), spoken as it changes (V), and the gap as a sound (G),
for one session. The description is read from the session's Report and its focus."""

from sandbox.app import focus
from sandbox.app.describe import describe, gap
from sandbox.app.sound import GapSound
from sandbox.app.speech import Speaker

SETTLE = 0.6
"""Seconds the description must stay the same before it is spoken: a drag says where it ended."""


class Access:
    """The figure in words, speech and sound of ``session`` (a Session); each is off until turned on."""

    def __init__(self, session) -> None:
        self.session = session
        self.describing = False
        """Whether the figure in words shows below it, as a caption does (D)."""
        self.described = ""
        """The description last made: the caption's room is measured with it, before the scene computes."""
        self.speaker, self.speaking = Speaker(), False
        self._heard = ("", 0.0)  # the description now, and for how long it has stayed so
        self._spoken = ""
        self.sound, self.sounding = GapSound(), False

    def description(self) -> str:
        """The figure in words (describe.describe of the Report), then what is focused; while a
        question is open, only the focus: the Report would give the answer away."""
        session = self.session
        said = "The answer shows when it is revealed." if session.asking else describe(session.report())
        if session.focus is not None and session.fault is None:
            said += " " + focus.words(session.scene, session.focus)
        self.described = said
        return said

    def toggle_description(self, *pressed) -> None:
        self.describing = not self.describing
        self.description()
        self.session.refresh()

    def toggle_speech(self, *pressed) -> None:
        """Speak the description now and again whenever it changes and settles, or stop."""
        self.speaking = not self.speaking
        self._spoken = ""
        if self.speaking:
            self._speak(self.description())
        else:
            self.speaker.stop()
            self.session.status = "speech off"

    def toggle_sound(self, *pressed) -> None:
        self.sounding = not self.sounding
        self.session.status = "gap sound on: higher as the shapes close, a tick as they touch" if self.sounding else "gap sound off"

    def follow(self, dt: float) -> None:
        """Speech and the gap sound, once a frame: the description spoken when it has changed
        and then stayed put for SETTLE seconds, the gap's tone whenever it changes."""
        if self.speaking:
            said = self.description()
            heard, since = self._heard
            self._heard = (said, since + dt if said == heard else 0.0)
            if said != self._spoken and self._heard[1] >= SETTLE:
                self._speak(said)
        if self.sounding:
            problem = self.sound.follow(None if self.session.asking else gap(self.session.report()), dt)
            if problem is not None:
                self.session.status = problem

    def _speak(self, text: str) -> None:
        self._spoken = text
        problem = self.speaker.say(text)
        if problem is not None:
            self.session.status = problem
