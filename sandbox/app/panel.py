"""The app's ImGui window: the picker and the verdict on top, always in view; below them, in
a scrolling region, the lesson, the declared widgets and actions, the scene's Report (its
lines, its flawed methods' claims and its tables) and the view. A scene adds nothing here
itself: the panel renders what the scene declares and reports."""

from typing import TYPE_CHECKING

from imgui_bundle import imgui, imgui_ctx

from sandbox.app import finding, poses, preferences, screen
from sandbox.kit import events
from sandbox.kit import Report, Table, Theme
from sandbox.kit.theme import imgui_color

if TYPE_CHECKING:  # for the checker only: the window hands the panel its session
    from sandbox.app.session import Session

TABLE_ROWS = 5
"""Rows a table with headings (a SAT scene's axes: up to 600) shows at once; more scroll inside it."""

CODE_ROWS = 14
"""Lines of a listing the Code view shows at once; the marked one is kept in view."""

VERDICT_SIZE = 24
"""The verdict's font size in the panel, at font scale 1."""

FIND_MENU = "Find: pose the scene where something happens"
"""The Find window's title: the scene's events (sandbox.kit.events), each posing the scene where it happens."""

POSE_EDITOR = "Type a pose"
"""The pose editor's popup: a teacher types a shape's position and angle to set up a case exactly."""

ACCESS = "Access"
"""The popup with the figure in words, speech and the gap sound: what D, V and G switch."""


def rect(width: float, height: float, scale: float) -> tuple[float, float, float, float]:
    """The panel's rectangle (left, top, width, height) in window pixels, y down as ImGui counts."""
    panel_width = screen.panel_width(width, scale)
    return width - panel_width, 0.0, panel_width, height


def draw(session: "Session", frame_ms: float | None) -> tuple[float, float]:
    """The whole panel, docked to the right of the window; ``frame_ms`` None hides the timing.

    Returns the panel's left edge and width in pixels. ImGui draws no background for it: the
    window clears that rectangle instead (see SandboxWindow.render).
    """
    style = imgui.get_style()
    width, height = imgui.get_io().display_size
    left, _, panel_width, _ = rect(width, height, session.font_scale)
    imgui.set_next_window_pos((left, 0), imgui.Cond_.always)
    imgui.set_next_window_size((panel_width, height), imgui.Cond_.always)
    flags = (
        imgui.WindowFlags_.no_move
        | imgui.WindowFlags_.no_resize
        | imgui.WindowFlags_.no_collapse
        | imgui.WindowFlags_.no_background
        | imgui.WindowFlags_.no_scrollbar
    )
    # Without a background ImGui draws no border either: draw the border behind the panel.
    imgui.get_background_draw_list().add_rect(
        (left, 0), (width, height), imgui.get_color_u32(imgui.Col_.border), 0.0, style.window_border_size
    )
    with imgui_ctx.begin("Collision Sandbox", flags=flags):
        # Tab changes scene here: were the widgets tab stops, the first Tab would also give
        # ImGui the keyboard, and every key after it (F9, R, Page Down...) would go to the panel.
        imgui.push_item_flag(imgui.ItemFlags_.no_tab_stop, True)
        _scene_picker(session)
        _verdict(session)
        # Always a scrollbar: one that comes and goes would shift every row under the pointer.
        with imgui_ctx.begin_child("rest", (0, 0), 0, imgui.WindowFlags_.always_vertical_scrollbar):
            _rest(session, panel_width, frame_ms)
        imgui.pop_item_flag()
    return left, panel_width


def _verdict(session):
    verdict = session.verdict()
    # The verdict's line and its detail's always take their room, blank while a question hides
    # them or where there is no detail: coming and going, they moved every row under them 17
    # pixels, and a second click on the same button missed it.
    imgui.push_font(None, VERDICT_SIZE)
    # Wrapped at the panel's edge: at 3x "FIRST HIT: THE CAPSULE" is wider than the panel.
    imgui.push_text_wrap_pos(0.0)
    imgui.text_colored(imgui_color(getattr(session.theme, verdict.role if verdict is not None else "text")), verdict.text if verdict is not None else " ")
    imgui.pop_text_wrap_pos()
    imgui.pop_font()
    _access(session, True)
    imgui.text_wrapped(verdict.detail if verdict is not None and verdict.detail else " ")
    imgui.separator()


