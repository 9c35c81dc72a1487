"""The map, nations, pieces and advances of Advanced Civilization, loaded from ``data/`` and validated.

The map is data so that a typo (an unknown neighbour, a one-way border, an island cut off, a wrong area
count) is an error when the game loads, not a wrong game. Tests pass their own tiny maps in the same
format (``build_board``), checked by the same validator, so every rule can be shown on a few areas.

Three kinds of link join areas (docs/rulings.md AC-R2):

* ``links`` of a land area to a land area are land borders: tokens walk across them (§23.1);
* ``links`` between a land area and a water area are coasts; water areas link to each other too;
* ``crossings`` join two land areas whose shared border is water (islands, straits): ships only.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any, TypeVar

DATA = Path(__file__).parent / "data"
MAPS = {"main": ("main",), "main+western": ("main", "western")}
KINDS = ("land", "sea", "open-sea")
SITES = ("none", "black", "white")
_T = TypeVar("_T")


class ContentError(ValueError):
    """The map, nation or advance data is malformed (names the file or area and the problem)."""


@dataclass(frozen=True)
class Area:
    """One area as printed: population limit, city site (black, or white on a flood plain), markings."""

    name: str
    board: str
    kind: str
    limit: int
    city_site: str
    flood_plain: bool
    volcano: bool
    region: str
    pos: tuple[int, int]

    @property
    def land(self) -> bool:
        return self.kind == "land"


@dataclass(frozen=True)
class Board:
    """The areas in play and their links, with the derived graphs the rules walk."""

    name: str
    areas: dict[str, Area]
    borders: dict[str, tuple[str, ...]]  # land area -> land areas across a land border (§23.1)
    ship_links: dict[str, tuple[str, ...]]  # node -> nodes a ship may step to (§22.4; AC-R2)
    coastal: frozenset[str]  # land areas touching water: ships are built and end their move here
    land: tuple[str, ...]  # land areas, sorted by name
    # (start, steps, open sea allowed) -> where a ship can end its move: derived from the links, which never
    # change, so ``ships.ship_destinations`` fills it as it walks them instead of walking them again.
    ship_reach: dict[tuple[str, int, bool], tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)

    def water(self, name: str) -> bool:
        return not self.areas[name].land

    @cached_property
    def city_sites(self) -> tuple[str, ...]:
        """Land areas with a printed city site (§25.1), in the map's order: what the bots' plans walk, many
        times a turn, instead of every area."""
        return tuple(name for name, area in self.areas.items() if area.land and area.city_site != "none")


@dataclass(frozen=True)
class Nation:
    name: str
    ast: int  # A.S.T. order: lower moves first where the rules say "in A.S.T. order"
    start: tuple[str, ...]
    finish: int
    epochs: tuple[int, ...]
    late_iron: tuple[int, ...]


@dataclass(frozen=True)
class Advance:
    name: str
    cost: int
    groups: tuple[str, ...]
    prerequisites: tuple[str, ...]
    credit_groups: dict[str, int]
    credit_cards: dict[str, int]


@dataclass(frozen=True)
class Rules:
    """The numbers of the rulebook, as data (``data/nations.toml`` [rules] and [pieces])."""

    tokens: int
    cities: int
    ships: int
    values: dict[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.values[key]


def _read(name: str) -> dict[str, Any]:
    try:
        return tomllib.loads((DATA / name).read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{name}: {error}") from None


def _area(name: str, raw: Mapping[str, Any], strict: bool) -> Area:
    """One area record; ``strict`` (the shipped map) requires every field, tests may omit the defaults."""
    where = f"area {name!r}"
    required = ("board", "kind", "pos", "links") if strict else ("kind",)
    for key in required:
        if key not in raw:
            raise ContentError(f"{where} has no {key!r}")
    kind = raw["kind"]
    if kind not in KINDS:
        raise ContentError(f"{where}: kind {kind!r} is not one of {KINDS}")
    land = kind == "land"
    if land and strict:
        for key in ("limit", "city_site", "flood_plain", "volcano", "region"):
            if key not in raw:
                raise ContentError(f"{where} has no {key!r}")
    limit = int(raw.get("limit", 0))
    site = raw.get("city_site", "none")
    if land and not 1 <= limit <= 5:
        raise ContentError(f"{where}: a land area's population limit is 1-5, not {limit}")
    if not land and (limit or site != "none" or raw.get("flood_plain") or raw.get("volcano")):
        raise ContentError(f"{where}: a water area has no population limit, city site, flood plain or volcano")
    if site not in SITES:
        raise ContentError(f"{where}: city_site {site!r} is not one of {SITES}")
    if site == "white" and not raw.get("flood_plain", False):
        raise ContentError(f"{where}: a white (flood-plain) city site must be on a flood plain")
    pos = raw.get("pos", [0, 0])
    return Area(
        name=name,
        board=str(raw.get("board", "main")),
        kind=kind,
        limit=limit,
        city_site=site,
        flood_plain=bool(raw.get("flood_plain", False)),
        volcano=bool(raw.get("volcano", False)),
        region=str(raw.get("region", "" if not land else "Board")),
        pos=(int(pos[0]), int(pos[1])),
    )


def build_board(raw: Mapping[str, Any], boards: tuple[str, ...] | None = None, *, strict: bool = False) -> Board:
    """Validate a map in the ``map.toml`` format and keep the areas of ``boards`` (all if None).

    Checks: known kinds and values, every link and crossing names a known area, links are symmetric,
    crossings join two land areas, no self-links, and each board (and the whole selection) is connected.
    Links to areas of a board not in play are dropped, as the printed boards simply end there.
    """
    table = raw.get("areas")
    if not isinstance(table, Mapping) or not table:
        raise ContentError("the map has no [areas]")
    every = {name: _area(name, spec, strict) for name, spec in table.items()}
    for name, spec in table.items():
        for key in ("links", "crossings"):
            targets = spec.get(key, [])
            for other in targets:
                if other not in every:
                    raise ContentError(f"area {name!r} {key} unknown area {other!r}")
                if other == name:
                    raise ContentError(f"area {name!r} is linked to itself")
                if name not in table[other].get(key, []):
                    raise ContentError(f"{key} are not symmetric: {name!r} -> {other!r} but not back")
                if key == "crossings" and not (every[name].land and every[other].land):
                    raise ContentError(f"crossing {name!r} - {other!r} must join two land areas")
            if len(set(targets)) != len(targets):
                raise ContentError(f"area {name!r} lists a {key[:-1]} twice")
    chosen = tuple(sorted({a.board for a in every.values()})) if boards is None else boards
    areas = {name: area for name, area in sorted(every.items()) if area.board in chosen}
    if not areas:
        raise ContentError(f"no area is on the board(s) {chosen}")

    def neighbours(name: str, key: str) -> list[str]:
        return [other for other in table[name].get(key, []) if other in areas]

    for board in chosen:
        _check_connected({n for n, a in areas.items() if a.board == board}, neighbours, f"board {board!r}")
    _check_connected(set(areas), neighbours, "the map")

    water_of = {n: {o for o in neighbours(n, "links") if not areas[o].land} for n in areas}
    crossing = {n: neighbours(n, "crossings") for n in areas}
    coastal = frozenset(n for n, a in areas.items() if a.land and (water_of[n] or crossing[n]))
    borders = {n: tuple(o for o in neighbours(n, "links") if areas[o].land) for n, a in areas.items() if a.land}
    ship: dict[str, tuple[str, ...]] = {}
    for name, area in areas.items():
        if area.land and name not in coastal:
            continue
        steps = set(crossing[name])
        for other in neighbours(name, "links"):
            if other not in coastal and areas[other].land:
                continue
            # A coastal step between two land areas follows the shore of a water body they share (AC-R2).
            if area.land and areas[other].land and not water_of[name] & water_of[other]:
                continue
            steps.add(other)
        ship[name] = tuple(sorted(steps))
    return Board(
        name="+".join(chosen),
        areas=areas,
        borders=borders,
        ship_links=ship,
        coastal=coastal,
        land=tuple(n for n, a in areas.items() if a.land),
    )


def _check_connected(names: set[str], neighbours: Any, what: str) -> None:
    if not names:
        return
    start = min(names)
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for other in neighbours(here, "links") + neighbours(here, "crossings"):
            if other in names and other not in seen:
                seen.add(other)
                todo.append(other)
    if seen != names:
        cut = sorted(names - seen)
        raise ContentError(f"{what} is not connected: {cut[:5]} cannot be reached from {start!r}")


def check_counts(raw: Mapping[str, Any], board: Board) -> None:
    """The shipped map declares its land, sea and capacity totals per board; recount them."""
    for name, declared in raw.get("boards", {}).items():
        on = [a for a in board.areas.values() if a.board == name]
        found = {
            "land": sum(a.land for a in on),
            "sea": sum(not a.land for a in on),
            "capacity": sum(a.limit for a in on),
        }
        for key, value in declared.items():
            if found.get(key) != value:
                raise ContentError(f"board {name!r} declares {key} = {value} but the map has {found.get(key)}")


def read_map(path: Path) -> Board:
    """Load and fully validate a map file (the shipped one, or a copy under test): both boards, counted."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{path.name}: {error}") from None
    board = build_board(raw, strict=True)
    check_counts(raw, board)
    return board


