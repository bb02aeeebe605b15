"""A watchdog for teachers' code: a scene method that runs longer than SECONDS is stopped, and
the app says in one line which method of which file it was.

``watch(cls)`` wraps the methods a teacher's scene class writes (setup, settle, compute, draw,
report, update, click, constrain and its declared actions); the registry calls it on every
scene a ``--scenes`` folder brings, and ``call`` watches the import of the file itself. Every
surface that runs the scene (the window, ``--screenshot``, exports, the lesson check, ``--find``,
versions) goes through those methods, so none of them can be frozen by a ``while True: pass``.
The scenes that come with the app are ours and tested: they are not wrapped and pay nothing.

How a call is stopped. Python cannot kill a thread, and ``signal.alarm`` reaches the main
thread only and not on Windows. What it can do is ``PyThreadState_SetAsyncExc``: another thread
asks the interpreter to raise an exception in the running thread at its next bytecode, which is
how a pure-Python loop (``while True: pass``, a search that never ends) is interrupted. One
daemon thread sleeps until the earliest deadline armed and raises ``Stopped`` in a thread whose
call is overdue, again every AGAIN seconds should the scene's code catch it. What cannot be
stopped this way: a call blocked inside C code that never returns to the interpreter
(``time.sleep(10**9)``, a numpy operation on a billion items); nor a loop that catches every
exception, BaseException included, and goes on (Ctrl+C could not stop it either). One that
catches it once and loops again is stopped AGAIN seconds later.

Where a call runs. Headless (exports, checks, ``--screenshot``) it runs on the thread that made
it, the deadline guarding it. In the window (``pump_with``) every call but ``draw`` runs on a
worker thread while the window's own thread goes on drawing a frame that says what it waits for
(Esc stops the call at once); ``draw`` stays on the window's thread, as pyglet's shapes belong
to the thread holding the OpenGL context. A call aside stuck where Stopped cannot reach it is
left to its worker GRACE seconds after its deadline, and the window goes on with a new worker.

What a stopped call becomes: ``SceneTimeout``, whose text is the one line. It derives from
BaseException, as KeyboardInterrupt does, so that neither the scene's own ``except Exception``
nor the app's handlers for a scene's ordinary faults take it for one: the window leaves the
scene and shows the line on the canvas (Session.leaves_slow_scenes); every headless command
ends with it, exit 1 (sandbox.app.cli).

Cost, measured (``python -m sandbox.app.watchdog``: 200,000 calls of a method that returns at
once, less the same calls unwatched; 2.4 to 3.5 microseconds in six runs at load average 10 to
11 on 2 cores): about 3 microseconds a watched call on its own thread. In the window a call
aside costs a hand-over to the worker and back, 135 microseconds at load average 12 (20,000
calls); the kit caches a result, so a still frame of a teacher's scene makes none, and one after
a drag about three (settle, compute, report): some 0.4 ms of its 16.7. The app's own scenes are
not watched and pay nothing.
``COLLISION_SANDBOX_NO_WATCHDOG=1`` in the environment turns the watchdog off: nothing is
wrapped, and a scene that never returns freezes the app as it did before.
"""

import contextvars
import ctypes
import functools
import inspect
import os
import queue
import sys
import threading
import time
import traceback
import types
from collections.abc import Callable
from typing import Any, TypeVar, cast

DEFAULT_SECONDS = 3.0
"""How long one call of a teacher's scene method may run before it is stopped, unless the
environment says otherwise (LIMIT)."""

LIMIT = "COLLISION_SANDBOX_SCENE_SECONDS"
"""The environment variable that sets another limit, in seconds: more for a slow machine, less
for the tests of the watchdog itself, which would otherwise spin a core for 3 s each."""


def _limit() -> float:
    """The limit LIMIT sets, or DEFAULT_SECONDS (said in one line if LIMIT is not a number of
    seconds from 0.1 to 3600)."""
    given = os.environ.get(LIMIT, "").strip()
    if not given:
        return DEFAULT_SECONDS
    try:
        seconds = float(given)
    except ValueError:
        seconds = float("nan")
    if not 0.1 <= seconds <= 3600:  # a nan fails this too
        print(f"sandbox: {LIMIT} must be a number of seconds from 0.1 to 3600, got {given!r:.40}; "
              f"using {DEFAULT_SECONDS:g}", file=sys.stderr)
        return DEFAULT_SECONDS
    return seconds


