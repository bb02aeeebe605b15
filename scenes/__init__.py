"""One module per tutorial demo, each registering one scene with the sandbox."""
