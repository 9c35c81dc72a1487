"""Board play a good Advanced Civilization player follows, where one move of look-ahead is blind.

A city is the engine of the game (taxes, a trade card a stack, the A.S.T.'s city requirements), and a city
is six tokens gathered on an empty city site by the end of movement (§25.1). Growth comes before movement
(§20, §23), so the tokens of the neighbouring areas can be brought in to make up six: the bots gather them
on the site they can complete with the fewest tokens. A city needs two tokens on the board to stay (§26.31):
a city the board cannot support is reduced at once (§26.4), its tokens lost, so a bot builds only what it can
support. Taxes come out of the stock (§19.1): with too few tokens in stock the cities revolt and go to the
neighbour with the most stock (§19.3), so a bot keeps a reserve there instead of spreading every spare token
over the map; the tokens over the areas' limits go back to stock in phase 8 (§26.1) and count toward it, and
while the stock is short it pays for advances from the treasury (``pay``), whose tokens go back to stock (§32). Ships
cost tokens and a token a turn (§22), so the bots build one only when hemmed in: tokens over the limits with no
land to go to (an island nation such as Crete), paid by those tokens and sailed to free land across the water.

A token gathered on a site from over its own area's limit costs no support (phase 8 would send it back to stock,
§26.1), so the gatherer takes those first and counts only the others as support lost.

Piracy leaves pirate cities on coastal sites, and nothing removes them but an assault (AC-R24): left alone
they pile up (a dozen by turn 40 in a game of seed 7, as many as the nations' cities) and take the sites the
nations live beside. A bot gathers on a pirate city's area the tokens that take it and leave no barbarian
there, as it gathers on an empty site, and spreads no tokens into it otherwise (none stay past phase 8).

Calamities take back most of the cities built (§29, §30), so the bots also play against them where a choice
is theirs: of two sites needing as many tokens they gather on the one no Volcanic Eruption or Flood can take,
and they value an advance also by the cities it spares them from the calamities of the stacks they draw
(Superstition, Slave Revolt, Epidemic, Flood, Civil Disorder) and Agriculture by the support it adds.

Where no city site is within reach, a city is twelve tokens on any other area (§25.1): the bots gather those
too, after every site, rather than let a nation of twenty tokens stand idle beside its own cities.

A rival's city is taken as a site is, when the tokens in reach can: seven attack it (§24.51), it becomes six
defenders, and a force that is left alone with six pillages and builds there the same turn (§24.53, §25.1).
The bots attack only a rival at least as high on the public score, so a trailing nation has a way back and a
leader is not kicked further ahead of the rest.

Everything here reads the seat's own pieces and the public board only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import TYPE_CHECKING, Any

from ludoteca.core import Action
from ludoteca.games.advanced_civilization import cards, pieces

if TYPE_CHECKING:
    from ludoteca.games.advanced_civilization.state import CivState

# Tokens kept in stock beyond the next turn's taxes (§19.1). 0 measured best: 8 games of 40 turns (seed 7),
# 3.48 cities a seat over turns 20-40 against about 3.1 with a margin of 4 or 8 (2026-12-01, session 6).
STOCK_MARGIN = 0
# Tokens an area keeps when its others leave to found new areas (§20.1: one token grows by one, two or more by
# two, so each token spread to an area of its own grows as fast). 1 measured best: with the settings below, 3.60
# (3.51-3.70) cities a seat over turns 20-40 against 3.49 with 2 (+0.11 a game, -0.01 to +0.23; +0.14, 0.02 to
# 0.26, against session 6's bots), 48 games of 50 turns, seed 0, 2026-12-01, session 7.
GROWTH_BASE = 1
# Tokens beyond two a city that a new city must leave on the board (§26.31), against the token losses of
# phase 11 (§29.8): 0 measured best (3, with the three settings below: 3.46 cities a seat over turns 20-40,
# against 3.50 without it and 3.40 before them; 12 games of 40 turns, seed 7, 2026-12-01, session 7).
SUPPORT_MARGIN = 0
# Tokens a site on a volcano or a white (flood plain) site counts as still needing when the gatherer picks a
# site (risky): 2 gave 3.50 cities a seat against 3.40 (12 games, seed 7, session 7).
SITE_RISK = 2
# How much room beside an empty city site appeals to the spreading tokens (§23, §25.1): 3 was no better (3.45
# against 3.40, 12 games, seed 7, session 7).
STAGING = 1.5
# Worth, in advance points, of the token of support Agriculture adds in each area held alone (§26.11): 10 gave
# 3.47 against 3.40 (12 games, seed 7, session 7).
AGRICULTURE_TOKEN_WORTH = 10.0
# Worth, in advance points, of each city an advance spares a strike of the calamities the seat meets (§30,
# spared_cities): 40 gave 3.47 against 3.40, 100 gave 3.34 (12 games, seed 7, session 7). With SITE_RISK and
# AGRICULTURE_TOKEN_WORTH: 3.52 (3.39-3.65) against 3.34 (3.24-3.43), 24 games of 40 turns, seed 11; but on
# 48 games of 50 turns (seed 0) 3.49 against 3.46, +0.03 a game (-0.04 to +0.10): kept as play that costs no
# target (docs/agents.md). The three at 0 play exactly as session 6's bots.
SPARED_CITY_WORTH = 40.0
# Count the tokens phase 8 sends back to stock toward next turn's taxes before the spreading stops (§26.1, §19).
RETURNS_PAY_TAXES = True
# Gather on a pirate city's site the tokens that take it and leave no barbarian behind (AC-R24, §24.51), as on an
# empty site: the site is free for a city again.
ASSAULT_PIRATES = True
# Spread no tokens into a pirate city's or barbarians' area (AC-R24: none stay there, barbarians fight).
KEEP_OUT_OF_PIRATES = True
# With no city site within reach (no plan above), gather twelve tokens on an area without one and build there
# (§25.1): in half the movements of a 4-bot game no site was in reach, in a third of those with 20-odd tokens
# on the board (session 9). 4.46 (4.33-4.60) cities a seat over turns 20-40 against 4.22 (4.10-4.34), paired
# +0.24 (+0.08 to +0.41), 24 games of 40 turns, seed 11; 4.40 (4.30-4.49) against 4.26 (4.17-4.35), +0.14
# (-0.01 to +0.29), 48 games of 50 turns, seed 0 (2026-12-02, session 9).
CITIES_ELSEWHERE = True
# How many tokens short of next turn's taxes (§19.1) the stock must be for a stack-9 card to be bought (§27: its
# 18 treasury tokens go back to stock): 1, any shortfall. One card in ten of that stack is Piracy (§30: two
# coastal cities of the buyer's turn pirate, and one each of two others): 3 gave 4.22 cities a seat against 4.60
# and -3 gave 4.33 (12 games of 40 turns, seed 7, 2026-12-02, session 10); never buying when short, 3.63.
STACK9_SHORT_GAP = 1
# Pay for advances from the treasury before any set while the stock holds fewer than next turn's taxes and this
# many tokens more, about a turn's growth (§32: treasury tokens go back to stock; §19.1 taxes and §20 growth come
# out of it; paid in sets, the treasury piled up to 20-40 tokens by phase 9 and a stack-9 card, one in ten a
# Piracy, was bought a turn in four to get them back). -1: sets first always, the treasury only for what they
# leave (the play before session 10). Measured with bench/ac_development.py (the bots' payments routed to
# ``pay``, which evaluation.heuristic_choice now answers "pay" with), cities a seat over turns 20-40: 24 games
# of 40 turns, seed 11, 4.46 with -1, 4.64 with 5, 4.74 with 10, 4.97 with 20 (paired +0.51, +0.33 to +0.68),
# 5.02 with 30; 48 games of 50 turns, seed 0, 4.96 (4.83-5.09) against 4.40 (4.30-4.49), paired +0.56 (+0.39
# to +0.73) (2026-12-02, session 10; docs/agents.md).
TREASURY_FIRST_MARGIN = 20
# Build a ship when at least this many tokens over the areas' limits have no land area in reach with room for
# them (``stranded``), and sail them to free land across the water (§22; before session 11 the bots never
# used ships, and Crete, whose island holds two areas of limits 3 and 2, won 0 of 43 two-player games; with
# them and the gathering below, 7 of the same 43). 2 is Crete's case once Knossos holds a city: Phaestos grows
# to 4, two over its limit, every turn (3 left it there for whole games); measured only with the rest of the
# session's changes (docs/agents.md).
SHIPS_WHEN_HEMMED = True
SHIP_STRANDED = 2
# Gather on an empty city site where one other nation stands the tokens that win the conflict (§24) and leave a
# city's worth (§25.1): a player boxed in by neighbours takes a site from them. 48 games of 50 turns, seed 0
# (2026-12-02, session 11), cities a seat over turns 20-40 and the least seat's advances at turn 40: Assyria,
# Asia, Italy, Babylon 5.22 against 5.23 (paired -0.00, -0.15 to +0.14), least seat 10.96 against 10.62, 1 game
# of 48 with a seat below 6 as before; the bots' own lineup (Assyria, Asia, Illyria, Italy) 5.08 against 5.06
# (+0.03, -0.16 to +0.21), least seat 10.44 against 10.02, 0 games of 48 below 6 against 2: kept.
CONTEST_SITES = True
# Gather on a rival's city the tokens that take it and keep a city's worth there (§24.51-§24.53: the city
# becomes six defenders, the conflict is fought, the attacker left alone pillages; §25.1: the site is built
# again in phase 7), when that rival stands at least as high on the public score: a nation boxed in by
# neighbours' cities takes one from a leader instead of standing idle. 150 games of 50 turns, the bots' own lineup
# (seeds 0-2, 2026-12-03, session 15): 0.45 cities attacked a game, 5.16 cities a seat over turns 20-40 against
# 5.15 (paired +0.01, -0.05 to +0.07), 3 games of 150 with a seat below 6 advances against 2; two-player
# strength as before. Kept as the play a person expects of a rival (docs/agents.md).
ASSAULT_CITIES = True
# Send the tokens phase 8 would take back anyway (over their area's limit, §26.1), which no neighbour has room
# for, into a neighbouring area a rival at least as high on the public score holds: the conflict (§24) costs
# the mover nothing it would keep and may leave it room to grow. A nation boxed in by its neighbours (Illyria
# at 14 tokens for a dozen turns, its borders held by rivals' cities and tokens, session 17) otherwise loses
# its growth every turn. 150 games of 50 turns, the bots' own lineup (seeds 0-2, 2026-12-03, session 17), against
# the same games without it: the least seat's advances at turn 40 11.31 against 10.71 (paired +0.59, +0.12 to
# +1.07), all seats' 13.88 against 13.53 (+0.34, +0.07 to +0.62), cities a seat over turns 20-40 5.15 against
# 5.16 (-0.01, -0.12 to +0.10), 1 game of 150 with a seat below 6 advances against 3.
CONTEST_SURPLUS = True
# What a tradable calamity hidden among a deal's undeclared cards costs the seat that takes it, in §35 set value
# (§28: only the count and two cards of an offer are named; §29: whoever holds it when trading ends suffers it).
# A deal is made when the set value it adds beats this price times the chance that the other trader holds one
# (``hidden_risk``). 0, undeclared cards counting for nothing, measured best (2026-12-03, session 20): at 40, the
# evaluation's price of a calamity held, one wary seat among three bots without it won 51 of 200 four-player games
# (25.5%, 21.0-30.0% over 50 deals, an even share 25%), while four wary bots traded 3.2 times a game instead of 26.2,
# suffered 68.5 calamities instead of 57.8 (those they could not pass on) and reached the A.S.T.'s end 3.1 turns
# later (50 games of 50 turns, seed 0; 20: 10.5 trades, 65.2 calamities): no gain to the wary, a slower table.
TRADE_RISK = 0.0

# The settings a board plan may change for one turn (``following``; data/bots.toml's ``plans``, chosen by the
# search: planning.py). The others are measured defaults a plan leaves alone.
PLAYABLE = ("GROWTH_BASE", "STOCK_MARGIN", "CITIES_ELSEWHERE", "CONTEST_SITES", "ASSAULT_CITIES", "CONTEST_SURPLUS")
# The plan the board play of this thread (or task) follows: a context variable, not a module global, so a
# server's bot threads searching different games never see each other's plans.
# Its settings as (name, value) pairs: a tuple, which no one can change in place.
_PLAN: ContextVar[tuple[tuple[str, object], ...]] = ContextVar("advanced_civilization_plan", default=())


@contextmanager
def following(plan: Mapping[str, object]) -> Iterator[None]:
    """Play the board by ``plan``'s settings (names from ``PLAYABLE``) inside the block, the module's elsewhere."""
    unknown = sorted(set(plan) - set(PLAYABLE))
    if unknown:
        raise ValueError(f"a board plan may set only {', '.join(PLAYABLE)}, not {', '.join(unknown)}")
    token = _PLAN.set(tuple(sorted(plan.items())))
    try:
        yield
    finally:
        _PLAN.reset(token)


def _setting(name: str) -> Any:
    for key, value in _PLAN.get():
        if key == name:
            return value
    return globals()[name]


def growth_base() -> int:
    return int(_setting("GROWTH_BASE"))


def stock_margin() -> int:
    return int(_setting("STOCK_MARGIN"))


def cities_elsewhere() -> bool:
    return bool(_setting("CITIES_ELSEWHERE"))


def contest_sites() -> bool:
    return bool(_setting("CONTEST_SITES"))


def assault_cities() -> bool:
    return bool(_setting("ASSAULT_CITIES"))


def contest_surplus() -> bool:
    return bool(_setting("CONTEST_SURPLUS"))


def _movable(state: CivState, area: str, seat: int) -> int:
    from ludoteca.games.advanced_civilization.movement import movable

    return movable(state, area, seat)


def _city_cost(state: CivState, area: str) -> int:
    from ludoteca.games.advanced_civilization.cities import city_cost

    return city_cost(state, area)


def _empty_site(state: CivState, site: str) -> bool:
    """A city site (one of ``Board.city_sites``) with no city, pirate city or barbarians on it (§25.1, AC-R24)."""
    data = state.data
    return site not in data["cities"] and site not in data["pirates"] and site not in data["barbarians"]


def open_sites(state: CivState, seat: int) -> list[str]:
    """Empty city sites where ``seat`` could build: no city, no pirate city or barbarians (AC-R24), and no
    other nation's tokens (a nation builds only where it is alone, §25.1; AC-R20)."""
    return [
        name
        for name in state.board.city_sites
        if _empty_site(state, name) and not any(s != seat for s in pieces.present(state, name))
    ]


