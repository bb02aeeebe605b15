"""The figure as SVG: a painter that writes vectors, and a scene's figure drawn alone with it.

:class:`SvgPainter` is the Painter protocol's third implementation, beside the recording
painter and the app's pyglet painter, and draws what the pyglet painter draws: widths and dot
sizes in pixels (times ``line_scale``), labels in points at 96 dots an inch (times
``text_scale``), fills under every line and the labels over both, as the window's batches
layer them. With ``dashed`` (B's colour, in the colour-blind palette) every outline, segment,
arrow's shaft and shadow in that colour is dashed with ``stroke-dasharray``, as ``sandbox.app.dashes`` dashes
them on screen. :func:`figure` frames a scene as a handout's picture and adds the verdict line
the window draws above it: ``Scene.to_svg`` and ``Scene._repr_svg_`` (IPython) call it.

Pure Python: the kit never imports the app or a GUI library.
"""

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

from sandbox.kit import framing
from sandbox.kit import headline as headline_layout
from sandbox.kit.painter import Color, Point, arrow_head, interval_ends
from sandbox.kit.report import Report
from sandbox.kit.view import Context, View
from sandbox.kit.theme import DARK, DASH, GAP, Theme

if TYPE_CHECKING:
    # Only named: a Scene calls figure() (Scene.to_svg), so importing it here would loop.
    from sandbox.kit.scene import Scene

LEAST_PIXELS = 2.0
"""The smallest side, in pixels, of a rectangle drawn by ``rects`` (as the pyglet painter's)."""

POINTS = 96 / 72
"""Pixels a point: label sizes are points, at the 96 dots an inch pyglet lays text out at."""

FONT = "DejaVu Sans, Verdana, sans-serif"
"""The window's labels are DejaVu Sans (fontconfig's sans on the machines we draw on)."""

# DejaVu Sans's advance widths, in 2048ths of an em, for the printable ASCII characters: to
# tell, as the window measures its labels, when the verdict line must shrink to fit.
_ADVANCES = (
    651, 821, 942, 1716, 1303, 1946, 1597, 563, 799, 799, 1024, 1716, 651, 739, 651, 690,
    1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 690, 690, 1716, 1716, 1716, 1087,
    2048, 1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540, 604, 604, 1343, 1141, 1767, 1532, 1612,
    1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403, 799, 690, 799, 1716, 1024,
    1024, 1255, 1300, 1126, 1300, 1260, 721, 1300, 1298, 569, 569, 1186, 569, 1995, 1298, 1253,
    1300, 1300, 842, 1067, 803, 1298, 1212, 1675, 1212, 1212, 1075, 1303, 690, 1303, 1716,
)
_OTHER = 1400
"""Any other character's advance: the wider of DejaVu's usual symbols (−, ×, ≈ are 1716)."""


def text_width(string: str, points: float) -> float:
    """Pixels ``string`` takes in DejaVu Sans at ``points``: an estimate good to a few pixels."""
    units = sum(_ADVANCES[ord(c) - 32] if 32 <= ord(c) < 127 else _OTHER for c in string)
    return units / 2048 * points * POINTS


