"""The verdict line at the top of a figure, laid out once for every renderer: the window's
labels, the SVG's text and the record of what a figure shows all place the same parts.

The verdict comes first, as large as the free width lets it be; then what the flawed methods
switched on claim (the lesson is about them), then the verdict's detail if there is room. Each
shrinks to the width left (down to a third of its size, never below its size at 1x, nor below
the medium's smallest text); a claim with no room drops its method's first words. A detail
with no room beside them goes on a second line under them where the band's height holds two
(a verdict shrunk at a presenter's scale), and is left out where it does not.
With a claim to show, the verdict leaves it half the line.
"""

import math
from collections.abc import Callable, Sequence
from typing import NamedTuple

from sandbox.kit.report import Claim, Verdict

GAP = 14
"""Pixels between the parts, and the line's left margin."""

VERDICT_SIZE, SIDE_SIZE = 26, 16
"""Points at scale 1: the verdict, and the claims and detail beside it."""


BAND = 44
"""Pixels at scale 1 of the verdict's band, its baseline 10 above the band's foot (as
kit.framing's VERDICT and the window's layout)."""

POINT, INK, LINE = 96 / 72, 0.76, 1.25
"""Pixels in a point; an ascender's height in DejaVu Sans and a line's, in ems."""

SHRUNK = 0.75
"""How far below their size the claims may shrink beside a detail before the two go on two lines."""

CLAIMS_SHARE = 0.6
"""The most of the line after the verdict the claims take when a detail follows them."""


class Part(NamedTuple):
    """One piece of the line."""

    kind: str
    """"verdict", "claims" or "detail"."""

    text: str
    points: int
    role: str
    """The theme colour it is drawn in."""

    x: float
    """Its left end, in pixels from the window's left edge."""

    width: float
    """Its width at ``points``, as the renderer measured it."""

    lift: float = 0.0
    """Pixels its baseline stands above the line's: the verdict and claims, where the detail
    takes a second line under them."""


Measure = Callable[[str, int], float]
"""The pixels a text takes at a size in points, as a renderer lays it out."""


