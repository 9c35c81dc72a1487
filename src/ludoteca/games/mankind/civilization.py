"""A player's civilization: the Personal Civilization Build List, trait levels and points.

A player is plain data::

    {"vp": 2, "rp": 2, "ip": 2,
     "builds": ["tribal/Farms", ...],      # every build but the Government, oldest first
     "government": "tribal/King" | None,   # None = Anarchy
     "conquests": ["ancient/Rich Land", ...],
     "mods": {"ML": -1, ...},              # permanent trait modifiers from events
     "shields": 0,                         # Negotiations: wars/incursions/raids to skip
     "raids_used": 0,                      # units that have raided this turn
     "turns": 0,                           # turns played (the first skips its Event Phase)
     "vp_from": {"start": 2, ...}}         # the VP ledger: every VP gained or lost, by source

Trait levels are always derived from that list, so they can never drift from the builds. Victory
Points are one number on the paper list; the ledger beside it records where each came from so that
the end of the game can explain the score (its values always add up to ``vp``).
"""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache
from typing import Any

from ludoteca.core import Action
from ludoteca.games.mankind.content import ERAS, TRAITS, BuildCard, Content, Trait, load_content

Player = dict[str, Any]

# Mankind: Card List Type Notation — DF is Warfare applied only when defending.
PRINTED_TRAITS = ("FL", "ML", "RL", "GL", "CL", "SL", "WL", "TL", "HL")

# Mankind: Wonder/Leader/Technology Builds "do not count against Food or Stability Limits".
NOT_FOOD_OR_STABILITY = frozenset({"wonder", "leader", "technology"})


def new_player(content: Content) -> Player:
    """Mankind: Setup — 2 VP, 2 RP, 2 IP, the Tribal builds and the King government."""
    start = content.start
    return {
        "vp": start.vp,
        "rp": start.rp,
        "ip": start.ip,
        "builds": [b for b in start.builds if b != start.government],
        "government": start.government,
        "conquests": [],
        "mods": {},
        "shields": 0,
        "raids_used": 0,
        "turns": 0,
        "vp_from": {"start": start.vp},
    }


@cache
def conquest_traits(conquest_id: str) -> tuple[tuple[str, int], ...]:
    """The permanent trait increases a recorded Conquest gives (none for a points Conquest)."""
    content = load_content()
    era_name, _, name = conquest_id.partition("/")
    table = content.events[(ERAS.index(era_name), "conquest")]
    for row in table.rows:
        if row.name == name:
            return tuple((e.trait, e.delta) for e in row.effect if isinstance(e, Trait))
    raise KeyError(conquest_id)


def levels(player: Player) -> dict[str, int]:
    """Every trait level (and DF) of a player: builds + Government + Conquests + events (+ Anarchy).

    Levels are derived, never stored, so they cannot drift from the spread; the sums are memoised
    on the spread itself because the rules ask for them many times per action. This is a fresh dict
    the caller may keep or change; the rules read single levels through :func:`level`.
    """
    return dict(level_table(player))


def level_table(player: Player) -> dict[str, int]:
    """The memoised levels of the player's spread: shared between calls, so never to be changed."""
    mods = tuple(player["mods"].items())  # in any order: the levels are sums
    return _levels(tuple(player["builds"]), player["government"], tuple(player["conquests"]), mods)


@lru_cache(maxsize=8192)
def _levels(
    builds: tuple[str, ...], government: str | None, conquests: tuple[str, ...], mods: tuple[tuple[str, int], ...]
) -> dict[str, int]:
    content = load_content()
    total = dict(_build_sums(builds))
    cards = content.builds
    if government is None:
        # Mankind: Anarchy — Government Level 2, Stability and Culture -1 each.
        for code, delta in content.anarchy:
            total[code] += delta
    else:
        for code, delta in cards[government].traits:
            total[code] += delta
    for conquest_id in conquests:
        for code, delta in conquest_traits(conquest_id):
            total[code] += delta
    for code, delta in mods:
        total[code] += delta
    return total


@lru_cache(maxsize=8192)
def _build_sums(builds: tuple[str, ...]) -> dict[str, int]:
    """Trait sums of a list of builds (shared between calls: never to be changed).

    Worked out from the list less its newest build, which is usually memoised already: a spread mostly
    grows at the end, so a new one costs one step rather than a walk over every build.
    """
    if len(builds) > _LONGEST_STEPPED:  # only a scenario's list is this long: a plain walk, no deep recursion
        total = dict.fromkeys(TRAITS, 0)
        newest: tuple[str, ...] = builds
    elif builds:
        total = dict(_build_sums(builds[:-1]))
        newest = builds[-1:]
    else:
        return dict.fromkeys(TRAITS, 0)
    for build_id in newest:
        for code, delta in card(build_id).traits:
            total[code] += delta
    return total


_LONGEST_STEPPED = 100


def level(player: Player, code: str) -> int:
    return level_table(player)[code]


def defending_warfare(player: Player) -> int:
    """Warfare Level when defending: WL plus DF (Mankind: Card List Type Notation, DF)."""
    lv = level_table(player)
    return lv["WL"] + lv["DF"]


@cache
def card(build_id: str) -> BuildCard:
    """The card of a build (memoised: the rules look cards up many times per action; cards are frozen)."""
    return load_content().builds[build_id]


@cache
def kind_of(build_id: str) -> str:
    return load_content().builds[build_id].kind


@cache
def warfare_bonus(build_id: str) -> int:
    """The WL a build gives (a unit's strength, what an upgrade from it is worth)."""
    return card(build_id).trait("WL")


