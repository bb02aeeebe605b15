"""Load on the class server, on this machine only: simulated students vote and drag while the
teacher steps through a lesson.

Run: python benchmarks/class_load.py [--students 300] [--dwell 4] [--lesson walkthroughs/sat-from-scratch.toml]

The server runs as ``sandbox.py --class --no-window`` on 127.0.0.1 (a port the system picks)
with a class file in a temporary folder. The students are one asyncio process speaking plain
HTTP/1.1 over kept-alive connections (two a student, as a browser would open: one long-polls,
one acts), each with its own device cookie, doing what the students' page does: long-poll
/api/state, vote on each question (a third change their minds), and on unlocked steps drag
their figure (a press, moves at a finger's pace, each sent when the last is answered, a
release). The teacher's script calls next, unlock, reveal and again. Bounded: at most 1,000
students, 20 s a step, and the teacher stops after --limit seconds whatever happens.

It prints the votes acknowledged and the votes lost (a student's last acknowledged vote that
the class file does not hold, unless a later vote of theirs was sent and left unanswered: 0
expected), the 50th and 95th percentile latency of a vote and of a drag as the client measured
it (queueing in both processes included), the refusals (429: drags shed when the server is
busy drawing), the failures, the server's CPU time over the run (from /proc), the students'
process's, and the load average before and after (``uptime``'s), for the note that quotes them.
"""

import argparse
import asyncio
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sandbox.app import walkthrough  # noqa: E402
from sandbox.app.classroom.figure import Figure  # noqa: E402

KINDS = ("vote", "drag", "state")
TIMEOUT = 60.0
"""Seconds a request may take before it counts as failed (a long poll holds 20 at most)."""


class Tally:
    def __init__(self) -> None:
        self.latency: dict[str, list[float]] = {kind: [] for kind in KINDS}
        self.refused = dict.fromkeys(KINDS, 0)
        self.failed = dict.fromkeys(KINDS, 0)
        self.acknowledged: dict[tuple[str, int, int], str] = {}
        """(device, step, round) -> the last choice the server acknowledged."""
        self.unanswered: dict[str, set[str]] = {}
        """device -> the choices it sent after that and heard nothing back about."""


class Connection:
    """One kept-alive HTTP/1.1 connection to the server, with the device cookie."""

    def __init__(self, host: str, port: int, headers: str = "") -> None:
        self.host, self.port, self.headers = host, port, headers
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        self.cookie = ""

    async def request(self, method: str, path: str, body: object = None) -> tuple[int, bytes]:
        reused = self.streams is not None
        try:
            return await self._attempt(method, path, body)
        except (ConnectionError, asyncio.IncompleteReadError, IndexError):
            if not reused:
                raise
            # The server closed a connection left idle (its keep-alive ran out): as a browser
            # does, send it again once on a new one.
            return await self._attempt(method, path, body)

    async def _attempt(self, method, path, body):
        try:
            return await asyncio.wait_for(self._request(method, path, body), TIMEOUT)
        except BaseException:
            self.close()  # a half-read answer must not be read as the next one's
            raise

    async def _request(self, method, path, body):
        if self.streams is None:
            self.streams = await asyncio.open_connection(self.host, self.port)
        reader, writer = self.streams
        data = b"" if body is None else json.dumps(body).encode()
        head = (f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nContent-Length: {len(data)}\r\n"
                + ("Content-Type: application/json\r\n" if body is not None else "")
                + (f"Cookie: device={self.cookie}\r\n" if self.cookie else "") + self.headers + "\r\n")
        writer.write(head.encode() + data)
        status = int((await reader.readline()).split()[1])
        length = 0
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
            elif name.lower() == "set-cookie" and value.strip().startswith("device="):
                self.cookie = value.strip()[7:].split(";")[0]
        return status, await reader.readexactly(length)

    def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


async def timed(tally: Tally, kind: str, connection: Connection, method: str, path: str, body: object = None):
    start = time.perf_counter()
    try:
        status, data = await connection.request(method, path, body)
    except (OSError, asyncio.IncompleteReadError, TimeoutError, ValueError, IndexError):
        tally.failed[kind] += 1
        return None, b""
    if status == 429:
        tally.refused[kind] += 1
    elif status >= 500:
        tally.failed[kind] += 1
    else:
        tally.latency[kind].append(time.perf_counter() - start)
    return status, data