@cache
def map_data() -> dict[str, Any]:
    return _read("map.toml")


@cache
def standard_board(option: str) -> Board:
    """The board for the ``map`` option (``"main"`` or ``"main+western"``), validated and counted."""
    if option not in MAPS:
        raise ContentError(f"no map {option!r}; choose one of {sorted(MAPS)}")
    raw = map_data()
    check_counts(raw, build_board(raw, ("main", "western"), strict=True))
    return build_board(raw, MAPS[option], strict=True)


@cache
def _custom_board(text: str) -> Board:
    return build_board(json.loads(text))


def custom_board(raw: Mapping[str, Any]) -> Board:
    """A scenario's own map (tests): validated once, then cached by its content."""
    return _custom_board(json.dumps(raw, sort_keys=True))


def load_nations(raw: Mapping[str, Any], board_names: set[str]) -> dict[str, Nation]:
    """Nations with their A.S.T. slot, start areas (checked against the map) and track."""
    nations: dict[str, Nation] = {}
    for name, spec in raw.get("nations", {}).items():
        for area in spec.get("start", []):
            if area not in board_names:
                raise ContentError(f"nation {name!r} starts in unknown area {area!r}")
        track = spec["track"]
        epochs = tuple(int(e) for e in track["epochs"])
        if len(epochs) != 5 or list(epochs) != sorted(set(epochs)) or epochs[-1] >= track["finish"]:
            raise ContentError(f"nation {name!r}: five rising epoch starts before the finish are needed")
        nations[name] = Nation(
            name, int(spec["ast"]), tuple(spec["start"]), int(track["finish"]), epochs, tuple(track["late_iron"])
        )
    slots: dict[int, list[Nation]] = {}
    for nation in nations.values():
        slots.setdefault(nation.ast, []).append(nation)
    if sorted(slots) != list(range(1, len(slots) + 1)):
        raise ContentError(f"A.S.T. slots must be 1..{len(slots)}, not {sorted(slots)}")
    for slot, sharing in slots.items():
        if len(sharing) > 2:
            raise ContentError(f"A.S.T. slot {slot} is shared by more than two nations")
    return nations


