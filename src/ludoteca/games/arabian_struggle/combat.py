"""Action Round: Combat, Combat Resolution, and Spend OP → Attack Empire Pieces.

AS: Action Round: Combat — at the end of a turn, combat occurs in every area where the active Faction's
pieces are with opposing Faction pieces, and in the areas it chose to attack Empire pieces (1 OP per area,
each area once, never where an opposing Faction is present: then the Faction must be attacked).

AS: Combat Resolution — 1. pieces plus in-effect card modifiers; 2. draw a card and add its modifier for each
side; 3. highest total wins, the attacker wins ties; 4. losses: the winner loses 1 on 5–6; the loser loses 1,
then rolls again and again, losing 1 on each 4–6, until a 1–3 or no pieces are left; 5. retreats: if any
enemy piece remains the attacker retreats to an adjacent empty or friendly-controlled area (Empire-only areas
count as friendly) or loses all its pieces; 6. Great Victory (docs/rulings.md AS-R3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import Action
from ludoteca.games.arabian_struggle import board
from ludoteca.games.arabian_struggle.machine import Frame, auto, decision, push, repush

if TYPE_CHECKING:
    from ludoteca.games.arabian_struggle.state import ArabianStruggleState


# --------------------------------------------------------------------------- attacking Empire pieces


def empire_targets(state: ArabianStruggleState, faction: str) -> list[str]:
    """AS: Attack Empire Pieces — areas where ``faction`` is with Empire pieces and no opposing Faction."""
    chosen = state.data["attacks"]
    return [
        area
        for area in board.areas_of(state, faction)
        if board.empires_in(state, area) and not board.has_opposing(state, area, faction) and area not in chosen
    ]


def attack_options(state: ArabianStruggleState, frame: Frame) -> list[Action]:
    actions = [Action("stop choosing attacks", payload=None)]
    if frame["left"] > 0:
        for area in empire_targets(state, frame["faction"]):
            empires = " and ".join(board.empires_in(state, area))
            actions.append(Action(f"attack the {empires} pieces in {area} (1 OP)", payload=area))
    return actions


@decision("attack_select", attack_options)
def attack_select(state: ArabianStruggleState, frame: Frame, action: Action) -> None:
    if action.payload is None:
        return
    state.data["attacks"].append(action.payload)
    state.emit("attack_chosen", f"{frame['faction']} will attack the Empire pieces in {action.payload}.")
    repush(state, frame, left=frame["left"] - 1)


# --------------------------------------------------------------------------- the combats of a turn


def combat_areas(state: ArabianStruggleState, attacker: str) -> list[str]:
    """Every area where ``attacker`` meets an opposing Faction, then its chosen Empire attacks still possible."""
    areas = [area for area in board.areas_of(state, attacker) if board.has_opposing(state, area, attacker)]
    for area in state.data["attacks"]:
        if area not in areas and board.count(state, area, attacker) and board.empires_in(state, area):
            areas.append(area)
    return areas


@auto("combats")
def combats(state: ArabianStruggleState, frame: Frame) -> None:
    if combat_areas(state, frame["attacker"]):
        push(state, "combat_choose", seat=frame["seat"], attacker=frame["attacker"])


def choose_options(state: ArabianStruggleState, frame: Frame) -> list[Action]:
    return [Action(f"resolve the combat in {area}", payload=area) for area in combat_areas(state, frame["attacker"])]


@decision("combat_choose", choose_options)
def combat_choose(state: ArabianStruggleState, frame: Frame, action: Action) -> None:
    """The rulebook gives no order for several combats: the attacker chooses (docs/rulings.md AS-R10)."""
    push(state, "combats", seat=frame["seat"], attacker=frame["attacker"])
    push(state, "combat", seat=frame["seat"], attacker=frame["attacker"], area=action.payload)


def _defenders(state: ArabianStruggleState, area: str, attacker: str) -> list[str]:
    """The side the attacker fights: one opposing Faction, else the Empire pieces (docs/rulings.md AS-R11)."""
    factions = [f for f in board.factions_in(state, area) if f != attacker]
    if factions:
        cell = state.data["pieces"][area]
        order = state.data["turn_order"]
        return [max(factions, key=lambda f: (cell[f], -order.index(f) if f in order else -9))]
    return board.empires_in(state, area)


def _side_count(state: ArabianStruggleState, area: str, side: list[str]) -> int:
    return sum(board.count(state, area, owner) for owner in side)


def _lose_one(state: ArabianStruggleState, area: str, side: list[str]) -> str:
    """One loss for a side; Empires fighting together lose from the larger force (AS-R11)."""
    cell = state.data["pieces"][area]
    owner = max((o for o in side if cell.get(o)), key=lambda o: (cell[o], o == "Ottoman"))
    board.take(state, area, owner)
    return owner


@auto("combat")
def combat(state: ArabianStruggleState, frame: Frame) -> None:
    area, attacker = frame["area"], frame["attacker"]
    if area in state.data["attacks"]:
        state.data["attacks"].remove(area)  # AS: "Each area may be only attacked once."
    defenders = _defenders(state, area, attacker)
    defender_name = " and ".join(defenders)
    # Step 1: pieces plus modifiers from in-effect cards.
    pieces_a = board.count(state, area, attacker)
    pieces_d = _side_count(state, area, defenders)
    bonus_a = board.combat_bonus(state, attacker, area)
    bonus_d = sum(board.combat_bonus(state, owner, area) for owner in defenders)
    # Step 2: draw one card and add its modifier for each side.
    number = board.draw(state, f"the combat in {area}")
    mods = board.card(number).modifiers if number is not None else {}
    card_a = mods.get(attacker, 0)
    card_d = sum(mods.get(owner, 0) for owner in defenders)
    strength_a = pieces_a + bonus_a + card_a
    strength_d = pieces_d + bonus_d + card_d
    # Step 3: highest total wins; the attacker wins ties.
    attacker_wins = strength_a >= strength_d
    drawn = board.card(number).label if number is not None else "no card"
    state.emit(
        "combat",
        f"Combat in {area}: {attacker} {pieces_a} pieces {bonus_a:+d} events {card_a:+d} card = {strength_a} against "
        f"{defender_name} {pieces_d} pieces {bonus_d:+d} events {card_d:+d} card = {strength_d} (card {drawn}); "
        f"{attacker if attacker_wins else defender_name} wins.",
        area=area,
        attacker=attacker,
        defenders=defenders,
        card=number,
        pieces=[pieces_a, pieces_d],
        bonuses=[bonus_a, bonus_d],
        card_modifiers=[card_a, card_d],
        strengths=[strength_a, strength_d],
        winner="attacker" if attacker_wins else "defender",
    )
    winner_side, loser_side = ([attacker], defenders) if attacker_wins else (defenders, [attacker])
    # Step 4a: the winner rolls 1d6 and loses a piece on 5-6.
    roll = state.rng.roll(6)
    lost_w = 0
    if roll >= 5:
        _lose_one(state, area, winner_side)
        lost_w = 1
    state.emit(
        "losses",
        f"{' and '.join(winner_side)} (winner) rolls {roll}: {lost_w} piece lost.",
        side=winner_side,
        rolls=[roll],
        lost=lost_w,
    )
    # Step 4b: the loser loses one at once, then rolls until a 1-3 or no pieces are left.
    lost_l, rolls = 0, []
    if _side_count(state, area, loser_side):
        _lose_one(state, area, loser_side)
        lost_l = 1
        while _side_count(state, area, loser_side):
            roll = state.rng.roll(6)
            rolls.append(roll)
            if roll < 4:
                break
            _lose_one(state, area, loser_side)
            lost_l += 1
    state.emit(
        "losses",
        f"{' and '.join(loser_side)} (loser) loses 1 piece, then rolls {rolls or 'nothing'}: {lost_l} pieces lost.",
        side=loser_side,
        rolls=rolls,
        lost=lost_l,
    )
    left_a = board.count(state, area, attacker)
    left_d = _side_count(state, area, defenders)
    # Step 6: Great Victory — the attacker won and no defending piece survived (docs/rulings.md AS-R3).
    if attacker_wins and left_d == 0:
        if board.is_player(state, attacker):
            state.data["vp"][attacker] += 1
            state.emit("great_victory", f"Great Victory: {attacker} earns 1 VP.", faction=attacker, area=area)
    elif left_d:
        state.emit("no_great_victory", f"No Great Victory: {left_d} {defender_name} piece(s) survived.", area=area)
    # Step 5: retreats.
    if left_a and left_d:
        if attacker_wins and board.retreat_override(state, attacker):
            # A lasting event overrides step 5 (docs/rulings.md AS-R12): the defenders retreat instead.
            for owner in defenders:
                if board.count(state, area, owner):
                    push(state, "retreat", seat=_deciding_seat(state, owner, frame), side=owner, area=area)
        else:
            push(state, "retreat", seat=frame["seat"], side=attacker, area=area)


def _deciding_seat(state: ArabianStruggleState, side: str, frame: Frame) -> int | None:
    """Who chooses where ``side`` retreats: its player; None (a random roll) for an Empire or the non-player
    Rasheedi of the 2-player game when they are not the acting side (docs/rulings.md AS-R12, AS-R16)."""
    if side == frame["attacker"]:
        return int(frame["seat"])
    return board.seat_of(state, side)


def retreat_targets(state: ArabianStruggleState, area: str, side: str) -> list[str]:
    """AS: Combat Resolution, step 5b — an adjacent empty or friendly-controlled area (Empire-only areas count
    as friendly): for a Faction any adjacent area without opposing Faction pieces; for an Empire any adjacent
    area without Faction pieces (docs/rulings.md AS-R8)."""
    adjacent = board.content().areas[area].adjacent
    if side in board.EMPIRES:
        return [a for a in adjacent if not board.factions_in(state, a)]
    return [a for a in adjacent if not board.has_opposing(state, a, side)]


def retreat_options(state: ArabianStruggleState, frame: Frame) -> list[Action]:
    side, area = frame["side"], frame["area"]
    n = board.count(state, area, side)
    targets = retreat_targets(state, area, side)
    if not targets or frame["seat"] is None:
        return [Action(f"{side} retreats from {area}", payload=None)]
    return [Action(f"retreat {n} {side} piece(s) from {area} to {target}", payload=target) for target in targets]


@decision("retreat", retreat_options)
def retreat(state: ArabianStruggleState, frame: Frame, action: Action) -> None:
    side, area = frame["side"], frame["area"]
    n = board.count(state, area, side)
    target = action.payload
    if target is None:
        targets = retreat_targets(state, area, side)
        if not targets:
            board.take(state, area, side, n)
            state.emit("retreat_lost", f"{side} cannot retreat from {area}: {n} piece(s) lost.", side=side, area=area)
            return
        # AS: "If Empire piece(s) must retreat ... roll random for area determination."
        target = state.rng.pick(targets)
    board.take(state, area, side, n)
    board.add(state, target, side, n)
    state.emit("retreat", f"{n} {side} piece(s) retreat from {area} to {target}.", side=side, area=area, to=target)
