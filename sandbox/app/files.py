"""Saving and reading the app's own files safely.

A save writes a temporary file beside the target and renames it over the target, so a crash
leaves the old file or the new one, never half of either. A symbolic link is written through
to the file it points to, as editors do, so the link stays a link. Anything that exists and is
not a regular file (a folder, a device, a FIFO) is refused. A new file gets the mode the umask
allows; a replaced file keeps its own. A save removes only the temporary file it made itself:
never a file it did not write, however its name looks (a teacher's own ``.index.html.x.tmp``,
or another process's save of the same file at that moment).

Reading takes regular files only, up to a size limit, so a path such as /dev/zero or a FIFO
cannot exhaust memory or hang the app.

Every refusal is a :class:`FileError` whose message is one line naming the path and what to do.
"""

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path
from typing import NoReturn

from sandbox.kit.errors import SandboxError

MAX_READ = 1 << 20
"""The largest file read_bytes takes by default: 1 MiB, far more than any layout or lesson."""

_TEMPORARY_SUFFIX = ".tmp"

PathArg = str | os.PathLike[str]
"""A path as callers give it: text or a Path."""


class FileError(SandboxError, OSError):
    """A file the app cannot write or read. ``str(error)`` is one line naming the path and what
    to do; ``strerror`` is the same without the path, for messages that already name it.

    It is an OSError so that code catching OSError around a save still catches it.
    """

    def __init__(self, message: str, problem: str, path: object) -> None:
        super().__init__(message)
        self.strerror = problem
        self.filename = str(path)

    def __str__(self) -> str:
        return self.args[0]


def _fail(verb: str, path: object, problem: str) -> NoReturn:
    raise FileError(f"cannot {verb} {path}: {problem}", problem, path)


def explain(error: OSError) -> str:
    """A short reason and remedy for an OSError from the system."""
    if isinstance(error, PermissionError):
        return "permission denied; choose a place you can write to"
    if isinstance(error, (NotADirectoryError, FileExistsError)):
        return "a part of the path is a file, not a folder; choose another path"
    if isinstance(error, FileNotFoundError):
        return "no such file or folder; check the path"
    if isinstance(error, IsADirectoryError):
        return "it is a folder; give a file name"
    if error.errno == errno.ENOSPC:
        return "the disk is full; free some space and try again"
    if error.errno == errno.EROFS:
        return "the file system is read-only; choose a place you can write to"
    return f"{error.strerror or error}; check the path"


