"""The verbs of the ``domino-tutor`` command, one module each, and what they share.

Each verb module offers ``add_arguments(parser)``, which adds its arguments
and sets ``handler``; ``tutorial_app.cli`` names the verbs with their help
(``VERBS``), imports the one asked for and runs it. A handler refuses bad input by raising ``UserError``: the command
prints its sentence as one line and exits 2. Shared pieces: ``args`` (whole
numbers, ``--override``, a preset with its players), ``io`` (reading a
position or lesson file through the bounded reader), ``progress`` (the
terminal's progress bar and aligned figures).
"""

from __future__ import annotations

__all__ = ["UserError"]


class UserError(Exception):
    """Bad input from the user: reported as one line, exit status 2."""
