"""A turn: two actions, then monument points, refills and the end-of-game check.

T&E: Turn structure (reference §1.4) — a player takes 2 actions (the same one twice if wished, or
pass): position a leader (place, move or withdraw), place a civilization tile, place a catastrophe,
swap 1-6 tiles. After every action treasures are checked (§1.10). At the end of the turn: monument
points to the active player (§1.9), every player refills to 6 (§1.4), then the game-end check (§1.11).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ludoteca.core import Action
from ludoteca.games.tigris_euphrates.board import SQUARES, land_mask, squares_of
from ludoteca.games.tigris_euphrates.content import CODE, COLOURS, NAME, SQUARE_NAMES
from ludoteca.games.tigris_euphrates.leaders import place_leader, withdraw_leader
from ludoteca.games.tigris_euphrates.machine import RULES, Frame
from ludoteca.games.tigris_euphrates.tiles import catastrophe_mask, place_catastrophe, place_tile

if TYPE_CHECKING:
    from ludoteca.games.tigris_euphrates.state import TigrisState


class _Actions(dict[int, Action]):
    """A table of one kind of action by square, built on first use and then shared: ``table[square]``.

    An action is immutable and means the same in every position (its text and payload name only the
    piece and the squares), so a turn's list of ~400 actions is a lookup per action instead of a text
    formatted and an object built per action, on the generic path every agent and adapter takes. The
    table's ``key`` says what it holds: ``("place", leader name, colour)``, ``("move", leader name,
    colour, from square)``, ``("withdraw", leader name, colour)``, ``("tile", colour)``, ``("catastrophe",)``.
    """

    __slots__ = ("key", "rows")

    def __init__(self, key: tuple[Any, ...]) -> None:
        super().__init__()
        self.key = key
        # rows[k][byte]: the actions of the squares whose bits are set in ``byte`` when it is byte k of a
        # mask, so a mask's actions are listed a byte at a time (``_action_options``).
        self.rows = tuple(_Row(self, 8 * k) for k in range(_BYTES))

    def __missing__(self, to: int) -> Action:
        key, where = self.key, SQUARE_NAMES[to]
        kind = key[0]
        if kind == "place":
            action = Action(f"place {key[1]} on {where}", ("leader", key[2], to))
        elif kind == "move":
            action = Action(f"move {key[1]} from {SQUARE_NAMES[key[3]]} to {where}", ("leader", key[2], to))
        elif kind == "withdraw":  # keyed by the square the leader leaves
            action = Action(f"withdraw {key[1]} from {where}", ("withdraw", key[2]))
        elif kind == "tile":
            action = Action(f"place {key[1]} on {where}", ("tile", CODE[key[1]], to))
        else:
            action = Action(f"catastrophe on {where}", ("catastrophe", to))
        self[to] = action
        return action


class _Row(dict[int, tuple[Action, ...]]):
    """One byte position of an ``_Actions`` table: byte value -> the actions of its set bits, in board order."""

    __slots__ = ("first", "table")

    def __init__(self, table: _Actions, first: int) -> None:
        super().__init__()
        self.table, self.first = table, first

    def __missing__(self, byte: int) -> tuple[Action, ...]:
        found = self[byte] = tuple(self.table[self.first + bit] for bit in range(8) if byte >> bit & 1)
        return found


_BYTES = (SQUARES + 7) // 8
_TABLES: dict[tuple[Any, ...], _Actions] = {}


def _table(*key: Any) -> _Actions:
    """The shared table of actions named ``key`` (see ``_Actions``)."""
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = _Actions(key)
    return table


@lru_cache(maxsize=1024)
def _swaps(counts: tuple[int, int, int, int]) -> tuple[Action, ...]:
    """The swap actions of a hand with these counts of red, blue, black and green: every non-empty
    multiset of its tiles, in a stable order (by size, then in the order ``combinations`` finds them)."""
    tiles = [code for code, n in zip("rbkg", counts, strict=True) for _ in range(n)]
    found = dict.fromkeys(combo for size in range(1, len(tiles) + 1) for combo in combinations(tiles, size))
    return tuple(Action(_swap_text(combo), ("swap", combo)) for combo in found)


def swap_choices(hand: dict[str, int]) -> tuple[tuple[str, ...], ...]:
    """Every non-empty multiset of hand tiles, in a stable order (the swap action)."""
    return tuple(action.payload[1] for action in _swaps((hand["r"], hand["b"], hand["k"], hand["g"])))


@lru_cache(maxsize=256)  # there are 209 multisets of 1-6 tiles in four colours
def _swap_text(combo: tuple[str, ...]) -> str:
    return "swap " + ", ".join(NAME[c] for c in combo)


_PASS = (Action("pass", ("pass",)),)

Group = tuple[int, int | None, Sequence[Action] | Mapping[int, Action]]
"""A run of the active player's actions, ``(count, squares, table)``: the i-th is ``table[square]`` for
the i-th square of the bit mask ``squares`` (in board order), or ``table[i]`` when ``squares`` is None.
A mask is counted without listing its squares, so ``random_action`` lists only the group it draws from."""


def _groups(state: TigrisState, seat: int) -> list[Group]:
    """The active player's actions as groups, in the order they are listed.

    The board's analysis (kingdoms, squares next to temples, open squares) is shared by every kind of
    action and by the rules that apply them.
    """
    data = state.data
    analysis = state.analysis()
    groups: list[Group] = []
    names = state.components.leader_names
    for colour, square in data["leaders"][seat].items():
        name = names[colour]
        targets = analysis.leader_targets(square)
        if square < 0:
            groups.append((targets.bit_count(), targets, _table("place", name, colour)))
        else:
            groups.append((targets.bit_count(), targets, _table("move", name, colour, square)))
            groups.append((1, None, (_table("withdraw", name, colour)[square],)))
    hand = data["hands"][seat]
    if any(hand.values()):
        on_land = analysis.open & land_mask(state.game.options["board"])
        on_river = analysis.open & ~on_land
        for colour in COLOURS:
            if hand[CODE[colour]]:
                squares = on_river if colour == "blue" else on_land
                groups.append((squares.bit_count(), squares, _table("tile", colour)))
    if data["catastrophes"][seat]:
        squares = catastrophe_mask(state)
        groups.append((squares.bit_count(), squares, _table("catastrophe")))
    swaps = _swaps((hand["r"], hand["b"], hand["k"], hand["g"]))
    groups.append((len(swaps), None, swaps))
    groups.append((1, None, _PASS))
    return groups


def legal_groups(state: TigrisState, seat: int) -> list[Group]:
    """The legal actions of the ``action`` decision waiting for ``seat``, as the groups they are listed from.

    T&E: Turn structure (reference §1.4). ``legal_actions`` lists the i-th action of each group in turn (see
    ``Group``); this public hook hands over the groups themselves, so that a caller wanting the set of actions
    rather than the list (the RL adapters' action mask: a few array operations on the bit masks) builds no
    action object but the one chosen. The tables are shared and must not be changed.
    """
    return _groups(state, seat)


def _action_options(state: TigrisState, frame: Frame) -> list[Action]:
    """Every action of the turn, in the groups' order; a mask's actions are taken a byte of squares at a
    time from its table's rows (ready-made tuples), not looked up square by square."""
    actions: list[Action] = []
    for _, squares, table in _groups(state, frame["seat"]):
        if squares is None:
            actions += table  # type: ignore[arg-type]  # a tuple of the group's actions
            continue
        assert isinstance(table, _Actions)
        for row, byte in zip(table.rows, squares.to_bytes(_BYTES, "little"), strict=True):
            if byte:
                actions += row[byte]
    return actions


def random_action(state: TigrisState, seat: int, rng: Any) -> Action:
    """A uniformly drawn action of the active player, built without listing the others."""
    groups = _groups(state, seat)
    index = rng.randrange(sum(group[0] for group in groups))
    for count, squares, table in groups:
        if index < count:
            return table[index if squares is None else squares_of(squares)[index]]
        index -= count
    raise AssertionError("unreachable: the index is below the total")


@RULES.decision("action", _action_options, always_ask=True)
def action(state: TigrisState, frame: Frame, chosen: Action) -> None:
    seat = frame["seat"]
    RULES.push(state, "after_action", seat=seat)
    RULES.push(state, "treasure_check")
    kind = chosen.payload[0]
    if kind == "leader":
        place_leader(state, seat, chosen.payload[1], chosen.payload[2])
    elif kind == "withdraw":
        withdraw_leader(state, seat, chosen.payload[1], "withdraws")
    elif kind == "tile":
        place_tile(state, seat, chosen.payload[1], chosen.payload[2])
    elif kind == "catastrophe":
        place_catastrophe(state, seat, chosen.payload[1])
    elif kind == "swap":
        swap(state, seat, chosen.payload[1])
    else:
        state.emit("pass", f"Seat {seat} passes.", seat=seat)


def swap(state: TigrisState, seat: int, tiles: tuple[str, ...]) -> None:
    """T&E: Swap tiles — discard 1-6 tiles from hand (out of the game) and draw as many."""
    hand = state.data["hands"][seat]
    for code in tiles:
        hand[code] -= 1
    state.data["discarded"] += len(tiles)
    count = len(tiles)
    state.emit(
        "swap", f"Seat {seat} swaps {count} tile{'s' if count > 1 else ''} with the bag.", seat=seat, count=count
    )
    # TE-R9: only the swapper reads which tiles went; its draw follows on the next line.
    state.emit("swap_private", "You discard " + ", ".join(NAME[c] for c in tiles) + ".", seats=[seat])
    draw(state, seat, count)


def draw(state: TigrisState, seat: int, count: int) -> None:
    """Draw from the bag; if it cannot supply them all, the player takes what is left and the game ends."""
    data = state.data
    # T&E: Turn structure, swap and refill (reference §1.4) — tiles come blind from the bag (Rng.draw_from: the
    # front of the bag shuffled at the set-up, or one chance event a tile under explicit chance); a scenario's
    # scripted bag deals in its order.
    taken = state.rng.draw_from(data["bag"], count, ordered=state.scripted_bag)
    for code in taken:
        data["hands"][seat][code] += 1
    if taken:
        state.emit("draw_private", "You draw " + ", ".join(NAME[c] for c in taken) + ".", seats=[seat])
    if len(taken) < count:
        # T&E: Game end (reference §1.11) — "a player has to draw but the bag can't supply enough tiles".
        end_game(state, f"the bag runs out while seat {seat} draws {count}")


def end_game(state: TigrisState, reason: str) -> None:
    data = state.data
    if data["over"]:
        return
    data["over"] = True
    data["end_reason"] = reason
    data["stack"].clear()
    state.emit("game_end", f"The game ends: {reason}.")


@RULES.auto("after_action")
def after_action(state: TigrisState, frame: Frame) -> None:
    data = state.data
    if data["over"]:
        return
    data["actions_left"] -= 1
    if data["actions_left"] > 0:
        RULES.push(state, "action", seat=frame["seat"])
    else:
        RULES.push(state, "end_turn", seat=frame["seat"])


@RULES.auto("end_turn")
def end_turn(state: TigrisState, frame: Frame) -> None:
    data = state.data
    seat = frame["seat"]
    monument_points(state, seat)
    players = state.players
    for offset in range(players):  # every player refills, the active player first
        other = (seat + offset) % players
        missing = state.components.hand - sum(data["hands"][other].values())
        if missing > 0:
            draw(state, other, missing)
        if data["over"]:
            return
    if not data["bag"]:
        # Seed note 6: "the game ends when ... the bag is empty" (docs/rulings.md TE-R13).
        end_game(state, "the bag is empty")
        return
    left = len(data["treasures"])
    if left <= state.components.treasures_left:
        # T&E: Game end — "only 1 or 2 treasures remain", checked at the end of the turn (reference §1.11).
        end_game(state, f"only {left} treasure{'s' if left != 1 else ''} left on the board")
        return
    data["current"] = (seat + 1) % players
    data["actions_left"] = state.components.actions_per_turn
    data["turn"] += 1
    state.emit("turn", f"Turn {data['turn']}: seat {data['current']} plays.", seat=data["current"])
    RULES.push(state, "action", seat=data["current"])


def monument_points(state: TigrisState, seat: int) -> None:
    """T&E: Monuments (reference §1.9) — at the end of the active player's turn, for each monument in a
    kingdom, 1 VP of colour X for each monument colour X whose leader the active player has there.
    The king does not stand in for a missing leader."""
    data = state.data
    if all(square < 0 for square in data["monuments"].values()):
        return  # no monument built: nothing to score, and no need of the board's kingdoms
    analysis = state.analysis()
    for monument, square in data["monuments"].items():
        if square < 0:
            continue
        kingdom = analysis.kingdom_of(square)
        owners = {(s, c) for s, c, _ in kingdom.leaders} if kingdom is not None else set()
        for colour in monument:
            if (seat, colour) in owners:
                state.score(seat, colour, 1, f"the {monument_name(monument)} monument")


def monument_name(monument: str) -> str:
    return "-".join(NAME[c] for c in monument)
