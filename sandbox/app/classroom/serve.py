"""Start the class server: bind the address chosen, print the students' address and the
teacher's token, and serve (in the foreground with ``--no-window``, else beside the window)."""

import socket
import sys
import threading
from pathlib import Path
from types import FrameType
from typing import TextIO

import uvicorn

from sandbox.app.classroom import server, store
from sandbox.app.classroom.room import Room
from sandbox.app.walkthrough import Walkthrough
from sandbox.kit.errors import SandboxError

class ClassError(SandboxError):
    """A class server that cannot start: the address is taken, or is not this machine's."""


def lan_address() -> str:
    """This machine's address on the network it would reach others by (no packet is sent), or
    127.0.0.1 with no network: the students' phones reach the server there."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


BACKLOG = 1024
"""Connections the system holds for the server before it accepts them (a class joining at once)."""


class Served:
    """A running class server: its room, addresses and the uvicorn server (``stop`` ends it)."""

    def __init__(self, room: Room, host: str | None, port: int, limits: server.Limits = server.Limits()) -> None:
        self.room = room
        host = host or lan_address()
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.socket = socket.socket(family, socket.SOCK_STREAM)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            self.socket.bind((host, port))
        except OSError as error:
            self.socket.close()
            raise ClassError(f"--host {host} --port {port}: cannot listen there ({error.strerror}); choose another --port, or --host 127.0.0.1") from None
        # Listening from here, not from when uvicorn's thread starts: the addresses are printed
        # (and a browser may come) before it does, and a connection then was refused.
        self.socket.listen(BACKLOG)
        port = self.socket.getsockname()[1]
        shown = f"[{host}]" if family == socket.AF_INET6 else host
        # Listening on every interface: the students still need this machine's own address.
        shown = lan_address() if host in ("0.0.0.0", "::") else shown
        self.students = f"http://{shown}:{port}/"
        self.teacher = f"{self.students}teacher#token={room.token}"
        self.app = server.app(room, self.students, limits)
        config = uvicorn.Config(self.app, log_level="warning", access_log=False,
                                timeout_graceful_shutdown=1, h11_max_incomplete_event_size=16 * 1024, backlog=BACKLOG,
                                # Connections at once (a long poll holds one a student): past it, 503.
                                limit_concurrency=3000)
        self.server = uvicorn.Server(config)
        exit_on_signal = self.server.handle_exit

        def handle_exit(sig: int, frame: FrameType | None) -> None:
            self.app.state.close()  # Ctrl+C: the long polls answer now, the shutdown is quick
            exit_on_signal(sig, frame)

        self.server.handle_exit = handle_exit  # type: ignore[method-assign]

    def announce(self, out: TextIO = sys.stdout) -> None:
        print(f"students: {self.students}", file=out)
        print(f"teacher: {self.teacher}", file=out)
        print(f"teacher token: {self.room.token}", file=out)
        print(f"class file: {self.room.store.path}", file=out, flush=True)

    def run(self) -> None:
        """Serve until Ctrl+C or SIGTERM (the foreground: ``--no-window``)."""
        self.server.run(sockets=[self.socket])

    def start(self) -> threading.Thread:
        """Serve in a thread beside the window; ``stop`` ends it."""
        thread = threading.Thread(target=self.run, name="class server", daemon=True)
        thread.start()
        return thread

    def stop(self) -> None:
        self.app.state.close()
        self.server.should_exit = True


def open_class(lesson: Walkthrough, db: str | None, host: str | None, port: int) -> Served:
    """The class of ``lesson`` kept in ``db`` (a dated file by default), served on host:port."""
    path = Path(db) if db is not None else store.default_path(lesson.path)
    return Served(Room(lesson, store.Store(path, lesson.title)), host, port)
