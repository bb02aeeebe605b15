"""A class server killed with SIGKILL mid-lesson and started again on the same class file keeps
every vote it had acknowledged, and carries on at the same step and round with the same token."""

import concurrent.futures
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx2 as httpx
import pytest

ROOT = Path(__file__).parents[2]
LESSON = ROOT / "walkthroughs" / "sat-from-scratch.toml"


def start(db: Path, port: int = 0):
    """The server on 127.0.0.1 (any free port with 0); it and the lines it printed."""
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "sandbox.py"), "--walkthrough", str(LESSON), "--class", "--no-window",
         "--host", "127.0.0.1", "--port", str(port), "--class-db", str(db)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=db.parent,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    lines = [process.stdout.readline() for _ in range(4)]
    assert lines[0].startswith("students: "), "".join(lines) + process.stderr.read()
    url = lines[0].split()[1]
    token = lines[2].split()[2]
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(url + "api/address", timeout=2)
            break
        except httpx.TransportError:
            assert time.monotonic() < deadline and process.poll() is None, process.stderr.read()
            time.sleep(0.1)
    return process, url, token


def stop(process):
    process.kill()
    process.communicate()


def test_sigkill_mid_lesson_loses_no_vote(tmp_path):
    db = tmp_path / "class.sqlite"
    process, url, token = start(db)
    teacher = {"Authorization": f"Bearer {token}"}
    students = [httpx.Client(base_url=url, timeout=10) for _ in range(40)]
    try:
        for _ in range(10):
            httpx.post(url + "api/teacher/next", headers=teacher).raise_for_status()
        for s in students:
            s.get("/api/state").raise_for_status()
        acknowledged: dict[str, str] = {}

        def vote(i: int) -> None:
            s = students[i % len(students)]
            choice = "PQRS"[i % 4]
            try:
                if s.post("/api/vote", json={"choice": choice}).status_code == 200:
                    acknowledged[s.cookies["device"]] = choice
            except httpx.TransportError:
                pass  # sent as the server died: never acknowledged, so never promised

        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            futures = [pool.submit(vote, i) for i in range(400)]
            time.sleep(0.4)  # mid-vote
            os.kill(process.pid, signal.SIGKILL)
            concurrent.futures.wait(futures)
        stop(process)
        assert len(acknowledged) >= 1
        port = int(re.search(r":(\d+)/", url).group(1))
        process, again, same = start(db, port)
        assert (again, same) == (url, token)
        votes = httpx.get(url + "api/teacher/votes", headers=teacher).json()
        assert votes["round"] == 1 and votes["step"] == 11
        kept = {}
        for s in students:
            # The same cookie, the same device: each finds its own vote again.
            state = s.get("/api/state").json()
            if state["mine"] is not None:
                kept[s.cookies["device"]] = state["mine"]
        assert kept == acknowledged
        assert sum(votes["counts"].values()) == len(acknowledged)
    finally:
        stop(process)
        for s in students:
            s.close()
    results = subprocess.run([sys.executable, str(ROOT / "sandbox.py"), "--class-results", str(db)],
                             capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    rows = results.stdout.splitlines()
    assert rows[0] == "step,round,question,answer,device,choice,cast_at,changed_at,changes"
    assert len(rows) - 1 == len(acknowledged)


@pytest.mark.parametrize("argv, says", [
    (["--class"], "--class needs --walkthrough FILE"),
    (["--walkthrough", str(LESSON), "--no-window"], "--no-window is for --class"),
    (["--walkthrough", str(LESSON), "--class", "--port", "99999"], "port must be a whole number from 0 to 65535"),
    (["--class-results", "missing.sqlite"], "missing.sqlite: no such class file"),
])
def test_class_options_refused_in_one_line(tmp_path, argv, says):
    run = subprocess.run([sys.executable, str(ROOT / "sandbox.py"), *argv], capture_output=True, text=True, cwd=tmp_path,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    # One line of ours (argparse's usage lines before its own).
    assert run.returncode == 2 and says in run.stderr.strip().splitlines()[-1] and "Traceback" not in run.stderr


def test_a_port_taken_is_refused_in_one_line(tmp_path):
    process, url, _ = start(tmp_path / "one.sqlite")
    try:
        port = re.search(r":(\d+)/", url).group(1)
        run = subprocess.run([sys.executable, str(ROOT / "sandbox.py"), "--walkthrough", str(LESSON), "--class", "--no-window",
                              "--host", "127.0.0.1", "--port", port, "--class-db", str(tmp_path / "two.sqlite")],
                             capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
        assert run.returncode == 2 and "cannot listen there" in run.stderr and "Traceback" not in run.stderr
    finally:
        stop(process)
