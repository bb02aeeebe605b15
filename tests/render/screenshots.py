"""Comparing a rendered PNG with its committed baseline, pixel by pixel."""

from pathlib import Path

import numpy as np

from sandbox import png

BASELINES = Path(__file__).parent / "screenshots"
FAILURES = Path(__file__).parent.parent / "screenshot-failures"
THRESHOLD = 40
"""A pixel differs when any channel moves by more than this (0-255): past rounding, not past a line."""
ALLOWED = 4
"""How many differing pixels are forgiven; one missing thin line is hundreds."""


def differing(actual, expected):
    """Pixels that differ beyond THRESHOLD, as a boolean (H, W) mask; all True if sizes differ."""
    if actual.shape != expected.shape:
        return np.ones(actual.shape[:2], dtype=bool)
    return (np.abs(actual.astype(int) - expected.astype(int)) > THRESHOLD).any(axis=2)


def diff_image(actual, expected, mask):
    """The expected picture dimmed, with every differing pixel in magenta."""
    picture = (expected // 3).copy() if actual.shape == expected.shape else np.zeros_like(actual)
    picture[..., 3] = 255
    picture[mask] = (255, 0, 255, 255)
    return picture


def check(actual, name, record, baselines=BASELINES):
    """Compare ``actual`` with baseline ``name`` in ``baselines``; on a mismatch write the evidence and fail."""
    baseline = baselines / f"{name}.png"
    if record or not baseline.exists():
        png.write(actual, baseline)
        assert record, f"no baseline {baseline} yet: wrote one; look at it, then run again"
        return
    expected = png.read(baseline)
    mask = differing(actual, expected)
    if mask.sum() > ALLOWED:
        where = FAILURES / baselines.relative_to(BASELINES.parent)
        actual_path = png.write(actual, where / f"{name}-actual.png")
        diff_path = png.write(diff_image(actual, expected, mask), where / f"{name}-diff.png")
        raise AssertionError(
            f"{name}: {int(mask.sum())} pixels differ from {baseline}; see {actual_path} and {diff_path}"
        )
