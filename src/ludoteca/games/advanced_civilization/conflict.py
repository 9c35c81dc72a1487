"""Phase 6: conflict and city assault (AC §24).

Nations' tokens fight where two or more share an area and together exceed its population limit (§24.1).
They remove tokens one at a time: the smaller force first, then the larger, round after round; equal forces
remove at the same time; with three or more nations the forces remove in ascending order of size (§24.2).
Removal stops as soon as one nation is left or the area is within its limit, so nations may coexist
(§24.3). A holder of Metalworking removes after those without it (§24.4). Areas are settled in name order;
they do not interact (AC-R13).

A city is attacked by seven or more tokens of another nation, six for an attacker with Engineering,
eight against a defender with Engineering (§24.51). The city is replaced by six of the owner's tokens
(five or seven in those Engineering cases) and the conflict is fought as above (§24.52). If the attacker
is left alone in the area it pillages: up to three tokens from its stock to its treasury, and one trade
card drawn at random from the loser's hand (§24.53). Fewer tokens than needed do not attack; they leave
the area in phase 8 (AC-R14).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from ludoteca.core.wording import count
from ludoteca.games.advanced_civilization import hand_knowledge, pieces
from ludoteca.games.advanced_civilization.machine import RULES, Frame
from ludoteca.games.advanced_civilization.state import CivState

K = TypeVar("K")


def assault_threshold(state: CivState, attacker: int, defender: int) -> int:
    """§24.51: 7 tokens; 6 with Engineering; 8 against Engineering; both holding it cancel out."""
    need = state.rules["assault"]
    if state.has(attacker, "Engineering") and not state.has(defender, "Engineering"):
        need -= 1
    elif state.has(defender, "Engineering") and not state.has(attacker, "Engineering"):
        need += 1
    return int(need)


def city_defenders(state: CivState, attacker: int, defender: int) -> int:
    """§24.52: the city becomes 6 tokens; 5 against an Engineering attacker, 7 for an Engineering defender [S]."""
    return int(state.rules["city_defenders"] + assault_threshold(state, attacker, defender) - state.rules["assault"])


def survivors(forces: Mapping[K, int], metal: Mapping[K, bool], limit: int) -> dict[K, int]:
    """Each force's tokens once §24.2-§24.4 are done with an area of population ``limit``.

    Rounds in which forces remove a token each, the smaller first and equal ones together, a holder of
    Metalworking after those without it (§24.4; when every force holds it, the order is by size alone), until
    one force is left or the forces fit within the limit. Arithmetic only, so phase 6 (:func:`resolve`), the
    barbarians (``barbarians.fight``) and a bot planning an assault count exactly alike.
    """
    left = {key: n for key, n in forces.items() if n > 0}

    def settled() -> bool:
        return len(left) <= 1 or sum(left.values()) <= limit

    while not settled():
        order = {key: (1 if metal[key] else 0, n) for key, n in left.items()}
        for group in sorted(set(order.values())):
            for key in [key for key in left if order[key] == group]:
                left[key] -= 1  # equal forces remove simultaneously
            left = {key: n for key, n in left.items() if n}
            if settled():
                break
    return {key: left.get(key, 0) for key in forces}


def resolve(state: CivState, area: str) -> None:
    """Remove tokens as §24.2-§24.4 require until one nation is left or the area is within its limit."""
    forces = {seat: pieces.count(state, area, seat) for seat in pieces.present(state, area)}
    metal = {seat: state.has(seat, "Metalworking") for seat in forces}
    after = survivors(forces, metal, state.board.areas[area].limit)
    removed = [0] * state.players
    for seat, n in forces.items():
        removed[seat] = n - after[seat]
        pieces.remove(state, area, seat, removed[seat])
    if any(removed):
        lost = ", ".join(f"{state.who(s)} loses {n}" for s, n in enumerate(removed) if n)
        left = ", ".join(f"{state.who(s)} {pieces.count(state, area, s)}" for s in pieces.present(state, area))
        state.emit("conflict", f"Conflict in {area}: {lost}; left: {left or 'nobody'}.", area=area, removed=removed)


def assault(state: CivState, area: str) -> bool:
    """Attack the city in ``area`` if some nation brought enough tokens; True if it did."""
    defender = pieces.owner(state, area)
    assert defender is not None
    attackers = [
        seat
        for seat in pieces.present(state, area)
        if seat != defender and pieces.count(state, area, seat) >= assault_threshold(state, seat, defender)
    ]
    if not attackers:
        return False
    # With several attackers the strongest (then the earliest in A.S.T. order) leads the assault (AC-R14).
    attacker = max(attackers, key=lambda s: (pieces.count(state, area, s), -state.ast_rank(s)))
    del state.data["cities"][area]
    placed = pieces.add(state, area, defender, city_defenders(state, attacker, defender))
    state.emit(
        "assault",
        f"{state.who(attacker)} attacks the city of {state.who(defender)} in {area}; "
        f"it becomes {count(placed, 'token')}.",
        area=area,
        attacker=attacker,
        defender=defender,
    )
    resolve(state, area)
    if pieces.present(state, area) == [attacker]:
        pillage(state, area, attacker, defender)
    return True


def pillage(state: CivState, area: str, attacker: int, defender: int) -> None:
    """§24.53: up to three stock tokens into the attacker's treasury, and a random trade card of the loser's."""
    gained = pieces.to_treasury(state, attacker, state.rules["pillage"])
    hand = state.data["players"][defender]["hand"]
    text = f"{state.who(attacker)} pillages {area} for {gained} treasury"
    if hand:
        card = hand.pop(state.rng.pick(list(range(len(hand)))))
        state.data["players"][attacker]["hand"].append(card)
        hand_knowledge.exchanged(state, defender, attacker, [card], [])
        state.emit(
            "steal", f"{state.who(attacker)} takes {card} from {state.who(defender)}.", seats=[attacker, defender]
        )
        text += " and a trade card"
    state.emit("pillage", text + ".", area=area, attacker=attacker, gained=gained)


@RULES.auto("conflict")
def conflict(state: CivState, frame: Frame) -> None:
    fight_all(state)


def fight_all(state: CivState) -> None:
    """Phase 6 on the whole board: barbarians and pirate cities, then every city assault and crowded area."""
    from ludoteca.games.advanced_civilization import barbarians

    barbarians.conflict(state)  # pirate cities and barbarian tokens (AC-R24)
    for area in sorted(set(state.data["tokens"]) | set(state.data["cities"])):
        if area in state.data["cities"]:
            assault(state, area)  # tokens too few to attack do not fight over a city area (AC-R14)
        elif len(pieces.present(state, area)) > 1:
            resolve(state, area)


_FIGHTS = frozenset({"conflict", "assault", "pillage", "barbarians"})


def preview(state: CivState) -> list[dict[str, object]]:
    """The conflicts phase 6 would fight if movement ended now, each area's forces before and after.

    Computed by playing :func:`fight_all` on a copy of the state, the very code phase 6 runs, so what the page
    shows before a player commits and what happens cannot disagree. Only public facts: the units in each area,
    its limit and city, the outcome and the log's sentences (a pillaged card's name is a private event, left out).
    """
    twin = state.clone()
    start = len(twin.log)
    fight_all(twin)  # type: ignore[arg-type]
    events = [e for e in twin.log[start:] if e["type"] in _FIGHTS and "seats" not in e]
    by_area: dict[str, list[str]] = {}
    for event in events:
        area = event.get("area")
        if isinstance(area, str):
            by_area.setdefault(area, []).append(str(event["text"]))
    found: list[dict[str, object]] = []
    for area in sorted(by_area):
        city, after_city = state.data["cities"].get(area), twin.data["cities"].get(area)
        found.append(
            {
                "area": area,
                "limit": state.board.areas[area].limit,
                "tokens": list(state.data["tokens"].get(area, [0] * state.players)),
                "city": None if city is None else city["owner"],
                "barbarians": state.data["barbarians"].get(area, 0),
                "pirates": area in state.data["pirates"],
                "after": {
                    "tokens": list(twin.data["tokens"].get(area, [0] * state.players)),
                    "city": None if after_city is None else after_city["owner"],
                    "barbarians": twin.data["barbarians"].get(area, 0),
                    "pirates": area in twin.data["pirates"],
                },
                "events": by_area[area],
            }
        )
    return found