def _kept(state: CivState, seat: int, area: str, sites: set[str]) -> int:
    """Tokens a source must keep: a site already holding a city's worth keeps it (it builds this turn); with
    ``CITIES_ELSEWHERE`` so does an area without a site holding twelve, where the bot may build (§25.1)."""
    if area in sites or (cities_elsewhere() and _buildable(state, seat, area)):
        cost = _city_cost(state, area)
        if pieces.count(state, area, seat) >= cost:
            return cost
    return 0


def _buildable(state: CivState, seat: int, area: str) -> bool:
    """A land area where ``seat`` alone could build (§25.1, AC-R20, AC-R24): no city, no pirates or barbarians."""
    data = state.data
    if not state.board.areas[area].land or area in data["cities"]:
        return False
    if area in data["pirates"] or area in data["barbarians"]:
        return False
    return not any(s != seat for s in pieces.present(state, area))


def elsewhere_sites(state: CivState, seat: int) -> list[str]:
    """Areas without a city site where ``seat`` could build a city of twelve tokens (§25.1)."""
    return [
        area for area, spec in state.board.areas.items() if spec.city_site == "none" and _buildable(state, seat, area)
    ]


def assault_outcome(mine: int, metal: bool, limit: int, defenders: int) -> tuple[int, int]:
    """(tokens left, barbarians left) when ``mine`` tokens alone take a pirate city that becomes ``defenders``
    barbarians in an area of population ``limit`` (AC-R24), counted as phase 6 counts it (§24.2-§24.4,
    ``conflict.survivors``; the barbarians never hold Metalworking)."""
    from ludoteca.games.advanced_civilization.conflict import survivors

    left = survivors({"mine": mine, "barbarians": defenders}, {"mine": metal, "barbarians": False}, limit)
    return left["mine"], left["barbarians"]


