"""dynamic-tree's leaves at a projector's scale (issue 34's look at --present): 60 leaves in a
third of the canvas, their dots grown for the projector ran together into bars of a dozen."""

import numpy as np

from sandbox.app.session import Session
from sandbox.app.window import app_window, png


def blobs(mask):
    """How many 4-connected patches of True ``mask`` holds (a flood fill: no scipy in the test set)."""
    seen = np.zeros_like(mask)
    count = 0
    for y, x in zip(*np.nonzero(mask)):
        if seen[y, x]:
            continue
        count += 1
        stack = [(y, x)]
        seen[y, x] = True
        while stack:
            cy, cx = stack.pop()
            for ny, nx in ((cy + 1, cx), (cy - 1, cx), (cy, cx + 1), (cy, cx - 1)):
                if 0 <= ny < mask.shape[0] and 0 <= nx < mask.shape[1] and mask[ny, nx] and not seen[ny, nx]:
                    seen[ny, nx] = True
                    stack.append((ny, nx))
    return count


def test_at_the_projector_each_leaf_of_the_tree_reads_as_its_own_dot(tmp_path):
    session = Session("dynamic-tree", size=(1280, 720))
    session.input.toggle_theme(None, None)
    session.set_font_scale(2)
    session.refresh()
    leaves = session.scene.reported.named()["objects"].value
    path = tmp_path / "tree.png"
    app_window.screenshot(session, path)
    pixels = png.read(path)[..., :3].astype(int)
    # The leaves' colour, right of the world's box (where the tree is drawn; the world's
    # objects are outlines in the same colour).
    leaf = (np.abs(pixels - np.array(session.theme.shape_a[:3])).sum(axis=2) < 40)
    leaf[:, : pixels.shape[1] * 55 // 100] = False
    assert blobs(leaf) >= 0.9 * leaves, (blobs(leaf), leaves)