def _kind(mode: int) -> str:
    """What a non-regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def save_target(path: PathArg, follow_links: bool = True) -> Path:
    """The file a save of ``path`` would replace or create, checked: a symbolic link resolved
    to its target (or, with ``follow_links`` false, refused), anything else that exists and is
    not a regular file refused. Returns the target Path; raises FileError."""
    if str(path) == "":
        _fail("save to", '""', "the path is empty; give a file name")
    target = Path(path)
    if os.path.islink(target):
        if not follow_links:
            _fail("write", path, "it is a symbolic link; remove it or choose another folder")
        target = Path(os.path.realpath(target))
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return target
    except OSError as error:
        _fail("write", path, explain(error))
    if not stat.S_ISREG(mode):
        _fail("write", path, f"it is {_kind(mode)}, not a regular file; give a file name")
    return target


def write_bytes(path: PathArg, data: bytes, follow_links: bool = True) -> Path:
    """Write ``data`` to ``path`` atomically and return ``path``; FileError if it cannot.

    The folder is created if it is missing. With ``follow_links`` false a symbolic link at
    ``path`` is refused instead of written through (a handout must not write outside its
    folder).
    """
    target = save_target(path, follow_links)
    folder = target.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        _fail("write", path, explain(error))
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    except OSError as error:
        _fail("write", path, explain(error))
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=_TEMPORARY_SUFFIX)
    except OSError as error:
        _fail("write", path, explain(error))
    try:
        with os.fdopen(handle, "wb") as out:
            # mkstemp makes the file 0600; give it the mode the finished file should have.
            os.chmod(temporary, mode)
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, target)
    except BaseException as error:
        os.unlink(temporary)
        if isinstance(error, OSError):
            _fail("write", path, explain(error))
        raise
    return Path(path)


def write_text(path: PathArg, text: str, follow_links: bool = True) -> Path:
    """Write ``text`` as UTF-8 to ``path`` atomically, as write_bytes does; return ``path``."""
    return write_bytes(path, text.encode("utf-8"), follow_links)


def _umask() -> int:
    # The only way to read the umask is to set it; put it straight back.
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def read_bytes(path: PathArg, limit: int = MAX_READ) -> bytes:
    """The contents of the regular file ``path``, at most ``limit`` bytes; FileError for
    anything else (a folder, a device, a FIFO, a file too large, a path that cannot be read)."""
    path = Path(path)
    try:
        # Non-blocking, so that opening a FIFO returns at once and fstat can refuse it
        # (Windows has no FIFOs to open, nor the flag, and needs O_BINARY to read bytes as they are).
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as error:
        _fail("read", path, explain(error))
    mode = os.fstat(handle).st_mode
    if not stat.S_ISREG(mode):
        os.close(handle)
        _fail("read", path, f"it is {_kind(mode)}, not a regular file; give a file")
    with os.fdopen(handle, "rb") as source:
        try:
            data = source.read(limit + 1)
        except OSError as error:
            _fail("read", path, explain(error))
    if len(data) > limit:
        _fail("read", path, f"it is larger than {limit // 1024} KiB; give the right file")
    return data


def read_text(path: PathArg, limit: int = MAX_READ) -> str:
    """The contents of the regular file ``path`` as UTF-8 text; as read_bytes, and
    UnicodeDecodeError if it is not UTF-8."""
    return read_bytes(path, limit).decode("utf-8")


def inside(folder: PathArg, reference: object) -> Path:
    """The path of ``reference``, a relative path given in a file in ``folder``, checked to lie
    inside ``folder`` once every symbolic link is followed; FileError otherwise."""
    if not isinstance(reference, str) or not reference:
        _fail("use", repr(reference), "a file reference must be a relative path such as \"box-box.json\"")
    if os.path.isabs(reference):
        _fail("use", reference, f"an absolute path; give a path relative to {folder}")
    path = Path(folder) / reference
    base = os.path.realpath(folder)
    resolved = os.path.realpath(path)
    if os.path.commonpath([base, resolved]) != base:
        _fail("use", reference, f"it lies outside {folder}; keep the file in that folder")
    return path


class Staging:
    """The files of one export, written in a temporary folder of its own and moved into
    ``folder`` only once every one is written: an export stopped half-way (a scene's NaN, a
    scene the watchdog stopped, a full disk, Ctrl+C) leaves ``folder`` as it was.

    Use it as a context manager; ``path(name)`` is where the file ``name`` (relative, may be in
    a subfolder) is to be written, and ``commit(first)`` moves them all in, ``first`` before the
    others (a manifest, so that a rerun after a kill half-way through moving knows them). On
    leaving without a commit every file and folder it made is removed by the name it kept, never
    by a pattern, so nothing of anyone else's is touched.

    The temporary folder is made inside ``folder`` when it exists (renames within it cannot
    cross file systems, and the parent need not be writable), else beside it, and is then
    renamed to ``folder`` whole, so that a new folder appears complete or not at all. tempfile
    makes the temporary folder 0700; a folder renamed into place is given the mode a new folder
    gets under the umask. A file is moved in with os.replace, which replaces a symbolic link
    rather than writing through it: exports refuse a link where one of their files goes before
    they start. A process killed while it writes leaves its temporary folder (a hidden
    ``.export-*`` folder) for the user to remove.
    """

    def __init__(self, folder):
        self.folder = Path(folder)
        self.place = None
        """The temporary folder."""
        self.written = []
        """The names written into it, in order."""
        self._parents = []
        """Missing parents of a new ``folder``, made for it: removed again if it fails."""
        self._inside = []
        """Subfolders made in the temporary folder."""

    def __enter__(self):
        if os.path.lexists(self.folder) and not os.path.isdir(self.folder):
            _fail("export to", self.folder, "it exists and is not a folder; choose a folder")
        fresh = not os.path.lexists(self.folder)
        base = self.folder.parent if fresh else self.folder
        try:
            _make_folders(base, self._parents)
            self.place = Path(tempfile.mkdtemp(dir=base, prefix=f".{self.folder.name}.export-" if fresh else ".export-"))
        except OSError as error:
            self._clean()
            _fail("export to", self.folder, explain(error))
        return self

    def path(self, name):
        """Where ``name`` is to be written in the temporary folder; its subfolders are made."""
        if name not in self.written:
            self.written.append(name)
        target = self.place / name
        _make_folders(target.parent, self._inside)
        return target

    def commit(self, first=()):
        """Move every file written into ``folder`` (``first`` first) and remove the temporary folder."""
        if not os.path.lexists(self.folder) and self.place.parent == self.folder.parent:
            # New: the whole folder appears at once, with the mode a new folder has.
            os.chmod(self.place, 0o777 & ~_umask())
            os.rename(self.place, self.folder)
            self.place, self.written, self._inside, self._parents = None, [], [], []
            return
        order = [name for name in first if name in self.written] + [name for name in self.written if name not in first]
        for name in order:
            if not os.path.lexists(self.place / name):
                continue  # asked for and never written: nothing to move
            target = self.folder / name
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(self.place / name, target)
        self.written = []
        self._clean()

    def __exit__(self, kind, error, trace):
        self._clean()
        return False

    def _clean(self):
        """Remove what this export made and did not move into place, by name."""
        for name in self.written:
            with contextlib.suppress(OSError):  # moved in already, or never written
                os.unlink(self.place / name)
        for folder in [*reversed(self._inside), self.place, *reversed(self._parents)]:
            if folder is not None:
                with contextlib.suppress(OSError):  # not empty: something not ours is in it
                    os.rmdir(folder)
        self.place, self.written, self._inside, self._parents = None, [], [], []


def _make_folders(folder: Path, made: list[Path]) -> None:
    """Make ``folder`` and any of its missing parents, each added to ``made`` as soon as it is
    made (outermost first), so that a failure half-way still knows them."""
    missing = []
    while not os.path.lexists(folder):
        missing.append(folder)
        folder = folder.parent
    for each in reversed(missing):
        os.mkdir(each)
        made.append(each)
