"""Run the real command line in a subprocess (or, for tests of its words alone, in this process), and check what it left on disk."""

import contextlib
import hashlib
import io
import os
import stat
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args, env=None, timeout=120, cwd=ROOT):
    """``python sandbox.py ARGS`` from the checkout (or run in ``cwd``); a hang (reading a FIFO,
    say) fails the test."""
    return subprocess.run(
        [sys.executable, ROOT / "sandbox.py", *map(str, args)], cwd=cwd, capture_output=True, text=True, env=env, timeout=timeout
    )


def main(*args, cwd=ROOT):
    """The command line run in this process (cli.main) with ``run``'s result: for tests of its
    words and exit code rather than of the process, without starting Python and loading the app
    again (about half a second of CPU a run)."""
    from sandbox.app import cli

    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(cwd), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main([str(arg) for arg in args])
        except SystemExit as leaving:  # argparse's refusals leave so
            code = leaving.code
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


def snapshot(*folders):
    """Every entry under ``folders`` as path -> (kind, mode, SHA-256 or link target)."""
    found = {}
    for folder in folders:
        for place, dirs, names in os.walk(folder):
            for name in dirs + names:
                path = Path(place) / name
                info = os.lstat(path)
                if stat.S_ISLNK(info.st_mode):
                    found[str(path)] = ("link", os.readlink(path))
                elif stat.S_ISREG(info.st_mode):
                    found[str(path)] = ("file", stat.S_IMODE(info.st_mode), hashlib.sha256(path.read_bytes()).hexdigest())
                else:
                    found[str(path)] = (stat.S_IFMT(info.st_mode), stat.S_IMODE(info.st_mode))
    return found


def assert_refused(done, *names):
    """A non-zero exit with no traceback and a message of one to three lines naming ``names``."""
    assert done.returncode != 0, done.stdout
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert 1 <= len(lines) <= 3, done.stderr
    for name in names:
        assert str(name) in done.stderr, (name, done.stderr)