def _rest(session, panel_width, frame_ms):
    scene = session.scene
    # Closed at first: the results a class reads come first; the lesson opens with one click.
    if imgui.collapsing_header("Lesson and things to try"):
        imgui.text_wrapped(scene.lesson)
        imgui.text("Things to try:")
        for idea in scene.things_to_try:
            imgui.bullet()
            imgui.text_wrapped(idea)
    params = [p for p in scene.params if p.widget]
    if params:
        imgui.separator_text("Overlays and settings")
    for param in sorted(params, key=lambda p: not p.overlay):
        changed, value = widget(param, scene.settings[param.name])
        if changed:
            session.set_setting(param.name, value)
    imgui.separator_text(scene.title)
    _actions(session)
    if session.asking:
        # The scene's results would answer the question: they wait for the reveal.
        question = session.guarded("report", session.step.filled, session.step.question, session.scene) or session.step.question
        imgui.text_wrapped(f"{question} The results show when the answer is revealed (Right or Space).")
    else:
        shown = session.report()
        report(session.theme, shown, None if shown.code is None else session.input.code_at(shown.code))
        if scene.labels_left_out:
            # The layout keeps a label near what it names or leaves it off (sandbox.kit.labels).
            imgui.text_wrapped("No room on the figure for the labels " + ", ".join(scene.labels_left_out) + ": widen the window or lower the font scale.")
    imgui.separator_text("View")
    if imgui.button("Reset layout (Home)"):
        session.reset()
    imgui.same_line()
    if imgui.button("Type a pose..."):
        session.pose_drafts = poses.texts(session)
        imgui.open_popup(POSE_EDITOR)
    _find_button(session)
    zoom = f"Zoom {session.camera.zoom:.2f}x" + ("" if session.camera.fitted else " (Home refits)")
    # Beside the buttons where the row has room for it, else on a line of its own: never cut.
    end = imgui.get_item_rect_max().x - imgui.get_window_pos().x + imgui.get_style().item_spacing.x
    if end + imgui.calc_text_size(zoom).x <= imgui.get_window_width() - imgui.get_style().window_padding.x:
        imgui.same_line()
    imgui.text(zoom)
    if frame_ms is not None:
        # The frame's time on asking: on the row it cost the zoom its room ("Zoom 0.96x, fram").
        imgui.set_item_tooltip(f"frame {frame_ms:.1f} ms")
    imgui.set_next_item_width(panel_width * 0.3)
    changed, scale = imgui.slider_float("Presenter font scale", session.font_scale, 1.0, 3.0, "%.1fx")
    if changed:
        choose_font_scale(session, scale)
    # Beside the font scale, not on a row of its own: every scene's panel fits 1280x720 unscrolled.
    imgui.same_line()
    changed, blind = imgui.checkbox("Colour-blind", session.theme.palette == "colour-blind")
    if changed:
        session.set_palette("colour-blind" if blind else "standard")
    _help_marker("Okabe and Ito's colours, told apart by every common kind of colour vision, and B drawn dashed.")
    _pose_editor(session)
    _find_menu(session)


def _find_button(session):
    """"Find...", beside "Type a pose...": for a scene that names events, outside a walkthrough."""
    if events.events_of(session.scene) and session.player.walkthrough is None:
        imgui.same_line()
        if imgui.button("Find..."):
            imgui.open_popup(FIND_MENU)
        imgui.set_item_tooltip("Pose the scene where something worth showing happens; Ctrl+S saves the layout.")


def _find_menu(session):
    """The "Find..." window: the scene's events; picking one poses the scene where it happens.
    A modal window with a title and a Close button, not a popup: it read as a tooltip."""
    opened, _ = imgui.begin_popup_modal(FIND_MENU, None, imgui.WindowFlags_.always_auto_resize)
    if not opened:
        return
    imgui.text("Pose the scene where it happens (Ctrl+S then saves the layout):")
    imgui.separator()
    for event in events.events_of(session.scene):
        chosen, _ = imgui.selectable(f"{event.description} ({event.name})##find:{event.name}", False)
        if chosen:
            finding.pose(session, event.name)
            imgui.close_current_popup()
    imgui.separator()
    if imgui.button("Close##find"):
        imgui.close_current_popup()
    imgui.end_popup()


