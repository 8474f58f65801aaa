"""The Play page's state: one typed object per tab, shared by the page and each game's table (in ``shell``: both
games' Play screens read it, and Tien Gow's folder sits below ``play``).

The page (``app_pages/play.py``) keeps the rule set picked and deals from a
link; each game's screens (``play/line_game.py``, ``tien_gow/play.py``)
deal, move and say what happened through this object, never through loose
session keys. The widgets keep their own keys (``play_seed``,
``play_whole_match``), and the selected tile is the table controls' own
(``table.controls.selected_tile``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutorial_app.app.shell.rules_picker import RuleChoice
from tutorial_app.app.shell.state import page_state
from tutorial_app.board.adjust import Adjusted
from tutorial_app.board.layout import Bend
from tutorial_app.rules.line.state import End
from tutorial_app.rules.text import Text
from tutorial_app.strategy.bot_table import BotTable

__all__ = ["PlayPage", "play_page"]


@dataclass
class PlayPage:
    """The table being played (None before the first deal) and the last thing said about a click; the rule set
    picked above it (what "Deal" and "Deal again" deal); for a line game's chain, the tile clicked to re-bend
    (its arm's end and index), the re-bends made (each after so many moves of the record) and the direction
    chosen for the next tile."""

    table: BotTable | None = None
    feedback: Text | None = None
    choice: RuleChoice | None = None
    adjust_at: tuple[End, int] | None = None
    adjustments: tuple[tuple[int, Adjusted], ...] = ()
    direction: Bend | None = None


def play_page() -> PlayPage:
    """The tab's Play page state."""
    return page_state("play_page", PlayPage)
