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
        unanswered: dict[str, str] = {}
        sent = [0]

        def keep_voting(group: list) -> None:
            """Each device of ``group`` in turn changes its vote, until the server is gone."""
            for i in range(10_000):
                s = group[i % len(group)]
                choice = "PQRS"[(i // len(group)) % 4]
                try:
                    response = s.post("/api/vote", json={"choice": choice})
                except httpx.TransportError:
                    unanswered[s.cookies["device"]] = choice  # sent as the server died: never promised
                    return
                sent[0] += 1
                assert response.status_code == 200, response.text
                acknowledged[s.cookies["device"]] = choice

        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            futures = [pool.submit(keep_voting, students[i::8]) for i in range(8)]
            time.sleep(1.5)  # mid-vote: every thread is still voting
            assert not any(f.done() for f in futures)
            os.kill(process.pid, signal.SIGKILL)
            for f in futures:
                f.result()
        stop(process)
        assert len(acknowledged) == len(students) and sent[0] > 2 * len(students)
        port = int(re.search(r":(\d+)/", url).group(1))
        process, again, same = start(db, port)
        assert (again, same) == (url, token)
        votes = httpx.get(url + "api/teacher/votes", headers=teacher).json()
        assert votes["round"] == 1 and votes["step"] == 11
        for s in students:
            # The same cookie, the same device: each finds its last acknowledged vote again
            # (or the one it sent as the server died, which may or may not have been written).
            device = s.cookies["device"]
            assert s.get("/api/state").json()["mine"] in {acknowledged[device], unanswered.get(device)}
        assert sum(votes["counts"].values()) == len(students)
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
    (["--walkthrough", str(LESSON), "--port", "8000"], "--port is for --class"),
    (["--walkthrough", str(LESSON), "--class", "--export", "out"], "give one of them"),
    (["--walkthrough", str(LESSON), "--class", "--no-window", "--class-db", "."], "cannot use . as a class file"),
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
