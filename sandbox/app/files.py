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
import contextvars
import errno
import os
import stat
import tempfile
from pathlib import Path

from sandbox.kit.errors import SandboxError

MAX_READ = 1 << 20
"""The largest file read_bytes takes by default: 1 MiB, far more than any layout or lesson."""

_TEMPORARY_SUFFIX = ".tmp"

_TAG = contextvars.ContextVar("temporary_tag", default="")


class FileError(SandboxError, OSError):
    """A file the app cannot write or read. ``str(error)`` is one line naming the path and what
    to do; ``strerror`` is the same without the path, for messages that already name it.

    It is an OSError so that code catching OSError around a save still catches it.
    """

    def __init__(self, message, problem, path):
        super().__init__(message)
        self.strerror = problem
        self.filename = str(path)

    def __str__(self):
        return self.args[0]


def _fail(verb, path, problem):
    raise FileError(f"cannot {verb} {path}: {problem}", problem, path)


def explain(error):
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


def _kind(mode):
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


def save_target(path, follow_links=True):
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


def write_bytes(path, data, follow_links=True):
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
        tag = _TAG.get()
        prefix = f".{target.name}.{tag}." if tag else f".{target.name}."
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=prefix, suffix=_TEMPORARY_SUFFIX)
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


@contextlib.contextmanager
def tagged(tag):
    """Within this block, saves put ``tag`` in their temporary files' names: an unguessable
    token that the caller keeps (a handout keeps its own in its manifest), so that
    remove_temporaries(folder, tag) later removes what a killed save left, and nothing else."""
    token = _TAG.set(tag)
    try:
        yield
    finally:
        _TAG.reset(token)


def remove_temporaries(folder, tag):
    """Remove the temporary files that saves tagged ``tag`` left in ``folder`` (killed before
    they renamed them into place); no file without the tag in its name is touched."""
    middle = f".{tag}."
    try:
        entries = os.listdir(folder)
    except OSError:
        return
    for entry in entries:
        if entry.startswith(".") and entry.endswith(_TEMPORARY_SUFFIX) and middle in entry:
            stray = Path(folder) / entry
            try:
                if stat.S_ISREG(os.lstat(stray).st_mode):
                    os.unlink(stray)
            except OSError:
                # Gone already: the save itself does not depend on it.
                pass


def write_text(path, text, follow_links=True):
    """Write ``text`` as UTF-8 to ``path`` atomically, as write_bytes does; return ``path``."""
    return write_bytes(path, text.encode("utf-8"), follow_links)


def _umask():
    # The only way to read the umask is to set it; put it straight back.
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def read_bytes(path, limit=MAX_READ):
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


def read_text(path, limit=MAX_READ):
    """The contents of the regular file ``path`` as UTF-8 text; as read_bytes, and
    UnicodeDecodeError if it is not UTF-8."""
    return read_bytes(path, limit).decode("utf-8")


def inside(folder, reference):
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
