"""One class kept in one SQLite file: the lesson's place, its rounds, anonymous devices and votes.

Every change is committed before the server answers, in write-ahead-log mode: a server killed
(even with SIGKILL) and started again on the same file finds every vote it had acknowledged.
What is kept, and nothing else: a random device id for each browser (no name, no address, no
user agent), the time it first asked for the lesson, each round's question and answer, each
vote's choice with the time it was first cast and last changed, the lesson's place, and the
teacher's token (so that the teacher's page keeps working across a restart).
"""

import csv
import datetime
import io
import secrets
import sqlite3
import time
from pathlib import Path

from sandbox.kit.errors import SandboxError

SCHEMA = """
CREATE TABLE IF NOT EXISTS class (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS devices (device TEXT PRIMARY KEY, joined REAL NOT NULL);
CREATE TABLE IF NOT EXISTS rounds (
    step INTEGER NOT NULL, round INTEGER NOT NULL, question TEXT NOT NULL, answer TEXT NOT NULL,
    opened REAL NOT NULL, revealed REAL, PRIMARY KEY (step, round));
CREATE TABLE IF NOT EXISTS votes (
    device TEXT NOT NULL REFERENCES devices(device), step INTEGER NOT NULL, round INTEGER NOT NULL,
    choice TEXT NOT NULL, cast_at REAL NOT NULL, changed_at REAL NOT NULL, changes INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (device, step, round));
"""

COLUMNS = ("step", "round", "question", "answer", "device", "choice", "cast_at", "changed_at", "changes")
"""The CSV's columns, one row a vote; times are UTC, ISO 8601."""


class StoreError(SandboxError):
    """A class file that cannot be opened, or that holds another lesson's class."""


def default_path(lesson_path: Path, today: datetime.date | None = None) -> Path:
    """``class-DATE-LESSON.sqlite`` in the working folder: one file a lesson a day."""
    today = today or datetime.date.today()
    return Path(f"class-{today.isoformat()}-{Path(lesson_path).stem}.sqlite")


def _connect(path: Path, create: bool) -> sqlite3.Connection:
    if not create and not path.is_file():
        raise StoreError(f"{path}: no such class file (--class writes one: class-DATE-LESSON.sqlite)")
    try:
        # The server's threads share it, one at a time (the room's lock).
        db = sqlite3.connect(path if create else f"file:{path}?mode=ro", uri=not create, check_same_thread=False, isolation_level=None)
        if create:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")  # WAL: a process killed loses nothing committed
            db.executescript(SCHEMA)
        db.execute("SELECT count(*) FROM votes").fetchone()
    except sqlite3.OperationalError as error:
        raise StoreError(f"cannot use {path} as a class file: {error}; give --class-db a file in a folder you can write") from None
    except sqlite3.DatabaseError as error:
        raise StoreError(f"{path} is not a class file: {error}") from None
    return db


class Store:
    """The class file at ``path``, made if missing, for the lesson titled ``title``."""

    def __init__(self, path: Path, title: str) -> None:
        self.path = Path(path)
        self.db = _connect(self.path, create=True)
        held = self.get("lesson")
        if held is None:
            self.put("lesson", title)
        elif held != title:
            raise StoreError(f"{self.path} holds the class of the lesson {held!r}: give --class-db another file for {title!r}")
        if self.get("token") is None:
            self.put("token", secrets.token_urlsafe(18))

    def get(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM class WHERE key = ?", (key,)).fetchone()
        return None if row is None else row[0]

    def put(self, key: str, value: str) -> None:
        self.db.execute("INSERT INTO class VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", (key, value))

    def join(self, device: str) -> None:
        self.db.execute("INSERT OR IGNORE INTO devices VALUES (?, ?)", (device, time.time()))

    def known(self, device: str) -> bool:
        return self.db.execute("SELECT 1 FROM devices WHERE device = ?", (device,)).fetchone() is not None

    def joined(self) -> int:
        return self.db.execute("SELECT count(*) FROM devices").fetchone()[0]

    def rounds(self, step: int) -> list[tuple[int, bool]]:
        """(round, revealed) of each round asked at ``step`` (1-based), first to last."""
        rows = self.db.execute("SELECT round, revealed IS NOT NULL FROM rounds WHERE step = ? ORDER BY round", (step,))
        return [(r, bool(shown)) for r, shown in rows]

    def open_round(self, step: int, number: int, question: str, answer: str) -> None:
        self.db.execute("INSERT OR IGNORE INTO rounds VALUES (?, ?, ?, ?, ?, NULL)", (step, number, question, answer, time.time()))

    def reveal(self, step: int, number: int) -> None:
        self.db.execute("UPDATE rounds SET revealed = ? WHERE step = ? AND round = ? AND revealed IS NULL", (time.time(), step, number))

    def vote(self, device: str, step: int, number: int, choice: str) -> None:
        """Record ``device``'s vote, or change it: one a device a round, never counted twice."""
        now = time.time()
        self.db.execute(
            "INSERT INTO votes VALUES (?, ?, ?, ?, ?, ?, 0) ON CONFLICT(device, step, round) DO UPDATE SET "
            "choice = excluded.choice, changed_at = excluded.changed_at, changes = changes + (choice != excluded.choice)",
            (device, step, number, choice, now, now),
        )

    def mine(self, device: str, step: int, number: int) -> str | None:
        row = self.db.execute("SELECT choice FROM votes WHERE device = ? AND step = ? AND round = ?", (device, step, number)).fetchone()
        return None if row is None else row[0]

    def counts(self, step: int, number: int) -> dict[str, int]:
        rows = self.db.execute("SELECT choice, count(*) FROM votes WHERE step = ? AND round = ? GROUP BY choice", (step, number))
        return dict(rows.fetchall())


def results(path: Path) -> str:
    """The class file's votes as CSV (COLUMNS), in the order the rounds were asked; StoreError
    for a file that is missing or is not a class file. The file is opened read-only."""
    db = _connect(Path(path), create=False)
    rows = db.execute(
        "SELECT v.step, v.round, r.question, r.answer, v.device, v.choice, v.cast_at, v.changed_at, v.changes "
        "FROM votes v JOIN rounds r USING (step, round) ORDER BY r.opened, v.cast_at, v.device"
    )
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow([*row[:6], _utc(row[6]), _utc(row[7]), row[8]])
    db.close()
    return out.getvalue()


def _utc(seconds: float) -> str:
    return datetime.datetime.fromtimestamp(seconds, datetime.UTC).isoformat(timespec="milliseconds")
