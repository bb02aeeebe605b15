"""Load on the class server, on this machine only: simulated students vote and drag while the
teacher steps through a lesson.

Run: python benchmarks/class_load.py [--students 300] [--dwell 4] [--lesson walkthroughs/sat-from-scratch.toml]

The server runs as ``sandbox.py --class --no-window`` on 127.0.0.1 (a port the system picks)
with a class file in a temporary folder; the students are one asyncio process of HTTP clients,
each with its own device cookie, doing what the students' page does: long-poll /api/state, vote
on each question (a third change their minds), and on unlocked steps drag their figure (a press,
moves sent one at a time as each answer comes back, a release). The teacher's script calls
next, unlock, reveal and again. Bounded: at most 1,000 students, 20 s a step, and the run is
stopped after --limit seconds whatever happens.

It prints the votes acknowledged and the votes lost (an acknowledged vote that the class file
does not hold as the student's last choice: 0 expected), the 50th and 95th percentile latency
of a vote and of a drag (as the client measured it, queueing included), the refusals (429), the
failures, the server's CPU time over the run (from /proc), and the load average before and
after (``uptime``'s numbers), for the note that quotes them.
"""

import argparse
import asyncio
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2 as httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sandbox.app import walkthrough  # noqa: E402
from sandbox.app.classroom.figure import Figure  # noqa: E402


class Tally:
    def __init__(self) -> None:
        self.latency: dict[str, list[float]] = {"vote": [], "drag": [], "state": []}
        self.refused = {"vote": 0, "drag": 0, "state": 0}
        self.failed = {"vote": 0, "drag": 0, "state": 0}
        self.acknowledged: dict[tuple[str, int, int], str] = {}


async def timed(tally: Tally, kind: str, request) -> httpx.Response | None:
    start = time.perf_counter()
    try:
        response = await request
    except httpx.HTTPError:
        tally.failed[kind] += 1
        return None
    if response.status_code == 429:
        tally.refused[kind] += 1
    elif response.status_code >= 500:
        tally.failed[kind] += 1
    else:
        tally.latency[kind].append(time.perf_counter() - start)
    return response


async def student(url: str, tally: Tally, spots: dict[int, tuple[float, float]], done: asyncio.Event, rng: random.Random) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        response = await timed(tally, "state", client.get("/api/state"))
        device = client.cookies.get("device")
        state = response.json()
        handled: set = set()
        doing: list[asyncio.Future] = []
        try:
            await follow(client, device, state, tally, spots, done, rng, handled, doing)
        finally:
            for task in doing:
                task.cancel()
            await asyncio.gather(*doing, return_exceptions=True)


async def follow(client, device, state, tally, spots, done, rng, handled, doing) -> None:
    """What the page does: follow the lesson, and vote or drag as each step allows."""
    while not done.is_set():
        key = (state["step"], state["round"], state["revealed"], state["unlocked"])
        if key not in handled:
            handled.add(key)
            if state["question"] and not state["revealed"]:
                doing.append(asyncio.ensure_future(vote(client, device, state, tally, rng)))
            if state["unlocked"]:
                doing.append(asyncio.ensure_future(drag(client, state, spots, tally, rng)))
        response = await timed(tally, "state", client.get("/api/state", params={"wait": state["version"]}))
        if response is None or response.status_code != 200:
            await asyncio.sleep(1)
            continue
        state = response.json()


async def vote(client, device, state, tally, rng) -> None:
    await asyncio.sleep(rng.uniform(0, 2))
    choices = state["choices"] or ["yes", "no"]
    for _ in range(2 if rng.random() < 1 / 3 else 1):
        choice = rng.choice(choices)
        asked = {"choice": choice, "step": state["step"], "round": state["round"]}
        response = await timed(tally, "vote", client.post("/api/vote", json=asked))
        if response is not None and response.status_code == 200:
            counted = response.json()
            tally.acknowledged[device, counted["step"], counted["round"]] = choice
        await asyncio.sleep(rng.uniform(0.2, 1))


async def drag(client, state, spots, tally, rng) -> None:
    await asyncio.sleep(rng.uniform(0, 1.5))
    x, y = spots.get(state["step"] - 1, (400, 225))
    if await timed(tally, "drag", client.post("/api/drag", json={"kind": "down", "x": x, "y": y})) is None:
        return
    for i in range(8):
        x, y = min(max(x + rng.uniform(-15, 15), 0), 800), min(max(y + rng.uniform(-10, 10), 0), 450)
        await timed(tally, "drag", client.post("/api/drag", json={"kind": "move", "x": x, "y": y}))
        await asyncio.sleep(0.1)  # a finger's pace, as the page's coalescing leaves it
    await timed(tally, "drag", client.post("/api/drag", json={"kind": "up", "x": x, "y": y}))