def _access(session, beside):
    """The figure in words (D), spoken (V), and the gap sound (G): a button at the right of the
    verdict (``beside`` it when there is one, and room) opening their three checkboxes; on the
    verdict's row it costs no height, and every panel still fits 1280x720 unscrolled."""
    width = imgui.calc_text_size("Access...").x + 2 * imgui.get_style().frame_padding.x
    right = imgui.get_window_width() - imgui.get_style().window_padding.x - width
    if beside and imgui.get_item_rect_max().x - imgui.get_window_pos().x + imgui.get_style().item_spacing.x < right:
        imgui.same_line(right)
    if imgui.button("Access..."):
        imgui.open_popup(ACCESS)
    imgui.set_item_tooltip("The figure in words (D), spoken (V), and the gap as sound (G)")
    if not imgui.begin_popup(ACCESS):
        return
    for label, on, command in (
        ("The figure in words below it (D)", session.access.describing, session.access.toggle_description),
        ("Speak it now and whenever it changes (V)", session.access.speaking, session.access.toggle_speech),
        ("Gap sound: higher as the shapes close, a tick as they touch (G)", session.access.sounding, session.access.toggle_sound),
    ):
        if imgui.checkbox(label, on)[0]:
            command(None, 0)
    imgui.end_popup()


def _help_marker(text):
    """A "(?)" after the last widget that shows ``text`` when pointed at."""
    imgui.same_line()
    imgui.text_disabled("(?)")
    if imgui.is_item_hovered():
        imgui.set_tooltip(text)


def _pose_editor(session):
    """The "Type a pose" popup: each shape's and handle's x, y and angle as text; Enter in a
    field, or the row's Set button, puts it there (the session refuses bad values in the status line)."""
    if not imgui.begin_popup(POSE_EDITOR):
        return
    imgui.text("Position in world units, angle in degrees; Enter or Set places it.")
    field_width = imgui.calc_text_size("-000000.000").x
    for name, texts in session.pose_drafts.items():
        if name not in session.scene.shapes and name not in session.scene.points:
            continue  # the scene changed under the open editor
        imgui.align_text_to_frame_padding()
        imgui.text(name)
        entered = False
        for index, field in enumerate(("x", "y", "angle")):
            if texts[index] is None:
                continue
            imgui.same_line()
            imgui.text(field)
            imgui.same_line()
            imgui.set_next_item_width(field_width)
            flags = imgui.InputTextFlags_.enter_returns_true | imgui.InputTextFlags_.auto_select_all
            pressed, texts[index] = imgui.input_text(f"##{name}.{field}", texts[index], flags)
            entered |= pressed
        imgui.same_line()
        if imgui.button(f"Set##{name}") or entered:
            poses.place(session, name, *texts)
    imgui.end_popup()


def _scene_picker(session):
    current = session.scene
    if session.player.walkthrough is not None:
        steps = len(session.player.walkthrough.steps)
        imgui.text_wrapped(f"Walkthrough: {session.player.walkthrough.title}, step {session.player.index + 1} of {steps}")
        return
    imgui.set_next_item_width(-1)
    if imgui.begin_combo("##scene", f"{current.category}: {current.title}"):
        category = None
        for cls in session.classes.values():
            if cls.category != category:
                category = cls.category
                imgui.separator_text(category)
            chosen, _ = imgui.selectable(f"{cls.title}##{cls.id}", cls.id == current.id)
            if chosen and cls.id != current.id:
                session.open(cls.id)
        imgui.end_combo()


