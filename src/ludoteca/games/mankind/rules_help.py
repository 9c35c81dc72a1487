"""Rules help for the browser: what every trait, kind of build, build, event and point does, with its cost.

The words live in ``data/help.toml`` (checked here when loaded: every trait, build kind, event kind and point
has exactly one text, and nothing else is there); the numbers (costs, VP on building, the end bonuses, the
tables) come from the rules' own content, so the help cannot disagree with what the rules do. All of it is
public: it is the rulebook.
"""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path
from typing import Any

from ludoteca.games.mankind.content import (
    ERA_TITLES,
    ERAS,
    EVENT_KINDS,
    KINDS,
    TRAIT_NAMES,
    TRAITS,
    Content,
    ContentError,
    load_content,
)
from ludoteca.games.mankind.scoring import measure_name

HELP_FILE = Path(__file__).resolve().parent / "data" / "help.toml"
_POINTS = ("VP", "RP", "IP")
_FACTS = ("turns", "spread", "limits", "shields", "anarchy")
_TAGS = ("Military Leader", "Religious Leader")


def _texts(doc: dict[str, Any], section: str, keys: tuple[str, ...], named: bool) -> dict[str, dict[str, str]]:
    """One section's entries, exactly ``keys``, each with a non-empty ``text`` (and ``name`` when ``named``)."""
    table = doc.get(section)
    if not isinstance(table, dict):
        raise ContentError(f"help.toml: missing [{section}]")
    extra, missing = sorted(set(table) - set(keys)), [k for k in keys if k not in table]
    if extra or missing:
        raise ContentError(f"help.toml: [{section}] has unknown {extra} and lacks {missing}")
    out: dict[str, dict[str, str]] = {}
    for key in keys:
        entry = table[key]
        wanted = {"text", "name"} if named else {"text"}
        if not isinstance(entry, dict) or set(entry) != wanted:
            raise ContentError(f"help.toml: [{section}.{key}] must have exactly {sorted(wanted)}")
        if not all(isinstance(v, str) and v.strip() for v in entry.values()):
            raise ContentError(f"help.toml: [{section}.{key}] has an empty or non-text field")
        out[key] = dict(entry)
    return out


def _plain(doc: dict[str, Any], section: str, keys: tuple[str, ...]) -> dict[str, str]:
    """A section of plain ``key = "text"`` lines, exactly ``keys``."""
    table = doc.get(section)
    if not isinstance(table, dict) or set(table) != set(keys):
        raise ContentError(f"help.toml: [{section}] must hold exactly {list(keys)}")
    if not all(isinstance(v, str) and v.strip() for v in table.values()):
        raise ContentError(f"help.toml: [{section}] has an empty or non-text entry")
    return dict(table)


def load_help(path: Path = HELP_FILE) -> dict[str, Any]:
    """The help texts, validated (a missing or misspelt entry fails here, not as a blank tooltip)."""
    try:
        with path.open("rb") as fh:
            doc = tomllib.load(fh)
    except (FileNotFoundError, tomllib.TOMLDecodeError) as exc:
        raise ContentError(f"help.toml: {exc}") from None
    known = {"traits", "kinds", "tags", "events", "points", "facts"}
    if set(doc) - known:
        raise ContentError(f"help.toml: unknown sections {sorted(set(doc) - known)}")
    return {
        "traits": _texts(doc, "traits", TRAITS, named=False),
        "kinds": _texts(doc, "kinds", KINDS, named=True),
        "tags": _plain(doc, "tags", _TAGS),
        "events": _texts(doc, "events", EVENT_KINDS, named=True),
        "points": _texts(doc, "points", _POINTS, named=True),
        "facts": _plain(doc, "facts", _FACTS),
    }


def _cost(content: Content, kind: str) -> dict[str, Any]:
    """MK: Build Phase — a kind's cost: ``per_era`` times X (the era number), or RP equal to the unit's WL."""
    resource, per_era = content.costs[kind]
    if per_era == "warfare":
        return {"resource": resource, "text": f"{resource} equal to its WL bonus", "per_era": None}
    return {"resource": resource, "text": f"{per_era}X {resource} (X = the era: Ancient 1 ... Modern 4)",
            "per_era": per_era}  # fmt: skip


def _traits_text(traits: tuple[tuple[str, int], ...]) -> str:
    return " ".join(f"{code} {delta:+d}" for code, delta in traits)


@functools.cache
def static_help() -> dict[str, Any]:
    """Everything the page's tooltips need, worked out once (the rulebook does not change during a game)."""
    content = load_content()
    words = load_help()
    bonus_of = {b.measure: b for b in content.bonuses}
    traits = {}
    for code in TRAITS:
        bonus = bonus_of.get(code)
        extra = f" End of game: {bonus.name}, {bonus.vp} VP for the {measure_name(code)}." if bonus else ""
        traits[code] = {"name": TRAIT_NAMES[code], "text": words["traits"][code]["text"] + extra}
    kinds = {}
    for kind in KINDS:
        vp = content.build_vp.get(kind, 0)
        kinds[kind] = {
            **words["kinds"][kind],
            "cost": _cost(content, kind),
            "vp": f"{vp}X VP when built" if vp else "",
        }
    wonders = bonus_of.get("wonders")
    if wonders:
        kinds["wonder"]["text"] += f" End of game: {wonders.name}, {wonders.vp} VP for the most Wonders."
    builds = {
        build_id: {
            "name": card.name,
            "kind": card.kind,
            "era": ERAS[card.era],
            "traits": _traits_text(card.traits),
            "tags": [tag for tag, has in zip(_TAGS, (card.military_leader, card.religious_leader), strict=True) if has],
        }
        for build_id, card in content.builds.items()
    }
    events: dict[str, Any] = {kind: dict(words["events"][kind]) for kind in EVENT_KINDS}
    conquests = bonus_of.get("conquests")
    if conquests:
        events["conquest"]["text"] += f" End of game: {conquests.name}, {conquests.vp} VP for the most Conquests."
    tables: dict[str, Any] = {}
    for (era, kind), table in sorted(content.events.items()):
        rows = [
            {"roll": str(r.low) if r.low == r.high else f"{r.low}-{r.high}", "name": r.name, "effect": r.printed}
            for r in table.rows
        ]
        tables.setdefault(ERAS[era], {})[kind] = {"die": f"1D{table.sides}", "rows": rows}
    conquest_effects = {
        f"{ERAS[era]}/{row.name}": row.printed
        for (era, kind), table in content.events.items()
        if kind == "conquest"
        for row in table.rows
    }
    return {
        "traits": traits,
        "kinds": kinds,
        "tags": words["tags"],
        "builds": builds,
        "events": events,
        "event_tables": tables,
        "conquests": conquest_effects,
        "points": words["points"],
        "facts": words["facts"],
        "eras": list(ERA_TITLES),
        "bonuses": [{"name": b.name, "vp": b.vp, "for": measure_name(b.measure)} for b in content.bonuses],
        "extra_roll_ip": content.extra_roll_cost_ip,
    }
