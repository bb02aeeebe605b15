"""sandbox.app.window.png against pypng (pyglet's bundled PNG codec), the independent reader and
writer: what we write, pypng reads back pixel for pixel, and we read what pypng writes."""

import io
import struct
import zlib

import numpy as np
import pytest
from PIL import Image
from pyglet.extlibs import png as pypng

from sandbox.app.window import png


def picture(alpha, seed=3):
    rng = np.random.default_rng(seed)
    pixels = rng.integers(0, 256, (37, 53, 4), dtype=np.uint8)
    pixels[5:20, 10:40] = (20, 30, 40, 255)  # a flat patch, as a figure has them
    if not alpha:
        pixels[..., 3] = 255
    return pixels


def pypng_read(data):
    width, height, rows, _ = pypng.Reader(bytes=data).asRGBA8()
    return np.array([np.frombuffer(bytes(row), dtype=np.uint8) for row in rows]).reshape(height, width, 4)


@pytest.mark.parametrize("alpha", [False, True], ids=["opaque", "alpha"])
def test_what_we_write_pypng_reads_back_and_so_do_we(alpha, tmp_path):
    pixels = picture(alpha)
    data = png.encode(pixels)
    assert np.array_equal(pypng_read(data), pixels)
    path = png.write(pixels, tmp_path / "picture.png")
    assert np.array_equal(png.read(path), pixels)


def filters(data):
    """The filter byte of every row of an 8-bit RGB(A) PNG, read here from its IDAT chunks."""
    at, width, channels, parts = 8, 0, 0, []
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        body = data[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            width, channels = struct.unpack(">I", body[:4])[0], {2: 3, 6: 4}[body[9]]
        parts.append(body if kind == b"IDAT" else b"")
        at += 12 + length
    rows = zlib.decompress(b"".join(parts))
    return set(rows[:: 1 + width * channels])


@pytest.mark.parametrize("alpha", [False, True], ids=["opaque", "alpha"])
def test_we_read_a_png_whose_rows_are_filtered(alpha, tmp_path):
    """As Pillow writes them (a browser's and an editor's do too): each row filtered its own way."""
    pixels = picture(alpha)
    path = tmp_path / "theirs.png"
    Image.fromarray(pixels if alpha else pixels[..., :3]).save(path)
    assert filters(path.read_bytes()) - {0}, "Pillow wrote every row unfiltered: this test reads nothing new"
    assert np.array_equal(png.read(path), pixels)
    assert filters(png.encode(pixels)) == {0}


def test_a_greyscale_png_reads_as_grey_rgba(tmp_path):
    grey = np.arange(12 * 7, dtype=np.uint8).reshape(7, 12)
    out = io.BytesIO()
    pypng.Writer(12, 7, greyscale=True).write(out, grey)
    path = tmp_path / "grey.png"
    path.write_bytes(out.getvalue())
    pixels = png.read(path)
    assert np.array_equal(pixels[..., 0], grey) and np.array_equal(pixels[..., 2], grey) and (pixels[..., 3] == 255).all()