async def student(host, port, tally, spots, done, rng) -> None:
    polling, acting = Connection(host, port), Connection(host, port)
    status, data = await timed(tally, "state", polling, "GET", "/api/state")
    if status != 200:
        return
    acting.cookie = polling.cookie
    state, handled, doing = json.loads(data), set(), []
    acts = asyncio.Lock()  # one request at a time on the acting connection
    try:
        while not done.is_set():
            key = (state["step"], state["round"], state["revealed"], state["unlocked"])
            if key not in handled:
                handled.add(key)
                if state["question"] and not state["revealed"]:
                    doing.append(asyncio.ensure_future(vote(acting, acts, state, tally, rng)))
                if state["unlocked"]:
                    doing.append(asyncio.ensure_future(drag(acting, acts, state, spots, tally, rng)))
            status, data = await timed(tally, "state", polling, "GET", f"/api/state?wait={state['version']}")
            if status != 200:
                await asyncio.sleep(1)
                continue
            state = json.loads(data)
    finally:
        for task in doing:
            task.cancel()
        await asyncio.gather(*doing, return_exceptions=True)
        polling.close()
        acting.close()


async def vote(acting, acts, state, tally, rng) -> None:
    await asyncio.sleep(rng.uniform(0, 2))
    choices = state["choices"] or ["yes", "no"]
    for _ in range(2 if rng.random() < 1 / 3 else 1):
        choice = rng.choice(choices)
        async with acts:
            sent = {"choice": choice, "step": state["step"], "round": state["round"]}
            status, data = await timed(tally, "vote", acting, "POST", "/api/vote", sent)
        if status == 200:
            counted = json.loads(data)
            tally.acknowledged[acting.cookie, counted["step"], counted["round"]] = choice
            tally.unanswered.pop(acting.cookie, None)
        elif status is None:
            tally.unanswered.setdefault(acting.cookie, set()).add(choice)
        await asyncio.sleep(rng.uniform(0.2, 1))


async def drag(acting, acts, state, spots, tally, rng) -> None:
    await asyncio.sleep(rng.uniform(0, 1.5))
    x, y = spots.get(state["step"] - 1, (400, 225))
    moves = [("down", x, y)]
    for _ in range(8):
        x, y = min(max(x + rng.uniform(-15, 15), 0), 800), min(max(y + rng.uniform(-10, 10), 0), 450)
        moves.append(("move", x, y))
    moves.append(("up", x, y))
    backoff = 0.5
    for kind, x, y in moves:
        for _ in range(1 if kind == "move" else 30):
            async with acts:
                status, _ = await timed(tally, "drag", acting, "POST", "/api/drag", {"kind": kind, "x": round(x, 1), "y": round(y, 1)})
            if status != 429:
                backoff = 0.5
                break
            # Busy: as the page does, wait (longer each time, up to 4 s); a press or a release is sent again.
            await asyncio.sleep(backoff * rng.uniform(1, 2))
            backoff = min(backoff * 2, 4.0)
        if kind == "move":
            await asyncio.sleep(0.1)  # a finger's pace, as the page's coalescing leaves it


async def teacher(host, port, token, steps, dwell) -> None:
    connection = Connection(host, port, f"Authorization: Bearer {token}\r\n")

    async def call(name, body=None):
        status, data = await connection.request("POST", f"/api/teacher/{name}", body)
        assert status == 200, (name, status, data)

    try:
        for index, step in enumerate(steps):
            if index:
                await call("next")
            if index % 2 == 0:
                await call("unlock", {"unlocked": True})
            await asyncio.sleep(dwell)
            if step.question:
                for name, wait in (("reveal", dwell / 2), ("again", dwell), ("reveal", dwell / 2)):
                    await call(name)
                    await asyncio.sleep(wait)
    finally:
        connection.close()


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def percentile(values: list[float], p: int) -> float:
    return statistics.quantiles(values, n=100)[p - 1] if len(values) > 1 else (values[0] if values else float("nan"))


