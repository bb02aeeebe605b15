"""The figure's description said aloud: espeak-ng (Debian's ``espeak-ng`` package) where it is
installed, run as a separate process so the window never waits for it. Without it, or without
a sound card, speech fails softly: one line, once, and the description is still shown and
printed to the terminal, where a screen reader or a braille display can follow it."""

import shutil
import subprocess

PROGRAM = "espeak-ng"

MISSING = "no speech: espeak-ng is not installed (Debian: apt install espeak-ng); the description is printed instead"


class Speaker:
    """Says one description at a time: a new one cuts off the one still being said."""

    def __init__(self, program: str = PROGRAM) -> None:
        self.program = program
        self._process: subprocess.Popen | None = None

    def say(self, text: str) -> str | None:
        """Print ``text`` and start saying it; a one-line reason when it cannot be said, else None."""
        print(f"said: {text}", flush=True)
        path = shutil.which(self.program)
        if path is None:
            return MISSING
        self.stop()
        try:
            # The text on stdin, not argv: a description starting with "-" is not an option.
            self._process = subprocess.Popen([path, "--stdin"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                             stderr=subprocess.DEVNULL, text=True)
            self._process.stdin.write(text)
            self._process.stdin.close()
        except OSError as error:
            return f"no speech: {self.program} did not start ({error.strerror or error})"
        return None

    def stop(self) -> None:
        """Cut off what is being said, if anything."""
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()
            self._process.wait(5)
        self._process = None