async def teacher(url: str, token: str, steps, dwell: float) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=60) as client:
        for index, step in enumerate(steps):
            if index:
                (await client.post("/api/teacher/next")).raise_for_status()
            if index % 2 == 0:
                (await client.post("/api/teacher/unlock", json={"unlocked": True})).raise_for_status()
            await asyncio.sleep(dwell)
            if step.question:
                (await client.post("/api/teacher/reveal")).raise_for_status()
                await asyncio.sleep(dwell / 2)
                (await client.post("/api/teacher/again")).raise_for_status()
                await asyncio.sleep(dwell)
                (await client.post("/api/teacher/reveal")).raise_for_status()
                await asyncio.sleep(dwell / 2)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def percentile(values: list[float], p: float) -> float:
    return statistics.quantiles(values, n=100)[p - 1] if len(values) > 1 else (values[0] if values else float("nan"))


async def run(args) -> int:
    lesson = walkthrough.load(args.lesson)
    # Where each step's B (or its first shape) is drawn: the students grab it.
    spots = {}
    for index, step in enumerate(lesson.steps):
        figure = Figure(step, "load")
        name = "B" if "B" in figure.scene.shapes else next(iter(figure.scene.shapes), None)
        if name is not None:
            sx, sy = figure.camera.to_screen(*figure.scene.shapes[name].position)
            spots[index] = (min(max(sx, 0), 800), min(max(figure.camera.height - sy, 0), 450))
    folder = tempfile.mkdtemp(prefix="class-load-")
    db = Path(folder) / "class.sqlite"
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "sandbox.py"), "--walkthrough", str(args.lesson), "--class", "--no-window",
         "--host", "127.0.0.1", "--port", "0", "--class-db", str(db)],
        stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    lines = [server.stdout.readline() for _ in range(4)]
    url, token = lines[0].split()[1], lines[2].split()[2]
    for _ in range(300):
        try:
            httpx.get(url + "api/address")
            break
        except httpx.TransportError:
            time.sleep(0.1)
    print(f"before: {uptime()}")
    tally, done = Tally(), asyncio.Event()
    rng = random.Random(1)
    cpu0, wall0, own0 = cpu_seconds(server.pid), time.monotonic(), time.process_time()
    students = [asyncio.ensure_future(student(url, tally, spots, done, random.Random(rng.random()))) for _ in range(args.students)]
    try:
        await asyncio.wait_for(teacher(url, token, lesson.steps, args.dwell), args.limit)
    except TimeoutError:
        print(f"stopped after {args.limit} s")
    await asyncio.sleep(3)  # the last votes and drags land
    cpu, wall, own = cpu_seconds(server.pid) - cpu0, time.monotonic() - wall0, time.process_time() - own0
    print(f"after: {uptime()}")
    done.set()
    for task in students:
        task.cancel()
    await asyncio.gather(*students, return_exceptions=True)
    server.terminate()
    server.communicate(timeout=30)

    kept = dict(((d, s, r), c) for d, s, r, c in sqlite3.connect(db).execute("SELECT device, step, round, choice FROM votes"))
    lost = sum(1 for key, choice in tally.acknowledged.items() if kept.get(key) != choice)
    print(f"students {args.students}, steps {len(lesson.steps)}, {wall:.0f} s")
    print(f"votes acknowledged {len(tally.acknowledged)} (last choices), held in the class file {len(kept)}, lost {lost}")
    for kind in ("vote", "drag", "state"):
        values = tally.latency[kind]
        print(f"{kind:5}: {len(values)} answered, p50 {percentile(values, 50) * 1000:.0f} ms, p95 {percentile(values, 95) * 1000:.0f} ms, "
              f"refused (429) {tally.refused[kind]}, failed {tally.failed[kind]}" + (" (long polls: held open by design)" if kind == "state" else ""))
    print(f"server CPU {cpu:.1f} s over {wall:.0f} s: {100 * cpu / wall:.0f}% of one core; the students' process {own:.1f} s")
    return 1 if lost or any(tally.failed.values()) else 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--students", type=int, default=300)
    p.add_argument("--dwell", type=float, default=4.0, help="seconds on each step (a question's rounds take more)")
    p.add_argument("--lesson", type=Path, default=ROOT / "walkthroughs" / "sat-from-scratch.toml")
    p.add_argument("--limit", type=float, default=240.0, help="seconds after which the teacher stops, whatever the step")
    args = p.parse_args()
    if not (1 <= args.students <= 1000 and 0 < args.dwell <= 20 and 0 < args.limit <= 600):
        p.error("--students from 1 to 1000, --dwell up to 20 s, --limit up to 600 s")
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
