"""A session's figure drawn alone as SVG: the vectors of what ``app_window.screenshot`` takes
as a PNG for a handout, in the session's own view (a step's zoom and pan included) and theme,
with the verdict line only when the window shows it (not while a question is open)."""

from sandbox.kit import svg


def figure(session, hollow=None) -> str:
    """The SVG document of ``session``'s figure, drawn alone (``session.figure_only``), its
    segments in colour ``hollow`` (None: none) drawn as hollow bars."""
    camera, theme = session.camera, session.theme
    report = session.report()
    # Cut to the area the camera frames, as the window cuts the PNG beside it (y down here).
    x0, y0, x1, y1 = camera.area
    painter = svg.SvgPainter(
        (*camera.to_world(0, 0), *camera.to_world(camera.width, camera.height)), camera.width, camera.height,
        theme.line_scale * session.font_scale, session.label_scale(), theme.background,
        theme.shape_b if theme.dashed_b else None, (x0, camera.height - y1, x1, camera.height - y0), hollow,
    )
    if session.fault is None:
        session.guarded("draw", session.scene.paint, session.figure_painter(painter, dashes=False), theme)
    if session.verdict() is not None:
        painter.overlay.append(svg.headline(report, theme, camera.width, session.font_scale, session.least_points))
    return painter.svg()