def builds_of_kind(player: Player, kind: str, era: int | None = None) -> list[str]:
    """The player's builds of one kind (optionally of one era), oldest first, with repeats."""
    return list(_of_kind(tuple(player["builds"]), kind, era))


@lru_cache(maxsize=4096)
def _of_kind(builds: tuple[str, ...], kind: str, era: int | None) -> tuple[str, ...]:
    """Memoised on the spread: the Build Phase, raids and wars ask for the units every action."""
    cards = load_content().builds
    if era is None:
        return tuple(b for b in builds if cards[b].kind == kind)
    return tuple(b for b in builds if cards[b].kind == kind and cards[b].era == era)


def military_units(player: Player) -> list[str]:
    return builds_of_kind(player, "military")


def limit_count(player: Player) -> int:
    """Builds counted by the Food and Stability Limits (see docs/rulings.md, Mankind R5)."""
    count = _limit_builds(tuple(player["builds"]))
    return count + (player["government"] is not None) + len(player["conquests"])


@lru_cache(maxsize=4096)
def _limit_builds(builds: tuple[str, ...]) -> int:
    """How many of these builds the Food and Stability Limits count, memoised on the spread."""
    return sum(1 for b in builds if kind_of(b) not in NOT_FOOD_OR_STABILITY)


def spread_count(player: Player) -> int:
    """Every build in the spread, Government and Conquests included (the Governance Limit)."""
    return len(player["builds"]) + (player["government"] is not None) + len(player["conquests"])


@cache
def _ambiguous_names() -> frozenset[str]:
    seen = Counter(card.name for card in load_content().builds.values())
    return frozenset(name for name, count in seen.items() if count > 1)


@cache
def label(build_id: str) -> str:
    """A build's name for prompts, with its era when another era has a build of the same name."""
    content = load_content()
    build = content.builds[build_id]
    if build.name in _ambiguous_names():
        return f"{build.name} ({ERAS[build.era]})"
    return build.name


def spread_losses(player: Player, kinds: tuple[str, ...], verb: str, conquests: bool = True) -> list[Action]:
    """One option per distinct build of the given kinds (in that order) and, if asked, per Conquest:
    the choices a player has when the rules say "lose 1 Infrastructure or MU or a Conquest"."""
    builds = distinct([b for kind in kinds for b in builds_of_kind(player, kind)])
    options = [Action(f"{verb} {label(b)}", payload=("build", b)) for b in builds]
    if conquests:
        options += [
            Action(f"{verb} {conquest_label(c)}", payload=("conquest", c)) for c in distinct(player["conquests"])
        ]
    return options


def lose_from_spread(player: Player, payload: tuple[str, str]) -> str:
    """Remove the build or Conquest a ``spread_losses`` option names; returns its name for the log."""
    kind, item = payload
    if kind == "build":
        remove_build(player, item)
        return label(item)
    player["conquests"].remove(item)
    return conquest_label(item)


def conquest_label(conquest_id: str) -> str:
    era_name, _, name = conquest_id.partition("/")
    return f"{name} ({era_name} conquest)"


def distinct(items: list[str]) -> list[str]:
    """Items without repeats, first occurrence order (choosing one of two Farms is one choice)."""
    return list(dict.fromkeys(items))


# Where Victory Points come from, as the end-of-game breakdown names them (the ledger's keys), in the order a
# player reads a score sheet: what was built, what happened, what was traded, the limits, the end bonuses.
VP_SOURCES: dict[str, str] = {
    "start": "Start",
    "wonder": "Wonders",
    "leader": "Leaders",
    "government": "Governments",
    "build_table": "Build Table 10",
    "conquest": "Conquests",
    "boon": "Boons",
    "disaster": "Disasters",
    "war": "Wars",
    "incursion": "Incursions",
    "trade": "Trade",
    "limit": "Limits",
}
# What each source is, for the breakdown's notes (MK: Setup, the Builds, the Events, Trade and Limit Phases).
VP_NOTES: dict[str, str] = {
    "start": "2 VP at the start",
    "wonder": "3X VP for each Wonder built",
    "leader": "2X VP for each Leader",
    "government": "2X VP for each new Government",
    "build_table": "a 10 on the Build Table taken as 1D6 VP",
    "conquest": "Conquests that give points",
    "boon": "Boon events",
    "disaster": "Disaster events",
    "war": "spoils won, less spoils lost",
    "incursion": "1 VP for each attack of a horde beaten",
    "trade": "Trade Phase picks",
    "limit": "Stability (2D6) and Health (1D6) Limits",
}


def score(player: Player, source: str, amount: int) -> int:
    """Add (or, negative, remove) Victory Points and record them in the ledger under ``source``."""
    player["vp"] += amount
    ledger = player.setdefault("vp_from", {})
    ledger[source] = ledger.get(source, 0) + amount
    return amount


def gain(player: Player, resource: str, amount: int, source: str = "") -> int:
    """Add points; returns what was added. Victory Points name their ``source`` for the ledger."""
    if resource == "VP":
        return score(player, source or "other", amount)
    player[resource.lower()] += amount
    return amount


def lose(player: Player, resource: str, amount: int, source: str = "") -> int:
    """Remove points, never below zero (docs/rulings.md, Mankind R8); returns what was removed."""
    key = resource.lower()
    taken = min(amount, player[key])
    if resource == "VP":
        return -score(player, source or "other", -taken)
    player[key] -= taken
    return int(taken)


def remove_build(player: Player, build_id: str) -> None:
    """Remove one copy of a build (the oldest) from the spread."""
    player["builds"].remove(build_id)