SECONDS = _limit()
"""How long one call of a teacher's scene method may run before it is stopped, read once, as
the process starts."""

ABSORB = 1000
"""Loop turns in which a Stopped still pending is let land: one is enough, as a loop's jump
back checks for it; the rest make sure."""

AGAIN = 1.0
"""Seconds after which ``Stopped`` is raised again in a call that caught it and went on."""

SWITCH = "COLLISION_SANDBOX_NO_WATCHDOG"
"""The environment variable that turns the watchdog off when it is 1."""

WATCHED = ("setup", "settle", "compute", "draw", "report", "update", "click", "constrain")
"""The methods of a scene class that are its author's own code, besides its declared actions."""


class Stopped(BaseException):
    """Raised by the watchdog inside a call that ran past its deadline."""


class SceneTimeout(BaseException):
    """A teacher's scene method that was stopped; ``str()`` is the one line that says which."""


ON = os.environ.get(SWITCH, "").strip() != "1"
"""Whether the watchdog is on, read from the switch once, as the process starts."""

T = TypeVar("T")

Said = Callable[[int | None], str]
"""What a stopped call is told, given the line of its file it was stopped at (0 or None if none)."""

Pump = Callable[[float, str], bool]
"""A window's pump: given the seconds waited and what for, it draws a frame; True stops the call."""


def watch(cls: type[T]) -> type[T]:
    """Wrap the methods ``cls`` (a teacher's scene class) writes itself so that each call is
    watched; the kit's own methods and those already wrapped are left alone. Returns ``cls``."""
    if not ON:
        return cls
    from sandbox.app import guard

    path = guard.source(cls)
    names = WATCHED + tuple(action.name for action in getattr(cls, "actions", ()))
    for name in dict.fromkeys(names):
        method = inspect.getattr_static(cls, name, None)
        if not isinstance(method, types.FunctionType) or getattr(method, "__watched__", False):
            continue
        if method.__module__.startswith("sandbox.kit"):
            continue
        setattr(cls, name, _watched(method, name, cls, path))
    return cls


def _watched(method: Callable[..., Any], name: str, cls: type[Any], path: str) -> Callable[..., Any]:
    @functools.wraps(method)
    def watched(*args: Any, **kwargs: Any) -> Any:
        def said(line: int | None) -> str:
            at = f", line {line}" if line else ""
            return f"scene {cls.id} ({path}{at}) took longer than {SECONDS:g} s in {name}, so it was stopped"

        # draw paints with pyglet shapes: it stays on the thread that holds the window's GL context.
        return call(path, said, method, *args, aside=name != "draw", what=f"{name} of {path}", **kwargs)

    # A mark on the function itself, read by watch(): mypy cannot declare an attribute on a function.
    watched.__watched__ = True  # type: ignore[attr-defined]
    return watched


def pump_with(pump: Pump | None) -> None:
    """From now on, while a watched call made on this thread runs (draw's excepted), run it on a
    worker thread and call ``pump(seconds, what)`` here about 30 times a second meanwhile, ``what``
    naming the method and its file: the window keeps drawing a frame that says what it waits for.
    ``pump`` returns True to stop the call at once. ``pump_with(None)`` ends it."""
    if pump is None:
        _pumps.pop(threading.get_ident(), None)
    else:
        _pumps[threading.get_ident()] = pump


