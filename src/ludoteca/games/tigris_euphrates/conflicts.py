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

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ludoteca.core import Action
from ludoteca.games.tigris_euphrates.board import Regions, flood, leader_squares, regions, squares_of
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


# ---------------------------------------------------------------------------------------------- stakes
@dataclass(frozen=True)
class Side:
    """One side of a conflict as the board stands: its leader's square, the tiles that back it, and the
    tiles it would lose with its leader."""

    seat: int
    square: int
    support: tuple[int, ...]  # revolt: temples next to the leader; war: tiles of the colour on its side
    lost: tuple[int, ...]  # tiles removed if this side loses (a revolt removes none)


@dataclass(frozen=True)
class Stakes:
    """What a revolt or war is about, computed once by the rules that resolve it and shown by the view
    before anyone commits, so the preview and the outcome cannot disagree."""

    kind: str  # "revolt" or "war"
    colour: str  # the leaders' colour code
    attacker: Side
    defender: Side

    def points(self, winner_is_attacker: bool) -> int:
        """T&E: Revolt — 1 red; T&E: War — 1 for the leader plus 1 per tile actually removed."""
        if self.kind == "revolt":
            return 1
        return 1 + len(self.defender.lost if winner_is_attacker else self.attacker.lost)

    def public(self, state: TigrisState, frame: Frame) -> dict[str, Any]:
        """The view's form: public facts only (the board, and the attacker's commitment once logged)."""
        committed = [frame["attack"] if frame["role"] == "defender" else None, None]
        sides = []
        for index, (side, role) in enumerate(((self.attacker, "attacker"), (self.defender, "defender"))):
            sides.append(
                {
                    "seat": side.seat,
                    "role": role,
                    "square": square_name(side.square),
                    "board": len(side.support),
                    "support": [square_name(s) for s in side.support],
                    "committed": committed[index],
                    "removed_if_lost": [square_name(s) for s in side.lost],
                    "points_if_won": self.points(index == 0),
                }
            )
        return {
            "kind": self.kind,
            "colour": NAME[self.colour],
            "leader": state.components.leader_names[self.colour],
            "reward": "red" if self.kind == "revolt" else NAME[self.colour],  # edge case 1: a revolt pays red
            "to_commit": NAME["r" if self.kind == "revolt" else self.colour],
            "deciding": frame["seat"],
            "sides": sides,
        }


def temples_beside(state: TigrisState, square: int) -> tuple[int, ...]:
    """T&E: Revolt — a leader's strength is the face-up temples orthogonally next to it."""
    cells = state.data["cells"]
    return tuple(n for n in state.board.neighbours[square] if cells[n] == "r")


def removable(state: TigrisState, lost: tuple[int, ...], colour: str, loser_square: int) -> tuple[int, ...]:
    """The loser's supporters a war removes: never a treasure tile, nor, in a red war, a temple next to
    another leader (the loser's own leader is gone by then) — T&E: War, reference §1.8."""
    treasures = set(state.data["treasures"])
    others = set(leader_squares(state.data)) - {loser_square}
    neighbours = state.board.neighbours
    return tuple(
        square
        for square in lost
        if square not in treasures and not (colour == "r" and any(n in others for n in neighbours[square]))
    )


def stakes(state: TigrisState, frame: Frame) -> Stakes:
    """The stakes of the conflict a ``revolt_commit``/``war_commit``/``*_resolve`` frame is about."""
    a_square, d_square = frame["attacker_square"], frame["defender_square"]
    if frame["step"].startswith("revolt"):
        return Stakes(
            "revolt",
            frame["colour"],
            Side(frame["attacker"], a_square, temples_beside(state, a_square), ()),
            Side(frame["defender"], d_square, temples_beside(state, d_square), ()),
        )
    colour = frame["colour"]
    geometry, _ = sides(state)
    a_support = tuple(supporters(state, geometry, a_square, colour))
    d_support = tuple(supporters(state, geometry, d_square, colour))
    return Stakes(
        "war",
        colour,
        Side(frame["attacker"], a_square, a_support, removable(state, a_support, colour, a_square)),
        Side(frame["defender"], d_square, d_support, removable(state, d_support, colour, d_square)),
    )


