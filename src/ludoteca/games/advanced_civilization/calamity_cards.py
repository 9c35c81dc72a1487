"""The twelve calamities of the standard game (AC §30; digest §1.6), one resolution each.

Each reads its figures from its table in ``data/cards.toml`` and uses the machinery of ``calamities``:
``lose`` (a victim chooses its units, §29.63), ``direct`` (the primary victim shares losses out, §29.64) and
``pick_cities`` (someone chooses cities to reduce, destroy, turn pirate or take over). Areas that form one
volcano or one flood plain are the marked areas joined by land borders (AC-R23).
"""

from __future__ import annotations

import math

from ludoteca.core import Action
from ludoteca.core.wording import count
from ludoteca.games.advanced_civilization import barbarians, pieces, taxation
from ludoteca.games.advanced_civilization.calamities import (
    LOSS_HOOKS,
    calamity,
    destroy_city,
    direct,
    figures,
    lose,
    modifier,
    pick_cities,
    reduce_city,
    unit_points,
)
from ludoteca.games.advanced_civilization.machine import RULES, Frame
from ludoteca.games.advanced_civilization.state import CivState


def _others(state: CivState, frame: Frame, *, exempt: tuple[str, ...] = ()) -> list[int]:
    """Possible secondary victims: not the primary, not its trader (§29.61), not holders of ``exempt``."""
    return [
        s
        for s in state.ast_order()
        if s not in (frame["victim"], frame["trader"]) and not any(state.has(s, a) for a in exempt)
    ]


def regions(state: CivState, marked: str) -> list[list[str]]:
    """Groups of ``volcano`` or ``flood_plain`` areas joined by land borders (one volcano, one flood plain)."""
    board = state.board
    left = {a for a, spec in board.areas.items() if getattr(spec, marked)}
    groups = []
    while left:
        todo = [min(left)]
        group = set(todo)
        while todo:
            for other in board.borders.get(todo.pop(), ()):
                if other in left and other not in group:
                    group.add(other)
                    todo.append(other)
        left -= group
        groups.append(sorted(group))
    return sorted(groups)


def _points_in(state: CivState, seat: int, areas: list[str], cities: bool = True) -> int:
    return sum(pieces.count(state, a, seat) + (5 if cities and pieces.owner(state, a) == seat else 0) for a in areas)


# ----------------------------------------------------------------------------- stack 2
@calamity("Volcanic Eruption / Earthquake")
def volcano(state: CivState, frame: Frame) -> None:
    """A victim's city by a volcano: it erupts, destroying every unit in its areas (the site doing most harm).
    Otherwise an earthquake destroys a city of the victim's choice (reduces it, with Engineering) and he
    reduces a neighbouring city of another player who lacks Engineering."""
    victim, name = frame["victim"], frame["name"]
    sites = [g for g in regions(state, "volcano") if any(pieces.owner(state, a) == victim for a in g)]
    if sites:
        site = max(sites, key=lambda g: sum(_points_in(state, s, g) for s in range(state.players)))
        state.emit("calamity", f"The volcano at {', '.join(site)} erupts.", calamity=name, areas=list(site))
        for area in site:
            if area in state.data["cities"]:
                destroy_city(state, area, name)
            for seat in pieces.present(state, area):
                n = pieces.count(state, area, seat)
                pieces.remove(state, area, seat, n)
                state.emit(
                    "loss", f"{name}: {state.who(seat)} loses {count(n, 'token')} in {area}.", seat=seat, area=area
                )
        return
    if pieces.cities_of(state, victim):
        RULES.push(state, "earthquake", seat=victim, name=name, trader=frame["trader"])


def _quake_options(state: CivState, frame: Frame) -> list[Action]:
    verb = "reduce" if state.has(frame["seat"], "Engineering") else "destroy"
    return [
        Action(f"{verb} your city in {area} by the earthquake", area) for area in pieces.cities_of(state, frame["seat"])
    ]


