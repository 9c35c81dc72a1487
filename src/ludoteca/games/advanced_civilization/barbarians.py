"""Barbarian tokens and pirate cities: the ninth colour (AC §30.52, §30.91; digest §1.6).

``state.data["barbarians"]`` maps an area to its barbarian tokens, ``state.data["pirates"]`` lists the
areas of pirate cities. Neither belongs to a seat: they never expand, move after they land, pay taxes or need
support, and calamities never touch them (§29.65). They stay until the players remove them in conflict:
barbarians fight any nation sharing their area by §24's rules (a nation without Metalworking removes
alongside them; AC-R24), and a pirate city is attacked like any city — by seven tokens, six with
Engineering — becoming six barbarian tokens to fight; an attacker left alone pillages its treasury share.
"""

from __future__ import annotations

from ludoteca.core import wording
from ludoteca.games.advanced_civilization import pieces
from ludoteca.games.advanced_civilization.state import CivState


def count(state: CivState, area: str) -> int:
    return int(state.data["barbarians"].get(area, 0))


def _set(state: CivState, area: str, n: int) -> None:
    if n > 0:
        state.data["barbarians"][area] = n
    else:
        state.data["barbarians"].pop(area, None)


def add_pirate_city(state: CivState, area: str) -> None:
    if area not in state.data["pirates"]:
        state.data["pirates"].append(area)
        state.data["pirates"].sort()


def blocked(state: CivState, area: str) -> bool:
    """No city may be built, nor population grow, where barbarians or a pirate city stand (AC-R24)."""
    return area in state.data["pirates"] or area in state.data["barbarians"]


def fight(state: CivState, area: str) -> None:
    """§24.2-§24.4 with the barbarians as one more force: smaller forces remove first, equal ones together,
    until one force is left or the area is within its limit."""
    from ludoteca.games.advanced_civilization.conflict import survivors

    forces = {seat: pieces.count(state, area, seat) for seat in pieces.present(state, area)}
    forces[-1] = count(state, area)  # the barbarians: a force that never holds Metalworking
    metal = {seat: seat >= 0 and state.has(seat, "Metalworking") for seat in forces}
    left = survivors(forces, metal, state.board.areas[area].limit)
    killed = forces[-1] - left[-1]
    _set(state, area, left[-1])
    removed = [0] * state.players
    for seat in forces:
        if seat >= 0:
            removed[seat] = forces[seat] - left[seat]
            pieces.remove(state, area, seat, removed[seat])
    if killed or any(removed):
        lost = [f"{state.who(s)} loses {n}" for s, n in enumerate(removed) if n]
        state.emit(
            "barbarians",
            f"Barbarians fight in {area}: they lose {killed}" + (f"; {', '.join(lost)}" if lost else "") + ".",
            area=area,
        )


def attack_city(state: CivState, area: str) -> None:
    """Barbarians assault a city when there are enough of them (§24.51: 7, 8 against Engineering)."""
    defender = pieces.owner(state, area)
    if defender is None:
        return
    need = int(state.rules["assault"]) + (1 if state.has(defender, "Engineering") else 0)
    if count(state, area) < need:
        return
    del state.data["cities"][area]
    placed = pieces.add(state, area, defender, int(state.rules["city_defenders"]) + need - int(state.rules["assault"]))
    state.emit(
        "barbarians", f"Barbarians attack the city of {state.who(defender)} in {area} ({placed} defend).", area=area
    )
    fight(state, area)
    if not pieces.present(state, area):
        state.emit("barbarians", f"The city in {area} is destroyed by the barbarians.", area=area)


def assault_pirates(state: CivState, area: str) -> bool:
    """A nation with enough tokens in a pirate city's area attacks it (§24.51; the largest leads, AC-R14)."""
    assault = int(state.rules["assault"])
    attackers = [
        s
        for s in pieces.present(state, area)
        if pieces.count(state, area, s) >= assault - (1 if state.has(s, "Engineering") else 0)
    ]
    if not attackers:
        return False
    attacker = max(attackers, key=lambda s: (pieces.count(state, area, s), -state.ast_rank(s)))
    state.data["pirates"].remove(area)
    _set(state, area, count(state, area) + int(state.rules["city_defenders"]))
    state.emit("barbarians", f"{state.who(attacker)} attacks the pirate city in {area}.", area=area, seat=attacker)
    fight(state, area)
    if pieces.present(state, area) == [attacker] and not count(state, area):
        gained = pieces.to_treasury(state, attacker, state.rules["pillage"])
        state.emit(
            "pillage", f"{state.who(attacker)} sacks the pirate city in {area} for {gained} treasury.", area=area
        )
    return True


def conflict(state: CivState) -> None:
    """Phase 6 additions: pirate cities attacked, barbarians fought wherever nations share their area."""
    for area in sorted(state.data["pirates"]):
        assault_pirates(state, area)
    for area in sorted(state.data["barbarians"]):
        if pieces.present(state, area):
            fight(state, area)


def hordes(state: CivState, victim: int, n: int, name: str) -> None:
    """Barbarian Hordes: ``n`` barbarians land in the victim's start area where they do most harm, fight,
    then march on with their surplus into the neighbouring area of the victim's that holds most of his
    units, while surplus remains (AC-R24)."""
    board = state.board
    starts = [a for a in state.nation_data(state.data["nations"][victim]).start if a in board.areas]

    def held(area: str) -> int:
        return pieces.count(state, area, victim) + (5 if pieces.owner(state, area) == victim else 0)

    def harm(area: str) -> int:
        return held(area) + sum(held(o) for o in board.borders[area])

    if not starts:
        return
    area = max(sorted(starts), key=harm)
    _set(state, area, count(state, area) + n)
    state.emit("barbarians", f"{name}: {wording.count(n, 'barbarian')} land in {area}.", area=area, calamity=name)
    visited = {area}
    while True:
        attack_city(state, area)
        fight(state, area)
        limit = board.areas[area].limit
        surplus = count(state, area) - limit
        if surplus <= 0:
            break
        targets = [o for o in sorted(board.borders[area]) if o not in visited and held(o)]
        if not targets:
            _set(state, area, limit)  # the surplus with nowhere to go disperses
            break
        nxt = max(targets, key=held)
        _set(state, area, limit)
        _set(state, nxt, count(state, nxt) + surplus)
        marching = f"{wording.count(surplus, 'barbarian')} {'marches' if surplus == 1 else 'march'}"
        state.emit("barbarians", f"{marching} from {area} to {nxt}.", area=nxt)
        visited.add(nxt)
        area = nxt


__all__ = ["add_pirate_city", "assault_pirates", "blocked", "conflict", "count", "fight", "hordes"]