def _number(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _paint(color: Color | None, kind: str) -> str:
    """The ``fill`` or ``stroke`` attributes of an RGBA colour (none if absent or transparent)."""
    if color is None or (len(color) > 3 and color[3] == 0):
        return f' {kind}="none"'
    rgb = "#{:02x}{:02x}{:02x}".format(*(int(c) for c in color[:3]))
    alpha = color[3] if len(color) > 3 else 255
    return f' {kind}="{rgb}"' + (f' {kind}-opacity="{_number(alpha / 255)}"' if alpha < 255 else "")


class SvgPainter:
    """Draws into an SVG picture ``width`` x ``height`` pixels showing world rectangle
    ``view`` (min_x, min_y, max_x, max_y; y up), fitted and centred if its shape differs.

    Widths are multiplied by ``line_scale`` and label sizes by ``text_scale`` (the window's
    painter's two scales). ``background`` fills the picture; lines in ``dashed``'s colour
    (its red, green and blue) are dashed, and segments in ``hollow``'s drawn hollow (a
    greyscale print's gap, whose grey is a shadow's). ``svg()`` returns the document.
    """

    def __init__(self, view: Sequence[float], width: int, height: int, line_scale: float = 1.0, text_scale: float = 1.0,
                 background: Color | None = None, dashed: Color | None = None, clip: Sequence[float] | None = None,
                 hollow: Color | None = None) -> None:
        x0, y0, x1, y1 = (float(v) for v in view)
        self.width, self.height = width, height
        self.zoom = min(width / (x1 - x0), height / (y1 - y0))
        """Pixels a world unit."""
        self._center = ((x0 + x1) / 2, (y0 + y1) / 2)
        self.line_scale, self.text_scale = line_scale, text_scale
        self.background = background
        self._dashed = None if dashed is None else tuple(dashed[:3])
        self._hollow = None if hollow is None else tuple(hollow[:3])
        self.fills: list[str] = []
        """The fills' elements: drawn first, under every line."""
        self.strokes: list[str] = []
        """Outlines, segments, arrows and dots."""
        self.labels: list[str] = []
        """The labels, over everything."""
        self.clip = clip
        """The picture's rectangle (x0, y0, x1, y1, pixels, y down) the figure is cut to, as
        the window cuts it to its free area; None draws it all."""
        self.overlay: list[str] = []
        """Elements over the figure and outside its cut, such as the verdict line."""

    def to_pixels(self, point: Point) -> tuple[float, float]:
        """World ``point`` in the picture's pixels (y down)."""
        return (self.width / 2 + (float(point[0]) - self._center[0]) * self.zoom,
                self.height / 2 - (float(point[1]) - self._center[1]) * self.zoom)

    def _xy(self, point: Point) -> str:
        x, y = self.to_pixels(point)
        return f"{_number(x)},{_number(y)}"

    def _stroke(self, color: Color, width: float, dashed: bool = False) -> str:
        dash = f' stroke-dasharray="{DASH} {GAP}"' if dashed else ""
        return f'{_paint(color, "stroke")} stroke-width="{_number(width * self.line_scale)}"{dash}'

    def _is_dashed(self, color: Color | None) -> bool:
        return self._dashed is not None and color is not None and tuple(color[:3]) == self._dashed

    # The Painter protocol.

    def polygon(self, points: Sequence[Point], outline: Color, fill: Color | None = None, width: float = 2) -> None:
        corners = " ".join(self._xy(p) for p in points)
        if fill is not None:
            self.fills.append(f'<polygon points="{corners}"{_paint(fill, "fill")}/>')
        dashed = self._is_dashed(outline) or self._is_dashed(fill)
        self.strokes.append(f'<polygon points="{corners}" fill="none"{self._stroke(outline, width, dashed)}/>')

    def circle(self, center: Point, radius: float, outline: Color, fill: Color | None = None, width: float = 2) -> None:
        (x, y), r = self.to_pixels(center), float(radius) * self.zoom
        if fill is not None:
            self.fills.append(f'<circle cx="{_number(x)}" cy="{_number(y)}" r="{_number(r)}"{_paint(fill, "fill")}/>')
        if self._is_dashed(outline) or self._is_dashed(fill):
            # From angle 0 anticlockwise, as the screen's dashes run: the pattern starts there.
            ring = (f"M{_number(x + r)},{_number(y)}A{_number(r)},{_number(r)} 0 1 0 {_number(x - r)},{_number(y)}"
                    f"A{_number(r)},{_number(r)} 0 1 0 {_number(x + r)},{_number(y)}Z")
            self.strokes.append(f'<path d="{ring}" fill="none"{self._stroke(outline, width, True)}/>')
        else:
            self.strokes.append(f'<circle cx="{_number(x)}" cy="{_number(y)}" r="{_number(r)}" fill="none"{self._stroke(outline, width)}/>')

    def segment(self, start: Point, end: Point, color: Color, width: float = 1) -> None:
        (x0, y0), (x1, y1) = self.to_pixels(start), self.to_pixels(end)
        ends = f'<line x1="{_number(x0)}" y1="{_number(y0)}" x2="{_number(x1)}" y2="{_number(y1)}"'
        self.strokes.append(f'{ends}{self._stroke(color, width, self._is_dashed(color))}/>')
        if self._hollow is not None and tuple(color[:3]) == self._hollow:
            # Its middle half in the background's colour: a hollow bar, told apart however
            # short (a pattern of dots or dashes needs a length to show).
            self.strokes.append(f'{ends}{self._stroke(self.background or (255, 255, 255), width / 2)} class="hollow"/>')

    def arrow(self, start: Point, end: Point, color: Color, width: float = 2) -> None:
        (x0, y0), (x1, y1) = self.to_pixels(start), self.to_pixels(end)
        # Its shaft dashed in B's colour, as the screen's (the grey vectors lesson's b was solid).
        self.strokes.append(f'<line x1="{_number(x0)}" y1="{_number(y0)}" x2="{_number(x1)}" y2="{_number(y1)}"{self._stroke(color, width, self._is_dashed(color))}/>')
        head = arrow_head(start, end, (4 * width + 6) / self.zoom)
        if head is not None:
            self.strokes.append(f'<polygon points="{" ".join(self._xy(p) for p in head)}"{_paint(color, "fill")}/>')

    def point(self, at: Point, color: Color, size: float = 5) -> None:
        x, y = self.to_pixels(at)
        self.strokes.append(f'<circle cx="{_number(x)}" cy="{_number(y)}" r="{_number(size * self.line_scale)}"{_paint(color, "fill")}/>')

    def text(self, at: Point, string: str, color: Color, size: float = 13, anchor: str = "left") -> None:
        x, y = self.to_pixels(at)
        # As the window places a label: on whole pixels, at its size in whole points.
        points = round(size * self.text_scale)
        self.labels.append(_text(round(x), round(y), string, color, points, anchor))

    def interval(self, axis: Point, low: float, high: float, offset: float, color: Color, width: float = 5) -> None:
        start, end = interval_ends(axis, low, high, offset)
        self.segment(start, end, color, width)

    def lines(self, segments: ArrayLike, colors: ArrayLike) -> None:
        """Many one-pixel segments (K, 4) of x0, y0, x1, y1, in order: one path for each run of
        segments of one colour."""
        segments = np.asarray(segments, dtype=float).reshape(-1, 4)
        ends = self._pixel_array(segments.reshape(-1, 2)).reshape(-1, 4)
        for color, rows in _runs(ends, colors):
            path = "".join(f"M{_number(a)},{_number(b)}L{_number(c)},{_number(d)}" for a, b, c, d in rows)
            self.strokes.append(f'<path d="{path}" fill="none"{_paint(color, "stroke")} stroke-width="1"/>')

    def rects(self, rects: ArrayLike, colors: ArrayLike) -> None:
        """Many filled rectangles (K, 4) of min_x, min_y, max_x, max_y, each drawn as the window
        draws it: a dot, a square as wide as its longer side (at least LEAST_PIXELS) at its
        centre. One element each, in order: where translucent dots overlap they blend, as on
        screen (one path would fill their union once)."""
        rects = np.asarray(rects, dtype=float).reshape(-1, 4)
        centres = self._pixel_array((rects[:, :2] + rects[:, 2:]) / 2)
        sides = np.maximum(np.max(rects[:, 2:] - rects[:, :2], axis=1) * self.zoom, LEAST_PIXELS)
        # On whole pixels, as llvmpipe rasterises a point: its side rounded to whole pixels,
        # covering the pixels whose centres fall inside it.
        whole = np.maximum(np.round(sides), 1)[:, None]
        low = np.ceil(centres - whole / 2 - 0.5)
        squares = np.column_stack([low, whole, whole])
        for color, rows in _runs(squares, colors):
            paint = _paint(color, "fill")
            self.strokes.extend(f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}"{paint}/>'
                                for x, y, w, h in rows)

    # The document.

    def svg(self) -> str:
        """The SVG document: the background, then the fills, the lines and the labels."""
        back = "" if self.background is None else f'<rect width="{self.width}" height="{self.height}"{_paint(self.background, "fill")}/>\n'
        layers = "".join(f"<g>\n{chr(10).join(layer)}\n</g>\n" for layer in (self.fills, self.strokes, self.labels) if layer)
        if self.clip is not None and layers:
            x0, y0, x1, y1 = self.clip
            rect = f'<rect x="{_number(x0)}" y="{_number(y0)}" width="{_number(x1 - x0)}" height="{_number(y1 - y0)}"/>'
            layers = f'<clipPath id="free">{rect}</clipPath>\n<g clip-path="url(#free)">\n{layers}</g>\n'
        layers += "".join(f"{element}\n" for element in self.overlay)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
                f'viewBox="0 0 {self.width} {self.height}" font-family="{escape(FONT)}">\n{back}{layers}</svg>\n')

    def _pixel_array(self, points: np.ndarray) -> np.ndarray:
        """World points (N, 2) in the picture's pixels, y down."""
        return np.column_stack([self.width / 2 + (points[:, 0] - self._center[0]) * self.zoom,
                                self.height / 2 - (points[:, 1] - self._center[1]) * self.zoom])

