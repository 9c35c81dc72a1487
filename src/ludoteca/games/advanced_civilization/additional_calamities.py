"""The Additional Calamities variant: Drought, Corruption, Oppressive Ruler, Regression.

Source: David Bofinger's variant, ``../shared/rules/002_5fea7399fe0c5095.txt`` (quoted as "seed" below), played
with the option ``calamities="additional"``: the four cards go into the trade stacks (``data/additional.toml``,
stacks and tradability chosen by AC-R28) and resolve in phase 11 under §29 like the standard twelve — the
holder when trading ends is the primary victim, two at most a turn, stack order, the trader exempt, the
§29.8 city-support recheck afterwards. Each card is one resolution registered with :func:`calamity`; the
judgements the seed leaves open are AC-R29..AC-R33.
"""

from __future__ import annotations

from ludoteca.games.advanced_civilization import pieces
from ludoteca.games.advanced_civilization.calamities import calamity, figures, lose, modifier
from ludoteca.games.advanced_civilization.machine import Frame
from ludoteca.games.advanced_civilization.state import CivState


def number(name: str, key: str) -> int:
    """A whole-number figure of a card's table (checked when the card data is loaded, ``content.Calamity``)."""
    return figures(name).number(key)


# ----------------------------------------------------------------------------- Drought
def drought_limit(state: CivState, area: str) -> int:
    """Seed, Drought bullets 2-3: one less than the number printed on the map, minimum zero; the printed
    number, so Agriculture's extra token (§26.11) does not apply."""
    printed = state.board.areas[area].limit
    return max(number("Drought", "minimum_limit"), printed - number("Drought", "limit_reduction"))


def drought_areas(state: CivState, victim: int) -> list[str]:
    """Seed, Drought bullet 1: every area holding the primary victim's units, except flood plains.

    Only tokens are subject to a population limit: an area with a city holds no tokens in phase 11 (§26.2),
    so a city's area loses nothing (AC-R29)."""
    spared = figures("Drought").flag("spared_flood_plains")
    board = state.board
    return [
        area
        for area, row in sorted(state.data["tokens"].items())
        if row[victim] and not (spared and board.areas[area].flood_plain)
    ]


def wither(state: CivState, area: str, limit: int, exempt: set[int]) -> dict[int, int]:
    """Seed, Drought bullets 4-5: eliminate the units over ``limit``, one from the largest holding, then one
    from the second largest, and so on round again; equal holdings lose a unit each at the same time.

    With three or more players the round simply goes on down the holdings (AC-R30); a seat in ``exempt``
    (the trader, §29.61) loses nothing. Barbarians are never touched (§29.65) and do not count. Returns the
    tokens each seat lost."""
    lost: dict[int, int] = {}
    while pieces.total(state, area) > limit:
        holdings = {s: pieces.count(state, area, s) for s in pieces.present(state, area) if s not in exempt}
        if not holdings:
            break
        for size in sorted(set(holdings.values()), reverse=True):
            for seat in sorted(s for s, n in holdings.items() if n == size):  # a tie: each loses one at once
                pieces.remove(state, area, seat, 1)
                lost[seat] = lost.get(seat, 0) + 1
            if pieces.total(state, area) <= limit:
                break
    return lost


@calamity("Drought")
def drought(state: CivState, frame: Frame) -> None:
    """Each affected area keeps only its reduced limit for this resolution; the units over it are eliminated,
    whoever's they are. No choice is left to anyone (tokens are alike), and the cities that lose their
    support are reduced by the §29.8 recheck at the end of the phase."""
    victim, trader, name = frame["victim"], frame["trader"], frame["name"]
    exempt = {trader} if trader is not None else set()
    for area in drought_areas(state, victim):
        limit = drought_limit(state, area)
        for seat, n in sorted(wither(state, area, limit, exempt).items()):
            state.emit(
                "loss",
                f"{name}: {state.who(seat)} loses {n} token{'s' if n != 1 else ''} in {area} (limit {limit}).",
                seat=seat,
                area=area,
            )


# ----------------------------------------------------------------------------- Corruption
def corruption_limit(state: CivState, seat: int) -> int:
    """Seed, Corruption bullets 2-7: six cards kept instead of eight, -2 with Coinage, +2 with Law, +2 with
    Democracy, +1 with Philosophy, never more than eight. The advances are those held when the limit applies,
    after the purchase of advances (bullet 1), so a card bought this turn counts (AC-R31)."""
    limit = number("Corruption", "hand_limit") + modifier(state, seat, figures("Corruption").table("modifiers"))
    return max(0, min(number("Corruption", "maximum"), limit))


