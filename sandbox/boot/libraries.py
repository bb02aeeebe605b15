"""Shared libraries found from one ``ldconfig -p`` listing instead of one per library.

pyglet finds each library it loads (GL, EGL, freetype, HarfBuzz, fontconfig...) with
``ctypes.util.find_library``, which on Linux runs ``/sbin/ldconfig -p`` every time: seven runs
before a screenshot, 25-60 ms of its wall clock. ``read_once()`` reads the listing once and
answers from it exactly as ctypes does (the same pattern, for this interpreter's ABI); a name
not in it goes to ctypes' own search, which tries the compiler and the linker next.
"""

import ctypes.util
import functools
import os
import re
import struct
import subprocess
import sys

# ctypes.util's names for the ABI ldconfig lists a library under, by machine and word size.
ABIS = {
    "x86_64-64": "libc6,x86-64",
    "ppc64-64": "libc6,64bit",
    "sparc64-64": "libc6,64bit",
    "s390x-64": "libc6,64bit",
    "ia64-64": "libc6,IA-64",
}


def read_once():
    """Answer ``ctypes.util.find_library`` from one listing for the rest of the process (Linux only)."""
    if not sys.platform.startswith("linux") or hasattr(ctypes.util.find_library, "listing"):
        return
    try:
        listing = subprocess.run(["/sbin/ldconfig", "-p"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, env={"LC_ALL": "C", "LANG": "C"}, check=False).stdout
    except OSError:
        return
    machine = os.uname().machine + ("-32" if struct.calcsize("l") == 4 else "-64")
    abi = ABIS.get(machine, "libc6")
    search = ctypes.util.find_library

    @functools.cache
    def find_library(name):
        found = re.search(os.fsencode(rf"\s+(lib{re.escape(name)}\.[^\s]+)\s+\({abi}"), listing)
        return os.fsdecode(found.group(1)) if found else search(name)

    find_library.listing = listing
    ctypes.util.find_library = find_library