def preview(state: TigrisState, frame: Frame | None) -> dict[str, Any] | None:
    """The open conflict's public stakes for the view, or None when none is being decided.

    While the active player orders several wars, each one's stakes as it would start now (``wars``);
    kingdoms are recomputed after each war, so later ones may change (edge case 9)."""
    if frame is None:
        return None
    if frame["step"] == "war_order":
        wars = [war_frame(state, colour) for colour in frame["remaining"]]
        return {
            "kind": "war_order",
            "deciding": frame["seat"],
            "wars": [stakes(state, start).public(state, start) for start in wars if start is not None],
        }
    if frame["step"] not in ("revolt_commit", "war_commit"):
        return None
    return stakes(state, frame).public(state, frame)


def _strength(side: Side, committed: int, unit: str) -> str:
    board = len(side.support)
    return f"{board} {unit}{'s' if board != 1 else ''} + {committed} committed"


def _count(n: int, colour: str) -> str:
    return "no tiles" if n == 0 else f"{n} {colour} tile{'s' if n > 1 else ''}"


# ---------------------------------------------------------------------------------------------- revolt
@RULES.decision("revolt_commit", _commit_options, always_ask=True)  # TE-R17
def revolt_commit(state: TigrisState, frame: Frame, action: Action) -> None:
    seat, count = frame["seat"], action.payload
    state.data["hands"][seat]["r"] -= count  # committed tiles leave the game
    state.data["discarded"] += count
    state.emit("commit", f"Seat {seat} commits {_count(count, 'red')} to the revolt.", seat=seat, count=count)
    if frame["role"] == "attacker":
        RULES.repush(state, frame, seat=frame["defender"], role="defender", attack=count)
    else:
        RULES.push(state, "revolt_resolve", **{k: v for k, v in frame.items() if k != "step"}, defence=count)


@RULES.auto("revolt_resolve")
def revolt_resolve(state: TigrisState, frame: Frame) -> None:
    at_stake = stakes(state, frame)  # the very numbers the view showed while the players committed
    attack = len(at_stake.attacker.support) + frame["attack"]
    defence = len(at_stake.defender.support) + frame["defence"]
    attacker, defender = frame["attacker"], frame["defender"]
    winner, loser = (attacker, defender) if attack > defence else (defender, attacker)  # defender wins ties
    name = state.components.leader_names[frame["colour"]]
    state.emit(
        "revolt",
        f"Revolt over the {name}: seat {attacker} with {attack} "
        f"({_strength(at_stake.attacker, frame['attack'], 'temple')}) against seat {defender} with {defence} "
        f"({_strength(at_stake.defender, frame['defence'], 'temple')}); "
        f"seat {winner} wins.",
        seat=attacker,
        attacker=attacker,
        defender=defender,
        strengths=[attack, defence],
        board=[len(at_stake.attacker.support), len(at_stake.defender.support)],
        committed=[frame["attack"], frame["defence"]],
        winner=winner,
        squares=[square_name(frame["attacker_square"]), square_name(frame["defender_square"])],
    )
    withdraw_leader(state, loser, frame["colour"], "loses the revolt and returns")
    state.score(winner, "r", at_stake.points(winner == attacker), "the revolt")  # always red (edge case 1)


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
    """Colour -> ((seat, square), (seat, square)) for every colour with a leader on two sides.

    The sides as :func:`sides` finds them (the kingdoms next to the unification tile, the tile left out, in the
    order of their lowest squares; each side's leaders in square order), on the position's bit masks: asked
    for every tile that unites two kingdoms, search included, where labelling the whole board square by square
    cost more than the rest of the placement."""
    square = state.data["unification"]
    analysis = state.analysis()
    occupied = analysis.occupied & ~(1 << square)
    around: list[int] = []
    for neighbour in state.board.neighbours[square]:
        if occupied >> neighbour & 1 and not any(side >> neighbour & 1 for side in around):
            around.append(flood(1 << neighbour, occupied))
    found: dict[str, list[tuple[int, int]]] = {}
    for side in sorted((side for side in around if side & analysis.standing), key=lambda side: side & -side):
        for at in squares_of(side & analysis.standing):
            seat, colour = analysis.leader_at[at]
            found.setdefault(colour, []).append((seat, at))
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