def spots_of(lesson) -> dict[int, tuple[float, float]]:
    """Where each step's B (or its first shape) is drawn, in picture pixels: the students grab it."""
    spots = {}
    for index, step in enumerate(lesson.steps):
        figure = Figure(step, "load")
        name = "B" if "B" in figure.scene.shapes else next(iter(figure.scene.shapes), None)
        if name is not None:
            sx, sy = figure.camera.to_screen(*figure.scene.shapes[name].position)
            spots[index] = (min(max(sx, 0), 800), min(max(figure.camera.height - sy, 0), 450))
    return spots


async def run(args) -> int:
    lesson = walkthrough.load(args.lesson)
    spots = spots_of(lesson)
    db = Path(tempfile.mkdtemp(prefix="class-load-")) / "class.sqlite"
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "sandbox.py"), "--walkthrough", str(args.lesson), "--class", "--no-window",
         "--host", "127.0.0.1", "--port", "0", "--class-db", str(db)],
        stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    lines = [server.stdout.readline() for _ in range(4)]
    address, token = urlsplit(lines[0].split()[1]), lines[2].split()[2]
    host, port = address.hostname, address.port
    for _ in range(300):
        try:
            await Connection(host, port).request("GET", "/api/address")
            break
        except OSError:
            await asyncio.sleep(0.1)
    print(f"before: {uptime()}")
    tally, done = Tally(), asyncio.Event()
    rng = random.Random(1)
    cpu0, wall0, own0 = cpu_seconds(server.pid), time.monotonic(), time.process_time()
    students = [asyncio.ensure_future(student(host, port, tally, spots, done, random.Random(rng.random()))) for _ in range(args.students)]
    try:
        await asyncio.wait_for(teacher(host, port, token, lesson.steps, args.dwell), args.limit)
    except TimeoutError:
        print(f"the teacher stopped after {args.limit} s")
    await asyncio.sleep(3)  # the last votes and drags land
    cpu, wall, own = cpu_seconds(server.pid) - cpu0, time.monotonic() - wall0, time.process_time() - own0
    print(f"after: {uptime()}")
    done.set()
    for task in students:
        task.cancel()
    await asyncio.gather(*students, return_exceptions=True)
    server.terminate()
    server.communicate(timeout=30)

    kept = {(d, s, r): c for d, s, r, c in sqlite3.connect(db).execute("SELECT device, step, round, choice FROM votes")}
    lost = sum(1 for key, choice in tally.acknowledged.items() if kept.get(key) not in {choice, *tally.unanswered.get(key[0], ())})
    print(f"students {args.students}, steps {len(lesson.steps)}, {wall:.0f} s")
    print(f"votes acknowledged {len(tally.acknowledged)} (each device's last a round), held in the class file {len(kept)}, lost {lost}")
    for kind in KINDS:
        values = tally.latency[kind]
        print(f"{kind:5}: {len(values)} answered, p50 {percentile(values, 50) * 1000:.0f} ms, p95 {percentile(values, 95) * 1000:.0f} ms, "
              f"refused (429) {tally.refused[kind]}, failed {tally.failed[kind]}" + ("  (long polls, held open by design)" if kind == "state" else ""))
    print(f"server CPU {cpu:.1f} s over {wall:.0f} s: {100 * cpu / wall:.0f}% of one core; the students' process {own:.1f} s")
    return 1 if lost or any(tally.failed.values()) else 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--students", type=int, default=300)
    p.add_argument("--dwell", type=float, default=4.0, help="seconds on each step (a question's rounds take three times that)")
    p.add_argument("--lesson", type=Path, default=ROOT / "walkthroughs" / "sat-from-scratch.toml")
    p.add_argument("--limit", type=float, default=240.0, help="seconds after which the teacher stops, whatever the step")
    args = p.parse_args()
    if not (1 <= args.students <= 1000 and 0 < args.dwell <= 20 and 0 < args.limit <= 600):
        p.error("--students from 1 to 1000, --dwell up to 20 s, --limit up to 600 s")
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
