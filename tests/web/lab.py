"""JupyterLab started by a test on a free port of 127.0.0.1, in a home of its own, serving one folder."""

import contextlib
import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


class Lab:
    """A running JupyterLab: its base URL and token, and the server's REST API."""

    def __init__(self, base: str, token: str) -> None:
        self.base, self.token = base, token

    def url(self, notebook: str) -> str:
        return f"{self.base}/lab/tree/{notebook}?token={self.token}"

    def api(self, path: str, method: str = "GET"):
        request = urllib.request.Request(f"{self.base}/api/{path}", method=method, headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            body = answer.read()
        return json.loads(body) if body else None

    def wait_for_idle_kernel(self, seconds: float = 60) -> None:
        """Until a notebook's kernel, started by the page, says it is idle."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if any(kernel["execution_state"] == "idle" for kernel in self.api("kernels")):
                return
            time.sleep(0.2)
        pytest.fail(f"the notebook's kernel was not idle within {seconds} s")

    def shut_down_kernels(self) -> None:
        """Every session ended, its kernel with it: one notebook's kernel at a time."""
        for session in self.api("sessions"):
            self.api(f"sessions/{session['id']}", "DELETE")


@contextlib.contextmanager
def jupyterlab(folder: Path, *options: str):
    """JupyterLab serving ``folder`` (its home inside it), with this checkout's packages: a Lab."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    token = secrets.token_hex(16)
    home = folder / "home"
    env = dict(os.environ, PYTHONPATH=str(ROOT), HOME=str(home), JUPYTER_CONFIG_DIR=str(home / "config"),
               JUPYTER_RUNTIME_DIR=str(home / "runtime"), IPYTHONDIR=str(home / "ipython"))
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ip=127.0.0.1", f"--port={port}", f"--IdentityProvider.token={token}",
         f"--ServerApp.root_dir={folder}", f"--LabApp.workspaces_dir={home / 'workspaces'}", "--LabApp.news_url=None",
         "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate", *options],
        cwd=folder, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={token}", timeout=2).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("JupyterLab did not start: " + server.stderr.read().decode()[-2000:])
                time.sleep(0.1)
        yield Lab(f"http://127.0.0.1:{port}", token)
    finally:
        server.terminate()
        server.wait(10)
        server.stderr.close()