def widget(param, value):
    """Draw a declared parameter's widget; return ``(changed, new value)``."""
    if param.kind is bool:
        style = imgui.get_style()
        box = imgui.get_frame_height() + style.item_inner_spacing.x
        if box + imgui.calc_text_size(param.label).x <= imgui.get_content_region_avail().x:
            changed, value = imgui.checkbox(param.label, value)
        else:
            # Wider than the panel (at a presenter scale): the label wrapped beside its box, and
            # a click on it ticks the box as a checkbox's own label does, rather than cut off.
            changed, value = imgui.checkbox(f"##{param.label}", value)
            imgui.same_line(0.0, style.item_inner_spacing.x)
            imgui.text_wrapped(param.label)
            if imgui.is_item_clicked():
                changed, value = True, not value
    else:
        # The slider or list narrower where its label (and "(?)") would not fit beside it: at a
        # presenter scale "A's angle (degrees)" lost its last character at the panel's edge.
        style, room = imgui.get_style(), imgui.get_content_region_avail().x
        label = imgui.calc_text_size(param.label + (" (?)" if param.help else "")).x + style.item_inner_spacing.x
        width = min(imgui.calc_item_width(), max(room - label, room * 0.3))
        imgui.push_item_width(width)
        if param.kind is int:
            changed, value = imgui.slider_int(param.label, value, int(param.low), int(param.high))
        elif param.kind is float:
            changed, value = imgui.slider_float(param.label, value, param.low, param.high, "%.2f")
        else:
            changed, index = imgui.combo(param.label, param.choices.index(value), list(param.choices))
            value = param.choices[index]
        imgui.pop_item_width()
    if param.help:
        _help_marker(param.help)
    return changed, value


def _actions(session):
    """The scene's declared actions as buttons, as many to a row as fit."""
    room = imgui.get_content_region_avail().x
    used = 0.0
    focused = session.focus.index if session.focus is not None and session.focus.kind == "action" else None
    for index, action in enumerate(session.scene.actions):
        label = action.label + (f" ({action.key})" if action.key else "")
        width = imgui.calc_text_size(label).x + 2 * imgui.get_style().frame_padding.x
        if used and used + width <= room:
            imgui.same_line()
        elif used:
            used = 0.0
        used += width + imgui.get_style().item_spacing.x
        if imgui.button(f"{label}##{action.name}:{action.label}"):
            session.act(action.name, action.argument)
        if index == focused:
            # The keyboard's focus (Tab), as thick as the canvas's ring: Enter presses it.
            imgui.get_window_draw_list().add_rect(imgui.get_item_rect_min(), imgui.get_item_rect_max(), imgui.get_color_u32(imgui.Col_.text), 0.0,
                                                  3 * session.font_scale)
        if action.help:
            imgui.set_item_tooltip(action.help)


def choose_font_scale(session: "Session", scale: float) -> None:
    """The presenter's own choice (the slider): set, and remembered for the next run."""
    session.set_font_scale(scale)
    preferences.remember_font_scale(session.font_scale)


def report(theme: Theme, report: Report, code_at: int | None = None) -> None:
    """A scene's Report below its actions: its lines, its flawed methods' claims, the work it
    counted, with the Code view on the code it ran with line ``code_at`` marked, and its tables."""
    for line in report.lines:
        imgui.push_style_color(imgui.Col_.text, imgui_color(getattr(theme, line.role)))
        imgui.text_wrapped(line.text)
        imgui.pop_style_color()
    for claim in report.claims:
        imgui.text_wrapped(claim.text())  # "(wrong)" says it: red is the max corner's
    if report.costs:
        imgui.text_wrapped("Work counted: " + "; ".join(f"{cost.what}: {cost.count:,}" for cost in report.costs))
    # The code first when its view is on: the teacher asked for it, and at 3x the tables
    # below would push it out of the panel's view.
    if report.code is not None:
        _code(theme, report.code, report.code.marked if code_at is None else code_at)
    for index, table in enumerate(report.tables):
        _table(index, table)


