"""Conflicts: revolts (internal) and wars (external).

T&E: Revolt (seed note 3; reference §1.8) — strength = temples next to each leader; the attacker, then
the defender, may commit red tiles from hand once; higher total wins, the defender wins ties; the loser's
leader returns to supply; the winner gains 1 red VP; committed tiles leave the game.

T&E: War (seed note 4; reference §1.8) — for each colour with a leader on both sides of the unification
tile, in the order the active player chooses: supporters are the face-up tiles of that colour on each
leader's side; attacker then defender commit tiles of that colour; the defender wins ties; the loser's
leader and its side's tiles of that colour are removed (never treasure tiles, nor, in a red war, temples
next to another leader); the winner gains 1 VP for the leader plus 1 per tile removed. Kingdoms are
recomputed before every war.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import Action
from ludoteca.games.tigris_euphrates.board import Regions, leader_squares, regions, temples_next_to
from ludoteca.games.tigris_euphrates.content import NAME, square_name
from ludoteca.games.tigris_euphrates.leaders import withdraw_leader, withdraw_stranded
from ludoteca.games.tigris_euphrates.machine import RULES, Frame

if TYPE_CHECKING:
    from ludoteca.games.tigris_euphrates.state import TigrisState


def _commit_options(state: TigrisState, frame: Frame) -> list[Action]:
    """Commit none, or 1.. the tiles of the conflict's colour in hand. A player without any is still asked
    (``always_ask``, TE-R17): "may commit" (seed notes 3 and 4) is his to answer, and the table would learn
    he holds none of the colour if the rules answered for him."""
    colour = frame["colour"] if frame["step"] == "war_commit" else "r"
    held = state.data["hands"][frame["seat"]][colour]
    return [Action("commit no tiles", 0)] + [Action(f"commit {n} {NAME[colour]}", n) for n in range(1, held + 1)]


# ---------------------------------------------------------------------------------------------- revolt
@RULES.decision("revolt_commit", _commit_options, always_ask=True)  # TE-R17
def revolt_commit(state: TigrisState, frame: Frame, action: Action) -> None:
    seat, count = frame["seat"], action.payload
    state.data["hands"][seat]["r"] -= count  # committed tiles leave the game
    state.data["discarded"] += count
    state.emit("commit", f"Seat {seat} commits {count} red tile(s) to the revolt.", seat=seat, count=count)
    if frame["role"] == "attacker":
        RULES.repush(state, frame, seat=frame["defender"], role="defender", attack=count)
    else:
        RULES.push(state, "revolt_resolve", **{k: v for k, v in frame.items() if k != "step"}, defence=count)


@RULES.auto("revolt_resolve")
def revolt_resolve(state: TigrisState, frame: Frame) -> None:
    board, data = state.board, state.data
    attack = temples_next_to(board, data, frame["attacker_square"]) + frame["attack"]
    defence = temples_next_to(board, data, frame["defender_square"]) + frame["defence"]
    attacker, defender = frame["attacker"], frame["defender"]
    winner, loser = (attacker, defender) if attack > defence else (defender, attacker)
    state.emit(
        "revolt",
        f"Revolt: seat {attacker} {attack} against seat {defender} {defence}; seat {winner} wins.",
        attacker=attacker,
        defender=defender,
        strengths=[attack, defence],
        winner=winner,
    )
    withdraw_leader(state, loser, frame["colour"], "loses the revolt and returns")
    state.score(winner, "r", 1, "the revolt")  # always red, whatever the leaders' colour (edge case 1)


# ---------------------------------------------------------------------------------------------- war
def sides(state: TigrisState) -> tuple[Regions, list[int]]:
    """Regions with the unification tile left out, and the kingdoms next to it (the two sides)."""
    square = state.data["unification"]
    geometry = regions(state.board, state.data, frozenset({square}))
    around = sorted(
        {geometry.label[n] for n in state.board.neighbours[square] if geometry.is_kingdom(geometry.label[n])}
    )
    return geometry, around


def conflict_colours(state: TigrisState) -> dict[str, tuple[tuple[int, int], tuple[int, int]]]:
    """Colour -> ((seat, square), (seat, square)) for every colour with a leader on two sides."""
    geometry, around = sides(state)
    found: dict[str, list[tuple[int, int]]] = {}
    for region in around:
        for seat, colour, square in geometry.leaders[region]:
            found.setdefault(colour, []).append((seat, square))
    return {colour: (pair[0], pair[1]) for colour, pair in found.items() if len(pair) == 2}


@RULES.auto("war_next")
def war_next(state: TigrisState, frame: Frame) -> None:
    conflicts = conflict_colours(state)
    wanted = list(conflicts) if frame["remaining"] is None else frame["remaining"]
    for colour in wanted:
        if colour not in conflicts:
            # Kingdoms are recomputed after each war: leaders no longer on two sides have no war (edge case 9).
            state.emit(
                "war_cancelled", f"The {NAME[colour]} leaders are no longer on two sides: no {NAME[colour]} war."
            )
    remaining = [c for c in "rbkg" if c in wanted and c in conflicts]
    if not remaining:
        state.data["unification"] = -1
        return
    active = state.data["current"]
    if len(remaining) == 1:
        # T&E: War (reference §1.8) — "when all wars are resolved, remove the marker": come back here
        # after the last war so the unification marker is cleared (it was left on the board before).
        RULES.push(state, "war_next", remaining=[])
        RULES.push(state, "war_start", colour=remaining[0])
    else:
        RULES.push(state, "war_order", seat=active, remaining=remaining)


def _order_options(state: TigrisState, frame: Frame) -> list[Action]:
    return [Action(f"resolve the {NAME[c]} war next", c) for c in frame["remaining"]]


@RULES.decision("war_order", _order_options)
def war_order(state: TigrisState, frame: Frame, action: Action) -> None:
    """The active player orders the wars, even when not involved (reference §1.8, edge case 9)."""
    rest = [c for c in frame["remaining"] if c != action.payload]
    RULES.push(state, "war_next", remaining=rest)
    RULES.push(state, "war_start", colour=action.payload)


@RULES.auto("war_start")
def war_start(state: TigrisState, frame: Frame) -> None:
    colour = frame["colour"]
    pair = conflict_colours(state).get(colour)
    if pair is None:
        state.emit("war_cancelled", f"The {NAME[colour]} leaders are no longer on two sides: no war.")
        return
    active, players = state.data["current"], state.players
    # Attacker: the active player if involved, else the first involved player clockwise (reference §1.8).
    order = {(active + k) % players: k for k in range(players)}
    (a_seat, a_square), (d_seat, d_square) = sorted(pair, key=lambda p: order[p[0]])
    RULES.push(
        state,
        "war_commit",
        seat=a_seat,
        role="attacker",
        colour=colour,
        attacker=a_seat,
        defender=d_seat,
        attacker_square=a_square,
        defender_square=d_square,
        attack=0,
    )


@RULES.decision("war_commit", _commit_options, always_ask=True)  # TE-R17
def war_commit(state: TigrisState, frame: Frame, action: Action) -> None:
    seat, count, colour = frame["seat"], action.payload, frame["colour"]
    state.data["hands"][seat][colour] -= count  # committed tiles are discarded and never score
    state.data["discarded"] += count
    state.emit("commit", f"Seat {seat} commits {count} {NAME[colour]} tile(s) to the war.", seat=seat, count=count)
    if frame["role"] == "attacker":
        RULES.repush(state, frame, seat=frame["defender"], role="defender", attack=count)
    else:
        RULES.push(state, "war_resolve", **{k: v for k, v in frame.items() if k != "step"}, defence=count)


def supporters(state: TigrisState, geometry: Regions, square: int, colour: str) -> list[int]:
    """Face-up tiles of the war's colour on a leader's side (face-down monument tiles never support)."""
    cells = state.data["cells"]
    return [sq for sq in geometry.squares[geometry.label[square]] if cells[sq] == colour]


@RULES.auto("war_resolve")
def war_resolve(state: TigrisState, frame: Frame) -> None:
    data, colour = state.data, frame["colour"]
    geometry, _ = sides(state)
    a_support = supporters(state, geometry, frame["attacker_square"], colour)
    d_support = supporters(state, geometry, frame["defender_square"], colour)
    attack = len(a_support) + frame["attack"]
    defence = len(d_support) + frame["defence"]
    attacker, defender = frame["attacker"], frame["defender"]
    if attack > defence:
        winner, loser, lost = attacker, defender, d_support
    else:
        winner, loser, lost = defender, attacker, a_support
    state.emit(
        "war",
        f"{NAME[colour].title()} war: seat {attacker} {attack} against seat {defender} {defence}; seat {winner} wins.",
        colour=NAME[colour],
        strengths=[attack, defence],
        winner=winner,
    )
    withdraw_leader(state, loser, colour, "loses the war and is removed")
    treasures = set(data["treasures"])
    placed = leader_squares(data)
    removed = []
    for square in lost:
        if square in treasures:
            continue  # treasure tiles are never removed
        if colour == "r" and any(n in placed for n in state.board.neighbours[square]):
            continue  # in a red war, a temple next to another leader stays (reference §1.8)
        data["cells"][square] = ""
        data["discarded"] += 1
        removed.append(square)
    if removed:
        state.emit(
            "war_removal",
            f"{len(removed)} {NAME[colour]} tile(s) are removed: " + ", ".join(square_name(s) for s in removed) + ".",
            squares=[square_name(s) for s in removed],
        )
    state.score(winner, colour, 1 + len(removed), f"the {NAME[colour]} war")
    if colour == "r":
        withdraw_stranded(state)
