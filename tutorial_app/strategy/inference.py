"""What a seat can infer about the tiles it cannot see.

A pass (or a draw) says the mover held nothing for the open ends at that
moment; the tiles it draws afterwards are new and the old fact does not bind
them. So each hidden hand is kept as groups of tiles got at one time (the
deal, each draw), each with the numbers it cannot show and the tiles it
cannot be. The lead is a clue too: under a first-lead rule that names the
lead tile, nobody was dealt a tile that comes before it in the rule's order.

A played tile leaves the hand, but the seat cannot always tell from which
group; it is taken from the most constrained group it fits. Why: that keeps
the loosest groups, so no deal that could really be on the table is ever
ruled out (the cost is a slightly wider guess in the rare cases this matters).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutorial_app.rules.line.deal import lead_orders
from tutorial_app.rules.tiles import SUIT_MASK, Tile
from tutorial_app.strategy.view import Event, SeatView

__all__ = ["STOCK", "OUT", "Group", "Void", "Knowledge", "infer", "numbers_mask"]

STOCK = -1
"""The holder of the boneyard (and, in games without one, of the tiles out of play)."""
OUT = -2
"""The holder of the tiles out of play in a game with a boneyard (a position that lists only part of the pile)."""


def numbers_mask(numbers: int) -> int:
    """The tiles that show any number in a 7-bit set of numbers."""
    mask = 0
    for n in range(7):
        if numbers >> n & 1:
            mask |= SUIT_MASK[n]
    return mask


@dataclass
class Group:
    """Tiles one holder got at one time: ``count`` of them, none showing ``voids``, none in ``forbidden``."""

    holder: int
    count: int
    voids: int = 0
    forbidden: int = 0

    def allowed(self, unseen: int) -> int:
        """The unseen tiles this group may hold."""
        return unseen & ~numbers_mask(self.voids) & ~self.forbidden


@dataclass(frozen=True)
class Void:
    """A number a seat showed it did not hold: it passed or drew with ``number`` open (``event``)."""

    seat: int
    number: int
    event: Event


@dataclass(frozen=True)
class Knowledge:
    """Everything a seat knows about the hidden tiles.

    ``groups`` partition the unseen tiles by holder (a seat or ``STOCK``);
    ``voids`` lists every pass or draw that showed a number missing;
    ``lead_forbidden`` the tiles the lead proved nobody was dealt.
    """

    view: SeatView
    unseen: int
    groups: tuple[Group, ...]
    voids: tuple[Void, ...]
    lead_forbidden: int = 0
    notes: tuple[str, ...] = field(default=())

    def allowed(self) -> tuple[int, ...]:
        """The tiles each group may hold."""
        return tuple(g.allowed(self.unseen) for g in self.groups)

    def holders(self) -> tuple[int, ...]:
        """The seats that hold hidden tiles (``STOCK`` and ``OUT`` not included), in seat order."""
        return tuple(sorted({g.holder for g in self.groups if g.holder >= 0}))

    def current_voids(self, seat: int) -> int:
        """The numbers (7-bit set) that no tile of ``seat``'s hidden hand can show, by its passes and draws."""
        numbers = 0b1111111
        for group in self.groups:
            if group.holder == seat and group.count:
                numbers &= group.voids
        return numbers if any(g.holder == seat and g.count for g in self.groups) else 0

    def latest_void(self, seat: int, number: int) -> Void | None:
        """The last pass or draw by ``seat`` that showed ``number`` missing."""
        found = [v for v in self.voids if v.seat == seat and v.number == number]
        return found[-1] if found else None

    def relaxed(self) -> Knowledge:
        """The same counts with every void and clue dropped (for a record that contradicts itself)."""
        loose = tuple(Group(g.holder, g.count) for g in self.groups)
        return Knowledge(
            self.view,
            self.unseen,
            loose,
            self.voids,
            0,
            (*self.notes, "the record contradicts itself: voids and clues are ignored"),
        )


def _lead_forbidden(view: SeatView) -> int:
    """Tiles nobody was dealt, as the lead under a rule that names the lead tile proves."""
    tile = view.lead_tile
    orders = lead_orders(view.rules.first_lead)
    if tile is None or orders is None:
        return 0
    order, fallback = orders
    ahead: list[Tile] = []
    for candidate in (*order, *fallback):
        if candidate is tile:
            return sum(t.bit for t in ahead)
        ahead.append(candidate)
    return 0


def _numbers(ends: tuple[int, ...]) -> int:
    return sum(1 << n for n in ends)


def _take_played(groups: list[Group], seat: int, tile: Tile, unseen: int) -> None:
    """Remove a played tile from the most constrained of ``seat``'s groups that could hold it."""
    own = [g for g in groups if g.holder == seat and g.count]
    fitting = [g for g in own if g.allowed(unseen | tile.bit) & tile.bit]
    pool = fitting or own
    if not pool:
        return
    group = min(pool, key=lambda g: bin(g.allowed(unseen | tile.bit)).count("1"))
    group.count -= 1


def infer(view: SeatView) -> Knowledge:
    """Replay the events the seat saw and keep, per hidden holder, what its tiles cannot be."""
    unseen = view.unseen()
    forbidden = _lead_forbidden(view)
    groups: list[Group] = [
        Group(seat, size, forbidden=forbidden) for seat, size in enumerate(view.start_sizes) if seat != view.seat
    ]
    stock = Group(STOCK, view.start_boneyard)
    voids: list[Void] = []
    for event in view.events:
        if event.seat == view.seat:
            if event.kind == "draw":
                stock.count -= event.drawn
            continue
        if event.kind in ("pass", "draw"):
            for group in groups:
                if group.holder == event.seat:
                    group.voids |= _numbers(event.ends)
            voids.extend(Void(event.seat, n, event) for n in event.ends)
        if event.kind == "draw":
            stock.count -= event.drawn
            groups.append(Group(event.seat, event.drawn))
        elif event.kind in ("play", "lead") and event.tile is not None:
            _take_played(groups, event.seat, event.tile, unseen)
    _settle_counts(groups, stock, view)
    live = tuple(g for g in (*groups, stock) if g.count > 0)
    return Knowledge(view, unseen, live, tuple(voids), forbidden)


def _settle_counts(groups: list[Group], stock: Group, view: SeatView) -> None:
    """Make each holder's groups hold as many tiles as it really has.

    They always agree for a record dealt and played by the rules; a position
    typed by hand may start mid-hand with sizes the record cannot explain,
    and then the newest group takes up the difference.
    """
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            continue
        own = [g for g in groups if g.holder == seat]
        if not own:
            own = [Group(seat, 0)]
            groups.append(own[0])
        difference = size - sum(g.count for g in own)
        for group in reversed(own):
            change = max(difference, -group.count)
            group.count += change
            difference -= change
            if not difference:
                break
    stock.count = view.boneyard_size
    hidden = sum(g.count for g in groups if g.holder != view.seat) + stock.count
    out = bin(view.unseen()).count("1") - hidden
    if out > 0:
        groups.append(Group(OUT, out))