@RULES.decision("earthquake", _quake_options)
def earthquake(state: CivState, frame: Frame, action: Action) -> None:
    victim, area, name = frame["seat"], action.payload, frame["name"]
    if state.has(victim, "Engineering"):
        reduce_city(state, area, name)
    else:
        destroy_city(state, area, name)
    spec = figures(name)
    owners = _others(state, {"victim": victim, "trader": frame["trader"]}, exempt=spec.names("immune_secondary"))
    pick_cities(state, victim, owners, 1, "reduce", name, near=area)


@calamity("Treachery")
def treachery(state: CivState, frame: Frame) -> None:
    """Traded: the trader takes over a city of the victim's of his choice (eliminated if he has no city piece
    to spare). Not traded: the victim reduces one of his cities."""
    victim, trader, name = frame["victim"], frame["trader"], frame["name"]
    n = figures(name).number("cities")
    if trader is not None:
        pick_cities(state, trader, [victim], n, "treachery", name, taker=trader)
    else:
        pick_cities(state, victim, [victim], n, "reduce", name)


# ----------------------------------------------------------------------------- stack 3
def _famine_loss(state: CivState, seat: int, points: int, name: str, limits: dict[str, object]) -> None:
    """A Famine victim's loss; a Pottery holder is first asked how many Grain cards he shows (§30.3: he "may"
    reduce the loss), primary or secondary victim alike."""
    if points > 0 and state.has(seat, "Pottery"):
        RULES.push(state, "pottery", seat=seat, points=points, calamity=name, limits=limits)
    else:
        lose(state, seat, points, name, **limits)


LOSS_HOOKS["pottery"] = _famine_loss


def _grain_options(state: CivState, frame: Frame) -> list[Action]:
    """Famine under Pottery (AC-R23): show from as many Grain cards as the loss can use down to none; each saves 4
    unit points and stays locked this turn (it cannot pay for advances). Grain kept hidden stays free for buying.
    Always asked, even with no Grain to show, so that being asked tells nobody what the hand holds (AC-R34)."""
    seat, points = frame["seat"], frame["points"]
    per = figures("Famine").number("pottery_per_grain")
    free = state.data["players"][seat]["hand"].count("Grain") - state.data["locked"][seat]
    most = min(free, math.ceil(points / per))
    options = [
        Action(f"show {_grain(n)} under Pottery and lose {_points(max(0, points - per * n))}", n)
        for n in range(most, 0, -1)
    ]
    options.append(Action(f"show no Grain and lose {_points(points)}", 0))
    return options


def _grain(n: int) -> str:
    return count(n, "Grain card")


@RULES.decision("pottery", _grain_options, always_ask=True)
def pottery(state: CivState, frame: Frame, action: Action) -> None:
    seat, used = frame["seat"], int(action.payload)
    per = figures("Famine").number("pottery_per_grain")
    if used:
        state.data["locked"][seat] += used
        state.emit("calamity", f"Famine: {state.who(seat)} shows {_grain(used)} under Pottery.", seat=seat)
    else:
        state.emit("calamity", f"Famine: {state.who(seat)} shows no Grain.", seat=seat)
    lose(state, seat, max(0, frame["points"] - per * used), frame["calamity"], **frame["limits"])


@calamity("Famine")
def famine(state: CivState, frame: Frame) -> None:
    """The victim loses 10 unit points and directs 20 more at the others, at most 8 each."""
    victim, name = frame["victim"], frame["name"]
    spec = figures(name)
    exempt = [s for s in range(state.players) if s not in _others(state, frame)]
    direct(state, victim, spec.number("secondary"), spec.number("secondary_each"), name, hook="pottery", exempt=exempt)
    _famine_loss(state, victim, spec.number("primary"), name, {})