def _code(theme, code, at):
    """The listing the step ran: its lines in the text colour, the rest dimmed, line ``at`` of
    the step marked and kept in view; below it, the local variables as that line begins."""
    imgui.separator_text(f"Code: {code.name}")
    imgui.text_wrapped(f"{code.step}. Line {at + 1} of {len(code.runs)} it ran (the comma and full-stop keys step through them).")
    line, values = code.runs[at] if code.runs else (0, ())
    ran = {number for number, _ in code.runs}
    height = CODE_ROWS * imgui.get_text_line_height_with_spacing()
    with imgui_ctx.begin_child("code", (0, height), imgui.ChildFlags_.borders, imgui.WindowFlags_.horizontal_scrollbar):
        for number, source in code.listed():
            colour = theme.highlight if number == line else theme.text if number in ran else theme.dim_text
            imgui.text_colored(imgui_color(colour), f"{'>' if number == line else ' '}{number:4d}  {source}")
            if number == line and imgui.get_scroll_max_y() > 0:
                imgui.set_scroll_here_y(0.5)
    _table("values", Table((), tuple((name, value) for name, value in values if not value.startswith("<")), "Values as the marked line begins"))


def _natural_width(table, padding=None):
    """The pixels a headed table takes with every column as wide as its widest cell (each cell
    ``padding`` pixels in from its sides; the style's by default)."""
    pad = 2 * (imgui.get_style().cell_padding.x if padding is None else padding) + 1
    columns = zip(table.headers, *table.rows)
    return sum(max(imgui.calc_text_size(cell).x for cell in column) + pad for column in columns)


TIGHT_PADDING = 1.0
"""Pixels a headed table's cells keep from their sides where the style's padding would make it
a little wider than the panel: closer, it fits without a scroll bar, which costs the height
that keeps a panel unscrolled (minkowski's at 1280x720)."""


def _table(index, table):
    """A Report's Table: headed columns, or "name, value" rows."""
    if table.title:
        imgui.separator_text(table.title)
    headers = table.headers or ("", "")
    flags = imgui.TableFlags_.borders | imgui.TableFlags_.row_bg | imgui.TableFlags_.sizing_fixed_fit
    height = 0.0
    row_height = imgui.get_text_line_height() + 2 * imgui.get_style().cell_padding.y
    if table.headers and len(table.rows) > TABLE_ROWS:
        # Many axes scroll inside the table, its heading kept, so the panel below stays in place.
        flags |= imgui.TableFlags_.scroll_y
        height = (TABLE_ROWS + 1) * row_height
    tight = False
    if table.headers and _natural_width(table) > imgui.get_content_region_avail().x:
        # Wider than the panel: closer to their sides the cells may fit; else the table scrolls
        # sideways, every column at its own width, rather than narrowing its columns and cutting
        # their text ("overl...", "gap 17" at 3x: a margin of 60 pixels before scrolling cut
        # four characters at 1x and 1.5 at 3x).
        tight = _natural_width(table, TIGHT_PADDING) <= imgui.get_content_region_avail().x
        if not tight:
            flags |= imgui.TableFlags_.scroll_x
            height = height or (len(table.rows) + 1) * row_height
            height += imgui.get_style().scrollbar_size
    if tight:
        imgui.push_style_var(imgui.StyleVar_.cell_padding, imgui.ImVec2(TIGHT_PADDING, imgui.get_style().cell_padding.y))
    shown = imgui.begin_table(f"table{index}", len(headers), flags, imgui.ImVec2(0.0, height))
    if tight:
        imgui.pop_style_var()
    if not shown:
        return
    names = None
    if not table.headers:
        # The names as wide as the longest, but never more than 60% of the table: a long name
        # fitted whole left its value one character wide ("780" printed a digit a line).
        widest = max((imgui.calc_text_size(row[0]).x for row in table.rows), default=0.0) + imgui.get_style().cell_padding.x * 2
        room = 0.6 * imgui.get_content_region_avail().x
        names = room if widest > room else None
    for column, heading in enumerate(headers):
        # A "name, value" table gives its values the rest of the width, wrapped: no value is cut.
        if column == 0 and names is not None:
            imgui.table_setup_column(heading, imgui.TableColumnFlags_.width_fixed, names)
        else:
            imgui.table_setup_column(heading, imgui.TableColumnFlags_.width_stretch if not table.headers and column == 1 else 0)
    if table.headers:
        imgui.table_setup_scroll_freeze(0, 1)
        imgui.table_headers_row()
    for row in table.rows:
        imgui.table_next_row()
        for column, cell in enumerate(row):
            imgui.table_next_column()
            (imgui.text if table.headers or column == 0 and names is None else imgui.text_wrapped)(cell)
    imgui.end_table()
