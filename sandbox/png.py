"""PNG files to and from RGBA arrays (rows top to bottom), with pyglet's bundled pypng."""

import io

import numpy as np
from pyglet.extlibs import png

from . import files


def write(pixels, path, follow_links=True):
    """Write an (H, W, 4) uint8 array to ``path`` as sandbox.files.write_bytes does (atomically,
    through a symbolic link unless ``follow_links`` is false); return the path.

    Raises files.FileError, with a one-line message, when ``path`` cannot be written.
    """
    height, width, _ = pixels.shape
    encoded = io.BytesIO()
    png.Writer(width, height, greyscale=False, alpha=True, compression=9).write(encoded, pixels.reshape(height, width * 4))
    return files.write_bytes(path, encoded.getvalue(), follow_links)


def read(path):
    """The (H, W, 4) uint8 array of the PNG at ``path``."""
    with open(path, "rb") as source:
        width, height, rows, _ = png.Reader(file=source).asRGBA8()
        return np.array([np.frombuffer(bytes(row), dtype=np.uint8) for row in rows]).reshape(height, width, 4)