def assault_need(state: CivState, seat: int, area: str) -> int | None:
    """The fewest tokens that take the pirate city in ``area`` and leave no barbarian there (§24.51: seven, six
    with Engineering, to attack at all; AC-R24), or None beyond twelve."""
    least = int(state.rules["assault"]) - (1 if state.has(seat, "Engineering") else 0)
    metal = state.has(seat, "Metalworking")
    limit = state.board.areas[area].limit
    defenders = int(state.rules["city_defenders"])
    for mine in range(least, 13):
        left, barbarians = assault_outcome(mine, metal, limit, defenders)
        if left and not barbarians:
            return mine
    return None


def contested_sites(state: CivState, seat: int) -> list[tuple[str, int]]:
    """Empty city sites where one other nation's tokens stand, each with the tokens ``seat`` still needs there
    to be left alone with a city's worth after phase 6's conflict (§24.2-§24.4, ``conflict.survivors``), at
    most twelve in all."""
    found = []
    areas = state.board.areas
    for name in state.board.city_sites:
        if not _empty_site(state, name):
            continue
        spec = areas[name]
        others = [s for s in pieces.present(state, name) if s != seat]
        if len(others) != 1:
            continue
        rival, theirs = others[0], pieces.count(state, name, others[0])
        cost = _city_cost(state, name)
        mine = _winning_force(
            cost, theirs, state.has(seat, "Metalworking"), state.has(rival, "Metalworking"), spec.limit
        )
        held = pieces.count(state, name, seat)
        if mine is not None and mine > held:
            found.append((name, mine - held))
    return found


def city_assaults(state: CivState, seat: int) -> list[tuple[str, int]]:
    """Rivals' cities ``seat`` can take and build again this turn, each with the tokens it still needs there: at
    least the assault's threshold (§24.51, Engineering on either side counted) and enough to be left alone
    with a city's worth after the defenders fight (§24.52, ``_winning_force``), at most twelve. Only the
    cities of rivals at least as high as ``seat`` on the public score, and only where no third nation stands."""
    from ludoteca.games.advanced_civilization.conflict import assault_threshold, city_defenders

    found = []
    scores = public_scores(state)
    areas = state.board.areas
    for area, city in state.data["cities"].items():
        owner = int(city["owner"])
        if owner == seat or scores[owner] < scores[seat]:
            continue
        if any(s != seat for s in pieces.present(state, area)):
            continue
        force = _winning_force(
            _city_cost(state, area), city_defenders(state, seat, owner), state.has(seat, "Metalworking"),
            state.has(owner, "Metalworking"), areas[area].limit,
        )
        if force is None:
            continue
        need = max(force, assault_threshold(state, seat, owner))  # more tokens never fare worse (§24.2)
        held = pieces.count(state, area, seat)
        if need > held:
            found.append((area, need - held))
    return found


@cache
def _winning_force(cost: int, theirs: int, my_metal: bool, their_metal: bool, limit: int) -> int | None:
    """The fewest tokens, from a city's ``cost`` up to twelve, that leave the other nation none and keep a city's
    worth after phase 6 (``conflict.survivors``, which treats the two forces alike but for Metalworking, so
    the answer depends on these numbers alone and is worked out once for each)."""
    from ludoteca.games.advanced_civilization.conflict import survivors

    for mine in range(cost, 13):
        left = survivors({"me": mine, "them": theirs}, {"me": my_metal, "them": their_metal}, limit)
        if left["them"] == 0 and left["me"] >= cost:
            return mine
    return None


