"""The board: pieces in areas, stock, control, cards in their piles, and the lasting events in play.

Every rules module reads and changes the map only through these helpers, so the piece limits ("All
pieces are piece count limited", AS: Components) and the meaning of control (AS: Phase 6) are written
once. Pieces are counted per area and owner in ``state.data["pieces"]`` (``{area: {owner: n}}``, zero
counts dropped); Nomads are a list of areas (one Nomad per area, docs/rulings.md AS-R13).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from ludoteca.core import wording
from ludoteca.games.arabian_struggle.content import Card, Content, load_content

if TYPE_CHECKING:
    from ludoteca.games.arabian_struggle.state import ArabianStruggleState

FACTIONS = ("Hashemite", "Rasheedi", "Saudi")
EMPIRES = ("Ottoman", "British")
# AS: Phase 2 / Phase 5 / Phase 7 — "If tied: Saudi always first; Rasheedi always last."
TIE_ORDER = ("Saudi", "Hashemite", "Rasheedi")
ERA_KEYS = ("pre-war", "great-war", "post-war")
ERA_NAMES = ("Pre-War", "Great War", "Post-War")


@functools.cache
def content() -> Content:
    """The package's content (``load_content`` reads it once); cached here too, as the rules ask for it, and for
    cards, tens of thousands of times per game."""
    return load_content()


def card(number: int) -> Card:
    return content().cards[number]


def era_key(state: ArabianStruggleState) -> str:
    return ERA_KEYS[state.data["era"] - 1]


def era_eligible(state: ArabianStruggleState, number: int) -> bool:
    """AS: Execute Event — some events are playable only in the eras printed on the card."""
    return era_key(state) in card(number).eras


# --------------------------------------------------------------------------- seats and factions


def seat_of(state: ArabianStruggleState, faction: str) -> int | None:
    """The seat playing ``faction``; None for the non-player Rasheedi of the 2-player game."""
    players: list[str] = state.data["players"]
    return players.index(faction) if faction in players else None


def is_player(state: ArabianStruggleState, faction: str) -> bool:
    return faction in state.data["players"]


@functools.cache
def a_owner(owner: str) -> str:
    """``wording.a(owner)`` ("a Saudi", "an Ottoman"), worked out once per owner: action texts name a piece's
    owner in every option listed, and the article is a function of the name alone."""
    return wording.a(owner)


def opponents(faction: str) -> list[str]:
    """Opposing Factions: the other two, including the non-player Rasheedi of a 2-player game."""
    return [other for other in FACTIONS if other != faction]


# --------------------------------------------------------------------------- pieces


_NO_PIECES: dict[str, int] = {}  # read-only stand-in for an area without pieces


def count(state: ArabianStruggleState, area: str, owner: str) -> int:
    if owner == "Nomad":
        return 1 if area in state.data["nomads"] else 0
    return int(state.data["pieces"].get(area, _NO_PIECES).get(owner, 0))


def occupants(state: ArabianStruggleState, area: str) -> dict[str, int]:
    return dict(state.data["pieces"].get(area, {}))


def add(state: ArabianStruggleState, area: str, owner: str, n: int = 1) -> None:
    if owner == "Nomad":
        for _ in range(n):
            state.data["nomads"].append(area)
        return
    cell = state.data["pieces"].setdefault(area, {})
    cell[owner] = cell.get(owner, 0) + n


def take(state: ArabianStruggleState, area: str, owner: str, n: int = 1) -> int:
    """Remove up to ``n`` pieces of ``owner`` from ``area`` (back to stock); returns how many went."""
    if owner == "Nomad":
        if area in state.data["nomads"] and n > 0:
            state.data["nomads"].remove(area)
            return 1
        return 0
    cell = state.data["pieces"].get(area, {})
    gone = min(n, cell.get(owner, 0))
    if gone:
        cell[owner] -= gone
        if not cell[owner]:
            del cell[owner]
        if not cell:
            del state.data["pieces"][area]
    return int(gone)


def on_map(state: ArabianStruggleState, owner: str) -> int:
    if owner == "Nomad":
        return len(state.data["nomads"])
    return sum([cell.get(owner, 0) for cell in state.data["pieces"].values()])  # a list: faster than a generator


def stock(state: ArabianStruggleState, owner: str) -> int:
    """Pieces available to place: the limit less those on the map, in the Conference or out of the game."""
    setup = content().setup
    if owner in FACTIONS:
        return int(setup["faction_pieces"]) - on_map(state, owner) - int(state.data["tc"].get(owner, 0))
    if owner == "Nomad":
        return int(setup["nomad_pieces"]) - len(state.data["nomads"])
    return int(setup["empire_pieces"][owner]) - on_map(state, owner) - int(state.data["out_of_game"].get(owner, 0))


def areas_of(state: ArabianStruggleState, owner: str) -> list[str]:
    """Areas holding ``owner``'s pieces, in map order.

    Found from the areas that hold pieces (a few dozen), not by a scan of the whole map: the move, attack and
    combat options ask for them at almost every decision.
    """
    order = content().area_order
    if owner == "Nomad":
        return sorted(set(state.data["nomads"]), key=order.__getitem__)
    held = [area for area, cell in state.data["pieces"].items() if cell.get(owner)]
    held.sort(key=order.__getitem__)
    return held


def factions_in(state: ArabianStruggleState, area: str) -> list[str]:
    cell = state.data["pieces"].get(area, {})
    return [f for f in FACTIONS if cell.get(f)]


def empires_in(state: ArabianStruggleState, area: str) -> list[str]:
    cell = state.data["pieces"].get(area, {})
    return [e for e in EMPIRES if cell.get(e)]


# The opposing Factions of each Faction, as a table (``opponents`` as tuples) for the hot checks below.
RIVALS: dict[str, tuple[str, ...]] = {faction: tuple(f for f in FACTIONS if f != faction) for faction in FACTIONS}


def empire_count(state: ArabianStruggleState, area: str) -> int:
    """Empire pieces in ``area`` (they have first claim on its supply: AS: Phase 4)."""
    cell = state.data["pieces"].get(area, _NO_PIECES)
    return sum([cell.get(empire, 0) for empire in EMPIRES])


def has_opposing(state: ArabianStruggleState, area: str, faction: str) -> bool:
    cell = state.data["pieces"].get(area)
    if not cell:
        return False
    return any(cell.get(other) for other in RIVALS.get(faction, FACTIONS))


def controller(state: ArabianStruggleState, area: str) -> str | None:
    """AS: Phase 6 — an Empire with at least one piece controls the area whatever the Faction pieces;
    otherwise a Faction with pieces there (and no other Faction) controls it."""
    empires = empires_in(state, area)
    if empires:
        cell = state.data["pieces"][area]
        return max(empires, key=lambda e: (cell[e], e == "Ottoman"))  # docs/rulings.md AS-R15
    factions = factions_in(state, area)
    return factions[0] if len(factions) == 1 else None


def is_empty(state: ArabianStruggleState, area: str) -> bool:
    """No Faction or Empire piece (a Nomad does not occupy an area: docs/rulings.md AS-R8)."""
    return not state.data["pieces"].get(area)


# --------------------------------------------------------------------------- cards


def stack_deck(state: ArabianStruggleState, piles: list[list[int]]) -> None:
    """Make the draw pile of ``piles``, the first on top, each shuffled on its own (one pile for the standard
    shuffle; the Historical variant's three, AS: Annex).

    Each pile is shuffled through ``Rng.shuffle_bag`` and its cards taken only through :func:`take_cards`, so
    under explicit chance a pile stays in order and each card drawn is one chance event over the cards left in
    the top pile, not over the whole deck, whose lower piles are known to hold other cards. ``deck_runs``
    keeps the piles' sizes from the top (a negative size: cards in an order a scenario set, drawn as they lie).
    """
    for pile in piles:
        state.rng.shuffle_bag(pile)
    state.data["deck"] = [number for pile in piles for number in pile]
    state.data["deck_runs"] = [len(pile) for pile in piles if pile]


def take_cards(state: ArabianStruggleState, count: int) -> list[int]:
    """Take up to ``count`` cards off the top of the draw pile, pile by pile of ``deck_runs`` (fewer when it
    runs out: the rules decide what that means)."""
    data = state.data
    deck, runs = data["deck"], data["deck_runs"]
    if sum(map(abs, runs)) != len(deck):  # a pile set by hand (a test, a tool): its cards are one unknown pile
        runs[:] = [len(deck)] if deck else []
    taken: list[int] = []
    while len(taken) < count and runs:
        run = runs[0]
        n = min(count - len(taken), abs(run))
        if run > 0:
            taken += state.rng.draw_from(deck, n, unordered=run)
            runs[0] -= n
        else:
            taken += state.rng.draw_from(deck, n, ordered=True)
            runs[0] += n
        if not runs[0]:
            del runs[0]
    return taken


def put_on_top(state: ArabianStruggleState, cards: list[int]) -> None:
    """Put ``cards`` on the draw pile in this order, the first on top (a scenario's scripted top cards)."""
    data = state.data
    data["deck"] = cards + data["deck"]
    if cards:
        data["deck_runs"] = [-len(cards), *data["deck_runs"]]


def pull_from_deck(state: ArabianStruggleState, number: int) -> None:
    """Take the card ``number`` out of the draw pile, wherever it lies (a scenario places it elsewhere)."""
    data = state.data
    at = data["deck"].index(number)
    del data["deck"][at]
    runs = data["deck_runs"]
    for index, run in enumerate(runs):
        if at < abs(run):
            runs[index] = run - 1 if run > 0 else run + 1
            if not runs[index]:
                del runs[index]
            return
        at -= abs(run)


def draw(state: ArabianStruggleState, why: str) -> int | None:
    """Draw the top card; an empty draw pile is rebuilt from the discard pile only.

    AS: Phase 3 — "If the draw pile is empty, shuffle the discard pile to create the new draw pile ...
    DO NOT shuffle in any Tribal Conference cards." With both piles empty there is no card
    (docs/rulings.md AS-R19).
    """
    data = state.data
    if not data["deck"]:
        if not data["discard"]:
            state.emit("no_card", f"No card is left to draw for {why}; every modifier counts 0.")
            return None
        pile = data["discard"]
        data["discard"] = []
        stack_deck(state, [pile])
        state.emit("reshuffle", f"The discard pile is shuffled into a new draw pile of {len(data['deck'])} cards.")
    number = take_cards(state, 1)[0]
    data["discard"].append(number)
    return number


# --------------------------------------------------------------------------- lasting events


def lasting_effects(state: ArabianStruggleState, kind: str) -> list[tuple[str, dict[str, Any]]]:
    """(owner, effect) for every lasting effect of ``kind`` on the cards in play."""
    found = []
    for entry in state.data["lasting"]:
        for effect in card(entry["card"]).effects:
            if effect["do"] == kind:
                found.append((entry["owner"], effect))
    return found


def applies_to(effect: dict[str, Any], owner: str, who: str) -> bool:
    """Does a lasting effect owned by ``owner`` concern ``who``? ("self" is its owner)."""
    target = effect["who"]
    if isinstance(target, list):
        return who in target
    return (owner if target == "self" else target) == who


def op_bonus(state: ArabianStruggleState, faction: str) -> int:
    """The sum of the lasting OP effects for ``faction`` (the same for every card it plays this turn)."""
    total = 0
    for owner, effect in lasting_effects(state, "op_bonus"):
        if applies_to(effect, owner, faction):
            total += int(effect["amount"])
    return total


def effective_op(state: ArabianStruggleState, number: int, faction: str, bonus: int | None = None) -> int:
    """The card's OP plus lasting OP effects for ``faction``; never below 0 (AS: Spend OP → Movement note).

    ``bonus`` is ``op_bonus(state, faction)`` when the caller already has it (the play options, for a hand).
    """
    if bonus is None:
        bonus = op_bonus(state, faction)
    return op_with_bonus(number, bonus)


def op_with_bonus(number: int, bonus: int) -> int:
    """``effective_op`` once the lasting OP effects are known: a function of the card and their sum alone."""
    return max(0, card(number).op + bonus)


def combat_bonus(state: ArabianStruggleState, side: str, area: str) -> int:
    """AS: Combat Resolution, step 1 — modifiers from in-effect cards (opposing ones cancel out)."""
    return sum(amount for _, amount in combat_bonus_sources(state, side, area))


def combat_bonus_sources(state: ArabianStruggleState, side: str, area: str) -> list[tuple[int, int]]:
    """(card number, amount) of each in-effect card modifying ``side``'s strength in ``area``: the combat
    preview names them, and ``combat_bonus`` is their sum, so the preview and the resolution agree."""
    region = content().areas[area].region
    found = []
    for entry in state.data["lasting"]:
        owner = entry["owner"]
        for effect in card(entry["card"]).effects:
            if effect["do"] != "combat_bonus" or not applies_to(effect, owner, side):
                continue
            if "areas" in effect and area not in effect["areas"]:
                continue
            if "regions" in effect and region not in effect["regions"]:
                continue
            found.append((int(entry["card"]), int(effect["amount"])))
    return found


# --------------------------------------------------------------------------- victory points


def gain_vp(state: ArabianStruggleState, faction: str, n: int = 1) -> None:
    """Add ``n`` VP to ``faction`` and to its gains of the current Era (``era_vp``, for the end-of-game
    breakdown: AS: Victory Quality Levels reads the final VP; the table shows where they came from)."""
    data = state.data
    data["vp"][faction] += n
    data["era_vp"][data["era"] - 1][faction] += n


def retreat_override(state: ArabianStruggleState, attacker: str) -> bool:
    return any(applies_to(effect, owner, attacker) for owner, effect in lasting_effects(state, "retreat_override"))
