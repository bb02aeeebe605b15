"""glibc's malloc told to keep freed memory (the "malloc" tweak of sandbox.boot.tweaks)."""

import ctypes
import ctypes.util


def keep_freed_memory():
    """Ask glibc's malloc to keep freed memory for the next frame instead of handing it back
    to the system: an animated scene of 10,000 objects makes and frees arrays of megabytes
    every frame, and each time the heap shrank and grew again its fresh pages were faulted
    in one by one. No effect where the C library has no mallopt."""
    name = ctypes.util.find_library("c")
    libc = ctypes.CDLL(name) if name else None
    if libc is None or not hasattr(libc, "mallopt"):
        return
    trim_threshold, top_pad = -1, -2  # M_TRIM_THRESHOLD and M_TOP_PAD in malloc.h
    libc.mallopt(trim_threshold, 128 << 20)
    libc.mallopt(top_pad, 16 << 20)
