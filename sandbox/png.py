"""PNG files to and from RGBA arrays (rows top to bottom), with pyglet's bundled pypng."""

import os
import tempfile
from pathlib import Path

import numpy as np
from pyglet.extlibs import png


def write(pixels, path):
    """Write an (H, W, 4) uint8 array to ``path`` atomically; return the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    height, width, _ = pixels.shape
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            png.Writer(width, height, greyscale=False, alpha=True, compression=9).write(
                out, pixels.reshape(height, width * 4)
            )
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
    return path


def read(path):
    """The (H, W, 4) uint8 array of the PNG at ``path``."""
    with open(path, "rb") as source:
        width, height, rows, _ = png.Reader(file=source).asRGBA8()
        return np.array([np.frombuffer(bytes(row), dtype=np.uint8) for row in rows]).reshape(height, width, 4)