def _runs(rows: np.ndarray, colors: ArrayLike) -> list[tuple[Color, np.ndarray]]:
    """``rows`` cut into runs of one colour (``colors`` one colour, or one a row), in order."""
    if len(rows) == 0:
        return []
    colors = np.broadcast_to(np.asarray(colors, dtype=int).reshape(-1, 4), (len(rows), 4))
    starts = np.flatnonzero(np.r_[True, (colors[1:] != colors[:-1]).any(axis=1)])
    ends = np.r_[starts[1:], len(rows)]
    return [(tuple(int(c) for c in colors[a]), rows[a:b]) for a, b in zip(starts, ends)]


def _text(x: float, y: float, string: str, color: Color, points: int, anchor: str = "left") -> str:
    """A label with its baseline's ``anchor`` end ("left", "center", "right") at pixel (x, y)."""
    where = {"left": "", "center": ' text-anchor="middle"', "right": ' text-anchor="end"'}[anchor]
    return (f'<text x="{_number(x)}" y="{_number(y)}" font-size="{_number(points * POINTS)}"{where}'
            f'{_paint(color, "fill")} style="white-space:pre">{escape(string, quote=False)}</text>')


def headline(report: Report, theme: Theme, width: int, scale: float = 1.0, least: float = 0.0) -> str:
    """The verdict line the window draws at the top of a figure drawn alone, as an SVG ``text``
    element (empty without a verdict), laid out as the window lays it out (kit.headline), no
    part under ``least`` points (on paper, what prints at 8 pt)."""
    parts = headline_parts(report, width, scale, least)
    if not parts:
        return ""
    baseline = round((framing.VERDICT - 10) * scale)
    # The parts of a line follow one another in one text element, GAP pixels apart, however
    # wide the viewer's font draws them; a detail under the verdict is a line of its own.
    gap = f' dx="{headline_layout.GAP}"'
    lines = []
    for lift in sorted({part.lift for part in parts}, reverse=True):
        spans = "".join(
            f'<tspan{gap if i else ""} font-size="{_number(part.points * POINTS)}"{_paint(getattr(theme, part.role), "fill")}>{escape(part.text, quote=False)}</tspan>'
            for i, part in enumerate(part for part in parts if part.lift == lift)
        )
        lines.append(f'<text x="{headline_layout.GAP}" y="{_number(baseline - lift)}" style="white-space:pre">{spans}</text>')
    return "".join(lines)


