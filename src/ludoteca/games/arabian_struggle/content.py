"""Arabian Struggle content: the map, the set-up chart and the 48 cards, loaded and validated.

The rulebook describes the map and the cards but does not list them, so the data files hold a
reconstruction (every record says whether the rulebook fixes it or it was reconstructed). Because a
reconstruction is easy to get subtly wrong, everything the rulebook *does* fix is checked here on load,
from ``facts.toml``: the nine regions, the key cities, the British flags, the set-up chart, the deck's
counts (48 cards, 12 per faction, 20 era-restricted events, 20 lasting events of which 19 End-of-Era and
1 End-of-Game, 10 events adding Tribal Conference pieces, OP 1-3, Empire modifiers 1-4) and the six
cards the rulebook prints. A broken file fails at start-up with a message naming the record, never
mid-game.
"""

from __future__ import annotations

import functools
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "EFFECTS",
    "LASTING_EFFECTS",
    "NAMED_EFFECTS",
    "Area",
    "Card",
    "Content",
    "ContentError",
    "load_content",
]

DATA_DIR = Path(__file__).resolve().parent / "data"

# The effect vocabulary (see the header of data/cards.toml).
IMMEDIATE_EFFECTS = ("place", "remove", "move", "conference", "named")
LASTING_EFFECTS = ("combat_bonus", "op_bonus", "retreat_override")
EFFECTS = IMMEDIATE_EFFECTS + LASTING_EFFECTS
CONDITIONS = ("own_present", "region_own_present")
RETREAT_MODES = ("defender_retreats",)
# Card events the vocabulary cannot say; each is a function in ``events.py`` (checked there on import).
NAMED_EFFECTS = ("shammar_raiders",)
DURATIONS = ("none", "era", "game")
PROVENANCES = ("rulebook", "reconstructed")


class ContentError(ValueError):
    """A data file breaks a rule the rulebook fixes or the schema; the message names the record."""


@dataclass(frozen=True)
class Area:
    """One map area: a city (supply 3), a pastoral tribe or open terrain."""

    name: str
    region: str
    type: str
    supply: int
    population: int
    key_city: bool
    british_flag: bool
    adjacent: tuple[str, ...]
    roads: frozenset[str]
    provenance: str
    x: float = 0.0  # drawing position: longitude (degrees east), from the record's ``position = [lat, lon]``
    y: float = 0.0  # latitude (degrees north)


@dataclass(frozen=True)
class Card:
    """One card: OP, faction, event eras and regions, combat modifiers and the event as effects."""

    number: int
    title: str
    faction: str
    op: int
    eras: tuple[str, ...]
    regions: tuple[str, ...]
    modifiers: dict[str, int]
    text: str
    duration: str
    lasting_text: str
    effects: tuple[dict[str, Any], ...]
    provenance: str
    rulebook_fields: tuple[str, ...]

    @functools.cached_property
    def label(self) -> str:
        """Memoised: every card in a hand is labelled each time the play options are listed."""
        return f"#{self.number:02d} {self.title}"

    @property
    def lasting(self) -> bool:
        return self.duration != "none"

    @property
    def era_restricted(self) -> bool:
        return len(self.eras) < 3

    @property
    def adds_conference(self) -> bool:
        return any(effect["do"] == "conference" for effect in self.effects)


@dataclass(frozen=True)
class Content:
    """Everything the rules read: map, set-up and cards (immutable; shared by every game)."""

    areas: dict[str, Area]
    regions: dict[str, tuple[str, ...]]
    scoring_regions: tuple[str, ...]
    setup: dict[str, Any]
    placements: tuple[tuple[str, str], ...]
    cards: dict[int, Card]
    provenance: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def area_names(self) -> tuple[str, ...]:
        return tuple(self.areas)

    def link_cost(self, a: str, b: str) -> int:
        """Movement points to go from ``a`` to the adjacent ``b``: 1 along a road, else 2."""
        return int(self.setup["road_cost"] if b in self.areas[a].roads else self.setup["other_cost"])

    # Tables derived from the map, built once on first use and shared by every game (the content is
    # immutable): the rules list options thousands of times per game, and these are what they scan.
    @functools.cached_property
    def area_order(self) -> dict[str, int]:
        """Each area's place in map order, to list areas holding pieces in that order without a map scan."""
        return {name: index for index, name in enumerate(self.areas)}

    @functools.cached_property
    def links(self) -> dict[str, tuple[tuple[str, int], ...]]:
        """Each area's neighbours, in adjacency order, with the movement points to enter them (``link_cost``)."""
        return {
            name: tuple((other, self.link_cost(name, other)) for other in area.adjacent)
            for name, area in self.areas.items()
        }

    @functools.cached_property
    def movable_from(self) -> frozenset[str]:
        """Areas a piece can leave: a neighbour within the movement points. The first step never stops a piece
        (only entering an area can), so this is exactly "``reachable`` from the area is not empty"."""
        budget = int(self.setup["movement_points"])
        return frozenset(name for name, links in self.links.items() if any(cost <= budget for _, cost in links))

    def report(self) -> str:
        """One line per kind of record: how many the rulebook fixes and how many were reconstructed."""
        lines = []
        for kind, counts in self.provenance.items():
            lines.append(
                f"{kind}: {counts.get('rulebook', 0)} rulebook, {counts.get('reconstructed', 0)} reconstructed"
            )
        return "\n".join(lines)


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise ContentError(f"missing content file {path.name}") from None
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{path.name}: {error}") from None


