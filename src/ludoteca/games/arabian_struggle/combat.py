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

from typing import TYPE_CHECKING, Any

from ludoteca.core import Action, wording
from ludoteca.games.arabian_struggle import board
from ludoteca.games.arabian_struggle.machine import RULES, Frame

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


@RULES.decision("attack_select", attack_options)
def attack_select(state: ArabianStruggleState, frame: Frame, action: Action) -> None:
    if action.payload is None:
        return
    state.data["attacks"].append(action.payload)
    state.emit(
        "attack_chosen",
        f"{frame['faction']} will attack the Empire pieces in {action.payload}.",
        faction=frame["faction"],
        area=action.payload,
        seat=frame["seat"],
    )
    RULES.repush(state, frame, left=frame["left"] - 1)


# --------------------------------------------------------------------------- the combats of a turn


def combat_areas(state: ArabianStruggleState, attacker: str) -> list[str]:
    """Every area where ``attacker`` meets an opposing Faction, then its chosen Empire attacks still possible."""
    areas = [area for area in board.areas_of(state, attacker) if board.has_opposing(state, area, attacker)]
    for area in state.data["attacks"]:
        if area not in areas and board.count(state, area, attacker) and board.empires_in(state, area):
            areas.append(area)
    return areas


@RULES.auto("combats")
def combats(state: ArabianStruggleState, frame: Frame) -> None:
    if combat_areas(state, frame["attacker"]):
        RULES.push(state, "combat_choose", seat=frame["seat"], attacker=frame["attacker"])


def choose_options(state: ArabianStruggleState, frame: Frame) -> list[Action]:
    return [Action(f"resolve the combat in {area}", payload=area) for area in combat_areas(state, frame["attacker"])]


@RULES.decision("combat_choose", choose_options)
def combat_choose(state: ArabianStruggleState, frame: Frame, action: Action) -> None:
    """The rulebook gives no order for several combats: the attacker chooses (docs/rulings.md AS-R10)."""
    RULES.push(state, "combats", seat=frame["seat"], attacker=frame["attacker"])
    RULES.push(state, "combat", seat=frame["seat"], attacker=frame["attacker"], area=action.payload)


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


def unseen_cards(state: ArabianStruggleState) -> list[int]:
    """The cards a combat may draw, as every seat can tell them: the draw pile while it holds cards (its
    order is hidden, so the cards in hands and drafts count with it), else the discard pile it is rebuilt
    from (AS: Phase 3, reshuffles), else none. Only public facts decide this list: it is the complement of
    the face-up piles."""
    data = state.data
    if data["deck"]:
        pool = list(data["deck"])
        for cards in data["hands"].values():
            pool += cards
        if data["draft"] is not None:
            for part in ("pools", "kept"):
                for cards in data["draft"][part].values():
                    pool += cards
        return sorted(pool)
    return sorted(data["discard"])


def preview(state: ArabianStruggleState, area: str, attacker: str) -> dict[str, Any]:
    """AS: Combat Resolution, steps 1–3 before the card is drawn: the sides, their pieces, every in-effect
    card modifier, the strength before the card, the card-modifier margin the attacker needs (it wins ties)
    and its chance over the cards that may be drawn (``unseen_cards``). ``combat`` resolves from this same
    dict, so what the table is shown before a combat is what the combat uses."""
    defenders = _defenders(state, area, attacker)
    sources = [board.combat_bonus_sources(state, attacker, area), []]
    for owner in defenders:
        sources[1] += board.combat_bonus_sources(state, owner, area)
    pieces = [board.count(state, area, attacker), _side_count(state, area, defenders)]
    bonuses = [sum(a for _, a in sources[0]), sum(a for _, a in sources[1])]
    before = [pieces[0] + bonuses[0], pieces[1] + bonuses[1]]
    pool = unseen_cards(state)
    wins = 0
    for number in pool:
        mods = board.card(number).modifiers
        if before[0] + mods.get(attacker, 0) >= before[1] + sum(mods.get(o, 0) for o in defenders):
            wins += 1
    return {
        "area": area,
        "attacker": attacker,
        "defenders": defenders,
        "pieces": pieces,
        "bonuses": bonuses,
        "bonus_cards": [[[n, a] for n, a in side] for side in sources],
        "before_card": before,
        # the attacker wins when (its card modifier - the defenders') >= needs
        "needs": before[1] - before[0],
        "cards": len(pool),
        "attacker_chance": (wins / len(pool)) if pool else (1.0 if before[0] >= before[1] else 0.0),
    }


def previews(state: ArabianStruggleState) -> list[dict[str, Any]]:
    """The combats the acting Faction's turn will end with, as things stand (AS: Action Round: Combat), then
    the Empire attacks it may still choose (``"chosen": False``): for the view, while the decision is open."""
    attacker = None
    for frame in reversed(state.data["stack"]):
        if frame["step"] in ("combats", "combat_choose", "combat"):
            attacker = frame["attacker"]
            break
    if attacker is None:
        return []
    found = []
    for area in combat_areas(state, attacker):
        found.append({**preview(state, area, attacker), "chosen": True})
    top = state.data["stack"][-1] if state.data["stack"] else None
    if top is not None and top["step"] == "attack_select" and top["left"] > 0:
        for area in empire_targets(state, attacker):
            found.append({**preview(state, area, attacker), "chosen": False})
    return found