@calamity("Superstition")
def superstition(state: CivState, frame: Frame) -> None:
    """Three cities reduced; only the best religion card held counts (Mysticism 2, Deism 1, Enlightenment 0)."""
    victim, name = frame["victim"], frame["name"]
    spec = figures(name)
    n = spec.number("cities")
    religion = spec.table("best_religion")
    held = [v for a, v in religion.items() if state.has(victim, a)]
    if held:
        n = min(held)
    pick_cities(state, victim, [victim], n, "reduce", name)


# ----------------------------------------------------------------------------- stack 4
@calamity("Civil War")
def civil_war(state: CivState, frame: Frame) -> None:
    """The nation splits (AC-R23): a first faction of 15 unit points of the victim's choice (+5 Music, +5 Drama
    and Poetry, +10 Democracy) plus 20 chosen by the beneficiary, Military making each choice 5 smaller; with
    Philosophy the first faction is 15 points chosen by the beneficiary alone. The victim then continues with
    the faction he chooses and the beneficiary annexes the other (§30.415). No civil war when nobody has more
    unit points in stock than the victim."""
    victim, name = frame["victim"], frame["name"]
    spec = figures(name)
    taker = taxation.beneficiary(state, victim)
    if taker is None or pieces.stock_points(state, taker) <= pieces.stock_points(state, victim):
        state.emit("calamity", f"Civil War: {state.who(victim)} has the most in stock; there is no civil war.")
        return
    state.data["faction"] = {"tokens": {}, "cities": []}
    military = spec.number("military_penalty") if state.has(victim, "Military") else 0
    if state.has(victim, "Philosophy"):
        RULES.push(state, "civil_war_keep", seat=victim, taker=taker, name=name)
        RULES.push(state, "faction", seat=taker, victim=victim, points=spec.number("philosophy_annexed"), name=name)
        return
    bonus = spec.table("victim_bonus")
    first = spec.number("victim_keeps") + modifier(state, victim, bonus) - military
    second = spec.number("beneficiary_keeps") - military
    RULES.push(state, "civil_war_keep", seat=victim, taker=taker, name=name)
    RULES.push(state, "faction", seat=taker, victim=victim, points=second, name=name)
    RULES.push(state, "faction", seat=victim, victim=victim, points=first, name=name)


def _faction_units(state: CivState, victim: int) -> tuple[dict[str, int], list[str]]:
    marked = state.data["faction"]
    tokens = {
        a: n - marked["tokens"].get(a, 0)
        for a in sorted(state.data["tokens"])
        if (n := pieces.count(state, a, victim)) - marked["tokens"].get(a, 0) > 0
    }
    cities = [a for a in pieces.cities_of(state, victim) if a not in marked["cities"]]
    return tokens, cities


def _faction_options(state: CivState, frame: Frame) -> list[Action]:
    from ludoteca.games.advanced_civilization.calamities import _best

    need = frame["points"]
    tokens, cities = _faction_units(state, frame["victim"])
    t, c = sum(tokens.values()), len(cities)
    best = _best(need, t, c)
    if need <= 0 or best == 0:
        return []
    who = state.who(frame["victim"])
    options = []
    if t and 1 + _best(need - 1, t - 1, c) == best:
        options += [Action(f"select a token of {who} in {a}", ["token", a]) for a in tokens]
    if c and 5 + _best(need - 5, t, c - 1) == best:
        options += [Action(f"select the city of {who} in {a}", ["city", a]) for a in cities]
    return options


@RULES.decision("faction", _faction_options)
def faction(state: CivState, frame: Frame, action: Action) -> None:
    """Selecting a faction's units one at a time, exactly or with the least overshoot (§29.63)."""
    kind, area = action.payload
    marked = state.data["faction"]
    if kind == "token":
        marked["tokens"][area] = marked["tokens"].get(area, 0) + 1
    else:
        marked["cities"].append(area)
    RULES.repush(state, frame, points=frame["points"] - (1 if kind == "token" else 5))