def load_advances(raw: Mapping[str, Any]) -> dict[str, Advance]:
    groups = set(raw.get("groups", []))
    advances: dict[str, Advance] = {}
    for name, spec in raw.get("advances", {}).items():
        unknown = set(spec["groups"]) - groups | set(spec["credit_groups"]) - groups
        if unknown:
            raise ContentError(f"advance {name!r} names unknown group(s) {sorted(unknown)}")
        advances[name] = Advance(
            name,
            int(spec["cost"]),
            tuple(spec["groups"]),
            tuple(spec["prerequisites"]),
            dict(spec["credit_groups"]),
            dict(spec["credit_cards"]),
        )
    for advance in advances.values():
        for other in (*advance.prerequisites, *advance.credit_cards):
            if other not in advances:
                raise ContentError(f"advance {advance.name!r} names unknown advance {other!r}")
    return advances


@cache
def nations() -> dict[str, Nation]:
    raw = map_data()
    return load_nations(_read("nations.toml"), set(raw["areas"]))


@dataclass(frozen=True)
class DevelopedStart:
    """Option ``start=developed`` (AC-R36): where each nation's cities and tokens stand at turn 1, and the
    treasury every nation starts with (``developed.toml``)."""

    treasury: int
    cities: dict[str, tuple[str, ...]]
    tokens: dict[str, dict[str, int]]