def pirate_sites(state: CivState, seat: int) -> list[str]:
    """Pirate cities' areas no other nation holds tokens in: sites to free with an assault (AC-R24)."""
    return [
        area
        for area in state.data["pirates"]
        if not any(s != seat for s in pieces.present(state, area)) and area not in state.data["barbarians"]
    ]


def _plan_inputs(state: CivState, seat: int) -> tuple[object, ...]:
    """Everything ``gather_plan`` reads that can change in a game: units, moves made, cities, pirates,
    barbarians, the advances held (Roadbuilding, Engineering, Metalworking, Agriculture), with
    ``ASSAULT_CITIES``, the public scores (whose cities may be attacked), and the board plan followed."""
    data = state.data
    return (
        seat,
        data["turn"],
        tuple((area, tuple(row)) for area, row in data["tokens"].items()),
        tuple((area, tuple(row)) for area, row in data["moved"].items()),
        tuple((area, city["owner"]) for area, city in data["cities"].items()),
        tuple(data["pirates"]),
        tuple(data["barbarians"].items()),
        tuple(tuple(player["advances"]) for player in data["players"]),
        tuple(public_scores(state)) if assault_cities() else (),
        _PLAN.get(),
    )


def gather_plan(state: CivState, seat: int) -> list[tuple[int, str, dict[str, int]]]:
    """``plan_gathering``'s plans, worked out once for a position: a move is three steps (its source, its
    destination, its count) on one board, and the plan was worked out again at each of them. Kept on the
    state with what it was worked out from (``_plan_inputs``), so a changed board always plans afresh; the
    plans returned must not be changed."""
    inputs = _plan_inputs(state, seat)
    known = state.__dict__.get("_gather_plan")
    if known is not None and known[0] == inputs:
        plans: list[tuple[int, str, dict[str, int]]] = known[1]
        return plans
    plans = plan_gathering(state, seat)
    state.__dict__["_gather_plan"] = (inputs, plans)
    return plans


def plan_gathering(state: CivState, seat: int) -> list[tuple[int, str, dict[str, int]]]:
    """The city sites ``seat`` can complete this movement (§25.1: six tokens on a site), with
    ``ASSAULT_PIRATES`` the pirate cities it can take cleanly (``assault_need``), with ``CONTEST_SITES`` the
    sites it can win from one other nation (``contested_sites``), and with ``CITIES_ELSEWHERE``, when none of
    those, areas without a site (twelve tokens); best first, each as (tokens still needed, site, {source:
    tokens it sends}, surplus over a limit first, ``_draw``). Sources are the areas from which this turn's
    unmoved tokens reach the site by land (§23)."""
    from ludoteca.games.advanced_civilization.movement import land_destinations

    if not pieces.spare_cities(state, seat):  # nine cities at most (§25.1)
        return []
    sites = open_sites(state, seat)
    site_set = set(sites)
    reach: dict[str, frozenset[str]] = {}  # a source -> the areas its tokens reach by land
    spares: dict[str, int] = {}  # a source -> the tokens it can send (it keeps a city's worth it stands on)
    areas = state.board.areas
    for area, row in state.data["tokens"].items():
        if row[seat] and areas[area].land:
            spare = _movable(state, area, seat) - _kept(state, seat, area, site_set)
            if spare > 0:
                reach[area] = frozenset(land_destinations(state, seat, area))
                spares[area] = spare
    support = int(state.rules["city_support"]) * (len(pieces.cities_of(state, seat)) + 1) + SUPPORT_MARGIN
    plans: list[tuple[int, str, dict[str, int]]] = []

    def consider(target: str, need: int, city: str | None, kept_support: int) -> None:
        """Plan ``need`` more tokens for ``target`` if the sources in reach can give them and the support left
        after phase 8 (§26.31: two tokens a city on the board elsewhere, ``city`` built) is ``kept_support``."""
        givers = {area: spares[area] for area, targets in reach.items() if area != target and target in targets}
        if need <= 0 or sum(givers.values()) < need:
            return
        take, lost = _draw(state, seat, givers, need)
        if support_after(state, seat, city) - lost >= kept_support:
            plans.append((need, target, take))

    for site in sites:
        consider(site, _city_cost(state, site) - pieces.count(state, site, seat), site, support)
    if ASSAULT_PIRATES:
        # A pirate city taken is a free site again; no city this turn, so the support is only the cities held.
        held = int(state.rules["city_support"]) * len(pieces.cities_of(state, seat))
        for site in pirate_sites(state, seat):
            least = assault_need(state, seat, site)
            if least is not None:
                consider(site, least - pieces.count(state, site, seat), None, held)
    if contest_sites():
        # An empty site another nation stands on: enough tokens win the conflict and build there (§24, §25.1).
        for site, need in contested_sites(state, seat):
            consider(site, need, site, support)
    if assault_cities():
        # A rival's city taken is a city of one's own the same turn (§24.5, §25.1), and one fewer for a leader.
        for area, need in city_assaults(state, seat):
            consider(area, need, area, support)
    if cities_elsewhere() and not plans:
        # No site this turn: twelve tokens on an area without one make a city as well (§25.1).
        for area in elsewhere_sites(state, seat):
            consider(area, _city_cost(state, area) - pieces.count(state, area, seat), area, support)
    plans.sort(key=lambda plan: (plan[0] + SITE_RISK * risky(state, plan[1]), plan[1]))
    return plans


def _draw(state: CivState, seat: int, givers: dict[str, int], need: int) -> tuple[dict[str, int], int]:
    """Which sources send the ``need`` tokens a site lacks, and the support after phase 8 that costs. Each
    source gives first its tokens over the area's limit, which phase 8 would send back to stock anyway and so
    cost no support (§26.1; all of them in a city's or pirate city's area, §26.2), then the sources that can
    spare most give the rest. Counting every token gathered as lost support refused Crete its first city
    (Knossos and Phaestos, 4 tokens each over limits of 3 and 2) for whole games."""
    cities = state.data["cities"]
    pirates = state.data["pirates"]

    def surplus(area: str) -> int:
        here = pieces.count(state, area, seat)
        kept = 0 if area in cities or area in pirates else _limit(state, area, seat)
        return max(0, min(givers[area], here - kept))

    take: dict[str, int] = {}
    left = need
    for area in sorted(givers, key=lambda a: (-surplus(a), a)):
        n = min(left, surplus(area))
        if n > 0:
            take[area], left = n, left - n
    free = {area: surplus(area) for area in take}
    for area in sorted(givers, key=lambda a: (-(givers[a] - take.get(a, 0)), a)):
        n = min(left, givers[area] - take.get(area, 0))
        if n > 0:
            take[area], left = take.get(area, 0) + n, left - n
    lost = sum(max(0, n - free.get(area, 0)) for area, n in take.items())
    return take, lost


