"""A turn: two actions, then monument points, refills and the end-of-game check.

T&E: Turn structure (reference §1.4) — a player takes 2 actions (the same one twice if wished, or
pass): position a leader (place, move or withdraw), place a civilization tile, place a catastrophe,
swap 1-6 tiles. After every action treasures are checked (§1.10). At the end of the turn: monument
points to the active player (§1.9), every player refills to 6 (§1.4), then the game-end check (§1.11).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ludoteca.core import Action
from ludoteca.games.tigris_euphrates.board import land_mask, squares_of
from ludoteca.games.tigris_euphrates.content import CODE, COLOURS, NAME, SQUARE_NAMES
from ludoteca.games.tigris_euphrates.leaders import place_leader, withdraw_leader
from ludoteca.games.tigris_euphrates.machine import RULES, Frame
from ludoteca.games.tigris_euphrates.tiles import catastrophe_mask, place_catastrophe, place_tile

if TYPE_CHECKING:
    from ludoteca.games.tigris_euphrates.state import TigrisState


@lru_cache(maxsize=1024)
def _swaps(counts: tuple[int, int, int, int]) -> tuple[tuple[str, ...], ...]:
    tiles = [code for code, n in zip("rbkg", counts, strict=True) for _ in range(n)]
    found = dict.fromkeys(combo for size in range(1, len(tiles) + 1) for combo in combinations(tiles, size))
    return tuple(found)


def swap_choices(hand: dict[str, int]) -> tuple[tuple[str, ...], ...]:
    """Every non-empty multiset of hand tiles, in a stable order (the swap action)."""
    return _swaps((hand["r"], hand["b"], hand["k"], hand["g"]))


@lru_cache(maxsize=256)  # there are 209 multisets of 1-6 tiles in four colours
def _swap_text(combo: tuple[str, ...]) -> str:
    return "swap " + ", ".join(NAME[c] for c in combo)


Group = tuple[int, int | None, Callable[[int], Action]]
"""A run of the active player's actions, ``(count, squares, make)``: the i-th is ``make(square)`` for
the i-th square of the bit mask ``squares`` (in board order), or ``make(i)`` when ``squares`` is None.
A mask is counted without listing its squares, so ``random_action`` lists only the group it draws from."""


def _on(squares: int, make: Callable[[int], Action]) -> Group:
    return (squares.bit_count(), squares, make)


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
            groups.append(
                _on(targets, lambda to, n=name, c=colour: Action(f"place {n} on {SQUARE_NAMES[to]}", ("leader", c, to)))
            )
        else:
            start = SQUARE_NAMES[square]
            groups.append(
                _on(
                    targets,
                    lambda to, n=name, c=colour, f=start: Action(
                        f"move {n} from {f} to {SQUARE_NAMES[to]}", ("leader", c, to)
                    ),
                )
            )
            groups.append(
                (1, None, lambda _, n=name, c=colour, f=start: Action(f"withdraw {n} from {f}", ("withdraw", c)))
            )
    hand = data["hands"][seat]
    if any(hand.values()):
        on_land = analysis.open & land_mask(state.game.options["board"])
        on_river = analysis.open & ~on_land
        for colour in COLOURS:
            code = CODE[colour]
            if hand[code]:
                groups.append(
                    _on(
                        on_river if code == "b" else on_land,
                        lambda to, colour=colour, code=code: Action(
                            f"place {colour} on {SQUARE_NAMES[to]}", ("tile", code, to)
                        ),
                    )
                )
    if data["catastrophes"][seat]:
        groups.append(
            _on(
                catastrophe_mask(state),
                lambda to: Action(f"catastrophe on {SQUARE_NAMES[to]}", ("catastrophe", to)),
            )
        )
    swaps = swap_choices(hand)
    groups.append((len(swaps), None, lambda i, s=swaps: Action(_swap_text(s[i]), ("swap", s[i]))))
    groups.append((1, None, _pass))
    return groups


def _pass(_: int) -> Action:
    return Action("pass", ("pass",))


def _action_options(state: TigrisState, frame: Frame) -> list[Action]:
    actions = []
    for count, squares, make in _groups(state, frame["seat"]):
        actions += map(make, range(count) if squares is None else squares_of(squares))
    return actions


def random_action(state: TigrisState, seat: int, rng: Any) -> Action:
    """A uniformly drawn action of the active player, built without listing the others."""
    groups = _groups(state, seat)
    index = rng.randrange(sum(group[0] for group in groups))
    for count, squares, make in groups:
        if index < count:
            return make(index if squares is None else squares_of(squares)[index])
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
    bag = data["bag"]
    taken = bag[:count]
    del bag[:count]
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