def call(path: str | os.PathLike[str], said: Said, function: Callable[..., T], *args: Any, aside: bool = False, what: str = "", **kwargs: Any) -> T:
    """``function(*args, **kwargs)``, stopped if it runs longer than SECONDS: SceneTimeout then,
    with the text ``said(line)``, ``line`` being the line of file ``path`` it was stopped at (0
    when none of its frames was in that file). A call made inside a watched one is timed by the
    outer one's deadline. With ``aside``, on a thread that has a pump (pump_with), it runs on a
    worker thread while the pump keeps the window going."""
    ident = threading.get_ident()
    if ident in _armed or not ON:
        return function(*args, **kwargs)
    pump = _pumps.get(ident) if aside and ident not in _pumping else None
    if pump is not None:
        return _aside(pump, what, path, said, function, args, kwargs)
    _arm(ident)
    try:
        try:
            return function(*args, **kwargs)
        finally:
            _disarm(ident)
    except Stopped as stopped:
        # Again: the Stopped may have been raised in the first _disarm, before it disarmed.
        _disarm(ident)
        raise SceneTimeout(said(_line_in(stopped, path))) from None


_lock = threading.Lock()
_armed: dict[int, list[float]] = {}
"""Thread ident -> [deadline, how many times Stopped was raised in it]: the calls being watched."""
_wake = threading.Event()
_watcher: list[threading.Thread] = []
_idle = [True]
"""Whether the watching thread sleeps with no deadline: only then must a new call wake it. A
deadline armed later than the one it sleeps until is seen when it wakes for that one; not
waking it for every call saves a thread switch a call (measured: 8 microseconds, down to 3)."""


def _arm(ident: int) -> None:
    with _lock:
        _armed[ident] = [time.monotonic() + SECONDS, 0]
        if not _watcher:
            _watcher.append(threading.Thread(target=_watch, name="scene watchdog", daemon=True))
            _watcher[0].start()
        wake = _idle[0]
        _idle[0] = False
    if wake:
        _wake.set()


def _disarm(ident: int) -> None:
    with _lock:
        entry = _armed.pop(ident, None)
    if entry is not None and entry[1] and ident == threading.get_ident():
        # Stopped was sent, perhaps as the call returned: let a still pending one land here, so
        # that it cannot be raised later in the app's own code. (Withdrawing it with
        # PyThreadState_SetAsyncExc(ident, NULL) leaves CPython 3.11's eval breaker set for
        # good: every later traced call then spins on its first line, the Code view hanging.)
        _land()


def _watch() -> None:
    while True:
        with _lock:
            now = time.monotonic()
            for ident, entry in _armed.items():
                if entry[0] <= now:
                    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(Stopped))
                    entry[0], entry[1] = now + AGAIN, entry[1] + 1
            nearest = min((entry[0] for entry in _armed.values()), default=None)
            _idle[0] = nearest is None
        _wake.wait(None if nearest is None else max(nearest - time.monotonic(), 0.0))
        _wake.clear()


GRACE = 1.0
"""Seconds a call aside may run past its deadline, Stopped sent, before the worker is left to
it: one stuck in C code never sees Stopped, and the window must go on."""

GIL_SWITCH = 0.0002
"""Seconds between GIL hand-offs while the window waits on a call aside (Python's default is 0.005)."""

_pumps: dict[int, Pump] = {}
"""Thread ident -> the pump its window gave (pump_with)."""
_pumping: set[int] = set()
"""The threads whose pump runs now: a call they make meanwhile is run on them, not aside."""
_workers: list[tuple[threading.Thread, "queue.SimpleQueue[_Job]"]] = []
"""The worker thread calls aside run on, made when first needed and again if one is left stuck."""


