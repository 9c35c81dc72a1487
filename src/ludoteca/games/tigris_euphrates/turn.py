"""A turn: two actions, then monument points, refills and the end-of-game check.

T&E: Turn structure (reference §1.4) — a player takes 2 actions (the same one twice if wished, or
pass): position a leader (place, move or withdraw), place a civilization tile, place a catastrophe,
swap 1-6 tiles. After every action treasures are checked (§1.10). At the end of the turn: monument
points to the active player (§1.9), every player refills to 6 (§1.4), then the game-end check (§1.11).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ludoteca.core import Action
from ludoteca.games.tigris_euphrates.board import regions
from ludoteca.games.tigris_euphrates.content import CODE, COLOURS, NAME, square_name
from ludoteca.games.tigris_euphrates.leaders import leader_targets, place_leader, withdraw_leader
from ludoteca.games.tigris_euphrates.machine import RULES, Frame
from ludoteca.games.tigris_euphrates.tiles import catastrophe_targets, place_catastrophe, place_tile, tile_targets

if TYPE_CHECKING:
    from ludoteca.games.tigris_euphrates.state import TigrisState


def swap_choices(hand: dict[str, int]) -> list[tuple[str, ...]]:
    """Every non-empty multiset of hand tiles, in a stable order (the swap action)."""
    tiles = [code for code in "rbkg" for _ in range(hand[code])]
    found = dict.fromkeys(combo for size in range(1, len(tiles) + 1) for combo in combinations(tiles, size))
    return list(found)


def _action_options(state: TigrisState, frame: Frame) -> list[Action]:
    data = state.data
    seat = frame["seat"]
    options: list[Action] = []
    names = state.components.leader_names
    for colour, square in data["leaders"][seat].items():
        name = names[colour]
        for target in leader_targets(state, seat, colour):
            text = (
                f"place {name} on {square_name(target)}"
                if square < 0
                else (f"move {name} from {square_name(square)} to {square_name(target)}")
            )
            options.append(Action(text, ("leader", colour, target)))
        if square >= 0:
            options.append(Action(f"withdraw {name} from {square_name(square)}", ("withdraw", colour)))
    hand = data["hands"][seat]
    geometry = regions(state.board, data)
    for colour in COLOURS:
        code = CODE[colour]
        if hand[code]:
            for target in tile_targets(state, code, geometry):
                options.append(Action(f"place {colour} on {square_name(target)}", ("tile", code, target)))
    if data["catastrophes"][seat]:
        for target in catastrophe_targets(state):
            options.append(Action(f"catastrophe on {square_name(target)}", ("catastrophe", target)))
    for combo in swap_choices(hand):
        options.append(Action("swap " + ", ".join(NAME[c] for c in combo), ("swap", combo)))
    options.append(Action("pass", ("pass",)))
    return options


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
    state.emit("swap", f"Seat {seat} discards {len(tiles)} tile(s) and draws as many.", seat=seat, count=len(tiles))
    state.emit("swap_private", "You discard " + ", ".join(NAME[c] for c in tiles) + ".", seats=[seat])
    draw(state, seat, len(tiles))


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
        end_game(state, f"the bag cannot supply the {count} tile(s) seat {seat} must draw")


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
        end_game(state, f"only {left} treasure(s) remain on the board")
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
    geometry = regions(state.board, data)
    for monument, square in data["monuments"].items():
        if square < 0:
            continue
        region = geometry.label[square]
        owners = {(s, c) for s, c, _ in geometry.leaders.get(region, [])}
        for colour in monument:
            if (seat, colour) in owners:
                state.score(seat, colour, 1, f"the {monument_name(monument)} monument")


def monument_name(monument: str) -> str:
    return "-".join(NAME[c] for c in monument)