def layout(verdict: Verdict | None, claims: Sequence[Claim], room: float, scale: float, measure: Measure,
           least: float = 0.0) -> list[Part]:
    """The parts of the line within ``room`` pixels, at presenter font ``scale``, no part
    smaller than ``least`` points (on paper, what prints at 8 pt): none without a verdict;
    the claims only where there are any; the detail only where it fits."""
    if verdict is None:
        return []

    def fitted(text: str, size: float, space: float, at_one: float) -> tuple[int, float]:
        # Never below its size at scale 1: a presenter's scale only enlarges the canvas's text.
        return fit(text, size, space, measure, least=max(at_one, least))

    def parts_with(verdict_room: float, with_detail: bool = True, most: float = math.inf) -> list[Part]:
        points, used = fitted(verdict.text, min(VERDICT_SIZE * scale, most), verdict_room, VERDICT_SIZE)
        parts = [Part("verdict", verdict.text, points, verdict.role, GAP, used)]
        side = min(SIDE_SIZE * scale, points)  # what follows the verdict is never larger than it
        x = GAP + used + GAP
        if claims:
            # With a detail to show too, the claims leave it a share of the line.
            sharing = bool(verdict.detail) and with_detail
            space = (room - x) * (CLAIMS_SHARE if sharing else 1.0)
            # Whole beside a detail; shortened only where the detail gave way and still no room.
            for says in spoken(claims)[:1 if sharing else None]:
                points, used = fitted(says, side, space, SIDE_SIZE)
                if used <= space:
                    break
            parts.append(Part("claims", says, points, "text", x, used))  # "(wrong)" says it: red is the max corner's
            x += used + GAP
        if with_detail and verdict.detail and room - x > 48 * scale:
            points, used = fitted(verdict.detail, side, room - x, SIDE_SIZE)
            if used <= room - x:
                # Left out where it would not fit even at its size at 1x: a detail is read whole or not at all.
                parts.append(Part("detail", verdict.detail, points, "text", x, used))
        return parts

    def under(parts: list[Part], detail: str) -> list[Part]:
        # At a presenter's scale the band is tall enough for two lines: the verdict above, and
        # under it what found no room beside it, rather than left out (beside the opened panel
        # at 3x, fast-moving lost "swept: first touch at t = 0.517").
        largest = ((BAND - 10) * scale - max(VERDICT_SIZE, least) * POINT * INK) / (POINT * LINE)
        if largest < max(SIDE_SIZE, least):
            return parts
        side = min(SIDE_SIZE * scale, largest)
        lift = fitted(detail, side, room - GAP, SIDE_SIZE)[0] * POINT * LINE
        most = int(((BAND - 10) * scale - lift) / (POINT * INK))
        above = parts_with(room * 0.45 if claims else room, with_detail=False, most=most)
        if claims and above[-1].x + above[-1].width > room:
            above = above[:1]  # the claims too go under the verdict
        side = min(side, above[0].points)  # never larger than the verdict
        # The claims as whole as leave the detail room beside them.
        for says in spoken(claims) if len(above) == 1 and claims else [""]:
            below, x = [], float(GAP)
            for kind, text in (("claims", says), ("detail", detail)):
                if not text:
                    continue
                points, used = fitted(text, side, room - x, SIDE_SIZE)
                if used > room - x:
                    break
                below.append(Part(kind, text, points, "text", x, used))
                x += used + GAP
            else:
                return [part._replace(lift=lift) for part in above] + below
        return parts

    parts = parts_with(room * 0.45 if claims else room)
    if not verdict.detail:
        return parts
    if parts[-1].kind != "detail":
        # A large verdict gives way, as little as it must, before the detail does.
        for share in (0.35, 0.25, 0.15, 0.0):
            smaller = parts_with(max(room * share, 1.0))
            if smaller[-1].kind == "detail":
                parts = smaller
                break
        else:
            if claims and parts[1].x + parts[1].width > room:
                # The detail left out after all, and the claims run past the line: they take the
                # whole line rather than the share they left it, where they were cut ("the
                # sweep without turning: MISS (wr…"). Claims that fit their share keep it.
                parts = parts_with(room * 0.45, with_detail=False)
            return under(parts, verdict.detail)
    said = [part.points for part in parts if part.kind == "claims"]
    if said and said[0] < SIDE_SIZE * scale * SHRUNK:
        # The claims squeezed small between a large verdict and the detail (why-quadtrees step 5
        # at 3x: its answer at 1x between two 3x parts): on two lines where that sets them larger.
        two = under(parts_with(room * 0.45, with_detail=False), verdict.detail)
        if two[-1].kind == "detail" and [part.points for part in two if part.kind == "claims"][0] > said[0]:
            return two
    return parts


def spoken(claims: Sequence[Claim]) -> list[str]:
    """The claims' text, then shorter and shorter, the methods' first words dropped for "…":
    cut at its end, "the sweep without turning: MISS (wr…" lost the word that says it is wrong."""
    # The answers alone last: "MISS (wrong)" does not say whose answer it is, but cut to
    # "…MISSED (wr…" it does not say it is wrong.
    fewest = min(len(claim.method.split()) for claim in claims)
    return ["   ".join(claim.text(dropped) for claim in claims) for dropped in range(fewest)] + ["   ".join(claim.text(len(claim.method.split())) for claim in claims)]


def fit(text: str, size: float, space: float, measure: Measure, least: float = 0.0) -> tuple[int, float]:
    """The points ``text`` is drawn at to fit ``space`` pixels (``size``, or smaller down to a
    third of it, and never below ``least``), and the pixels it then takes."""
    points = round(size)
    used = measure(text, points) if text else 0.0
    if used > space > 0:
        # Down, not to the nearest point: rounded up, a part ran past its room and was cut.
        smallest = max(round(size / 3), math.ceil(least - 1e-9), 1)  # up: rounded, a floor of 10.4 printed 7.8 pt
        points = max(int(size * space / used), smallest)
        used = measure(text, points)
        while used > space and points > smallest:  # a renderer's widths need not be in proportion
            points -= 1
            used = measure(text, points)
    return points, used