class _Job:
    """One call aside: what to run, and what came of it."""

    def __init__(self, function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        self.function, self.args, self.kwargs = function, args, kwargs
        self.context = contextvars.copy_context()
        self.value: Any = None
        self.error: BaseException | None = None
        self.stopped: Stopped | None = None
        self.done = threading.Event()

    def run(self) -> None:
        ident = threading.get_ident()
        _arm(ident)
        try:
            try:
                self.value = self.context.run(self.function, *self.args, **self.kwargs)
            finally:
                _disarm(ident)
        except Stopped as stopped:
            _disarm(ident)
            self.stopped = stopped
        except BaseException as error:  # the scene's own fault, raised again on the caller's thread
            self.error = error
        finally:
            self.done.set()


def _serve(jobs: "queue.SimpleQueue[_Job]") -> None:
    while True:
        try:
            jobs.get().run()
        except Stopped:
            continue  # sent as a job ended and landed here: there is nothing to stop


def _worker() -> tuple[threading.Thread, "queue.SimpleQueue[_Job]"]:
    if not _workers:
        jobs: queue.SimpleQueue[_Job] = queue.SimpleQueue()
        thread = threading.Thread(target=_serve, args=(jobs,), name="scene worker", daemon=True)
        thread.start()
        _workers.append((thread, jobs))
    return _workers[0]


def _aside(pump: Pump, what: str, path: str | os.PathLike[str], said: Said, function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    job = _Job(function, args, kwargs)
    thread, jobs = _worker()
    worker = cast(int, thread.ident)  # _worker started it, and a started thread has its ident
    jobs.put(job)
    me = threading.get_ident()
    started = time.monotonic()
    _pumping.add(me)
    # A frame makes hundreds of ctypes calls (GL, X), each letting the GIL go; with the worker
    # spinning in Python, each took the default 5 ms switch interval to win it back, and the
    # window stood still for seconds. A short interval while it waits keeps frames coming.
    interval = sys.getswitchinterval()
    sys.setswitchinterval(GIL_SWITCH)
    try:
        while not job.done.wait(1 / 30):
            elapsed = time.monotonic() - started
            if pump(elapsed, what):
                _stop_now(worker)
            if elapsed > SECONDS + GRACE and not job.done.is_set():
                # Stuck where Stopped cannot reach it: the worker is left to it, a new one made.
                _workers.remove((thread, jobs))
                _leave(worker)
                raise SceneTimeout(said(_line_now(worker, path)))
    finally:
        sys.setswitchinterval(interval)
        _pumping.discard(me)
    if job.stopped is not None:
        raise SceneTimeout(said(_line_in(job.stopped, path)))
    if job.error is not None:
        raise job.error
    return job.value


def _leave(ident: int) -> None:
    """Give up thread ``ident`` (stuck in C): send it no more Stopped, withdraw the one pending.

    CPython 3.11 keeps one flag for the whole interpreter saying that some thread has an
    exception pending, and clears it only when a thread takes its own. A withdrawn one, or one
    waiting on a thread stuck in C, leaves the flag set for good, and then every traced call
    (the Code view's sys.settrace) spins on its first line. So this thread sends itself a
    Stopped and takes it at once: the flag is cleared, and no exception is left anywhere."""
    with _lock:
        _armed.pop(ident, None)
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), None)
    _land(send=True)


def _land(send: bool = False) -> None:
    """Let a Stopped pending on this thread (with ``send``, one sent to itself) land here, and drop it."""
    try:
        if send:
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(threading.get_ident()), ctypes.py_object(Stopped))
        for _ in range(ABSORB):
            pass
    except Stopped:
        pass


def _stop_now(ident: int) -> None:
    """Send Stopped to the call on thread ``ident`` now, not at its deadline."""
    with _lock:
        if ident in _armed:
            _armed[ident][0] = 0.0
    _wake.set()


def _line_now(ident: int, path: str | os.PathLike[str]) -> int:
    """The line of file ``path`` that thread ``ident`` runs now (innermost), or 0."""
    frame = sys._current_frames().get(ident)
    mine = os.path.abspath(path)
    while frame is not None:
        if os.path.abspath(frame.f_code.co_filename) == mine:
            return frame.f_lineno
        frame = frame.f_back
    return 0


def _line_in(error: BaseException, path: str | os.PathLike[str]) -> int | None:
    """The line of file ``path`` nearest to where ``error`` was raised, or 0 (None where
    Python kept no line number)."""
    mine = os.path.abspath(path)
    lines = [frame.lineno for frame in traceback.extract_tb(error.__traceback__) if os.path.abspath(frame.filename) == mine]
    return lines[-1] if lines else 0


def _measure(calls: int = 200_000) -> float:
    """Microseconds one watched call costs over a plain one."""

    def nothing() -> None:
        return None

    def said(line: int | None) -> str:
        return ""

    start = time.perf_counter()
    for _ in range(calls):
        nothing()
    plain = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(calls):
        call(__file__, said, nothing)
    return (time.perf_counter() - start - plain) / calls * 1e6


if __name__ == "__main__":
    print(f"{_measure():.2f} microseconds a watched call")