def risky(state: CivState, site: str) -> bool:
    """A city site where a calamity strikes the city itself: a volcano (its eruption destroys every unit in the
    volcano's areas, §30: Volcanic Eruption) or a white site on a flood plain (a Flood can take the city; black
    sites are safe, §30.5)."""
    spec = state.board.areas[site]
    return bool(spec.volcano or spec.city_site == "white")


def _limit(state: CivState, area: str, seat: int) -> int:
    from ludoteca.games.advanced_civilization.surplus import area_limit

    return area_limit(state, area, seat if pieces.present(state, area) == [seat] else None)


def returning(state: CivState, seat: int) -> int:
    """Tokens of ``seat`` that phase 8 will send back to stock as the board stands: those over an area's limit
    (§26.1, one more kept with Agriculture alone, AC-R16) and all in a city's or pirate city's area (§26.2)."""
    return pieces.on_board(state, seat) - support_after(state, seat, None)


def tax_budget(state: CivState, seat: int) -> int:
    """Tokens the stock will hold at next turn's taxes beyond ``stock_reserve`` (§19.1): the stock now, and with
    ``RETURNS_PAY_TAXES`` the tokens phase 8 sends back to it (§26.1). Below zero, the spreading stops."""
    stock = int(state.data["players"][seat]["stock"])
    back = returning(state, seat) if RETURNS_PAY_TAXES else 0
    return stock + back - stock_reserve(state, seat)


def _within_taxes(state: CivState, seat: int, area: str, n: int, budget: int) -> int:
    """``n`` tokens to move out of ``area``, no more than ``budget`` (``tax_budget``) where the area holds more
    over its limit than that: each token moved out of the surplus is one fewer back in stock for next turn's
    taxes (§26.1, §19), on land or by ship alike."""
    if RETURNS_PAY_TAXES and pieces.count(state, area, seat) - _limit(state, area, seat) > budget:
        return min(n, budget)
    return n


def stock_reserve(state: CivState, seat: int) -> int:
    """Stock a nation keeps for next turn's taxes, two tokens a city (§19.1), and ``STOCK_MARGIN`` more."""
    return int(state.rules["tax_per_city"]) * len(pieces.cities_of(state, seat)) + stock_margin()


def movement(state: CivState, seat: int, frame: dict[str, object], legal: list[Action]) -> Action:
    """One step of a move (AC-R10): complete a city site or take a pirate city if the neighbours' tokens can
    (§25.1, AC-R24); else spread
    the tokens an area cannot keep (over its limit, §26.1) to the best neighbour, an empty city site first, and
    into any room only while the stock can pay next turn's taxes (§19); never back out of a chosen move."""
    step = frame["step"]
    plans = gather_plan(state, seat)
    if step == "move_from":
        for _, _site, givers in plans:
            for area in sorted(givers, key=lambda a: (-givers[a], a)):
                chosen = next((a for a in legal if a.payload == ["land", area]), None)
                if chosen is not None:
                    return chosen
        return sailing(state, seat, frame, legal) or _spread(state, seat, frame, legal)
    if step in ("sail_to", "sail_count"):
        return sailing(state, seat, frame, legal) or legal[-1]
    if step == "move_to":
        source = str(frame["source"])
        for _, site, givers in plans:
            if source in givers:
                chosen = next((a for a in legal if a.payload == site), None)
                if chosen is not None:
                    return chosen
        return _spread(state, seat, frame, legal)
    if step == "move_count":
        source, target = str(frame["source"]), str(frame["target"])
        for need, site, givers in plans:
            if site == target and source in givers:
                want = min(need, givers[source])
                return min(legal, key=lambda a: abs(int(a.payload) - want))
        return _spread(state, seat, frame, legal)
    return _spread(state, seat, frame, legal)


def _spread(state: CivState, seat: int, frame: dict[str, object], legal: list[Action]) -> Action:
    """Move the tokens an area cannot keep (over its limit; a site about to be built keeps its six) to the best
    neighbour with room under its limit (§26.1), a city site first, away from other nations; with stock to
    spare, also the tokens beyond ``GROWTH_BASE`` of an area that is not a site, to found areas that grow
    (§20.1). Surplus tokens are left to go back to stock in phase 8 (§26.1) as far as next turn's taxes need
    them (``tax_budget``): short of the reserve, nothing is spread."""
    board = state.board
    budget = tax_budget(state, seat)
    short = budget < 0
    sites = set(open_sites(state, seat))
    blocked = {*state.data["pirates"], *state.data["barbarians"]} if KEEP_OUT_OF_PIRATES else set()

    def over_limit(area: str) -> int:
        # Tokens over the area's limit (a site about to be built keeps its six): phase 8 sends them back (§26.1).
        return pieces.count(state, area, seat) - max(board.areas[area].limit, _kept(state, seat, area, sites))

    def spare(area: str) -> int:
        over = over_limit(area)
        if not short and area not in sites and not _kept(state, seat, area, sites):
            # A token alone grows by one (§20.1): the rest found new areas that grow as fast. Not the twelve
            # gathered for a city off a site (§25.1): spread again, they left Assyria one city for ten turns.
            over = max(over, pieces.count(state, area, seat) - growth_base())
        return _within_taxes(state, seat, area, min(_movable(state, area, seat), over), budget)

    def room(area: str) -> int:
        foreign = sum(pieces.count(state, area, s) for s in pieces.present(state, area) if s != seat)
        return board.areas[area].limit - pieces.count(state, area, seat) - foreign

    def appeal(area: str) -> float:
        # Room under the limit keeps the tokens (§26.1) and grows them next turn (§20); a site is a city to come.
        foreign = sum(pieces.count(state, area, s) for s in pieces.present(state, area) if s != seat)
        # Tokens beside a site are the ones that complete it next turn (§23: one area a move).
        room = board.areas[area].limit - pieces.count(state, area, seat) - foreign
        staging = STAGING if any(n in sites for n in board.borders.get(area, ())) else 0.0
        return room + (4.0 if area in sites and room > 0 else staging) - 2.0 * foreign

    def welcome(area: str) -> bool:
        # A pirate city's area keeps no tokens (phase 8) and barbarians fight what enters (AC-R24).
        return not short and appeal(area) > 0 and area not in state.data["cities"] and area not in blocked

    def doomed(area: str) -> int:
        # Tokens phase 8 sends back to stock (§26.1) that next turn's taxes can spare (``_within_taxes``).
        over = over_limit(area)
        return _within_taxes(state, seat, area, min(_movable(state, area, seat), over), budget) if over > 0 else 0

    scores: list[int] = []  # the public scores, worked out once a step and only if a conflict is weighed

    def contested(source: str) -> str | None:
        # CONTEST_SURPLUS: the neighbour where the fewest rival tokens stand over its limit, held only by rivals
        # at least as high on the public score (a trailing nation is not pushed further back).
        if not contest_surplus() or doomed(source) <= 0:
            return None
        if not scores:
            scores.extend(public_scores(state))
        options = []
        for target in land_destinations(state, seat, source):
            rivals = [s for s in pieces.present(state, target) if s != seat]
            if not rivals or target in state.data["cities"] or target in blocked:
                continue
            if all(scores[rival] >= scores[seat] for rival in rivals):
                theirs = sum(pieces.count(state, target, rival) for rival in rivals)
                options.append((theirs - board.areas[target].limit, target))
        return min(options)[1] if options else None

    from ludoteca.games.advanced_civilization.movement import land_destinations

    step = frame["step"]
    if step == "move_from":
        lands = [a for a in legal if a.payload is not None and a.payload[0] == "land"]
        sources = [
            a
            for a in lands
            if spare(a.payload[1]) > 0 and any(welcome(t) for t in land_destinations(state, seat, a.payload[1]))
        ]
        if sources:
            return max(sources, key=lambda a: (spare(a.payload[1]), a.payload[1]))
        fighting = [a for a in lands if contested(a.payload[1]) is not None]
        if fighting:
            return max(fighting, key=lambda a: (doomed(a.payload[1]), a.payload[1]))
        return next((a for a in legal if a.payload is None), legal[-1])
    if step == "move_count":
        source, target = str(frame["source"]), str(frame["target"])
        if target == contested(source) and not welcome(target):
            want = doomed(source)  # all that phase 8 would take, into the conflict (§24)
        else:
            want = max(1, min(spare(source), max(room(target), 1)))
        return min(legal, key=lambda a: abs(int(a.payload) - want))
    targets = [a for a in legal if a.payload is not None]
    if not targets:
        return legal[-1]
    if step == "move_to":
        welcome_targets = [a for a in targets if welcome(a.payload)]
        fight = contested(str(frame["source"])) if not welcome_targets else None
        into_fight = next((a for a in targets if fight is not None and a.payload == fight), None)
        if into_fight is not None:
            return into_fight
        targets = welcome_targets or targets
    return max(targets, key=lambda a: (appeal(a.payload), a.text))


