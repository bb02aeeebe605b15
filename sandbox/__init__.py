"""The Collision Sandbox in three rooms: ``kit`` (all a scene imports), ``app`` (the window and
what drives it) and ``boot`` (start-up and platform set-up). It uses ``collision`` like any user would."""