def _faction_worth(state: CivState, tokens: dict[str, int], cities: list[str]) -> int:
    return sum(tokens.values()) + 5 * len(cities)


def factions(state: CivState, victim: int) -> dict[bool, tuple[dict[str, int], list[str]]]:
    """A civil war's two factions, the first (selected) under True: tokens per area and cities of each."""
    marked = state.data["faction"]
    return {True: (dict(marked["tokens"]), list(marked["cities"])), False: _faction_units(state, victim)}


def _keep_options(state: CivState, frame: Frame) -> list[Action]:
    """§30.415: the victim continues with either faction: the one selected (first) or the rest of his units."""
    options = []
    for keep_first, (tokens, cities) in factions(state, frame["seat"]).items():
        which = "the first faction" if keep_first else "the other faction"
        worth = _faction_worth(state, tokens, cities)
        towns = f", {_cities_text(len(cities))}" if cities else ""
        options.append(Action(f"continue with {which}: {_points(worth)}{towns}", keep_first))
    return options


def _points(n: int) -> str:
    return count(n, "unit point", zero="0")


def _cities_text(n: int) -> str:
    return count(n, "city")


@RULES.decision("civil_war_keep", _keep_options)
def civil_war_keep(state: CivState, frame: Frame, action: Action) -> None:
    """The victim keeps the faction he chose; the beneficiary replaces the other's units with its own, as far as
    its stock and city pieces allow (§30.415; AC-R23)."""
    victim, taker = frame["seat"], frame["taker"]
    marked = state.data.pop("faction")
    unmarked_tokens, unmarked_cities = _faction_units_from(state, victim, marked)
    keep_first = bool(action.payload)
    state.emit(
        "calamity",
        f"Civil War: {state.who(victim)} continues with {'the first' if keep_first else 'the other'} faction.",
        seat=victim,
    )
    if keep_first:
        tokens, cities = unmarked_tokens, unmarked_cities
    else:
        tokens, cities = marked["tokens"], marked["cities"]
    moved = 0
    for area, n in sorted(tokens.items()):
        pieces.remove(state, area, victim, n)
        moved += pieces.add(state, area, taker, n)
    for area in cities:
        if pieces.spare_cities(state, taker):
            state.data["cities"][area]["owner"] = taker
            moved += 5
        else:
            del state.data["cities"][area]
    state.emit(
        "calamity",
        f"Civil War: {state.who(taker)} annexes {_points(moved)} of {state.who(victim)}.",
        seat=taker,
        victim=victim,
        areas=sorted(set(tokens) | set(cities)),
    )


def _faction_units_from(state: CivState, victim: int, marked: dict[str, object]) -> tuple[dict[str, int], list[str]]:
    state.data["faction"] = marked
    try:
        return _faction_units(state, victim)
    finally:
        del state.data["faction"]


@calamity("Slave Revolt")
def slave_revolt(state: CivState, frame: Frame) -> None:
    """15 of the victim's tokens cannot support cities this phase (Mining +5, Enlightenment -5)."""
    victim, name = frame["victim"], frame["name"]
    spec = figures(name)
    n = max(0, spec.number("tokens") + modifier(state, victim, spec.table("modifiers")))
    state.data["support_penalty"][victim] += n
    state.emit(
        "calamity", f"Slave Revolt: {count(n, 'token')} of {state.who(victim)} cannot support cities.", seat=victim
    )