def war_frame(state: TigrisState, colour: str) -> Frame | None:
    """The commitment frame of the ``colour`` war as it would start now, or None if there is no such war.

    T&E: War — the attacker is the active player if involved, else the first involved player clockwise.
    """
    pair = conflict_colours(state).get(colour)
    if pair is None:
        return None
    active, players = state.data["current"], state.players
    order = {(active + k) % players: k for k in range(players)}
    (a_seat, a_square), (d_seat, d_square) = sorted(pair, key=lambda p: order[p[0]])
    return {
        "step": "war_commit",
        "seat": a_seat,
        "role": "attacker",
        "colour": colour,
        "attacker": a_seat,
        "defender": d_seat,
        "attacker_square": a_square,
        "defender_square": d_square,
        "attack": 0,
    }


@RULES.auto("war_start")
def war_start(state: TigrisState, frame: Frame) -> None:
    colour = frame["colour"]
    start = war_frame(state, colour)
    if start is None:
        state.emit("war_cancelled", f"The {NAME[colour]} leaders are no longer on two sides: no war.")
        return
    state.data["stack"].append(start)


@RULES.decision("war_commit", _commit_options, always_ask=True)  # TE-R17
def war_commit(state: TigrisState, frame: Frame, action: Action) -> None:
    seat, count, colour = frame["seat"], action.payload, frame["colour"]
    state.data["hands"][seat][colour] -= count  # committed tiles are discarded and never score
    state.data["discarded"] += count
    state.emit("commit", f"Seat {seat} commits {_count(count, NAME[colour])} to the war.", seat=seat, count=count)
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
    at_stake = stakes(state, frame)  # the very numbers the view showed while the players committed
    attack = len(at_stake.attacker.support) + frame["attack"]
    defence = len(at_stake.defender.support) + frame["defence"]
    attacker, defender = frame["attacker"], frame["defender"]
    won = attack > defence  # the defender wins ties
    winner, loser, removed = (
        (attacker, defender, at_stake.defender.lost) if won else (defender, attacker, at_stake.attacker.lost)
    )
    state.emit(
        "war",
        f"{NAME[colour].title()} war: seat {attacker} with {attack} "
        f"({_strength(at_stake.attacker, frame['attack'], 'tile')}) against seat {defender} with {defence} "
        f"({_strength(at_stake.defender, frame['defence'], 'tile')}); seat {winner} wins.",
        colour=NAME[colour],
        attacker=attacker,
        defender=defender,
        strengths=[attack, defence],
        board=[len(at_stake.attacker.support), len(at_stake.defender.support)],
        committed=[frame["attack"], frame["defence"]],
        winner=winner,
        squares=[square_name(frame["attacker_square"]), square_name(frame["defender_square"])],
    )
    withdraw_leader(state, loser, colour, "loses the war and is removed")
    for square in removed:
        data["cells"][square] = ""
        data["discarded"] += 1
    if removed:
        names = [square_name(s) for s in removed]
        plural = "s are" if len(removed) > 1 else " is"
        state.emit(
            "war_removal",
            f"{len(removed)} {NAME[colour]} tile{plural} removed: {', '.join(names)}.",
            squares=names,
        )
    state.score(winner, colour, at_stake.points(won), f"the {NAME[colour]} war")
    if colour == "r":
        withdraw_stranded(state)