def load_developed(raw: Mapping[str, Any], known: dict[str, Nation]) -> DevelopedStart:
    """Check ``developed.toml`` against the full map (main and Western): every nation placed; cities on city
    sites and tokens within land areas' population limits, on the main map for a nation that starts there (so
    the position holds without the Western map); and no area held twice, so any nations can play together."""
    board = standard_board("main+western")
    main = standard_board("main")
    treasury = raw.get("treasury")
    if not isinstance(treasury, int) or treasury < 0:
        raise ContentError("developed.toml: treasury must be a whole number of tokens, 0 or more")
    placed = raw.get("nations", {})
    missing = sorted(set(known) - set(placed))
    if missing:
        raise ContentError(f"developed.toml: no position for {', '.join(missing)}")
    cities: dict[str, tuple[str, ...]] = {}
    tokens: dict[str, dict[str, int]] = {}
    holder: dict[str, str] = {}
    for name, spec in placed.items():
        if name not in known:
            raise ContentError(f"developed.toml: unknown nation {name!r}")
        where = main if any(area in main.areas for area in known[name].start) else board
        cities[name] = tuple(spec.get("cities", []))
        tokens[name] = {str(area): n for area, n in spec.get("tokens", {}).items()}
        for area in (*cities[name], *tokens[name]):
            if area not in where.areas or not where.areas[area].land:
                raise ContentError(f"developed.toml: {name} holds {area!r}, not a land area of its map")
            if area in holder:
                raise ContentError(f"developed.toml: {area!r} is held by {holder[area]} and {name}")
            holder[area] = name
        for area in cities[name]:
            if where.areas[area].city_site == "none":
                raise ContentError(f"developed.toml: {name}'s city in {area!r} is not on a city site")
        for area, n in tokens[name].items():
            if not isinstance(n, int) or not 1 <= n <= where.areas[area].limit:
                raise ContentError(f"developed.toml: {name}'s {n!r} tokens in {area!r} break its limit")
    return DevelopedStart(treasury, cities, tokens)


@cache
def developed() -> DevelopedStart:
    return load_developed(_read("developed.toml"), nations())


def load_nation_preference(raw: Mapping[str, Any], known: set[str], where: str = "bots.toml") -> tuple[str, ...]:
    """The bots' order of preference for nations (``bots.toml``): known names, each once."""
    order = raw.get("nation_preference")
    if not isinstance(order, list) or not all(isinstance(name, str) for name in order):
        raise ContentError(f"{where}: nation_preference must be a list of nation names")
    for name in order:
        if name not in known:
            raise ContentError(f"{where}: nation_preference names unknown nation {name!r}")
    if len(set(order)) != len(order):
        raise ContentError(f"{where}: nation_preference names a nation twice")
    return tuple(order)


def _map_table(raw: Mapping[str, Any], map_name: str) -> Mapping[str, Any]:
    """``bots.toml``'s ``[maps."<map>"]`` table: what the bots prefer differently on that map (empty if nothing)."""
    maps = raw.get("maps", {})
    if not isinstance(maps, dict):
        raise ContentError("bots.toml: maps must be a table of map name = table")
    for name, tables in maps.items():
        if name not in MAPS:
            raise ContentError(f"bots.toml: maps names unknown map {name!r} (maps: {', '.join(sorted(MAPS))})")
        if not isinstance(tables, dict) or not set(tables) <= {"nation_preference", "start_preference"}:
            raise ContentError(f"bots.toml: maps.{name!r} may hold only nation_preference and start_preference")
    table: Mapping[str, Any] = maps.get(map_name, {})
    return table


def load_map_nation_preference(raw: Mapping[str, Any], known: set[str], map_name: str) -> tuple[str, ...]:
    """The nation order on ``map_name``: its own (``[maps."<map>"]``) where ``bots.toml`` gives one, else the
    main order. A nation's worth depends on the map (room to grow beside it, who shares it)."""
    own = _map_table(raw, map_name)
    if "nation_preference" in own:
        return load_nation_preference(own, known, f"bots.toml: maps.{map_name!r}")
    return load_nation_preference(raw, known)


