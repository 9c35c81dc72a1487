"""What must hold in every Advanced Civilization state: checked after every action in debug mode.

Written against the board half (part 1) and the trade cards as they stand; every check reads only the
fields it knows, so fields added later do not break it.

* Pieces are conserved (AC §3: 55 tokens, 9 cities, 4 ships per nation): for each seat, tokens in stock +
  in the treasury + on the board = 55; at most 9 cities and 4 ships on the board; no negative count, every
  piece in a real area of the map (tokens and cities on land).
* Population limits (AC §26.1, §26.2): from the end of a turn's surplus removal until the next population
  expansion, no area holds more tokens than its limit (one more for a lone
  Agriculture holder, §26.11 / AC-R16), and no area with a city holds tokens.
* Trade cards (AC §15, 114 commodities and 12 calamities): every card is in a stack, a hand or (a calamity
  being resolved) its calamity's frame, once (surrendered and resolved cards go back under their stacks, §29.7).
* Counters: A.S.T. markers between the start and the nation's finish space; nations distinct; advances
  known and never held twice.
* Frames: a frame of a step that clones copy flat (``state.FLAT_STEPS``) holds no list or dict, which a
  clone would share with its original.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ludoteca.games.advanced_civilization import content

if TYPE_CHECKING:
    from ludoteca.games.advanced_civilization.state import CivState


HOLDING_STEPS = ("calamity", "calamity_done")
"""Frames that hold a calamity card between leaving its victim's hand and going under its stack."""


def check(state: CivState) -> list[str]:
    """One sentence per broken invariant of ``state`` (``[]`` when all hold)."""
    return _pieces(state) + _population(state) + _cards(state) + _counters(state) + _flat_frames(state)


def _flat_frames(state: CivState) -> list[str]:
    from ludoteca.games.advanced_civilization.state import FLAT_STEPS

    return [
        f"the {frame['step']} frame holds a {type(value).__name__} under {key!r}, but clones copy it flat"
        for frame in state.data["stack"]
        if frame["step"] in FLAT_STEPS
        for key, value in frame.items()
        if isinstance(value, (list, dict))
    ]


def _steps(state: CivState) -> set[str]:
    return {frame["step"] for frame in state.data["stack"]}


def _pieces(state: CivState) -> list[str]:
    data, rules, board = state.data, state.rules, state.board
    n = state.players
    problems: list[str] = []
    on_board = [0] * n
    for key in ("tokens", "ships"):
        for area, row in data[key].items():
            spec = board.areas.get(area)
            if spec is None or (key == "tokens" and not spec.land):
                problems.append(f"{key} stand in {area!r}, which is not a {'land ' if key == 'tokens' else ''}area")
            if len(row) != n or any(not isinstance(c, int) or c < 0 for c in row) or not any(row):
                problems.append(f"{key} in {area} are {row}, not {n} non-negative counts with one above 0")
                continue
            if key == "tokens":
                for seat, count in enumerate(row):
                    on_board[seat] += count
    cities = Counter(city["owner"] for city in data["cities"].values())
    for area in data["cities"]:
        spec = board.areas.get(area)
        if spec is None or not spec.land:
            problems.append(f"a city stands in {area!r}, which is not a land area")
    ships = [sum(row[seat] for row in data["ships"].values() if len(row) == n) for seat in range(n)]
    for seat, player in enumerate(data["players"]):
        stock, treasury = player["stock"], player["treasury"]
        if stock < 0 or treasury < 0:
            problems.append(f"seat {seat} has {stock} tokens in stock and {treasury} in the treasury")
        if stock + treasury + on_board[seat] != rules.tokens:
            problems.append(
                f"seat {seat}'s tokens are not conserved: {stock} in stock + {treasury} in the treasury"
                f" + {on_board[seat]} on the board = {stock + treasury + on_board[seat]}, not {rules.tokens}"
            )
        if cities[seat] > rules.cities:
            problems.append(f"seat {seat} has {cities[seat]} cities on the board, more than {rules.cities}")
        if ships[seat] > rules.ships:
            problems.append(f"seat {seat} has {ships[seat]} ships on the board, more than {rules.ships}")
    strangers = sorted(set(cities) - set(range(n)))
    if strangers:
        problems.append(f"cities are owned by {strangers}, who are not seats")
    return problems


