# This tier runs the app: headless GL, the ImGui context check, Drivers and a virtual display.
from app_fixtures import display, drive, no_imgui_context_left  # noqa: F401