@cache
def nation_preference(map_name: str = "main") -> tuple[str, ...]:
    return load_map_nation_preference(_read("bots.toml"), set(nations()), map_name)


def load_start_preference(
    raw: Mapping[str, Any], known: Mapping[str, Nation], map_name: str = "main"
) -> dict[str, str]:
    """The start area a bot places its first token in, by nation (``bots.toml``'s ``start_preference``): each
    nation known and each area one of that nation's start areas (§4.4), on the board of ``map_name``. The map's
    own table (``[maps."<map>".start_preference]``) replaces the entries it names: an area's worth depends on
    what lies beside it. A nation left out is judged by the bot."""
    table = _checked_starts(raw.get("start_preference", {}), known, "bots.toml")
    own = _map_table(raw, map_name).get("start_preference", {})
    table |= _checked_starts(own, known, f"bots.toml: maps.{map_name!r}")
    board = standard_board(map_name)
    for name, area in own.items():
        if area not in board.areas:
            raise ContentError(f"bots.toml: maps.{map_name!r} gives {name} {area!r}, which is not on that map")
    return table


def _checked_starts(table: Any, known: Mapping[str, Nation], where: str) -> dict[str, str]:
    if not isinstance(table, dict):
        raise ContentError(f"{where}: start_preference must be a table of nation = area")
    for name, area in table.items():
        if name not in known:
            raise ContentError(f"{where}: start_preference names unknown nation {name!r}")
        if area not in known[name].start:
            raise ContentError(f"{where}: start_preference gives {name} {area!r}, not one of its start areas")
    return dict(table)


@cache
def start_preference(map_name: str = "main") -> dict[str, str]:
    return load_start_preference(_read("bots.toml"), nations(), map_name)


def load_board_plans(raw: Mapping[str, Any], settings: Mapping[str, object]) -> dict[str, dict[str, object]]:
    """The board plans the search may follow for a turn (``bots.toml``'s ``plans``): each a table of settings
    named in ``settings`` (a setting's name and its default), each value of its default's kind, and an
    ``about`` text."""
    plans = raw.get("plans", {})
    if not isinstance(plans, dict):
        raise ContentError("bots.toml: plans must be a table of plans")
    found: dict[str, dict[str, object]] = {}
    for name, table in plans.items():
        if not isinstance(table, dict) or not isinstance(table.get("about"), str):
            raise ContentError(f"bots.toml: plan {name!r} must be a table with an about text")
        changes = {key: value for key, value in table.items() if key != "about"}
        if not changes:
            raise ContentError(f"bots.toml: plan {name!r} changes no setting")
        for key, value in changes.items():
            if key not in settings:
                raise ContentError(
                    f"bots.toml: plan {name!r} sets {key!r}, which is not one of {', '.join(settings)}"
                )
            if type(value) is not type(settings[key]):
                kind = type(settings[key]).__name__
                raise ContentError(f"bots.toml: plan {name!r} sets {key} to {value!r}, not a {kind}")
        found[name] = changes
    return found


def board_plans(settings: Mapping[str, object]) -> dict[str, dict[str, object]]:
    return load_board_plans(_read("bots.toml"), settings)


@cache
def advances() -> dict[str, Advance]:
    found = load_advances(_read("advances.toml"))
    if len(found) != 24:
        raise ContentError(f"advances.toml has {len(found)} advances, not 24")
    return found


@dataclass(frozen=True)
class Commodity:
    name: str
    stack: int  # also its face value (digest §1.1)
    count: int  # cards printed: the largest set that scores
    mineable: bool