def support_after(state: CivState, seat: int, city: str | None) -> int:
    """Tokens ``seat`` will have on the board after phase 8 if it builds in ``city`` now: none stay in a city's
    area (§26.2) and no area keeps more than its limit (§26.1; +1 with Agriculture alone, AC-R16)."""
    from ludoteca.games.advanced_civilization.surplus import area_limit

    total = 0
    for area, row in state.data["tokens"].items():
        n = row[seat]
        if not n or area == city or area in state.data["cities"] or area in state.data["pirates"]:
            continue
        alone = pieces.present(state, area) == [seat]
        total += min(n, area_limit(state, area, seat if alone else None))
    return total


def build_city(state: CivState, seat: int, legal: list[Action]) -> Action:
    """Build where the board can still support every city afterwards (§26.31: two tokens a city), else stop;
    a city that cannot be supported is reduced at once, newest first (§26.4), and its tokens are lost. Of the
    supportable builds, the one paid by tokens alone (Architecture's treasury is kept, §25.2) leaving the
    most support."""
    stop = next(a for a in legal if a.payload is None)
    cities = len(pieces.cities_of(state, seat))
    need = int(state.rules["city_support"]) * (cities + 1) + SUPPORT_MARGIN
    best: tuple[int, int, str] | None = None
    chosen = stop
    for action in legal:
        if action.payload is None:
            continue
        area, extra = action.payload
        left = support_after(state, seat, area)
        if left < need:
            continue
        key = (-int(extra), left, action.text)
        if best is None or key > best:
            best, chosen = key, action
    return chosen


def ships(state: CivState, seat: int, frame: dict[str, object], legal: list[Action]) -> Action:
    """A ship only for a nation hemmed in (``SHIPS_WHEN_HEMMED``): tokens over the limits that no land area in
    reach has room for, and a coastal area holding enough of them with free land across the water (§22.1, §22.3),
    paid by the area's tokens (the treasury buys advances). An old ship is kept only while tokens over the limit
    in its area pay for it (§22.2): it carries only the tokens where it starts, and the stranded ones are elsewhere."""
    if frame["step"] == "ship_build":
        stop = next(a for a in legal if a.payload is None)
        if not SHIPS_WHEN_HEMMED or pieces.ships_of(state, seat) or stranded(state, seat) < SHIP_STRANDED:
            return stop
        if tax_budget(state, seat) < int(state.rules["ship_cost"]):
            return stop  # the tokens paid are tokens phase 8 would send back to stock for the taxes (§26.1)
        if gather_plan(state, seat):
            return stop  # the tokens make a city this turn (§25.1); a ship's two would cost it
        builds = [
            a
            for a in legal
            if a.payload is not None
            and a.payload[1] == 0
            and pieces.count(state, a.payload[0], seat) > int(state.rules["ship_cost"]) + growth_base()
            and sea_targets(state, seat, a.payload[0])
        ]
        return max(builds, key=lambda a: (pieces.count(state, a.payload[0], seat), a.text), default=stop)
    area = next((a for a in legal if a.payload == "area"), None)
    where = str(frame["area"])
    if area is not None and pieces.count(state, where, seat) > state.board.areas[where].limit:
        return area
    return next(a for a in legal if a.payload == "scrap")


def _free_room(state: CivState, seat: int, area: str) -> int:
    """Tokens ``seat`` could add to ``area`` and keep past phase 8: room under the limit of an area it alone
    holds, with no city, pirate city or barbarians (§26.1, AC-R24)."""
    if not _buildable(state, seat, area):
        return 0
    return max(0, state.board.areas[area].limit - pieces.count(state, area, seat))


def sea_targets(state: CivState, seat: int, start: str) -> list[str]:
    """Coastal land areas a ship from ``start`` reaches this turn (§22.4) with room for the tokens it lands."""
    from ludoteca.games.advanced_civilization.ships import ship_destinations

    return [area for area in ship_destinations(state, seat, start) if _free_room(state, seat, area) > 0]


def stranded(state: CivState, seat: int) -> int:
    """Tokens over the areas' limits (§26.1) that no land area in one move has room for: tokens phase 8 takes
    back unless a ship carries them away (an island nation such as Crete, a coast whose hinterland is full)."""
    from ludoteca.games.advanced_civilization.movement import land_destinations

    total = 0
    for area, row in state.data["tokens"].items():
        if not row[seat] or not state.board.areas[area].land:
            continue
        over = row[seat] - _limit(state, area, seat)
        if over > 0:
            room = sum(_free_room(state, seat, t) for t in land_destinations(state, seat, area))
            total += max(0, over - room)
    return total