@calamity("Corruption")
def corruption(state: CivState, frame: Frame) -> None:
    """Seed, Corruption bullet 1: nothing happens now; the victim's hand limit of §31.71 shrinks in phase 12,
    after his purchases, and he chooses the cards he returns (``advances.hand_limit``, ``trim_hand``)."""
    victim = frame["victim"]
    if victim not in state.data["corrupted"]:
        state.data["corrupted"].append(victim)
    state.emit(
        "calamity",
        f"Corruption: after buying advances, {state.who(victim)} keeps at most {corruption_limit(state, victim)}"
        " trade cards (as its advances then allow).",
        seat=victim,
    )


# ----------------------------------------------------------------------------- Oppressive Ruler
def oppressed_areas(state: CivState, victim: int) -> list[str]:
    """Seed, Oppressive Ruler bullet 1: areas where the primary victim has more units than any other player.

    Units here are tokens: a city's area holds no tokens in phase 11 (§26.2), so no other player's unit
    shares an area with the victim's city, and a city of another player never stands where the victim has
    tokens (AC-R32). Barbarians are nobody's (§29.65)."""
    found = []
    for area, row in sorted(state.data["tokens"].items()):
        others = [n for seat, n in enumerate(row) if seat != victim]
        if row[victim] > max(others, default=0) and any(others):
            found.append(area)
    return found


@calamity("Oppressive Ruler")
def oppressive_ruler(state: CivState, frame: Frame) -> None:
    """Seed, Oppressive Ruler: first the other players' units leave the areas the victim dominates, at most
    twice his cities from any one player (the owner choosing which when the cap bites, §29.63); then the
    victim loses twice his cities in unit points of his choice, a city paying 5 (§29.62; AC-R32). Cities are
    counted once, now, when the card is first applied (bullet 3): those lost on the way change nothing."""
    victim, trader, name = frame["victim"], frame["trader"], frame["name"]
    per_city = number(name, "per_city")
    cities = [len(pieces.cities_of(state, seat)) for seat in range(state.players)]
    state.emit(
        "calamity",
        f"{name}: cities counted now: " + ", ".join(f"{state.who(s)} {n}" for s, n in enumerate(cities)) + ".",
        cities=cities,
    )
    lose(state, victim, per_city * cities[victim], name)  # bullet 2: after the others' losses (pushed first)
    areas = oppressed_areas(state, victim)
    chosen: list[tuple[int, int]] = []
    for other in state.ast_order():
        if other in (victim, trader):  # §29.61: the trader is never a secondary victim
            continue
        have = sum(pieces.count(state, area, other) for area in areas)
        cap = per_city * cities[other]
        if have and have <= cap:
            for area in areas:
                n = pieces.count(state, area, other)
                if n:
                    pieces.remove(state, area, other, n)
                    state.emit("loss", f"{name}: {state.who(other)} loses {n} in {area}.", seat=other, area=area)
        elif have > cap > 0:
            chosen.append((other, cap))
    for other, cap in reversed(chosen):  # pushed last first, so they choose in A.S.T. order
        lose(state, other, cap, name, areas=areas, cities=False)


# ----------------------------------------------------------------------------- Regression
@calamity("Regression")
def regression(state: CivState, frame: Frame) -> None:
    """Seed, Regression bullet 1: a random advance of the primary victim goes back to the bank. Bullet 2 needs
    nothing here: phase 12 follows, where it may be bought again under §31's usual rules — its price and
    prerequisites read the cards held when that phase begins, so its own credits and the cards it leads to
    wait for a later turn (AC-R33). Cards needing it as a prerequisite stay held."""
    victim, name = frame["victim"], frame["name"]
    player = state.data["players"][victim]
    for _ in range(number(name, "advances")):
        held = sorted(player["advances"])
        if not held:
            state.emit("calamity", f"{name}: {state.who(victim)} holds no advance to lose.", seat=victim)
            return
        lost = state.rng.pick(held)
        player["advances"] = [card for card in held if card != lost]
        state.emit("loss", f"{name}: {state.who(victim)} returns {lost} to the bank.", seat=victim, advance=lost)


__all__ = ["corruption_limit", "drought_areas", "drought_limit", "oppressed_areas", "wither"]