# ----------------------------------------------------------------------------- stack 5
@calamity("Flood")
def flood(state: CivState, frame: Frame) -> None:
    """On the victim's most occupied flood plain he loses 17 unit points and directs 10 at the others there;
    Engineering caps anyone's loss at 7; cities on black sites are safe. With no units on a flood plain he
    loses a coastal city instead (reduced with Engineering)."""
    victim, name = frame["victim"], frame["name"]
    spec = figures(name)
    board = state.board
    plains = [g for g in regions(state, "flood_plain") if _vulnerable(state, victim, g)]
    if not plains:
        effect = "reduce" if state.has(victim, "Engineering") else "destroy"
        pick_cities(state, victim, [victim], 1, effect, name, coastal=True)
        return
    plain = max(plains, key=lambda g: _vulnerable(state, victim, g))
    open_cities = [a for a in plain if board.areas[a].city_site != "black"]
    cap = spec.number("engineering_cap")
    primary = spec.number("primary")
    if state.has(victim, "Engineering"):
        primary = min(primary, cap)
    state.emit("calamity", f"Flood on the plain of {', '.join(plain)}.", calamity=name, areas=list(plain))
    exempt = [s for s in range(state.players) if s not in _others(state, frame)]
    direct(
        state, victim, spec.number("secondary"), spec.number("secondary"), name,
        areas=plain, city_areas=open_cities, engineering_cap=cap, exempt=exempt,
    )  # fmt: skip
    lose(state, victim, primary, name, areas=plain, city_areas=open_cities)


def _vulnerable(state: CivState, seat: int, plain: list[str]) -> int:
    black = {a for a in plain if state.board.areas[a].city_site == "black"}
    return sum(
        pieces.count(state, a, seat) + (5 if pieces.owner(state, a) == seat and a not in black else 0) for a in plain
    )


@calamity("Barbarian Hordes")
def barbarian_hordes(state: CivState, frame: Frame) -> None:
    """15 barbarians land where they hurt the victim most; Crete is never its primary victim (no effect)."""
    victim, name = frame["victim"], frame["name"]
    spec = figures(name)
    if state.data["nations"][victim] in spec.names("immune_nations"):
        state.emit("calamity", f"{name}: {state.who(victim)} is immune.")
        return
    barbarians.hordes(state, victim, spec.number("tokens"), name)


# ----------------------------------------------------------------------------- stacks 6-9
@calamity("Epidemic")
def epidemic(state: CivState, frame: Frame) -> None:
    """16 unit points (Medicine -8, Roadbuilding +5), then 25 directed at others, at most 10 each (Medicine -5,
    Roadbuilding +5 for each of them); nobody loses his last token in an area, and a city reduced counts at most
    4 unit points, primary and secondary victims alike (§30.612)."""
    victim, name = frame["victim"], frame["name"]
    spec = figures(name)
    exempt = [s for s in range(state.players) if s not in _others(state, frame)]
    city = spec.number("city_points")
    direct(
        state, victim, spec.number("secondary"), spec.number("secondary_each"), name,
        keep_one=True, modifiers=spec.table("secondary_modifiers"), exempt=exempt, city_points=city,
    )  # fmt: skip
    points = spec.number("primary") + modifier(state, victim, spec.table("primary_modifiers"))
    lose(state, victim, points, name, keep_one=True, city_points=city)


@calamity("Civil Disorder")
def civil_disorder(state: CivState, frame: Frame) -> None:
    """All but three of the victim's cities are reduced; Music, Drama and Poetry, Law and Democracy keep one
    more each, Military and Roadbuilding one fewer."""
    victim, name = frame["victim"], frame["name"]
    spec = figures(name)
    keep = max(0, spec.number("keep") + modifier(state, victim, spec.table("keep_modifiers")))
    pick_cities(state, victim, [victim], len(pieces.cities_of(state, victim)) - keep, "reduce", name)


@calamity("Iconoclasm and Heresy")
def iconoclasm(state: CivState, frame: Frame) -> None:
    """Four cities reduced (Law -1, Philosophy -1, Theology -3, Monotheism +1, Roadbuilding +1); the victim
    has two more reduced among the others — not Theology holders, at most one of a Philosophy holder's."""
    victim, name = frame["victim"], frame["name"]
    spec = figures(name)
    caps = spec.table("secondary_cap")
    owners = _others(state, frame, exempt=spec.names("immune_secondary"))
    cap = {str(s): n for s in owners for a, n in caps.items() if state.has(s, a)}
    pick_cities(state, victim, owners, spec.number("secondary"), "reduce", name, cap=cap)
    n = max(0, spec.number("cities") + modifier(state, victim, spec.table("modifiers")))
    pick_cities(state, victim, [victim], n, "reduce", name)


