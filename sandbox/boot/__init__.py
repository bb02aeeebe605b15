"""Start-up and platform set-up: the launcher, OpenGL and ImGui loading."""
