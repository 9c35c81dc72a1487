"""What must hold in every Arabian Struggle state: checked after every action in debug mode.

* Cards (AS: Components, 48 cards): each card is in exactly one place — a hand, a draft pool or kept
  pile, the draw pile, the discard pile, the removed pile, the Tribal Conference, in play as a lasting
  event, the card being played this turn, or (2 players) the Rasheedi deck or display.
* Pieces are count limited (AS: Components, "All pieces are piece count limited"): for each Faction and
  Empire, pieces on the map + in the Tribal Conference + out of the game never exceed the box (18 per
  Faction on the map, 12 Ottoman, 8 British); Nomads are 5 at most, one per area (docs/rulings.md AS-R13);
  every count is positive, in a real area.
* Overpopulation (AS: Phase 4): from that phase until the End of Era no area holds more Faction pieces
  than its supply left after the Empire pieces.
* Victory Points are never negative and, in the 2-player game, the non-player Rasheedi never gain any
  (docs/rulings.md AS-R17); the era is 1-3; hands never exceed the deal (6, or 7 with 2 players); the turn
  order orders exactly the players.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ludoteca.games.arabian_struggle import board

if TYPE_CHECKING:
    from ludoteca.games.arabian_struggle.state import ArabianStruggleState


def card_places(data: dict[str, Any]) -> list[tuple[str, int]]:
    """(place, card number) for every card the state holds, one entry per copy found."""
    found: list[tuple[str, int]] = []
    for faction, hand in data["hands"].items():
        found += [(f"{faction}'s hand", n) for n in hand]
    for pile in ("deck", "discard", "removed", "tc_cards", "rasheedi_deck", "rasheedi_display"):
        found += [(pile, n) for n in data[pile]]
    lasting = [entry["card"] for entry in data["lasting"]]
    found += [("lasting", n) for n in lasting]
    if data["draft"] is not None:
        for part in ("pools", "kept"):
            for faction, cards in data["draft"][part].items():
                found += [(f"{faction}'s draft {part}", n) for n in cards]
    played = data["turn"]
    if played is not None and played["card"] not in lasting:  # a lasting event stays in play after its turn
        found.append(("in play", played["card"]))
    return found


def check(state: ArabianStruggleState) -> list[str]:
    """One sentence per broken invariant of ``state`` (``[]`` when all hold)."""
    data = state.data
    content = board.content()
    setup = content.setup
    problems: list[str] = []

    places = card_places(data)
    counts = Counter(n for _, n in places)
    missing = sorted(set(content.cards) - set(counts))
    if missing:
        problems.append(f"cards {missing} are nowhere")
    for number, n in sorted(counts.items()):
        if number not in content.cards:
            problems.append(f"there is no card {number!r}, yet it is in {[p for p, c in places if c == number]}")
        elif n > 1:
            problems.append(f"card {number} is in {n} places: {[p for p, c in places if c == number]}")

    runs = data.get("deck_runs")
    if runs is not None and sum(abs(run) for run in runs) != len(data["deck"]):
        # The draw pile's piles (board.stack_deck) must cover it exactly, or a draw would be made over the wrong cards.
        problems.append(f"the deck's piles {runs} do not add up to its {len(data['deck'])} cards")

    for area, cell in data["pieces"].items():
        if area not in content.areas:
            problems.append(f"pieces stand in {area!r}, which is not an area")
        for owner, n in cell.items():
            if owner not in (*board.FACTIONS, *board.EMPIRES) or not isinstance(n, int) or n <= 0:
                problems.append(f"{area} holds a bad piece entry {owner!r}: {n!r}")
    for owner in (*board.FACTIONS, *board.EMPIRES):
        if board.stock(state, owner) < 0:
            problems.append(f"{owner} has {-board.stock(state, owner)} more pieces out than the box holds")
    nomads = data["nomads"]
    if len(set(nomads)) != len(nomads) or any(a not in content.areas for a in nomads):
        problems.append(f"Nomads must be one per real area, not {nomads}")
    if len(nomads) > int(setup["nomad_pieces"]):
        problems.append(f"{len(nomads)} Nomads are on the map, more than {setup['nomad_pieces']}")
    for key in ("tc", "out_of_game"):
        bad = {owner: n for owner, n in data[key].items() if not isinstance(n, int) or n < 0}
        if bad:
            problems.append(f"{key} holds negative counts {bad}")

    steps = {frame["step"] for frame in data["stack"]}
    if "overpopulation" not in steps and "cleanup" in steps:
        # From Phase 4 until the End of Era, nothing adds Faction pieces: every area is within its supply,
        # Empire pieces having first claim (AS: Phase 4).
        for area, cell in data["pieces"].items():
            spec = content.areas.get(area)
            if spec is None:
                continue
            room = max(0, spec.supply - sum(cell.get(e, 0) for e in board.EMPIRES))
            people = sum(cell.get(f, 0) for f in board.FACTIONS)
            if people > room:
                problems.append(f"{area} holds {people} Faction pieces after Overpopulation, above its room {room}")

    for faction, vp in data["vp"].items():
        if vp < 0:
            problems.append(f"{faction} has {vp} VP")
        if vp and not board.is_player(state, faction):
            problems.append(f"the non-player {faction} has {vp} VP; they never score")
    if data["era"] not in (1, 2, 3):
        problems.append(f"the era is {data['era']!r}, not 1-3")
    deal = int(setup["players"][str(state.players)]["hand"])
    for faction, hand in data["hands"].items():
        if len(hand) > deal:
            problems.append(f"{faction} holds {len(hand)} cards, more than the {deal} dealt")
    order = data["turn_order"]
    chosen = [f for f in order if f is not None]  # places not picked yet are None (AS: Phase 2)
    if len(order) != len(data["players"]) or len(set(chosen)) != len(chosen) or set(chosen) - set(data["players"]):
        problems.append(f"the turn order {order} does not order the players {data['players']}")
    return problems
