"""PNG files to and from RGBA arrays (rows top to bottom), with pyglet's bundled pypng."""

import io

import numpy as np
from pyglet.extlibs import png

from sandbox.app import files

COMPRESSION = 6
"""zlib's level for PNG data: its usual default. A screenshot takes about a third of the time
of level 9 for files some 15% larger (benchmarks/startup.py measures both)."""


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
    encoded = io.BytesIO()
    png.Writer(width, height, greyscale=False, alpha=alpha, compression=COMPRESSION).write(
        encoded, channels.reshape(height, width * channels.shape[2])
    )
    return encoded.getvalue()


def read(path):
    """The (H, W, 4) uint8 array of the PNG at ``path``."""
    with open(path, "rb") as source:
        width, height, rows, _ = png.Reader(file=source).asRGBA8()
        return np.array([np.frombuffer(bytes(row), dtype=np.uint8) for row in rows]).reshape(height, width, 4)
