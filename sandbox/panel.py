"""The app's ImGui window: scene picker, lesson, overlays, the scene's own panel, view settings."""

from imgui_bundle import imgui, imgui_ctx

WIDTH = 470
"""Panel width in pixels at font scale 1; it grows with the presenter font scale."""


def help_marker(text):
    """A greyed (?) that shows ``text`` when hovered, for teaching notes."""
    imgui.same_line()
    imgui.text_disabled("(?)")
    if imgui.begin_item_tooltip():
        imgui.push_text_wrap_pos(imgui.get_font_size() * 30)
        imgui.text_unformatted(text)
        imgui.pop_text_wrap_pos()
        imgui.end_tooltip()


def draw(session, frame_ms):
    """The whole panel, docked to the right of the window; ``frame_ms`` None hides the timing.

    Returns the panel's left edge and width in pixels. ImGui draws no background for it: the
    window clears that rectangle instead (see SandboxWindow.render).
    """
    style = imgui.get_style()
    width, height = imgui.get_io().display_size
    panel_width = min(WIDTH * style.font_scale_main, width * 0.6)
    imgui.set_next_window_pos((width - panel_width, 0), imgui.Cond_.always)
    imgui.set_next_window_size((panel_width, height), imgui.Cond_.always)
    flags = (
        imgui.WindowFlags_.no_move
        | imgui.WindowFlags_.no_resize
        | imgui.WindowFlags_.no_collapse
        | imgui.WindowFlags_.no_background
    )
    scene = session.scene
    # Without a background ImGui draws no border either: draw the border behind the panel.
    imgui.get_background_draw_list().add_rect(
        (width - panel_width, 0), (width, height), imgui.get_color_u32(imgui.Col_.border), 0.0, style.window_border_size
    )
    with imgui_ctx.begin("Collision Sandbox", flags=flags):
        # Tab changes scene here: were the widgets tab stops, the first Tab would also give
        # ImGui the keyboard, and every key after it (F9, R, Page Down...) would go to the panel.
        imgui.push_item_flag(imgui.ItemFlags_.no_tab_stop, True)
        _scene_picker(session)
        if imgui.collapsing_header("Lesson", imgui.TreeNodeFlags_.default_open):
            imgui.text_wrapped(scene.lesson)
            imgui.text("Things to try:")
            for idea in scene.things_to_try:
                imgui.bullet()
                imgui.text_wrapped(idea)
        imgui.separator_text("Overlays")
        for name, (label, _) in scene.overlays.items():
            changed, shown = imgui.checkbox(label, scene.overlay[name])
            if changed:
                scene.set_overlay(name, shown)
        if imgui.button("Reset layout (Home)"):
            session.reset()
        imgui.separator_text(scene.title)
        scene.panel()
        imgui.separator_text("View")
        imgui.set_next_item_width(panel_width * 0.4)
        _, session.font_scale = imgui.slider_float("Presenter font scale", session.font_scale, 1.0, 3.0, "%.1fx")
        help_marker("Make the panel readable from the back of the room.")
        imgui.text(f"Zoom {session.camera.zoom:.2f}x, centre ({session.camera.center[0]:.0f}, {session.camera.center[1]:.0f})")
        if frame_ms is not None:
            imgui.text(f"Frame time {frame_ms:.2f} ms")
        imgui.pop_item_flag()
    return width - panel_width, panel_width


def _scene_picker(session):
    current = session.scene
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
