"""``python -m tutorial_app`` is the ``domino-tutor`` command."""

import sys

from tutorial_app.cli import main

sys.exit(main())
