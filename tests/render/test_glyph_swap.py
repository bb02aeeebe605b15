"""Changed digits drawn by rewriting their quads (sandbox.boot.glyphs) give what pyglet's own
layout of the new text gives: the same vertices, the same pixels."""

import numpy as np
import pyglet
import pytest

from sandbox.boot import glyphs

SIZES = (16, 26, 9)


def vertices(label):
    vertex_list, = label._vertex_lists
    return {name: np.array(getattr(vertex_list, name)) for name in ("position", "tex_coords", "colors", "translation")}


def pixels(window, batch):
    window.switch_to()
    window.clear()
    batch.draw()
    buffer = pyglet.image.get_buffer_manager().get_color_buffer().get_image_data()
    return np.frombuffer(buffer.get_data("RGBA", buffer.width * 4), dtype=np.uint8).copy()


@pytest.fixture(scope="module")
def window():
    window = pyglet.window.Window(640, 120, visible=False)
    yield window
    window.close()


@pytest.mark.parametrize("size", SIZES)
def test_swapped_digits_match_a_fresh_layout(window, size):
    rng = np.random.default_rng(size)
    swapped_batch, fresh_batch = pyglet.graphics.Batch(), pyglet.graphics.Batch()
    swapped = pyglet.text.Label("12,345 PAIR CHECKS", x=14, y=60, font_size=size, color=(230, 200, 90, 255), batch=swapped_batch)
    for _ in range(12):
        text = f"{rng.integers(10_000, 99_999):,} PAIR CHECKS"
        assert glyphs.swap(swapped, text)
        assert swapped.text == text
        fresh = pyglet.text.Label(text, x=14, y=60, font_size=size, color=(230, 200, 90, 255), batch=fresh_batch)
        ours, theirs = vertices(swapped), vertices(fresh)
        for name in ours:
            assert np.array_equal(ours[name], theirs[name]), name
        assert np.array_equal(pixels(window, swapped_batch), pixels(window, fresh_batch))
        fresh.delete()


@pytest.mark.parametrize("old, new", [
    ("1,234 real", "1,2345 rea"),   # the comma moved: another glyph where a digit was
    ("of 9 pairs", "of 9 pairz"),  # a letter of another width
    ("12 PAIRS", "123 PAIRS"),     # another length
])
def test_anything_else_is_left_to_a_layout(window, old, new):
    label = pyglet.text.Label(old, font_size=16)
    before = vertices(label)
    if glyphs.swap(label, new):
        # Only where every changed glyph advances the pen alike; then as a layout would place it.
        fresh = pyglet.text.Label(new, font_size=16)
        assert all(np.array_equal(a, b) for a, b in zip(vertices(label).values(), vertices(fresh).values()))
    else:
        assert label.text == old
        assert all(np.array_equal(a, b) for a, b in zip(vertices(label).values(), before.values()))