def headline_parts(report: Report, width: int, scale: float = 1.0, least: float = 0.0) -> list[headline_layout.Part]:
    """The verdict line's parts in a figure ``width`` pixels wide, measured in the SVG's font."""
    return headline_layout.layout(report.verdict, report.claims, width - 30, scale, text_width, least)


def figure(scene: "Scene", width: int = 1280, height: int = 720, theme: Theme | None = None, scale: float = 1.0) -> str:
    """``scene``'s figure drawn alone as SVG, as a handout's picture or ``--screenshot`` of it:
    its ``frame`` fitted below the verdict line, lines and labels at presenter font ``scale``,
    in ``theme`` (its palette's dashes too; the dark theme by default)."""
    theme = DARK if theme is None else theme
    area = framing.figure_area(width, height, scale)
    (cx, cy), zoom = framing.fit(scene.frame, area)
    ax, ay = (area[0] + area[2]) / 2, (area[1] + area[3]) / 2

    def to_world(sx: float, sy: float) -> Point:
        return (sx - ax) / zoom + cx, (sy - ay) / zoom + cy

    label_scale = framing.label_scale(theme.label_scale, scale, zoom)
    before = scene.ctx
    scene.use(Context(View((*to_world(area[0], area[1]), *to_world(area[2], area[3])), 1 / zoom, label_scale),
                      before.hover, before.selection))
    try:
        # Cut to the figure's area, as the window cuts to it (y down here).
        clip = (area[0], height - area[3], area[2], height - area[1])
        painter = SvgPainter((*to_world(0, 0), *to_world(width, height)), width, height, theme.line_scale * scale,
                             label_scale, theme.background, theme.shape_b if theme.dashed_b else None, clip)
        scene.paint(painter, theme)
        line = headline(scene.reported, theme, width, scale)
    finally:
        scene.use(before)
    if line:
        painter.overlay.append(line)
    return painter.svg()
