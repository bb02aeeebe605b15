"""A label's changed digits drawn without laying the label out again (the "glyph-swap" tweak
of sandbox.boot.tweaks).

The animated scenes' verdict line changes every frame only in its counts ("57,177 PAIR CHECKS"
becomes "57,203 PAIR CHECKS"), and DejaVu Sans's digits all advance the pen alike: every glyph
stays where it was, only some glyphs' pictures change. pyglet lays a label out again on any
new text (its glyphs flowed, its vertex lists deleted and made again: about half a
millisecond a label). ``swap`` instead rewrites the changed glyphs' quads in place, with the
very sums pyglet's layout makes (``_GlyphBox.place``: the glyph's box moved by its pen
position), so the label draws the same pixels a fresh layout would.

Measured on the grid-broadphase scene at 10,000 objects, whose verdict and detail both change
every frame: SandboxWindow._fit takes 0.10 ms a label where it took 0.45 (thread CPU, medians
of 50 frames), and the drawing thread's CPU a frame is 3.75 ms against 4.30 with this tweak
off (medians of three interleaved runs of 60 frames, load average 5.2-5.6 on 2 cores). The
pixels are the same: tests/render/test_frame_work.py and test_glyph_swap.py compare them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import pyglet


def swap(label: pyglet.text.Label, text: str) -> bool:
    """Show ``text`` on ``label`` by rewriting the glyphs that changed; False (nothing done)
    where that would not give what a layout gives: another length, a glyph of another width
    or in another texture, or a label of more than one line or run."""
    old = label.document.text
    lists = label._vertex_lists  # noqa: SLF001  (pyglet keeps no public handle on them)
    if len(text) != len(old) or text == old or label.multiline or len(lists) != 1 or lists[0].count != 4 * len(text):
        return False
    font = label.document.get_font(dpi=label.dpi)
    before, _ = font.get_glyphs(old)
    after, offsets = font.get_glyphs(text)
    owner = before[0].owner
    changed = [i for i, (a, b) in enumerate(zip(before, after)) if a is not b]
    # The pen moves by each glyph's rounded advance (place's x1): equal advances, equal places.
    if any(offset.x_advance or offset.y_advance or offset.x_offset or offset.y_offset for offset in offsets):
        return False
    if any(after[i].owner is not owner or round(after[i].advance) != round(before[i].advance) for i in changed):
        return False
    vertex_list = lists[0]
    buffers = vertex_list.domain.attrib_name_buffers
    region = (vertex_list.start, vertex_list.count)
    position = np.ctypeslib.as_array(buffers["position"].get_region(*region)).reshape(-1, 12)
    tex_coords = np.ctypeslib.as_array(buffers["tex_coords"].get_region(*region)).reshape(-1, 12)
    for i in changed:
        # The pen position place() added to the old glyph's box: whole pixels, read back exactly.
        gx = round(float(position[i, 0]) - before[i].vertices[0])
        gy = round(float(position[i, 1]) - before[i].vertices[1])
        v0, v1, v2, v3 = after[i].vertices
        position[i] = (v0 + gx, v1 + gy, 0, v2 + gx, v1 + gy, 0, v2 + gx, v3 + gy, 0, v0 + gx, v3 + gy, 0)
        tex_coords[i] = after[i].tex_coords
    for name in ("position", "tex_coords"):
        buffers[name].invalidate_region(*region)
    # The same length: the document's style runs still cover it. No event: nothing to lay out.
    label.document._text = text  # noqa: SLF001
    return True