@dataclass(frozen=True)
class Calamity:
    """A calamity card: its stack, whether it may be traded, and the figures its resolution uses.

    ``params`` is the card's table as written (the page lists it); the figures are checked once, when the card is
    made, and sorted by kind: whole numbers, yes/no flags, name lists (``["Engineering"]``) and tables of whole
    numbers by name (``{Medicine = -8}``). A figure of any other kind is a :class:`ContentError`."""

    name: str
    stack: int
    tradable: bool
    params: dict[str, Any]
    numbers: dict[str, int] = field(init=False, repr=False, compare=False)
    flags: dict[str, bool] = field(init=False, repr=False, compare=False)
    lists: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    tables: dict[str, dict[str, int]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        numbers: dict[str, int] = {}
        flags: dict[str, bool] = {}
        lists: dict[str, tuple[str, ...]] = {}
        tables: dict[str, dict[str, int]] = {}
        for key, value in self.params.items():
            if isinstance(value, bool):
                flags[key] = value
            elif isinstance(value, int):
                numbers[key] = value
            elif isinstance(value, list) and all(isinstance(v, str) for v in value):
                lists[key] = tuple(value)
            elif isinstance(value, dict) and all(
                isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) for k, v in value.items()
            ):
                tables[key] = dict(value)
            else:
                raise ContentError(
                    f"calamity {self.name!r}: {key} must be a whole number, true or false, a list of names or a "
                    f"table of whole numbers, not {value!r}"
                )
        # A frozen dataclass sets its derived fields through object.__setattr__ (the dataclasses idiom).
        object.__setattr__(self, "numbers", numbers)
        object.__setattr__(self, "flags", flags)
        object.__setattr__(self, "lists", lists)
        object.__setattr__(self, "tables", tables)

    @property
    def order(self) -> tuple[int, int]:
        """§29.6: ascending stack, the non-tradable card before the tradable one."""
        return (self.stack, 1 if self.tradable else 0)

    def number(self, key: str) -> int:
        """A whole-number figure (``primary = 10``)."""
        return self._figure(self.numbers, key, "a whole number")

    def flag(self, key: str) -> bool:
        """A yes/no figure (``spared_flood_plains = true``)."""
        return self._figure(self.flags, key, "true or false")

    def names(self, key: str) -> tuple[str, ...]:
        """A list of names (``immune_secondary = ["Engineering"]``)."""
        return self._figure(self.lists, key, "a list of names")

    def table(self, key: str) -> dict[str, int]:
        """A table of whole numbers by name (``modifiers = {Mining = 5}``)."""
        return self._figure(self.tables, key, "a table of whole numbers")

    def _figure(self, found: dict[str, _T], key: str, kind: str) -> _T:
        if key in found:
            return found[key]
        if key in self.params:
            raise ContentError(f"calamity {self.name!r}: {key} must be {kind}, not {self.params[key]!r}")
        raise KeyError(key)


@dataclass(frozen=True)
class Epoch:
    name: str
    cities: int
    groups: int
    cards: int


@dataclass(frozen=True)
class Cards:
    """``data/cards.toml``: commodities, calamities, the trading numbers, epochs and the §35 weights."""

    commodities: dict[str, Commodity]
    calamities: dict[str, Calamity]
    trade: dict[str, Any]
    epochs: tuple[Epoch, ...]
    score: dict[str, int]

    def stack_of(self, card: str) -> int:
        found = self.commodities.get(card)
        return found.stack if found is not None else self.calamities[card].stack

    def tradable(self, card: str) -> bool:
        return card in self.commodities or self.calamities[card].tradable


def load_cards(raw: Mapping[str, Any], extra: Mapping[str, Any] | None = None) -> Cards:
    """Validate the card data; ``extra`` adds calamity tables (a variant's cards) to the standard twelve."""
    trade = dict(raw["trade"])
    mineable = set(trade.get("mineable", []))
    commodities = {
        name: Commodity(name, int(spec["stack"]), int(spec["count"]), name in mineable)
        for name, spec in raw["commodities"].items()
    }
    if mineable - set(commodities):
        raise ContentError(f"mineable names unknown commodities {sorted(mineable - set(commodities))}")
    calamities: dict[str, Calamity] = {}
    for name, spec in {**raw["calamities"], **(extra or {})}.items():
        params = {k: v for k, v in spec.items() if k not in ("stack", "tradable")}
        calamities[name] = Calamity(name, int(spec["stack"]), bool(spec["tradable"]), params)
    stacks = [(c.name, c.stack) for c in commodities.values()] + [(c.name, c.stack) for c in calamities.values()]
    for card, stack in stacks:
        if not 1 <= stack <= 9:
            raise ContentError(f"card {card!r} is in stack {stack}, not 1-9")
    epochs = tuple(
        Epoch(str(e["name"]), int(e.get("cities", 0)), int(e.get("groups", 0)), int(e.get("cards", 0)))
        for e in raw["epochs"]
    )
    if len(epochs) != 5:
        raise ContentError(f"the A.S.T. has five epochs, not {len(epochs)}")
    return Cards(commodities, calamities, trade, epochs, {k: int(v) for k, v in raw["score"].items()})


