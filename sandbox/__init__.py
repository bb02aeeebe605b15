"""The Collision Sandbox app: window, panel, input and scenes. It uses ``collision`` like any user would."""