@calamity("Piracy")
def piracy(state: CivState, frame: Frame) -> None:
    """Two coastal cities of the victim become pirate cities, chosen by the trader (by the victim if it was
    not traded, AC-R23); then the victim names two other players who each turn one coastal city pirate."""
    victim, trader, name = frame["victim"], frame["trader"], frame["name"]
    spec = figures(name)
    RULES.push(state, "piracy_victims", seat=victim, left=spec.number("secondary_players"), name=name, trader=trader)
    chooser = trader if trader is not None else victim
    pick_cities(state, chooser, [victim], spec.number("cities"), "pirate", name, coastal=True)


def _coastal_cities(state: CivState, seat: int) -> list[str]:
    return [a for a in pieces.cities_of(state, seat) if a in state.board.coastal]


def _piracy_options(state: CivState, frame: Frame) -> list[Action]:
    if frame["left"] <= 0:
        return []
    done = frame.get("named", [])
    return [
        Action(f"name {state.who(s)} for Piracy", s)
        for s in _others(state, {"victim": frame["seat"], "trader": frame["trader"]})
        if s not in done and _coastal_cities(state, s)
    ]


@RULES.decision("piracy_victims", _piracy_options)
def piracy_victims(state: CivState, frame: Frame, action: Action) -> None:
    other = int(action.payload)
    RULES.repush(state, frame, left=frame["left"] - 1, named=[*frame.get("named", []), other])
    pick_cities(state, other, [other], 1, "pirate", frame["name"], coastal=True)


# ----------------------------------------------------------------------------- Monotheism (phase 11)
@RULES.auto("monotheism")
def monotheism(state: CivState, frame: Frame) -> None:
    RULES.push_sequence(
        state, [{"step": "convert", "seat": s} for s in state.ast_order() if state.has(s, "Monotheism")]
    )


def _convert_options(state: CivState, frame: Frame) -> list[Action]:
    """One area next to one of the holder's (by land), holding units of a player without Monotheism or Theology."""
    seat, board = frame["seat"], state.board
    mine = {a for a in state.data["tokens"] if pieces.count(state, a, seat)} | set(pieces.cities_of(state, seat))
    near = sorted({o for a in mine for o in board.borders.get(a, ())})
    options = []
    for area in near:
        owners = set(pieces.present(state, area)) | ({pieces.owner(state, area)} - {None})
        for other in sorted(o for o in owners if o is not None):
            if other != seat and not state.has(other, "Monotheism") and not state.has(other, "Theology"):
                options.append(Action(f"convert the units of {state.who(other)} in {area}", [area, other]))
    options.append(Action("convert no area", None))
    return options


@RULES.decision("convert", _convert_options)
def convert(state: CivState, frame: Frame, action: Action) -> None:
    """Monotheism: the other player's units in the area become the holder's, as far as its stock allows."""
    if action.payload is None:
        return
    seat, (area, other) = frame["seat"], action.payload
    n = pieces.count(state, area, other)
    pieces.remove(state, area, other, n)
    got = pieces.add(state, area, seat, n)
    if pieces.owner(state, area) == other:
        if pieces.spare_cities(state, seat):
            state.data["cities"][area]["owner"] = seat
            got += 5
        else:
            del state.data["cities"][area]
    state.emit(
        "convert", f"Monotheism: {state.who(seat)} converts {state.who(other)}'s units in {area}.", seat=seat, area=area
    )
    del got


__all__ = ["factions", "regions", "unit_points"]