def ship_load(state: CivState, seat: int, area: str) -> int:
    """Tokens a ship in ``area`` takes on (§22.3: at most five unmoved ones): those beyond ``GROWTH_BASE`` and a
    site's six, no more than the taxes can spare (``tax_budget``, as the spreading on land)."""
    budget = tax_budget(state, seat)
    if budget < 0:
        return 0
    keep = max(growth_base(), _kept(state, seat, area, set(open_sites(state, seat))))
    n = min(int(state.rules["ship_capacity"]), _movable(state, area, seat), pieces.count(state, area, seat) - keep)
    return max(0, _within_taxes(state, seat, area, n, budget))


def _sea_appeal(state: CivState, seat: int, area: str) -> tuple[int, int, str]:
    """A landing's worth: an empty city site first (§25.1), then the most room (§20: room grows tokens)."""
    spec = state.board.areas[area]
    return (int(spec.city_site != "none"), _free_room(state, seat, area), area)


def sailing(state: CivState, seat: int, frame: dict[str, object], legal: list[Action]) -> Action | None:
    """The steps of a sea move (§22.3, AC-R11) for a nation with a ship (see ``ships``): sail from a ship's
    area holding tokens to spare to the landing with an empty site or the most room, carrying what it can keep;
    None where no sea move is worth making (the land moves decide)."""
    step = frame["step"]
    if step == "move_from":
        ships_here = [a for a in legal if a.payload is not None and a.payload[0] == "sea"]
        loads = {a.text: ship_load(state, seat, a.payload[1]) for a in ships_here}
        sails = [a for a in ships_here if loads[a.text] > 0 and sea_targets(state, seat, a.payload[1])]
        return max(sails, key=lambda a: (loads[a.text], a.text), default=None)
    if step == "sail_to":
        landings = [a for a in legal if a.payload is not None and _free_room(state, seat, str(a.payload)) > 0]
        if not landings:
            return next(a for a in legal if a.payload is None)
        return max(landings, key=lambda a: _sea_appeal(state, seat, str(a.payload)))
    if step == "sail_count":
        source, target = str(frame["source"]), str(frame["target"])
        want = min(ship_load(state, seat, source), max(1, _free_room(state, seat, target)))
        return min(legal, key=lambda a: abs(int(a.payload) - want))
    return None


def buy_stack9(state: CivState, seat: int, legal: list[Action]) -> Action:
    """Buy a stack-9 card (§27: 18 treasury tokens, which go back to stock) when the stock is short of next
    turn's taxes and growth (a city that cannot pay its taxes revolts, §19.3), or when the card is expected to
    add to the seat's sets at least what it costs (§35: n² growth; a Gold or Ivory beside those held). The
    chance of each is the printed count less the cards the seat holds; nobody else's hand is read."""
    price = int(state.cards.trade["stack9_price"])
    player = state.data["players"][seat]
    if player["treasury"] < price:
        return next((a for a in legal if not a.payload), legal[-1])
    hand = Counter(card for card in player["hand"] if card in state.cards.commodities)
    kinds = {card: spec.count - hand[card] for card, spec in state.cards.commodities.items() if spec.stack == 9}
    left = sum(max(n, 0) for n in kinds.values())
    base = _value(state, seat, hand)
    expected = (
        sum(max(n, 0) * (_value(state, seat, hand + Counter([card])) - base) for card, n in kinds.items()) / left
        if left
        else 0.0
    )
    short = stock_reserve(state, seat) - player["stock"] >= STACK9_SHORT_GAP
    wanted = short or expected >= price
    return next((a for a in legal if bool(a.payload) == wanted), legal[-1])


def pay(state: CivState, seat: int, frame: dict[str, object], legal: list[Action]) -> Action:
    """Pay for the advances in the cart (§32: sets of trade cards at their value and treasury tokens, no change
    given). Tokens paid from the treasury go back to stock, where taxes (§19.1) and growth (§20) are taken
    from; a set handed in goes to the bottom of its stack (§31.71). While the stock is short of next turn's
    taxes plus ``TREASURY_FIRST_MARGIN`` the whole price comes from the treasury if it can; otherwise the
    smallest set that covers what is due, else the largest set, else the treasury."""
    due = int(str(frame["due"]))
    treasury = next((a for a in legal if a.payload is None), None)
    if treasury is not None and TREASURY_FIRST_MARGIN >= 0:
        stock = int(state.data["players"][seat]["stock"])
        if stock < stock_reserve(state, seat) + TREASURY_FIRST_MARGIN:
            return treasury
    sets = [a for a in legal if a.payload is not None]
    value = {a.text: int(a.text.rsplit("(", 1)[1].rstrip(")")) for a in sets}
    enough = [a for a in sets if value[a.text] >= due]
    if enough:
        return min(enough, key=lambda a: value[a.text])
    if sets:
        return max(sets, key=lambda a: value[a.text])
    return legal[-1]


def public_scores(state: CivState) -> list[int]:
    """Every seat's §35 score as the table sees it: all but the trade cards, whose hands are hidden (§27). The
    bots rank their rivals by it (whom to pass a calamity to, whom to direct losses at), never by the hands."""
    return [part["total"] - part["trade_cards"] for part in state.score_parts()]


def _value(state: CivState, seat: int, goods: Counter[str]) -> int:
    """§35's worth of commodity cards as sets (n² × value; Mining raises one set, §28.53)."""
    from ludoteca.games.advanced_civilization import cards

    return cards.sets_value(+goods, state.has(seat, "Mining"))


def cheapest_give(state: CivState, seat: int, hand: Counter[str], n: int) -> Counter[str]:
    """The ``n`` commodity cards whose loss costs ``seat``'s sets least, taken one at a time."""
    left = Counter({card: k for card, k in hand.items() if card in state.cards.commodities})
    given: Counter[str] = Counter()
    for _ in range(min(n, sum(left.values()))):
        base = _value(state, seat, left)
        card = min(sorted(+left), key=lambda c: base - _value(state, seat, left - Counter([c])))
        left[card] -= 1
        given[card] += 1
    return given