def _need(record: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in record:
        raise ContentError(f"{where}: missing {key!r}")
    value = record[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise ContentError(f"{where}: {key!r} has the wrong type ({value!r})")
    return value


def _provenance(record: dict[str, Any], where: str) -> str:
    value = _need(record, "provenance", str, where)
    if value not in PROVENANCES:
        raise ContentError(f"{where}: provenance must be one of {PROVENANCES}, not {value!r}")
    return str(value)


# --------------------------------------------------------------------------- the map


def _load_map(
    raw: dict[str, Any], facts: dict[str, Any]
) -> tuple[dict[str, Area], dict[str, tuple[str, ...]], Counter[str]]:
    counts: Counter[str] = Counter()
    region_of: dict[str, str] = {}
    regions: dict[str, tuple[str, ...]] = {}
    scoring: dict[str, bool] = {}
    for record in raw.get("region", []):
        name = _need(record, "name", str, "region")
        where = f"region {name!r}"
        if name in regions:
            raise ContentError(f"{where} is listed twice")
        counts[f"region:{_provenance(record, where)}"] += 1
        members = tuple(_need(record, "areas", list, where))
        for area in members:
            if area in region_of:
                # AS: Components — every area belongs to exactly one of the 9 named regions.
                raise ContentError(f"area {area!r} is in two regions ({region_of[area]!r} and {name!r})")
            region_of[area] = name
        regions[name] = members
        scoring[name] = bool(_need(record, "scoring", bool, where))
    if len(regions) != facts["regions"]:
        raise ContentError(f"the map has {len(regions)} regions; the rulebook has {facts['regions']}")
    for name in facts["named_regions"]:
        if name not in regions:
            raise ContentError(f"the rulebook's region {name!r} is missing from the map")
    for name, scores in scoring.items():
        if scores == (name in facts["non_scoring"]):
            raise ContentError(f"region {name!r}: scoring must be {name not in facts['non_scoring']}")

    areas: dict[str, Area] = {}
    for record in raw.get("area", []):
        name = _need(record, "name", str, "area")
        where = f"area {name!r}"
        if name in areas:
            raise ContentError(f"{where} is listed twice")
        if name not in region_of:
            raise ContentError(f"{where} is in no region")
        kind = _need(record, "type", str, where)
        supply = _need(record, "supply", int, where)
        population = _need(record, "population", int, where)
        if kind not in ("city", "tribe", "open"):
            raise ContentError(f"{where}: type must be city, tribe or open, not {kind!r}")
        if not 1 <= supply <= 3:
            raise ContentError(f"{where}: supply must be 1, 2 or 3 (AS: Phase 4), not {supply}")
        if (kind == "city") != (supply == 3):
            raise ContentError(f"{where}: an area is a city exactly when its supply is 3 (AS: Phase 4)")
        if population < 0 or (population and region_of[name] in facts["non_scoring"]):
            raise ContentError(f"{where}: bad population {population} (Rub' Al-Khali has no population icon)")
        adjacent = tuple(_need(record, "adjacent", list, where))
        roads = frozenset(_need(record, "roads", list, where))
        if not roads <= set(adjacent):
            raise ContentError(f"{where}: a road leads to a non-adjacent area ({sorted(roads - set(adjacent))})")
        if name in adjacent or len(set(adjacent)) != len(adjacent):
            raise ContentError(f"{where}: adjacency lists itself or repeats an area")
        counts[f"area:{_provenance(record, where)}"] += 1
        areas[name] = Area(
            name=name,
            region=region_of[name],
            type=kind,
            supply=supply,
            population=population,
            key_city=bool(record.get("key_city", False)),
            british_flag=bool(record.get("british_flag", False)),
            adjacent=adjacent,
            roads=roads,
            provenance=record["provenance"],
            x=float(record.get("position", (0.0, 0.0))[1]),
            y=float(record.get("position", (0.0, 0.0))[0]),
        )
    missing = sorted(set(region_of) - set(areas))
    if missing:
        raise ContentError(f"region lists name areas that do not exist: {missing}")
    for area in areas.values():
        for other in area.adjacent:
            if other not in areas:
                raise ContentError(f"area {area.name!r}: unknown neighbour {other!r}")
            if area.name not in areas[other].adjacent:
                raise ContentError(f"adjacency is not symmetric: {area.name!r} -> {other!r} but not back")
            if (other in area.roads) != (area.name in areas[other].roads):
                raise ContentError(f"road is not symmetric between {area.name!r} and {other!r}")
    # The map must be connected: every area reachable from every other.
    start = next(iter(areas))
    seen, frontier = {start}, [start]
    while frontier:
        for other in areas[frontier.pop()].adjacent:
            if other not in seen:
                seen.add(other)
                frontier.append(other)
    if len(seen) != len(areas):
        raise ContentError(f"the map is not connected: cannot reach {sorted(set(areas) - seen)[:5]}")
    keys = sorted(a.name for a in areas.values() if a.key_city)
    if keys != sorted(facts["key_cities"]):
        raise ContentError(f"key cities must be {facts['key_cities']}, not {keys}")
    flags = sorted(a.name for a in areas.values() if a.british_flag)
    if flags != sorted(facts["british_flags"]):
        raise ContentError(f"British-flag areas must be {facts['british_flags']}, not {flags}")
    for name, region in facts["area_regions"].items():
        if name not in areas or areas[name].region != region:
            raise ContentError(f"the rulebook puts {name!r} in {region!r}")
    counts["link:reconstructed"] += sum(len(a.adjacent) for a in areas.values()) // 2
    return areas, regions, counts


# --------------------------------------------------------------------------- set-up


def _load_setup(raw: dict[str, Any], areas: dict[str, Area], counts: Counter[str]) -> tuple[tuple[str, str], ...]:
    owners = (*raw["factions"], *raw["empires"], "Nomad")
    placements = []
    placed: Counter[tuple[str, str]] = Counter()
    for record in raw.get("placement", []):
        area = _need(record, "area", str, "placement")
        owner = _need(record, "owner", str, f"placement in {area!r}")
        if area not in areas:
            raise ContentError(f"placement: unknown area {area!r}")
        if owner not in owners:
            raise ContentError(f"placement in {area!r}: unknown owner {owner!r}")
        counts[f"placement:{_provenance(record, f'placement in {area!r}')}"] += 1
        placements.append((area, owner))
        placed[(areas[area].region, owner)] += 1
    for record in raw.get("chart", []):
        region, owner, count = record["region"], record["owner"], record["count"]
        counts[f"chart:{_provenance(record, f'chart row {region}/{owner}')}"] += 1
        if record["era"] != "pre-war":
            continue  # the Great War British arrive at the Reset Pieces step
        if placed[(region, owner)] != count:
            raise ContentError(
                f"the set-up chart puts {count} {owner} in {region}; the placements put {placed[(region, owner)]}"
            )
    totals: Counter[str] = Counter(owner for _, owner in placements)
    limits = {
        **dict.fromkeys(raw["factions"], raw["faction_pieces"]),
        **raw["empire_pieces"],
        "Nomad": raw["nomad_pieces"],
    }
    for owner, total in totals.items():
        if total > limits[owner]:
            raise ContentError(f"the set-up places {total} {owner} pieces; there are only {limits[owner]}")
    nomad_areas = [area for area, owner in placements if owner == "Nomad"]
    if len(set(nomad_areas)) != len(nomad_areas):
        raise ContentError("two Nomads start in the same area (only one Nomad per area: docs/rulings.md AS-R13)")
    return tuple(placements)


# --------------------------------------------------------------------------- cards


def _check_effect(effect: dict[str, Any], card: Card | dict[str, Any], where: str, areas: dict[str, Area]) -> None:
    kind = effect.get("do")
    if kind not in EFFECTS:
        raise ContentError(f"{where}: unknown effect {kind!r} (known: {', '.join(EFFECTS)})")
    factions = ("Hashemite", "Rasheedi", "Saudi")
    if kind == "named":
        if effect.get("name") not in NAMED_EFFECTS:
            raise ContentError(f"{where}: no named effect {effect.get('name')!r}")
        return
    who = effect.get("who")
    allowed: tuple[str, ...] = {
        "place": (*factions, "Ottoman", "British", "Nomad", "self"),
        "remove": (*factions, "Ottoman", "British", "Nomad", "opponent"),
        "move": (*factions, "self"),
        "conference": (*factions, "self"),
        "combat_bonus": (*factions, "Ottoman", "British", "self"),
        "retreat_override": (*factions, "self"),
    }.get(kind, ())
    if kind == "op_bonus":
        ok = who == "self" or (isinstance(who, list) and who and all(w in factions for w in who))
        if not ok:
            raise ContentError(f"{where}: op_bonus 'who' must be \"self\" or a list of factions, not {who!r}")
    elif who not in allowed:
        raise ContentError(f"{where}: {kind} cannot apply to {who!r}")
    if kind in ("place", "remove", "move", "conference"):
        count = effect.get("count")
        if not (
            (isinstance(count, int) and not isinstance(count, bool) and count >= 1)
            or (count == "all" and kind == "remove")
        ):
            raise ContentError(f"{where}: bad count {count!r}")
    if kind in ("combat_bonus", "op_bonus"):
        amount = effect.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool) or amount == 0:
            raise ContentError(f"{where}: bad amount {amount!r}")
    if kind == "retreat_override" and effect.get("mode") not in RETREAT_MODES:
        raise ContentError(f"{where}: unknown retreat mode {effect.get('mode')!r}")
    if "condition" in effect and effect["condition"] not in CONDITIONS:
        raise ContentError(f"{where}: unknown condition {effect['condition']!r}")
    # Effects act only within the card's eligible regions (docs/rulings.md AS-R29).
    regions = set(card["regions"] if isinstance(card, dict) else card.regions)
    for area in effect.get("areas", []):
        if area not in areas:
            raise ContentError(f"{where}: unknown area {area!r}")
        if areas[area].region not in regions:
            raise ContentError(f"{where}: {area!r} is outside the card's eligible regions")
    for region in effect.get("regions", []):
        if region not in regions:
            raise ContentError(f"{where}: region {region!r} is not among the card's eligible regions")
    unknown = set(effect) - {"do", "who", "count", "areas", "regions", "condition", "amount", "mode", "name"}
    if unknown:
        raise ContentError(f"{where}: unknown keys {sorted(unknown)}")


def _load_cards(
    raw: dict[str, Any], facts: dict[str, Any], setup: dict[str, Any], areas: dict[str, Area], regions: dict[str, Any]
) -> tuple[dict[int, Card], Counter[str]]:
    counts: Counter[str] = Counter()
    cards: dict[int, Card] = {}
    deck = facts["deck"]
    owners = ("Hashemite", "Rasheedi", "Saudi", "Ottoman", "British")
    for record in raw.get("card", []):
        number = _need(record, "number", int, "card")
        where = f"card #{number:02d}"
        if number in cards:
            raise ContentError(f"{where} is listed twice")
        faction = _need(record, "faction", str, where)
        low, high = deck["numbering"].get(faction, (0, -1))
        if not low <= number <= high:
            raise ContentError(f"{where}: a {faction} card must be numbered {low}-{high}")
        op = _need(record, "op", int, where)
        if not deck["op"][0] <= op <= deck["op"][1]:
            raise ContentError(f"{where}: OP must be {deck['op'][0]}-{deck['op'][1]}, not {op}")
        eras = tuple(_need(record, "eras", list, where))
        if not eras or any(era not in setup["eras"] for era in eras):
            raise ContentError(f"{where}: bad eras {list(eras)}")
        card_regions = tuple(_need(record, "regions", list, where))
        if not card_regions or any(region not in regions for region in card_regions):
            raise ContentError(f"{where}: bad regions {list(card_regions)}")
        modifiers = dict(_need(record, "modifiers", dict, where))
        if sorted(modifiers) != sorted(owners) or not all(isinstance(v, int) and v >= 0 for v in modifiers.values()):
            raise ContentError(f"{where}: modifiers must give a number for each of {owners}")
        low_e, high_e = deck["empire_modifier"]
        for empire in ("Ottoman", "British"):
            if not low_e <= modifiers[empire] <= high_e:
                raise ContentError(
                    f"{where}: Empire modifiers are {low_e}-{high_e} (AS: Combat), not {modifiers[empire]}"
                )
        duration = _need(record, "duration", str, where)
        if duration not in DURATIONS:
            raise ContentError(f"{where}: duration must be one of {DURATIONS}")
        effects = tuple(dict(e) for e in _need(record, "effects", list, where))
        for index, effect in enumerate(effects):
            _check_effect(effect, record, f"{where} effect {index + 1}", areas)
        lasting = [e for e in effects if e["do"] in LASTING_EFFECTS]
        if bool(lasting) != (duration != "none"):
            raise ContentError(f"{where}: a lasting effect needs a duration, and a duration needs a lasting effect")
        if duration != "none" and not record.get("lasting_text"):
            raise ContentError(f"{where}: a lasting event needs its lasting_text")
        provenance = _provenance(record, where)
        counts[f"card:{provenance}"] += 1
        cards[number] = Card(
            number=number,
            title=_need(record, "title", str, where),
            faction=faction,
            op=op,
            eras=eras,
            regions=card_regions,
            modifiers=modifiers,
            text=_need(record, "text", str, where),
            duration=duration,
            lasting_text=record.get("lasting_text", ""),
            effects=effects,
            provenance=provenance,
            rulebook_fields=tuple(record.get("rulebook_fields", ())),
        )
    # AS: Components; Execute Event; Phase 3 — the deck's counts.
    checks = [
        ("cards", len(cards)),
        ("era_restricted", sum(c.era_restricted for c in cards.values())),
        ("lasting", sum(c.lasting for c in cards.values())),
        ("lasting_era", sum(c.duration == "era" for c in cards.values())),
        ("lasting_game", sum(c.duration == "game" for c in cards.values())),
        ("conference", sum(c.adds_conference for c in cards.values())),
    ]
    for name, value in checks:
        if value != deck[name]:
            raise ContentError(f"the deck has {value} {name.replace('_', ' ')} cards; the rulebook says {deck[name]}")
    per_faction = Counter(c.faction for c in cards.values())
    for faction in deck["numbering"]:
        if per_faction[faction] != deck["per_faction"]:
            raise ContentError(f"{faction} has {per_faction[faction]} cards; the rulebook says {deck['per_faction']}")
    for known in facts.get("known_card", []):
        number = known["number"]
        card = cards.get(number)
        if card is None:
            raise ContentError(f"the rulebook's card #{number:02d} is missing")
        for key, value in known.items():
            mine = getattr(card, key)
            if isinstance(mine, tuple):
                mine = list(mine)
            if mine != value:
                raise ContentError(f"card #{number:02d}: {key} is {mine!r}; the rulebook gives {value!r}")
            if key != "number" and key not in card.rulebook_fields:
                raise ContentError(f"card #{number:02d}: {key} comes from the rulebook; list it in rulebook_fields")
        if card.provenance == "rulebook" and len(card.rulebook_fields) < 9:
            raise ContentError(f"card #{number:02d}: only a card known in every field can have provenance rulebook")
    return cards, counts


def _load(folder: Path) -> Content:
    facts = _read(folder / "facts.toml")
    setup = _read(folder / "setup.toml")
    areas, regions, counts = _load_map(_read(folder / "map.toml"), facts["map"])
    placements = _load_setup(setup, areas, counts)
    cards, card_counts = _load_cards(_read(folder / "cards.toml"), facts, setup, areas, regions)
    counts.update(card_counts)
    provenance: dict[str, dict[str, int]] = {}
    for key, value in sorted(counts.items()):
        kind, _, origin = key.partition(":")
        provenance.setdefault(kind, {})[origin] = value
    totals: Counter[str] = Counter()
    for by_origin in provenance.values():
        totals.update(by_origin)
    provenance["total"] = dict(totals)
    scoring = tuple(name for name in regions if name not in facts["map"]["non_scoring"])
    return Content(
        areas=areas,
        regions=regions,
        scoring_regions=scoring,
        setup=setup,
        placements=placements,
        cards=cards,
        provenance=provenance,
    )


@functools.cache
def _load_default() -> Content:
    return _load(DATA_DIR)


def load_content(path: Path | str | None = None) -> Content:
    """Load and validate the content; the package's own data is read once and cached."""
    if path is None:
        return _load_default()
    return _load(Path(path))
