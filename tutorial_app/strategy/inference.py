"""What a seat can infer about the tiles it cannot see.

A pass (or a draw) says the mover held nothing for the open ends at that
moment; the tiles it draws afterwards are new and the old fact does not bind
them. So each hidden hand is kept as groups of tiles got at one time (the
deal, each draw), each with the numbers it cannot show and the tiles it
cannot be.

The lead is a clue too, in a match's first hand: the first-lead rule gave the
lead to the holder of the first tile of its order that was dealt (the lowest
double but 0-0, say), so the leader was dealt that tile and nobody was dealt an
earlier one. When the rule names the lead tile too, the tile led is that one;
when any tile may be led, the viewer does not know which tile decided, so the
knowledge branches: one ``LeadBranch`` per tile that could have, each with
what it implies. The sampler weighs every branch by how many deals agree with
it, so every deal that fits the record stays exactly as likely as the shuffle
made it.

A played tile leaves the hand, but the seat cannot always tell from which
group; it is taken from the most constrained group it fits. Why: that keeps
the loosest groups, so no deal that could really be on the table is ever
ruled out (the cost is a slightly wider guess in the rare cases this matters).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from tutorial_app.rules.line.deal import lead_orders
from tutorial_app.rules.tiles import SUIT_MASK, Tile
from tutorial_app.strategy.view import Event, SeatView

__all__ = ["STOCK", "OUT", "Group", "Void", "LeadBranch", "Knowledge", "infer", "numbers_mask"]

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
    """Tiles one holder got at one time: ``count`` of them, none showing ``voids``, none in ``forbidden``;
    ``dealt`` for the tiles a seat was dealt (the lead's clue binds only those)."""

    holder: int
    count: int
    voids: int = 0
    forbidden: int = 0
    dealt: bool = False

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
class LeadBranch:
    """One way the first-lead rule may have named the leader: ``tile`` decided it (the leader was dealt it),
    and nobody was dealt a tile of ``ahead`` (the tiles before it in the rule's order)."""

    tile: Tile
    ahead: int


@dataclass(frozen=True)
class Knowledge:
    """Everything a seat knows about the hidden tiles.

    ``groups`` partition the unseen tiles by holder (a seat or ``STOCK``);
    ``voids`` lists every pass or draw that showed a number missing;
    ``branches`` the tiles that may have decided the first lead (empty: the
    lead is no clue), ``leader`` who led; ``lead_forbidden`` the tiles the lead
    proved nobody was dealt whichever tile decided.
    """

    view: SeatView
    unseen: int
    groups: tuple[Group, ...]
    voids: tuple[Void, ...]
    lead_forbidden: int = 0
    notes: tuple[str, ...] = field(default=())
    branches: tuple[LeadBranch, ...] = ()
    leader: int = -1

    def allowed(self, branch: LeadBranch | None = None) -> tuple[int, ...]:
        """The tiles each group may hold (under one ``branch`` of the lead's clue, when given)."""
        if branch is None:
            return tuple(g.allowed(self.unseen) for g in self.groups)
        out = []
        for group in self.groups:
            allowed = group.allowed(self.unseen)
            if group.dealt:
                allowed &= ~branch.ahead
            if branch.tile.bit & self.unseen and not (group.dealt and group.holder == self.leader):
                allowed &= ~branch.tile.bit
            out.append(allowed)
        return tuple(out)

    def lead_tile_held(self) -> Tile | None:
        """The tile the leader surely was dealt and still holds unseen, when every branch names the same one."""
        tiles = {b.tile for b in self.branches}
        if len(tiles) != 1:
            return None
        tile = next(iter(tiles))
        return tile if tile.bit & self.unseen else None

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
        loose = tuple(Group(g.holder, g.count, dealt=g.dealt) for g in self.groups)
        return Knowledge(
            self.view,
            self.unseen,
            loose,
            self.voids,
            0,
            (*self.notes, "the record contradicts itself: voids and clues are ignored"),
        )

    def only(self, branches: tuple[LeadBranch, ...]) -> Knowledge:
        """The same knowledge keeping only some branches of the lead's clue (the ones deals can fit)."""
        forbidden = _common_ahead(branches)
        return replace(self, branches=branches, lead_forbidden=forbidden)


def _common_ahead(branches: tuple[LeadBranch, ...]) -> int:
    if not branches:
        return 0
    common = -1
    for branch in branches:
        common &= branch.ahead
    return common


def _drew_before(view: SeatView, seat: int, index: int) -> bool:
    return any(e.seat == seat and e.kind == "draw" and e.index < index for e in view.events)


def _could_decide(view: SeatView, leader: int, tile: Tile, ahead: int) -> bool:
    """Whether ``tile`` may have decided the lead, as far as the seen tiles tell.

    The leader must have been dealt it: unseen, or in the viewer's own deal
    when the viewer led, or played by the leader. Nobody may have been dealt a
    tile of ``ahead``: not the viewer, and not a seat that played one before it
    had drawn anything.
    """
    bit = tile.bit
    seen = view.seen()
    if leader == view.seat:
        if not bit & view.dealt:
            return False
    elif bit & seen and not any(e.seat == leader and e.tile is tile for e in view.events):
        return False
    if ahead & view.dealt:
        return False
    return not any(
        event.tile is not None
        and event.tile.bit & ahead
        and event.seat != view.seat
        and not _drew_before(view, event.seat, event.index)
        for event in view.events
    )


def _lead_branches(view: SeatView) -> tuple[int, tuple[LeadBranch, ...]]:
    """Who led, and every tile that may have decided it (see the module's docstring); (-1, ()) when the lead
    is no clue."""
    tile = view.lead_tile
    orders = lead_orders(view.rules.first_lead)
    lead = next((e for e in view.events if e.kind == "lead"), None)
    if tile is None or orders is None or lead is None:
        return -1, ()
    order, fallback = orders
    ahead = 0
    branches: list[LeadBranch] = []
    for candidate in (*order, *fallback):
        if candidate.bit & ahead:
            continue  # the fallback order lists the doubles again: one already passed over was not dealt
        if (not view.lead_named or candidate is tile) and _could_decide(view, lead.seat, candidate, ahead):
            branches.append(LeadBranch(candidate, ahead))
        ahead |= candidate.bit
    return lead.seat, tuple(branches)


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
    leader, branches = _lead_branches(view)
    forbidden = _common_ahead(branches)
    groups: list[Group] = [
        Group(seat, size, forbidden=forbidden, dealt=True)
        for seat, size in enumerate(view.start_sizes)
        if seat != view.seat
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
    return Knowledge(view, unseen, live, tuple(voids), forbidden, branches=branches, leader=leader)


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
