"""What must hold in every Tigris & Euphrates state: checked after every action in debug mode.

* Tiles (reference §1.1: 153 civilization tiles, 10 of them the starting temples) are conserved: face-up
  and face-down (monument) tiles on the board + hands + bag + ``discarded`` (committed to conflicts,
  swapped away, lost in wars, destroyed by catastrophes) = 153. A scenario that sets the board, hands or
  bag has its own box, so only a regular set-up is held to the total.
* Every player has its 4 leaders (§1.1), each in supply (-1) or alone on an empty land square next to a
  face-up temple (§1.5: a leader left without one returns at once); when no revolt or war is pending, a
  kingdom holds at most one leader of each colour (§1.8 resolves every such conflict at once).
* Treasures lie only on starting-temple squares still holding their temple, face up or under a red
  monument (§1.10; docs/rulings.md TE-R6); those on the board plus those taken (treasure points) = the
  starting temples.
* Each player has used at most its 2 catastrophes (§1.7), and the catastrophe squares are exactly the ones
  used; every monument built covers a 2×2 of face-down tiles (§1.9), and nothing else is face down.
* Points, hands and the bag hold no negative or unknown entries; hands never exceed 6 tiles (§1.4); the
  turn counters are in range; the unification marker is out whenever no war is pending.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.tigris_euphrates.board import TILE_CODES, regions
from ludoteca.games.tigris_euphrates.content import WIDTH, square_name

if TYPE_CHECKING:
    from ludoteca.games.tigris_euphrates.state import TigrisState

CONFLICT_STEPS = frozenset(
    {"revolt_commit", "revolt_resolve", "war_next", "war_order", "war_start", "war_commit", "war_resolve"}
)
"""Steps of a conflict still being resolved: while one is on the stack, two leaders of a colour may share a kingdom."""

OWN_BOX_KEYS = ("cells", "hands", "bag")
"""Scenario keys that put a different number of tiles in play than the box holds."""


def check(state: TigrisState) -> list[str]:
    """One sentence per broken invariant of ``state`` (``[]`` when all hold)."""
    problems: list[str] = []
    problems += _tiles(state)
    problems += _leaders(state)
    problems += _treasures_catastrophes_monuments(state)
    problems += _counters(state)
    return problems


def _regular(state: TigrisState) -> bool:
    """Whether the game started from the box (no scenario changed the tiles, treasures or catastrophes)."""
    return not any(key in (state.scenario or {}) for key in (*OWN_BOX_KEYS, "treasures", "catastrophes", "scores"))


def _tiles(state: TigrisState) -> list[str]:
    data, parts = state.data, state.components
    problems = []
    on_board = sum(1 for code in data["cells"] if code in TILE_CODES)
    in_hands = 0
    for seat, hand in enumerate(data["hands"]):
        if set(hand) != set("rbkg") or any(n < 0 for n in hand.values()):
            problems.append(f"seat {seat}'s hand {hand} has a negative count or an unknown colour")
        size = sum(hand.values())
        in_hands += size
        if size > parts.hand:
            problems.append(f"seat {seat} holds {size} tiles, more than {parts.hand}")
    unknown = sorted(set(data["bag"]) - set("rbkg"))
    if unknown:
        problems.append(f"the bag holds unknown tiles {unknown}")
    if data["discarded"] < 0:
        problems.append(f"{data['discarded']} tiles are out of the game")
    box = sum(parts.tiles.values())
    total = on_board + in_hands + len(data["bag"]) + data["discarded"]
    if total != box and not any(key in (state.scenario or {}) for key in OWN_BOX_KEYS):
        problems.append(
            f"tiles are not conserved: {on_board} on the board + {in_hands} in hands + {len(data['bag'])} in the bag"
            f" + {data['discarded']} out of the game = {total}, not the {box} in the box"
        )
    return problems


def _conflict_pending(state: TigrisState) -> bool:
    return any(frame["step"] in CONFLICT_STEPS for frame in state.data["stack"])


def _leaders(state: TigrisState) -> list[str]:
    data, board = state.data, state.board
    problems = []
    cells = data["cells"]
    seen: dict[int, tuple[int, str]] = {}
    for seat, leaders in enumerate(data["leaders"]):
        if sorted(leaders) != sorted("rbkg"):
            problems.append(f"seat {seat} has the leaders {sorted(leaders)}, not one of each colour")
        for colour, square in leaders.items():
            if square == -1:
                continue
            name = state.components.leader_names.get(colour, colour)
            if not 0 <= square < len(cells):
                problems.append(f"seat {seat}'s {name} is on square {square}, off the board")
                continue
            if square in seen:
                problems.append(f"two leaders share {square_name(square)}: {seen[square]} and {(seat, colour)}")
            seen[square] = (seat, colour)
            if cells[square] or square in board.river:
                problems.append(f"seat {seat}'s {name} stands on {square_name(square)}, not an empty land square")
            elif not any(cells[n] == "r" for n in board.neighbours[square]):
                problems.append(f"seat {seat}'s {name} on {square_name(square)} has no temple next to it")
    if not problems and not _conflict_pending(state):
        geometry = regions(board, data)
        for region, members in geometry.leaders.items():
            colours = [colour for _, colour, _ in members]
            doubled = sorted({c for c in colours if colours.count(c) > 1})
            if doubled:
                where = square_name(geometry.squares[region][0])
                problems.append(f"the kingdom at {where} has two {doubled} leaders and no conflict is pending")
    return problems


def _treasures_catastrophes_monuments(state: TigrisState) -> list[str]:
    data, board, parts = state.data, state.board, state.components
    problems = []
    cells = data["cells"]
    temples = set(board.temples)
    for square in data["treasures"]:
        # A red monument may cover a treasure temple: the treasure stays on the face-down tile (TE-R6).
        if square not in temples or cells[square] not in ("r", "m"):
            problems.append(f"a treasure lies on {square_name(square)}, which holds no starting temple")
    if len(set(data["treasures"])) != len(data["treasures"]):
        problems.append("two treasures lie on one square")
    taken = sum(points["t"] for points in data["scores"])
    regular = _regular(state)
    if regular and len(data["treasures"]) + taken != len(board.temples):
        problems.append(
            f"treasures are not conserved: {len(data['treasures'])} on the board + {taken} taken,"
            f" not {len(board.temples)}"
        )
    for seat, left in enumerate(data["catastrophes"]):
        if not 0 <= left <= parts.catastrophes:
            problems.append(f"seat {seat} has {left} catastrophes left, not 0-{parts.catastrophes}")
    used = sum(parts.catastrophes - left for left in data["catastrophes"])
    placed = cells.count("x")
    if regular and placed != used:
        problems.append(f"{placed} catastrophes are on the board but {used} were used")
    built = 0
    for monument, corner in data["monuments"].items():
        if corner < 0:
            continue
        built += 1
        block = (corner, corner + 1, corner + WIDTH, corner + WIDTH + 1)
        if corner % WIDTH == WIDTH - 1 or any(not 0 <= sq < len(cells) or cells[sq] != "m" for sq in block):
            problems.append(f"the {monument} monument on {square_name(corner)} does not stand on 4 face-down tiles")
    if cells.count("m") != 4 * built and "cells" not in (state.scenario or {}):
        problems.append(f"{cells.count('m')} face-down tiles lie on the board for {built} monument(s)")
    return problems


def _counters(state: TigrisState) -> list[str]:
    data, parts = state.data, state.components
    problems = []
    for seat, points in enumerate(data["scores"]):
        negative = {colour: n for colour, n in points.items() if n < 0}
        if negative:
            problems.append(f"seat {seat} has negative points {negative}")
    if not 0 <= data["current"] < state.players:
        problems.append(f"the current player is {data['current']}, not a seat")
    if not data["over"] and not 1 <= data["actions_left"] <= parts.actions_per_turn:
        problems.append(f"{data['actions_left']} actions are left in the turn, not 1-{parts.actions_per_turn}")
    war = any(frame["step"].startswith("war_") for frame in data["stack"])
    if data["unification"] != -1 and not war:
        problems.append(f"the unification marker is on {square_name(data['unification'])} but no war is pending")
    if data["unification"] != -1 and data["cells"][data["unification"]] not in TILE_CODES:
        problems.append("the unification marker is not on a tile")
    return problems