def deal_gain(state: CivState, seat: int, step: str) -> int:
    """What a pending trade adds to ``seat``'s sets, from what the seat sees (§28: the other side's count and two
    named cards; its own cards in full). Answering, the seat counts the three cards it would give (the cheapest
    to its sets, as it builds offers); accepting, the offer it made. Undeclared cards count for nothing."""
    deal = state.data["trade"]
    spec = state.cards
    hand = Counter(card for card in state.data["players"][seat]["hand"] if card in spec.commodities)
    if step == "trade_answer":
        named = Counter(c for c in deal["offer"][: spec.trade["declared"]] if c in spec.commodities)
        give = cheapest_give(state, seat, hand, int(spec.trade["offer_min"]))
    else:
        named = Counter(c for c in deal["reply"][: spec.trade["declared"]] if c in spec.commodities)
        give = Counter(c for c in deal["offer"] if c in spec.commodities)
    return _value(state, seat, hand - give + named) - _value(state, seat, hand)


def calamity_chance(state: CivState, seat: int) -> float:
    """The chance that ``seat`` drew a tradable calamity this turn, from what the table sees: a card from each of
    stacks 1 to its number of cities (§27), each stack holding its share of tradable calamities as the deck is
    made (data/cards.toml; the stacks' present order is hidden). Every calamity held at trading's end strikes
    (§29), so none is left from an earlier turn."""
    spec = state.cards
    clean = 1.0
    for stack in range(1, cards.stacks_drawn(state, seat) + 1):
        goods = sum(c.count for c in spec.commodities.values() if c.stack == stack)
        calamities = [c for c in spec.calamities.values() if c.stack == stack]
        tradable = sum(1 for c in calamities if c.tradable)
        clean *= 1.0 - tradable / (goods + len(calamities))
    return 1.0 - clean


def hidden_risk(state: CivState, seat: int, step: str) -> float:
    """What the undeclared cards of a pending deal may cost ``seat``, in set value (``TRADE_RISK``): answering, the
    proposer's offer; accepting, the partner's answer. A bot holding a tradable calamity hides it in any offer it
    makes (``evaluation.heuristic_choice``'s ``build_offer``; §28 allows it), so the risk is the chance that the
    other trader holds one."""
    price = float(_setting("TRADE_RISK"))
    if not price:
        return 0.0
    deal = state.data["trade"]
    other = deal["from"] if step == "trade_answer" else deal["to"]
    return price * calamity_chance(state, other)


# What an advance is worth beyond its face value while the A.S.T. still asks for it (§33.2): a card of a new
# group toward the five groups of the Early Iron Age, and any card toward its nine cards.
NEW_GROUP_BONUS = 120
CARD_COUNT_BONUS = 25


def spared_cities(state: CivState, seat: int, owned: set[str], name: str) -> float:
    """Cities one strike of each calamity the seat can meet takes less if it holds ``name`` too (what each card
    says, data/cards.toml; §30): Superstition reduces 3 cities, the best religion card alone counting
    (Mysticism 2, Deism 1, Enlightenment 0); Slave Revolt's 15 tokens that cannot support cities, 5 fewer with
    Enlightenment, 5 more with Mining (two tokens a city, §26.31); Epidemic's 16 points, 8 fewer with
    Medicine, 5 more with Roadbuilding (a city is 5 points, §29.62); Flood's 17 points at most 7 with
    Engineering (§30.5); Civil Disorder keeps 3 cities, one more for each of Music, Drama and Poetry, Law,
    Democracy, one fewer for Military, Roadbuilding. A calamity counts when the seat draws from its stack (one
    stack a city, §27), capped by the cities held."""
    from ludoteca.games.advanced_civilization.calamities import figures

    held = len(pieces.cities_of(state, seat))
    names = set(state.cards.calamities)
    saved = 0.0

    def reach(card: str) -> bool:
        return card in names and state.cards.calamities[card].stack <= max(held, 1)

    if reach("Superstition"):
        religion = figures("Superstition").table("best_religion")
        worst = figures("Superstition").number("cities")
        now = min([worst, *(religion[a] for a in owned if a in religion)])
        after = min(now, religion.get(name, worst))
        saved += min(held, now) - min(held, after)
    if reach("Slave Revolt"):
        saved -= figures("Slave Revolt").table("modifiers").get(name, 0) / int(state.rules["city_support"])
    if reach("Epidemic"):
        saved -= figures("Epidemic").table("primary_modifiers").get(name, 0) / 5
    if reach("Flood") and name == "Engineering":
        flood = figures("Flood")
        saved += (flood.number("primary") - flood.number("engineering_cap")) / 5
    if reach("Civil Disorder"):
        disorder = figures("Civil Disorder")
        keep = disorder.number("keep") + sum(disorder.table("keep_modifiers").get(a, 0) for a in owned)
        more = disorder.table("keep_modifiers").get(name, 0)
        saved += max(0, held - keep) - max(0, held - keep - more)
    return max(-float(held), min(float(held), saved))


def advance_merit(state: CivState, seat: int, cart: list[str], name: str, price: int) -> float:
    """How much an advance is worth per point it costs now. Worth: its face value (§35), the credits it
    gives toward the cards not yet held (§31.5, each card of a credited group and each named card), and, while
    the A.S.T. still needs them, a new group and one more card (§33.2: Late Bronze Age 3 groups, Early Iron
    Age all 5 groups and 9 cards; dual-group cards count for both groups, §31.551)."""
    from ludoteca.games.advanced_civilization import content

    table = content.advances()
    owned = {*state.data["players"][seat]["advances"], *cart}
    groups = {group for held in owned for group in table[held].groups}
    card = table[name]
    rest = [other for other in table if other not in owned and other != name]
    credits = sum(card.credit_cards.get(other, 0) for other in rest)
    credits += sum(
        amount for group, amount in card.credit_groups.items() for other in rest if group in table[other].groups
    )
    epochs = state.cards.epochs
    bonus: float = 0
    if len(groups) < max(e.groups for e in epochs):
        bonus = NEW_GROUP_BONUS * len(set(card.groups) - groups)
    if len(owned) < max(e.cards for e in epochs):
        bonus += CARD_COUNT_BONUS
    if SPARED_CITY_WORTH:
        bonus += SPARED_CITY_WORTH * spared_cities(state, seat, owned, name)
    if AGRICULTURE_TOKEN_WORTH and name == "Agriculture":
        alone = sum(
            1 for area, row in state.data["tokens"].items() if row[seat] and pieces.present(state, area) == [seat]
        )
        bonus += AGRICULTURE_TOKEN_WORTH * alone
    return (card.cost + credits + bonus) / (1 + price)


__all__ = [
    "advance_merit",
    "build_city",
    "buy_stack9",
    "calamity_chance",
    "cheapest_give",
    "deal_gain",
    "gather_plan",
    "hidden_risk",
    "movement",
    "open_sites",
    "pay",
    "public_scores",
    "ships",
    "spared_cities",
    "stock_reserve",
    "support_after",
]
