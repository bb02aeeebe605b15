"""The class's lesson as the server and the window share it: which step shows, its round of
votes, whether the answer is revealed and whether the students may drag its figure.

Every change goes to the class file (``store``) before it is seen, so a server started again on
the file carries on where it stopped. One lock guards the state and the file; pictures are drawn
outside it, each student's own figure under its own lock.
"""

import secrets
import threading
import time
from collections.abc import Callable
from typing import Any, NamedTuple, TypeGuard

from sandbox.app.classroom.figure import Figure
from sandbox.app.classroom.store import Store
from sandbox.app.walkthrough import Step, Walkthrough

PRESENT = 30.0
"""Seconds since a device last asked for the lesson for it to count as here now."""

CHOICE_LENGTH = 60
"""The longest answer typed to a question that offers no choices."""


class Refused(Exception):
    """A request the lesson cannot take now: ``status`` is the HTTP status, the message says why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class _Own(NamedTuple):
    """A student's own figure: made for one step, round and reveal (``key``)."""

    key: tuple
    figure: Figure
    lock: threading.Lock


class Room:
    """``lesson`` (a walkthrough) taught to a class kept in ``store``."""

    # Set by _enter and _open (which __init__ calls), so declared here for the type checker.
    index: int
    round: int
    revealed: bool
    unlocked: bool
    counts: dict[str, int]

    def __init__(self, lesson: Walkthrough, store: Store) -> None:
        self.lesson, self.store = lesson, store
        self.token: str = store.get("token") or ""
        self.lock = threading.RLock()
        self._moving = threading.RLock()
        """Held through each of the teacher's moves, one after the other: next twice goes two
        steps on. The state's own lock is taken only to change it, so votes go on meanwhile."""
        self.version = f"{secrets.token_hex(3)}-0"
        """Changes whenever what the students see changes (and differs after a restart)."""
        self._changes = 0
        self._listeners: list[Callable[[], object]] = []
        self._pictures: dict[tuple[int, bool], tuple[str, dict[str, str]]] = {}
        self._pictures_lock = threading.Lock()
        self._own: dict[str, _Own] = {}
        self._seen: dict[str, float] = {}
        saved = store.get("step")
        self._enter(min(int(saved), len(lesson.steps) - 1) if saved is not None else 0, store.get("unlocked") == "1")

    # What the teacher does.

    def go(self, index: int) -> None:
        """Show step ``index`` (0-based, clamped); it opens locked, at its last round."""
        index = min(max(index, 0), len(self.lesson.steps) - 1)
        with self._moving:
            self.prepare(index)  # drawn before the lock is taken: the votes need not wait for it
            with self.lock:
                if index != self.index:
                    self._enter(index, False)
                    self._changed()

    def next(self) -> None:
        with self._moving:
            self.go(self.index + 1)

    def back(self) -> None:
        with self._moving:
            self.go(self.index - 1)

    def reveal(self) -> None:
        """Show the answer and close the round's voting (nothing to reveal without a question)."""
        with self.lock:
            if self.step.question and not self.revealed:
                self.store.reveal(self.index + 1, self.round)
                self.revealed = True
                self._changed()

    def again(self) -> None:
        """Ask the question again, a new round beside the last (peer instruction's second vote)."""
        with self.lock:
            if self.step.question:
                self._open(self.round + 1)
                self._changed()

    def unlock(self, unlocked: bool) -> None:
        """Let the students drag this step's figure on their own screens, or stop them."""
        with self.lock:
            if unlocked != self.unlocked:
                self.unlocked = unlocked
                self.store.put("unlocked", "1" if unlocked else "0")
                if not unlocked:
                    self._own.clear()
                self._changed()

    # What the students do.

    def join(self, device: str | None) -> str:
        """``device`` if the class knows it, else a new device id (kept: no name, no address)."""
        with self.lock:
            if device is None or not self.store.known(device):
                device = secrets.token_urlsafe(12)
                self.store.join(device)
            self._seen[device] = time.monotonic()
            return device

    def known(self, device: str | None) -> TypeGuard[str]:
        with self.lock:
            return device is not None and (device in self._seen or self.store.known(device))

    def vote(self, device: str, choice: Any, step_number: int | None = None, round_number: int | None = None) -> tuple[int, int]:
        """Record ``device``'s vote this round, or change it; the step (1-based) and round it was
        counted in. Refused when voting is closed, when ``choice`` is not one offered, or when
        the vote names a step or round that is no longer the one asked (a phone that lagged)."""
        with self.lock:
            step = self.step
            if step_number not in (None, self.index + 1) or round_number not in (None, self.round):
                raise Refused(409, f"the question has moved on: this is step {self.index + 1}, round {self.round}")
            if not step.question:
                raise Refused(409, "this step asks nothing: there is nothing to vote on")
            if self.revealed:
                raise Refused(409, "the answer is revealed: voting is closed until the teacher asks again")
            if step.choices and choice not in step.choices:
                raise Refused(400, f"choice must be one of {', '.join(map(repr, step.choices))}")
            if not step.choices and not (isinstance(choice, str) and 0 < len(choice.strip()) <= CHOICE_LENGTH):
                raise Refused(400, f"choice must be text of 1 to {CHOICE_LENGTH} characters")
            choice = choice if step.choices else choice.strip()
            before = self.store.mine(device, self.index + 1, self.round)
            self.store.vote(device, self.index + 1, self.round, choice)
            if before is not None:
                self.counts[before] -= 1
                if not self.counts[before]:
                    del self.counts[before]
            self.counts[choice] = self.counts.get(choice, 0) + 1
            self._seen[device] = time.monotonic()
            return self.index + 1, self.round

    def drag(self, device: str, kind: str, x: float, y: float) -> str | None:
        """A press, move or release of ``device``'s finger at picture pixel (``x``, ``y``) on its
        own figure; its picture drawn again, or None when nothing moved (a press moves nothing).
        Refused when locked."""
        with self.lock:
            if not self.unlocked:
                raise Refused(409, "this step is locked: the teacher has not let the class drag it")
            key = (self.index, self.round, self.revealed)
            own = self._own.get(device)
        if own is None or own.key != key:
            if kind != "down":
                return None  # a finger that went down on another step: nothing is held
            own = _Own(key, Figure(self.step, self._where(), asking=not self.revealed), threading.Lock())
            with self.lock:
                if key != (self.index, self.round, self.revealed) or not self.unlocked:
                    return None  # the lesson moved on while it was made
                self._own[device] = own
        with own.lock:
            if kind == "down":
                own.figure.press(x, y)
                return None  # nothing moved yet: the first move draws
            if kind == "move":
                moved = own.figure.drag(x, y)
            else:
                moved = own.figure.release()
            return own.figure.svg() if moved else None

    # What both read.

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    def prepared(self) -> bool:
        """Whether the current step's pictures and words are drawn (``state`` is then quick)."""
        return all((self.index, shown) in self._pictures for shown in (False, True))

    def prepare(self, index: int | None = None) -> None:
        """Draw step ``index``'s (the current one's) pictures and words, asked and revealed."""
        index = self.index if index is None else index
        for shown in (False, True):
            self._shown(index, shown)

    def state(self, device: str | None = None) -> dict[str, Any]:
        """What ``GET /api/state`` answers: the named fields, then the page's own."""
        with self.lock:
            if device is not None:
                self._seen[device] = time.monotonic()
            step, revealed = self.step, self.revealed
            words = self.words()
            return {
                "step": self.index + 1, "steps": len(self.lesson.steps),
                "question": words["question"], "choices": list(step.choices),
                "round": self.round, "revealed": revealed,
                "title": self.lesson.title, "caption": words["caption"],
                "answer": words["answer"] if revealed else None, "explain": words["explain"] if revealed else None,
                "unlocked": self.unlocked, "version": self.version,
                "mine": None if device is None or not step.question else self.store.mine(device, self.index + 1, self.round),
            }

    def votes(self) -> dict[str, Any]:
        """What ``GET /api/teacher/votes`` answers: this round's counts, then every round of the
        step's (for the spread side by side), how many joined, are here, and voted."""
        with self.lock:
            now = time.monotonic()
            step = self.index + 1
            rounds = [{"round": n, "counts": self.counts if n == self.round else self.store.counts(step, n)} for n, _ in self.store.rounds(step)]
            return {
                "round": self.round, "counts": dict(self.counts),
                "step": step, "choices": list(self.step.choices), "revealed": self.revealed,
                "answer": self.words()["answer"] if self.step.question else None,
                "rounds": rounds, "joined": self.store.joined(),
                "present": sum(1 for seen in self._seen.values() if now - seen < PRESENT),
                "voted": sum(self.counts.values()),
            }

    def picture(self, device: str | None = None) -> str:
        """The figure ``device`` sees: its own once it has dragged this step, else everyone's."""
        with self.lock:
            key = (self.index, self.round, self.revealed)
            own = self._own.get(device) if device is not None else None
        if own is not None and own.key == key:
            with own.lock:
                return own.figure.svg()
        return self._shown(key[0], key[2])[0]

    def words(self) -> dict[str, str]:
        """The current step's caption, question, explanation and answer, filled in."""
        return self._shown(self.index, True)[1]

    def listen(self, callback: Callable[[], object]) -> None:
        """Call ``callback`` (from any thread) after each change of what the students see."""
        self._listeners.append(callback)

    # Inside.

    def _shown(self, index: int, revealed: bool) -> tuple[str, dict[str, str]]:
        """Everyone's picture of step ``index`` (asked or revealed) and its words, drawn once."""
        with self._pictures_lock:
            if (index, revealed) not in self._pictures:
                step = self.lesson.steps[index]
                figure = Figure(step, self._where(index), asking=not revealed)
                words = Figure(step, self._where(index)).words() if figure.asking else figure.words()
                self._pictures[index, revealed] = (figure.svg(), words)
            return self._pictures[index, revealed]

    def _where(self, index: int | None = None) -> str:
        return f"walkthrough {self.lesson.path}, step {(self.index if index is None else index) + 1}"

    def _enter(self, index: int, unlocked: bool) -> None:
        self.index, self.unlocked = index, unlocked
        self._own.clear()
        self.store.put("step", str(index))
        self.store.put("unlocked", "1" if unlocked else "0")
        rounds = self.store.rounds(index + 1) if self.step.question else []
        if self.step.question and not rounds:
            self._open(1)
            return
        self.round, self.revealed = rounds[-1] if rounds else (0, False)
        self.counts = self.store.counts(index + 1, self.round) if rounds else {}

    def _open(self, number: int) -> None:
        words = self.words()
        self.store.open_round(self.index + 1, number, words["question"], words["answer"])
        self.round, self.revealed, self.counts = number, False, {}
        self._own.clear()

    def _changed(self) -> None:
        self._changes += 1
        self.version = f"{self.version.split('-')[0]}-{self._changes}"
        for callback in self._listeners:
            callback()
