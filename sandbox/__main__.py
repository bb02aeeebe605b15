"""``python -m sandbox`` runs the sandbox."""

import sys

from sandbox.cli import main

sys.exit(main())