# The ``calamities`` option: the variant's data file, and the cards it must add (None: the standard twelve only).
CALAMITY_SETS: dict[str, tuple[str, tuple[str, ...]] | None] = {
    "standard": None,
    "additional": ("additional.toml", ("Drought", "Corruption", "Oppressive Ruler", "Regression")),
}


@cache
def cards(calamities: str = "standard") -> Cards:
    """The trade cards of a game: the standard 114 commodities and 12 calamities, plus the variant's cards for
    ``calamities="additional"`` (``data/additional.toml``, the Additional Calamities variant)."""
    if calamities not in CALAMITY_SETS:
        raise ContentError(f"no calamity set {calamities!r}; choose one of {sorted(CALAMITY_SETS)}")
    raw = _read("cards.toml")
    variant = CALAMITY_SETS[calamities]
    extra: dict[str, Any] = {}
    if variant is not None:
        name, expected = variant
        extra = dict(_read(name).get("calamities", {}))
        if sorted(extra) != sorted(expected):
            raise ContentError(f"{name} must hold the calamities {sorted(expected)}, not {sorted(extra)}")
        clash = sorted(set(extra) & (set(raw["calamities"]) | set(raw["commodities"])))
        if clash:
            raise ContentError(f"{name} redefines the standard card(s) {clash}")
    found = load_cards(raw, extra)
    if sum(c.count for c in found.commodities.values()) != 114 or len(found.calamities) != 12 + len(extra):
        raise ContentError("cards.toml must hold 114 commodity cards and 12 calamities (plus a variant's)")
    return found


def calamity_card(name: str) -> Calamity:
    """A calamity of any set by name: a card is the same in every game that holds it (names are unique)."""
    for calamities in CALAMITY_SETS:
        found = cards(calamities).calamities.get(name)
        if found is not None:
            return found
    raise KeyError(name)


@cache
def rules() -> Rules:
    raw = _read("nations.toml")
    pieces = raw["pieces"]
    return Rules(int(pieces["tokens"]), int(pieces["cities"]), int(pieces["ships"]), dict(raw["rules"]))


__all__ = [
    "CALAMITY_SETS",
    "MAPS",
    "Advance",
    "Area",
    "Board",
    "Calamity",
    "Cards",
    "Commodity",
    "ContentError",
    "Epoch",
    "Nation",
    "Rules",
    "advances",
    "build_board",
    "calamity_card",
    "cards",
    "custom_board",
    "nations",
    "rules",
    "standard_board",
]


@dataclass(frozen=True)
class Help:
    """Rules help for the game page (``data/help.toml``): a sentence per advance, calamity, map symbol and the A.S.T."""

    advances: dict[str, str]
    calamities: dict[str, str]
    legend: dict[str, str]
    ast: dict[str, str]


def load_help(raw: Mapping[str, Any], advance_names: set[str], calamity_names: set[str]) -> Help:
    """Every advance and every calamity of every set explained exactly once, each text a non-empty string:
    a card added to the data without its help (or help for a card that does not exist) fails the loading."""
    parts: dict[str, dict[str, str]] = {}
    for part in ("advances", "calamities", "legend", "ast"):
        table = raw.get(part)
        if not isinstance(table, dict) or not table:
            raise ContentError(f"help.toml: [{part}] must be a table of texts")
        for key, text in table.items():
            if not isinstance(text, str) or not text.strip():
                raise ContentError(f"help.toml: [{part}] {key!r} needs a text")
        parts[part] = dict(table)
    for part, names in (("advances", advance_names), ("calamities", calamity_names)):
        missing, unknown = sorted(names - set(parts[part])), sorted(set(parts[part]) - names)
        if missing or unknown:
            raise ContentError(f"help.toml: [{part}] misses {missing} and names unknown {unknown}")
    return Help(parts["advances"], parts["calamities"], parts["legend"], parts["ast"])


@cache
def help_texts() -> Help:
    every = set().union(*(cards(option).calamities for option in CALAMITY_SETS))
    return load_help(_read("help.toml"), set(advances()), every)