def _within_limits_now(state: CivState) -> bool:
    """Whether population limits must hold now: from the end of a turn's surplus removal (phase 8) until the
    next turn's population expansion (phase 2), the stretch where no rule adds tokens above a limit.

    Between expansion and surplus removal (expansion, movement, conflict, city building) areas may hold
    more than their limit, as the rules intend; a turn's phases are on the stack together, so that
    stretch is exactly "the surplus step is pending and the expansion step is not"."""
    steps = _steps(state)
    return "surplus" not in steps or "expansion" in steps


def _population(state: CivState) -> list[str]:
    if not _within_limits_now(state):
        return []
    data, board = state.data, state.board
    problems = []
    for area, row in data["tokens"].items():
        spec = board.areas.get(area)
        if spec is None:
            continue
        total = sum(row)
        if area in data["cities"]:
            problems.append(f"{area} holds a city and {total} tokens outside expansion-to-surplus (§26.2)")
            continue
        present = [seat for seat, count in enumerate(row) if count]
        limit = spec.limit + (1 if len(present) == 1 and state.has(present[0], "Agriculture") else 0)
        if total > limit:
            problems.append(f"{area} holds {total} tokens outside expansion-to-surplus, above its limit {limit}")
    return problems


def _cards(state: CivState) -> list[str]:
    data = state.data
    if "stacks" not in data:
        return []
    spec = state.cards  # the calamities option may add the variant's four (data/additional.toml)
    box = Counter({name: c.count for name, c in spec.commodities.items()})
    box.update({name: 1 for name in spec.calamities})
    held: Counter[str] = Counter()
    for pile in data["stacks"]:
        held.update(pile)
    for player in data["players"]:
        held.update(player["hand"])
    # A calamity drawn is out of its hand from the start of phase 11 until its resolution is over, when it goes
    # under its stack (§29.7): meanwhile its ``calamity`` (to come) or ``calamity_done`` (resolving) frame holds it.
    held.update(frame["name"] for frame in data["stack"] if frame["step"] in HOLDING_STEPS)
    problems = []
    unknown = sorted(set(held) - set(box))
    if unknown:
        problems.append(f"unknown trade cards {unknown} are in play")
    extra = {name: held[name] - box[name] for name in box if held[name] > box[name]}
    if extra:
        problems.append(f"more trade cards than the box holds: {extra} too many")
    started = any(data["stacks"]) or any(player["hand"] for player in data["players"])
    if started:
        lost = {name: box[name] - held[name] for name in box if held[name] < box[name]}
        if lost:
            problems.append(f"trade cards are lost: {lost} missing")
    for seat, row in enumerate(data.get("held_known", [])):
        for other, known in enumerate(row):
            wrong = Counter(known) - Counter(data["players"][other]["hand"])  # hand_knowledge: never more than held
            if wrong:
                problems.append(f"seat {seat} 'knows' cards seat {other} does not hold: {dict(wrong)}")
    blind = data.get("stacks_blind")
    if blind is not None:
        for stack, pile in enumerate(data["stacks"], start=1):
            top, goods, unknown = blind[3 * stack - 3 : 3 * stack]
            # cards.py: the counts of a stack's cards in unknown order must lie within it, or explicit chance
            # would draw among cards that are not there.
            if not 0 <= top <= goods <= unknown <= len(pile):
                problems.append(f"stack {stack}'s blind counts {[top, goods, unknown]} exceed its {len(pile)} cards")
    return problems


def _counters(state: CivState) -> list[str]:
    data = state.data
    problems = []
    chosen = [nation for nation in data["nations"] if nation]
    if len(set(chosen)) != len(chosen):
        problems.append(f"a nation is played twice: {data['nations']}")
    known = content.advances()
    for seat, player in enumerate(data["players"]):
        nation = data["nations"][seat]
        finish = state.nation_data(nation).finish if nation else 0
        if not 0 <= player["ast"] <= max(finish, 0) and nation:
            problems.append(f"seat {seat}'s A.S.T. marker is on {player['ast']}, not 0-{finish}")
        advances = player["advances"]
        if len(set(advances)) != len(advances) or any(a not in known for a in advances):
            problems.append(f"seat {seat} holds the advances {advances}: unknown or repeated")
    return problems