def _before_card_text(pieces: int, sources: list[tuple[int, int]]) -> str:
    """A side's strength before the card, and where it comes from: "3 pieces +1 (#23 Ikhwan) = 4"."""
    parts = [wording.count(pieces, "piece")]
    parts += [f"{amount:+d} ({board.card(number).label})" for number, amount in sources]
    total = pieces + sum(amount for _, amount in sources)
    return " ".join(parts) + (f" = {total}" if sources else "")


def _strength_text(before: int, card: int) -> str:
    """A side's final strength: its strength before the card, plus the drawn card's modifier for it."""
    return f"{before} {card:+d} = {before + card}"


@RULES.auto("combat")
def combat(state: ArabianStruggleState, frame: Frame) -> None:
    area, attacker = frame["area"], frame["attacker"]
    if area in state.data["attacks"]:
        state.data["attacks"].remove(area)  # AS: "Each area may be only attacked once."
    # Step 1: pieces plus modifiers from in-effect cards (the same figures the table was shown).
    shown = preview(state, area, attacker)
    defenders = shown["defenders"]
    defender_name = " and ".join(defenders)
    pieces_a, pieces_d = shown["pieces"]
    bonus_a, bonus_d = shown["bonuses"]
    # Issue #22: the combat is announced before the card is drawn: who attacks whom, each side's strength
    # and where it comes from (pieces, in-effect cards); then the card and the result.
    sources_a, sources_d = ([(int(n), int(amount)) for n, amount in side] for side in shown["bonus_cards"])
    state.emit(
        "combat_announced",
        f"Combat in {area}: {attacker} attacks {defender_name}, "
        f"{_before_card_text(pieces_a, sources_a)} against {_before_card_text(pieces_d, sources_d)}; "
        "a card is drawn for the modifiers and the attacker wins ties.",
        area=area,
        attacker=attacker,
        defenders=defenders,
        pieces=[pieces_a, pieces_d],
        bonuses=[bonus_a, bonus_d],
    )
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
        f"Combat in {area}: card {drawn}; {attacker} {_strength_text(pieces_a + bonus_a, card_a)} against "
        f"{defender_name} {_strength_text(pieces_d + bonus_d, card_d)}: {attacker if attacker_wins else defender_name}"
        " wins.",
        area=area,
        attacker=attacker,
        defenders=defenders,
        card=number,
        pieces=[pieces_a, pieces_d],
        bonuses=[bonus_a, bonus_d],
        card_modifiers=[card_a, card_d],
        strengths=[strength_a, strength_d],
        winner="attacker" if attacker_wins else "defender",
        seat=frame["seat"],
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
        f"{' and '.join(winner_side)} (winner) rolls {roll}: {'1 piece' if lost_w else 'no pieces'} lost.",
        area=area,
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
    loser_name = " and ".join(loser_side)
    if not lost_l:
        said = f"{loser_name} (loser) has no piece left to lose."
    elif not rolls:
        said = f"{loser_name} (loser) loses 1 piece and has none left."
    else:
        said = (
            f"{loser_name} (loser) loses 1 piece, then rolls {wording.join(map(str, rolls))}: "
            f"{wording.count(lost_l, 'piece')} lost in all."
        )
    state.emit(
        "losses",
        said,
        area=area,
        side=loser_side,
        rolls=rolls,
        lost=lost_l,
    )
    left_a = board.count(state, area, attacker)
    left_d = _side_count(state, area, defenders)
    # Step 6: Great Victory — the attacker won and no defending piece survived (docs/rulings.md AS-R3).
    if attacker_wins and left_d == 0:
        if board.is_player(state, attacker):
            board.gain_vp(state, attacker)
            state.emit("great_victory", f"Great Victory: {attacker} earns 1 VP.", faction=attacker, area=area)
    elif attacker_wins:  # said only when the attacker won: a loser's Great Victory goes without saying
        state.emit(
            "no_great_victory",
            f"No Great Victory: {wording.count(left_d, defender_name + ' piece')} survived.",
            area=area,
        )
    # Step 5: retreats.
    if left_a and left_d:
        if attacker_wins and board.retreat_override(state, attacker):
            # A lasting event overrides step 5 (docs/rulings.md AS-R12): the defenders retreat instead.
            for owner in defenders:
                if board.count(state, area, owner):
                    RULES.push(state, "retreat", seat=_deciding_seat(state, owner, frame), side=owner, area=area)
        else:
            RULES.push(state, "retreat", seat=frame["seat"], side=attacker, area=area)


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
    return [
        Action(f"retreat {wording.count(n, side + ' piece')} from {area} to {target}", payload=target)
        for target in targets
    ]


@RULES.decision("retreat", retreat_options)
def retreat(state: ArabianStruggleState, frame: Frame, action: Action) -> None:
    side, area = frame["side"], frame["area"]
    n = board.count(state, area, side)
    target = action.payload
    if target is None:
        targets = retreat_targets(state, area, side)
        if not targets:
            board.take(state, area, side, n)
            state.emit(
                "retreat_lost",
                f"{side} cannot retreat from {area}: {wording.count(n, 'piece')} lost.",
                side=side,
                area=area,
            )
            return
        # AS: "If Empire piece(s) must retreat ... roll random for area determination."
        target = state.rng.pick(targets)
    board.take(state, area, side, n)
    board.add(state, target, side, n)
    state.emit(
        "retreat",
        f"{wording.count(n, side + ' piece')} {'retreats' if n == 1 else 'retreat'} from {area} to {target}.",
        side=side,
        area=area,
        to=target,
    )
