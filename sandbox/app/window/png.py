"""PNG files to and from RGBA arrays (rows top to bottom).

Written with numpy and zlib: every row unfiltered, as pyglet's bundled pypng writes them, in a
fraction of its time (pypng packs and writes row by row in Python: a screenshot's PNG took as
long as drawing it). Read the same way when every row is unfiltered, as ours are; any other PNG
(a browser's, an editor's) is read by pypng.
"""

import io
import struct
import zlib

import numpy as np
from pyglet.extlibs import png

from sandbox.app import files

COMPRESSION = 6
"""zlib's level for PNG data: its usual default. A screenshot takes about a third of the time
of level 9 for files some 15% larger (benchmarks/startup.py measures both)."""

SIGNATURE = b"\x89PNG\r\n\x1a\n"
RGB, RGBA = 2, 6
"""PNG's colour types of 8-bit truecolour without and with alpha."""


def write(pixels, path, follow_links=True):
    """Write an (H, W, 4) uint8 array to ``path`` as sandbox.app.files.write_bytes does (atomically,
    through a symbolic link unless ``follow_links`` is false); return the path.

    Raises files.FileError, with a one-line message, when ``path`` cannot be written.
    """
    return files.write_bytes(path, encode(pixels), follow_links)


def encode(pixels):
    """The PNG file of an (H, W, 4) uint8 array, as bytes."""
    height, width, _ = pixels.shape
    # An opaque picture (every screenshot) is stored without its alpha channel: a quarter less to compress.
    alpha = not (pixels[..., 3] == 255).all()
    channels = pixels if alpha else pixels[..., :3]
    rows = np.zeros((height, 1 + width * channels.shape[2]), np.uint8)  # each row's first byte: filter 0, none
    rows[:, 1:] = channels.reshape(height, -1)
    header = struct.pack(">IIBBBBB", width, height, 8, RGBA if alpha else RGB, 0, 0, 0)
    return b"".join((SIGNATURE, _chunk(b"IHDR", header), _chunk(b"IDAT", zlib.compress(rows.tobytes(), COMPRESSION)), _chunk(b"IEND", b"")))


def _chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def read(path):
    """The (H, W, 4) uint8 array of the PNG at ``path``."""
    with open(path, "rb") as source:
        data = source.read()
    pixels = _unfiltered(data)
    if pixels is not None:
        return pixels
    width, height, rows, _ = png.Reader(bytes=data).asRGBA8()
    return np.array([np.frombuffer(bytes(row), dtype=np.uint8) for row in rows]).reshape(height, width, 4)


def _unfiltered(data):
    """The pixels of an 8-bit RGB or RGBA PNG, not interlaced, whose rows are all unfiltered;
    None for any other PNG."""
    if not data.startswith(SIGNATURE):
        return None
    at, header, parts = len(SIGNATURE), None, []
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        body = data[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            parts.append(body)
        elif kind in (b"PLTE", b"tRNS"):
            return None
        elif kind == b"IEND":
            break
        at += 12 + length
    if header is None or header[2:] not in ((8, RGB, 0, 0, 0), (8, RGBA, 0, 0, 0)):
        return None
    width, height, _, colour = header[:4]
    channels = 4 if colour == RGBA else 3
    try:
        rows = np.frombuffer(zlib.decompress(b"".join(parts)), np.uint8)
    except zlib.error:
        return None
    if rows.size != height * (1 + width * channels):
        return None
    rows = rows.reshape(height, 1 + width * channels)
    if rows[:, 0].any():
        return None  # some row filtered: pypng undoes the filters
    pixels = np.full((height, width, 4), 255, np.uint8)
    pixels[..., :channels] = rows[:, 1:].reshape(height, width, channels)
    return pixels
