"""Mankind content: the rulebook's lists and tables as typed, validated data.

The rulebook's facts (build lists, event sub-tables, costs, limits, bonuses) live in
TOML files under ``data/`` so that a transcription fix is a data edit, never a code
edit. This module loads those files, checks them hard (a dropped row, an overlapping
die range or an effect nobody can execute must fail at load time, not mid-game), and
turns every printed effect note into small effect objects the rules engine executes.

Only the standard library is used so that loading content never pulls in the engine.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, TypeAlias

__all__ = [
    "ERAS",
    "ERA_TITLES",
    "EVENT_KINDS",
    "KINDS",
    "TRAITS",
    "TRAIT_NAMES",
    "Amount",
    "Bonus",
    "BuildCard",
    "Content",
    "ContentError",
    "Effect",
    "EventRow",
    "EventTable",
    "GainBuild",
    "Incursion",
    "Limits",
    "LoseBuild",
    "NegateNextWar",
    "Points",
    "Raid",
    "SetGovernment",
    "Shield",
    "Start",
    "Trait",
    "War",
    "load_content",
    "parse_effect",
]

# Mankind: Card List Type Notation — the nine trait levels plus DF, the warfare bonus
# that only counts when defending (War, Incursion, Raid).
TRAITS: tuple[str, ...] = ("FL", "ML", "RL", "GL", "CL", "SL", "WL", "TL", "HL", "DF")
KINDS: tuple[str, ...] = ("infrastructure", "military", "leader", "wonder", "technology", "government")
# Mankind: Card List Type Notation — what each abbreviation stands for.
TRAIT_NAMES: dict[str, str] = {
    "TL": "Trade Level",
    "FL": "Food Level",
    "ML": "Materials Level",
    "RL": "Research Level",
    "GL": "Government Level",
    "CL": "Culture Level",
    "SL": "Stability Level",
    "HL": "Health Level",
    "WL": "Warfare Level",
    "DF": "Defence (WL when defending)",
}
# Index = era number: Mankind: Outline numbers the eras Ancient = 1 ... Modern = 4;
# the Tribal starting builds are era 0.
ERAS: tuple[str, ...] = ("tribal", "ancient", "medieval", "revolution", "modern")
ERA_TITLES: tuple[str, ...] = tuple(era.title() for era in ERAS)  # as log sentences name them
# Mankind: Event Phase — the six sub-tables every era has.
EVENT_KINDS: tuple[str, ...] = ("conquest", "war", "incursion", "raid", "boon", "disaster")

# Mankind: Card List Type Notation (the printed type letters).
_TYPE_LETTERS: dict[str, str] = {
    "L": "leader",
    "W": "wonder",
    "I": "infrastructure",
    "M": "military",
    "O": "technology",
    "G": "government",
}
_TAGS: tuple[str, ...] = ("Military Leader", "Religious Leader")
_RESOURCES: tuple[str, ...] = ("VP", "RP", "IP")
_BUILD_RESULTS: tuple[str, ...] = (*KINDS, "choice")
_EVENT_RESULTS: tuple[str, ...] = (*EVENT_KINDS, "nothing")
# Mankind: Dice — "6, 8, and 10 sided Dice are used."
_DIE_SIDES: tuple[int, ...] = (6, 8, 10)
# Mankind: End of Game Scoring Bonuses compare counts of conquests/wonders or a trait
# level; DF is a modifier, not a level anybody is ranked on.
_BONUS_MEASURES: tuple[str, ...] = ("conquests", "wonders", *(t for t in TRAITS if t != "DF"))


class ContentError(ValueError):
    """A content file (or an effect text) is wrong; the message names file, row and problem."""


# --------------------------------------------------------------------------- amounts


_AMOUNT_RE = re.compile(r"(?:(\d+)d(\d+)(?:\s*\+\s*(\d+))?|(\d+))", re.IGNORECASE)


@dataclass(frozen=True)
class Amount:
    """A number of points: ``dice`` rolls of a ``sides``-sided die plus ``flat``.

    Kept symbolic (not rolled at load) because the engine must roll it with the game's
    seeded RNG each time the effect happens, e.g. "2D6" -> Amount(2, 6, 0).
    """

    dice: int
    sides: int
    flat: int

    def __post_init__(self) -> None:
        if self.dice < 0 or self.sides < 0 or self.flat < 0 or (self.dice == 0) != (self.sides == 0):
            raise ContentError(f"invalid amount {self.dice}D{self.sides}+{self.flat}")

    @classmethod
    def parse(cls, text: str) -> Amount:
        """Parse "2D6", "1D6+2" or "10" (case-insensitive)."""
        m = _AMOUNT_RE.fullmatch(text.strip())
        if m is None:
            raise ContentError(f"malformed amount {text!r} (expected e.g. '2D6' or '10')")
        if m.group(4) is not None:
            return cls(0, 0, int(m.group(4)))
        return cls(int(m.group(1)), int(m.group(2)), int(m.group(3) or 0))

    def __str__(self) -> str:
        if self.dice == 0:
            return str(self.flat)
        return f"{self.dice}D{self.sides}" + (f"+{self.flat}" if self.flat else "")


# ----------------------------------------------------------------------------- builds


@dataclass(frozen=True)
class BuildCard:
    """One row of a build list: what putting it into play changes.

    Names repeat across eras (Archers, Mounted Archers, Heavy Cavalry), hence the
    era-qualified ``id``.
    """

    id: str
    name: str
    era: int
    kind: str
    traits: tuple[tuple[str, int], ...]
    military_leader: bool
    religious_leader: bool

    def trait(self, code: str) -> int:
        """Total bonus this build gives to ``code`` (0 if it does not touch it)."""
        if code not in TRAITS:
            raise ContentError(f"unknown trait code {code!r} (expected one of {', '.join(TRAITS)})")
        return sum(delta for c, delta in self.traits if c == code)


# ---------------------------------------------------------------------------- effects


def _check(value: object, allowed: Sequence[object], what: str) -> None:
    if value not in allowed:
        raise ContentError(f"invalid {what} {value!r} (expected one of {', '.join(map(repr, allowed))})")


@dataclass(frozen=True)
class Trait:
    """Permanent trait modifier, e.g. a Conquest's "TL +1" or "Opponent gets ML -1"."""

    op: ClassVar[str] = "trait"
    who: str
    trait: str
    delta: int

    def __post_init__(self) -> None:
        _check(self.who, ("self", "opponent"), "Trait.who")
        _check(self.trait, TRAITS, "Trait.trait")


@dataclass(frozen=True)
class Points:
    """One-time gain or loss of VP/RP/IP; one object per resource so each rolls its own dice."""

    op: ClassVar[str] = "points"
    who: str
    resource: str
    amount: Amount
    sign: int

    def __post_init__(self) -> None:
        _check(self.who, ("self", "all", "opponents"), "Points.who")
        _check(self.resource, _RESOURCES, "Points.resource")
        _check(self.sign, (1, -1), "Points.sign")


@dataclass(frozen=True)
class GainBuild:
    """Gain one build of ``kind``: from the current era's list, or one an opponent has."""

    op: ClassVar[str] = "gain_build"
    kind: str
    source: str

    def __post_init__(self) -> None:
        _check(self.kind, KINDS, "GainBuild.kind")
        _check(self.source, ("available", "opponent"), "GainBuild.source")


@dataclass(frozen=True)
class LoseBuild:
    """Lose one build of ``kind`` from your spread, optionally only one from era ``era``."""

    op: ClassVar[str] = "lose_build"
    kind: str
    era: int | None

    def __post_init__(self) -> None:
        _check(self.kind, KINDS, "LoseBuild.kind")
        if self.era is not None:
            _check(self.era, tuple(range(len(ERAS))), "LoseBuild.era")


@dataclass(frozen=True)
class SetGovernment:
    """Replace your government: with Anarchy, with the starting King, or with any you pick."""

    op: ClassVar[str] = "set_government"
    to: str

    def __post_init__(self) -> None:
        _check(self.to, ("anarchy", "king", "any"), "SetGovernment.to")


@dataclass(frozen=True)
class Shield:
    """Revolution Boon "Negotiations": skip the next War, Incursion or Raid that targets you."""

    op: ClassVar[str] = "shield"


@dataclass(frozen=True)
class NegateNextWar:
    """Modern Disaster "United Nations": the next War does not happen."""

    op: ClassVar[str] = "negate_next_war"


_WAR_MODES: tuple[str, ...] = (
    "left",
    "right",
    "random_opponent",
    "weakest_opponent",
    "strongest_opponent",
    "two_random",
    "choice_and_random",
    "two_choice",
)
_INCURSION_TARGETS: tuple[str, ...] = ("self", "weakest", "random", "choice", "strongest")


@dataclass(frozen=True)
class War:
    """Mankind: War Events — who fights whom (``mode`` names the pairing rule)."""

    op: ClassVar[str] = "war"
    mode: str

    def __post_init__(self) -> None:
        _check(self.mode, _WAR_MODES, "War.mode")


@dataclass(frozen=True)
class Incursion:
    """Mankind: Incursion Events — which player the Horde attacks."""

    op: ClassVar[str] = "incursion"
    target: str

    def __post_init__(self) -> None:
        _check(self.target, _INCURSION_TARGETS, "Incursion.target")


@dataclass(frozen=True)
class Raid:
    """Mankind: Raid Events — a raid with ``modifier`` added to every Raid roll."""

    op: ClassVar[str] = "raid"
    modifier: int


Effect: TypeAlias = (
    Trait | Points | GainBuild | LoseBuild | SetGovernment | Shield | NegateNextWar | War | Incursion | Raid
)

# Which effects make sense on which sub-table: catches a War phrase typed into an
# Incursion row (both talk about "weakest player") at load time.
_FORTUNE_OPS = frozenset({"trait", "points", "gain_build", "lose_build", "set_government", "shield", "negate_next_war"})
_TABLE_OPS: dict[str, frozenset[str]] = {
    "conquest": frozenset({"trait", "points"}),
    "war": frozenset({"war"}),
    "incursion": frozenset({"incursion"}),
    "raid": frozenset({"raid"}),
    "boon": _FORTUNE_OPS,
    "disaster": _FORTUNE_OPS,
}

# ------------------------------------------------------------ effect vocabulary parser
# A small grammar over the rulebook's own phrasings. Each sub-parser returns None when
# the text is not its kind of phrase, so the parsers can simply be tried in turn.

_RESOURCE_WORDS: dict[str, str] = {
    "vp": "VP",
    "victory point": "VP",
    "victory points": "VP",
    "rp": "RP",
    "resource point": "RP",
    "resource points": "RP",
    "ip": "IP",
    "idea point": "IP",
    "idea points": "IP",
}
# Build kinds as the notes spell them, including the abbreviations "IS" and "MU".
_KIND_WORDS: dict[str, str] = {
    "infrastructure": "infrastructure",
    "infrastructures": "infrastructure",
    "is": "infrastructure",
    "military unit": "military",
    "military units": "military",
    "mu": "military",
    "leader": "leader",
    "leaders": "leader",
    "wonder": "wonder",
    "wonders": "wonder",
    "technology": "technology",
    "technologies": "technology",
    "government": "government",
}
# Mankind: Government Builds — "a King (Chieftain, or Tyrant) Government".
_GOVERNMENT_WORDS: dict[str, str] = {
    "anarchy": "anarchy",
    "king": "king",
    "chieftain": "king",
    "tyrant": "king",
    "anything": "any",
    "any": "any",
}
# Participants named by War and Incursion notes.
_SIDE_WORDS: dict[str, str] = {
    "you": "you",
    "player to your left": "left",
    "player to your right": "right",
    "random opponent": "random",
    "random player": "random",
    "weakest player": "weakest",
    "weakest opponent": "weakest",
    "strongest player": "strongest",
    "strongest opponent": "strongest",
    "player of your choice": "choice",
}
_WAR_PAIRS: dict[tuple[str, str], str] = {
    ("you", "left"): "left",
    ("you", "right"): "right",
    ("you", "random"): "random_opponent",
    ("you", "weakest"): "weakest_opponent",
    ("you", "strongest"): "strongest_opponent",
    ("random", "random"): "two_random",
    ("choice", "random"): "choice_and_random",
    ("random", "choice"): "choice_and_random",
    ("choice", "choice"): "two_choice",
}
_INCURSION_SIDES: dict[str, str] = {
    "you": "self",
    "weakest": "weakest",
    "random": "random",
    "choice": "choice",
    "strongest": "strongest",
}
_COUNT_WORDS: dict[str, int] = {"a": 1, "an": 1, "one": 1, "target": 1, "your": 1}
_LIST_SPLIT = re.compile(r"\s*,\s*and\s+|\s*,\s*|\s+and\s+")


def _normalise(text: str) -> str:
    s = text.strip().lower().replace("&", " and ")
    s = re.sub(r"\bvs\b\.?", "versus", s)
    s = re.sub(r"\s*,\s*", ", ", s)
    s = re.sub(r"\s+", " ", s).strip()
    return s.rstrip(".").strip()


def _side(words: str) -> str | None:
    words = re.sub(r"^(?:the|a|an) ", "", words.strip())
    return _SIDE_WORDS.get(words)


def _count(word: str | None) -> int:
    if word is None:
        return 1
    if word.isdigit():
        return int(word)
    return _COUNT_WORDS[word]


def _p_raid(s: str) -> tuple[Effect, ...] | None:
    # Mankind: Raid Events — notes "-" and "Raid" are a plain raid.
    if s in ("-", "raid"):
        return (Raid(0),)
    m = re.fullmatch(r"raid rolls? ([+-]\d+)", s)
    return (Raid(int(m.group(1))),) if m else None


def _p_war(s: str) -> tuple[Effect, ...] | None:
    m = re.fullmatch(r"two (random players|players of your choice)", s)
    if m:
        return (War("two_random" if m.group(1) == "random players" else "two_choice"),)
    m = re.fullmatch(r"(.+?) (?:versus|and) (.+)", s)
    if m is None:
        return None
    a, b = _side(m.group(1)), _side(m.group(2))
    if a is None or b is None or (a, b) not in _WAR_PAIRS:
        return None
    return (War(_WAR_PAIRS[(a, b)]),)


def _p_incursion(s: str) -> tuple[Effect, ...] | None:
    m = re.fullmatch(r"targets? (.+)", s)
    if m is None:
        return None
    side = _side(m.group(1))
    if side is None or side not in _INCURSION_SIDES:
        return None
    return (Incursion(_INCURSION_SIDES[side]),)


def _p_shield(s: str) -> tuple[Effect, ...] | None:
    m = re.fullmatch(r"skip the next (.+?) events? that targets? you", s)
    if m is None:
        return None
    kinds = {k for k in _LIST_SPLIT.split(re.sub(r",? or ", ", ", m.group(1))) if k}
    return (Shield(),) if kinds == {"war", "incursion", "raid"} else None


def _p_negate(s: str) -> tuple[Effect, ...] | None:
    return (NegateNextWar(),) if re.fullmatch(r"negate (?:the )?next war", s) else None


def _p_government(s: str) -> tuple[Effect, ...] | None:
    m = re.fullmatch(r"(?:your government becomes|change (?:your )?government to) (\w+)", s)
    if m is None or m.group(1) not in _GOVERNMENT_WORDS:
        return None
    return (SetGovernment(_GOVERNMENT_WORDS[m.group(1)]),)


def _p_points(s: str) -> tuple[Effect, ...] | None:
    # "Gain 1D6 IP, VP, and RP": one amount applies to each listed resource, rolled
    # separately; "Gain 1D6 IP and 1D6 RP" restates it.
    m = re.fullmatch(r"(?:(all players|opponents|you) )?(gains?|gets?|loses?) (.+?)(?: each)?", s)
    if m is None:
        return None
    who = {"all players": "all", "opponents": "opponents"}.get(m.group(1) or "", "self")
    sign = -1 if m.group(2).startswith("lose") else 1
    out: list[Effect] = []
    amount: Amount | None = None
    for item in _LIST_SPLIT.split(m.group(3)):
        im = re.fullmatch(rf"(?:(?P<amount>{_AMOUNT_RE.pattern}) )?(?P<res>.+)", item)
        if im is None or im.group("res") not in _RESOURCE_WORDS:
            return None
        if im.group("amount") is not None:
            amount = Amount.parse(im.group("amount"))
        if amount is None:
            return None
        out.append(Points(who, _RESOURCE_WORDS[im.group("res")], amount, sign))
    return tuple(out)


def _p_builds(s: str) -> tuple[Effect, ...] | None:
    m = re.fullmatch(r"(gain|lose|discard) (.+)", s)
    if m is None:
        return None
    gaining = m.group(1) == "gain"
    counts = "|".join(["\\d+", *_COUNT_WORDS])
    eras = "|".join(ERAS)
    out: list[Effect] = []
    for item in _LIST_SPLIT.split(m.group(2)):
        if gaining:
            pattern = rf"(?:(?P<n>{counts}) )?(?P<kind>.+?)(?P<opp> known by (?:an? |your )?opponents?)?"
        else:
            pattern = rf"(?:(?P<n>{counts}) )?(?:(?P<era>{eras}) )?(?P<kind>.+)"
        im = re.fullmatch(pattern, item)
        if im is None or im.group("kind") not in _KIND_WORDS:
            return None
        kind = _KIND_WORDS[im.group("kind")]
        n = _count(im.group("n"))
        if n < 1:
            raise ContentError(f"effect {s!r}: a build count must be at least 1")
        effect: Effect
        if gaining:
            effect = GainBuild(kind, "opponent" if im.group("opp") else "available")
        else:
            effect = LoseBuild(kind, ERAS.index(im.group("era")) if im.group("era") else None)
        out.extend([effect] * n)
    return tuple(out)


def _p_traits(s: str) -> tuple[Effect, ...] | None:
    # "ML +1 Opponent ML -1", "Opponent gets ML -1 and CL +1": a subject word switches
    # who the following trait changes apply to.
    tokens = s.replace(",", " ").split()
    who = "self"
    out: list[Effect] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
        if tok in ("opponent", "you"):
            who = "opponent" if tok == "opponent" else "self"
            i += 2 if nxt in ("gets", "get", "gain", "gains") else 1
        elif tok == "and":
            i += 1
        elif re.fullmatch(r"[a-z]{2,3}", tok) and re.fullmatch(r"[+-]\d+", nxt):
            code = tok.upper()
            if code not in TRAITS:
                raise ContentError(f"unknown trait code {code!r} in effect {s!r}")
            out.append(Trait(who, code, int(nxt)))
            i += 2
        else:
            return None
    return tuple(out) or None


_PARSERS: tuple[Callable[[str], tuple[Effect, ...] | None], ...] = (
    _p_raid,
    _p_war,
    _p_incursion,
    _p_shield,
    _p_negate,
    _p_government,
    _p_points,
    _p_builds,
    _p_traits,
)


def parse_effect(text: str, table: str | None = None) -> tuple[Effect, ...]:
    """Turn a printed effect note into effect objects.

    ``table`` (one of EVENT_KINDS) restricts the result to effects that make sense on
    that sub-table, so a phrase pasted into the wrong table is caught. Unknown wording
    raises ContentError naming the text: the engine must never guess.
    """
    if table is not None and table not in _TABLE_OPS:
        raise ContentError(f"unknown table kind {table!r} (expected one of {', '.join(EVENT_KINDS)})")
    s = _normalise(text)
    result: tuple[Effect, ...] | None = None
    if s:
        for parser in _PARSERS:
            result = parser(s)
            if result is not None:
                break
    if result is None:
        raise ContentError(f"unknown effect text {text!r}")
    if table is not None:
        bad = [e.op for e in result if e.op not in _TABLE_OPS[table]]
        if bad:
            raise ContentError(f"effect {text!r} ({bad[0]}) is not valid on the {table} table")
    return result


# ----------------------------------------------------------------------------- events


@dataclass(frozen=True)
class EventRow:
    """One row of an era's event sub-table; ``low..high`` is its die range."""

    name: str
    low: int
    high: int
    effect: tuple[Effect, ...]
    printed: str
    note: str = ""
    """The effect note as the engine reads it (the printed note, corrected where it was misprinted)."""


@dataclass(frozen=True)
class EventTable:
    """One era's sub-table of one event kind (Mankind: Event Phase)."""

    era: int
    kind: str
    sides: int
    reroll: tuple[int, ...]
    rows: tuple[EventRow, ...]

    def row_for(self, roll: int) -> EventRow:
        """The row a die roll selects; a reroll value or an impossible roll is an error."""
        return self.rows[self.index_for(roll)]

    def index_for(self, roll: int) -> int:
        """The position in ``rows`` of the row a die roll selects (what a rules frame records)."""
        if roll in self.reroll:
            raise ContentError(f"{self._where()}: a roll of {roll} is rolled again, it selects no row")
        for index, row in enumerate(self.rows):
            if row.low <= roll <= row.high:
                return index
        raise ContentError(f"{self._where()}: roll {roll} is out of range")

    def _where(self) -> str:
        return f"{ERAS[self.era]} {self.kind} table (1D{self.sides})"


# -------------------------------------------------------------------- game-wide data


@dataclass(frozen=True)
class Bonus:
    """Mankind: End of Game Scoring Bonuses — ``vp`` to whoever leads on ``measure``."""

    name: str
    measure: str
    vp: int


@dataclass(frozen=True)
class Start:
    """Mankind: Setup — what every civilization starts with."""

    vp: int
    rp: int
    ip: int
    builds: tuple[str, ...]
    government: str


@dataclass(frozen=True)
class Limits:
    """Mankind: Limit Phase constants (see tables.toml for the formulas)."""

    food_base: int
    stability_base: int
    stability_per_level: int
    health_factor: int
    governance_per_level: int


def _lookup(table: tuple[tuple[int, int, str], ...], roll: int, what: str) -> str:
    for low, high, result in table:
        if low <= roll <= high:
            return result
    raise ContentError(f"{what}: roll {roll} is out of range 1..10")


@dataclass(frozen=True)
class Content:
    """Everything the Mankind rules read from the rulebook, validated."""

    builds: dict[str, BuildCard]
    era_builds: tuple[tuple[str, ...], ...]
    events: dict[tuple[int, str], EventTable]
    build_table: tuple[tuple[int, int, str], ...]
    event_table: tuple[tuple[int, int, str], ...]
    costs: dict[str, tuple[str, int | str]]
    extra_roll_cost_ip: int
    build_vp: dict[str, int]
    bonuses: tuple[Bonus, ...]
    start: Start
    limits: Limits
    anarchy: tuple[tuple[str, int], ...]

    def build_table_result(self, roll: int) -> str:
        """Mankind: The Build Table — a build kind, or "choice" on a 10."""
        return _lookup(self.build_table, roll, "Build Table")

    def event_kind(self, roll: int) -> str:
        """Mankind: Event Phase — an event kind, or "nothing" on 7+."""
        return _lookup(self.event_table, roll, "Event Table")


# ----------------------------------------------------------------------------- loader

_DATA_DIR = Path(__file__).resolve().parent / "data"
_TABLES_FILE = "tables.toml"
_HELP_FILE = "help.toml"  # the rules help the browser shows (rules_help.py reads it; the rules never do)


def _read(path: Path) -> dict[str, object]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise ContentError(f"{path.name}: missing content file") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path.name}: not valid TOML: {exc}") from None


def _table(value: object, where: str) -> dict[str, object]:
    if not isinstance(value, dict):
        raise ContentError(f"{where}: expected a table, got {type(value).__name__}")
    return value


def _list(value: object, where: str) -> list[object]:
    if not isinstance(value, list):
        raise ContentError(f"{where}: expected a list, got {type(value).__name__}")
    return value


def _keys(table: Mapping[str, object], where: str, required: Sequence[str], optional: Sequence[str] = ()) -> None:
    # Unknown keys are errors so that a misspelt key ("trait", "tag") is not silently ignored.
    for key in required:
        if key not in table:
            raise ContentError(f"{where}: missing {key!r}")
    for key in table:
        if key not in required and key not in optional:
            raise ContentError(f"{where}: unknown key {key!r}")


def _str(table: Mapping[str, object], key: str, where: str) -> str:
    value = table[key]
    if not isinstance(value, str) or not value.strip():
        raise ContentError(f"{where}: {key!r} must be a non-empty string")
    return value.strip()


def _int(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ContentError(f"{where}: expected an integer, got {value!r}")
    return value


def _roll(value: object, where: str) -> tuple[int, int]:
    # A roll is printed as a single value ("5") or a range ("4-5").
    if isinstance(value, str):
        m = re.fullmatch(r"\s*(\d+)\s*-\s*(\d+)\s*|\s*(\d+)\s*", value)
        if m is None:
            raise ContentError(f"{where}: malformed roll {value!r} (expected 5 or '4-5')")
        low, high = (int(m.group(3)), int(m.group(3))) if m.group(3) else (int(m.group(1)), int(m.group(2)))
    else:
        low = high = _int(value, where)
    if low > high:
        raise ContentError(f"{where}: roll range {low}-{high} runs backwards")
    return low, high


def _check_cover(ranges: Sequence[tuple[int, int, str]], sides: int, reroll: Sequence[int], where: str) -> None:
    """Every face of the die selects exactly one row, or is explicitly rolled again."""
    owner: dict[int, str] = {}
    for low, high, label in ranges:
        if low < 1 or high > sides:
            roll = str(low) if low == high else f"{low}-{high}"
            raise ContentError(f"{where}: {label} roll {roll} is outside 1..{sides}")
        for value in range(low, high + 1):
            if value in owner:
                raise ContentError(f"{where}: {label} overlaps {owner[value]} on roll {value}")
            owner[value] = label
    for value in reroll:
        if not 1 <= value <= sides:
            raise ContentError(f"{where}: reroll value {value} is outside 1..{sides}")
        if value in owner:
            raise ContentError(f"{where}: reroll value {value} is also the roll of {owner[value]}")
    gaps = [v for v in range(1, sides + 1) if v not in owner and v not in reroll]
    if gaps:
        raise ContentError(f"{where}: gap, roll(s) {', '.join(map(str, gaps))} select no row")


def _parse_traits(text: str, where: str) -> tuple[tuple[str, int], ...]:
    """Printed Notes like "WL +1 DF +3" -> (("WL", 1), ("DF", 3)), in printed order."""
    tokens = text.split()
    if not tokens or len(tokens) % 2:
        raise ContentError(f"{where}: malformed trait text {text!r} (expected pairs like 'WL +1')")
    out: list[tuple[str, int]] = []
    for code, value in zip(tokens[::2], tokens[1::2], strict=True):
        if not re.fullmatch(r"[A-Za-z]+", code) or not re.fullmatch(r"[+-]\d+", value):
            raise ContentError(f"{where}: malformed trait text {text!r} (expected pairs like 'WL +1')")
        if code not in TRAITS:
            raise ContentError(f"{where}: unknown trait code {code!r} (expected one of {', '.join(TRAITS)})")
        out.append((code, int(value)))
    return tuple(out)


def _load_builds(doc: Mapping[str, object], era: int, file: str) -> list[BuildCard]:
    era_name = ERAS[era]
    cards: list[BuildCard] = []
    seen: dict[str, str] = {}
    for i, raw in enumerate(_list(doc["builds"], f"{file}: builds")):
        where = f"{file}: builds[{i}]"
        row = _table(raw, where)
        if "name" not in row:
            raise ContentError(f"{where}: missing 'name'")
        name = _str(row, "name", where)
        where = f"{where} {name!r}"
        _keys(row, where, ("name", "type", "traits"), ("tags", "printed"))
        if name in seen:
            raise ContentError(f"{where}: duplicate name {name!r} (also {seen[name]})")
        seen[name] = f"builds[{i}]"
        letter = _str(row, "type", where)
        if letter not in _TYPE_LETTERS:
            raise ContentError(f"{where}: unknown type letter {letter!r} (expected one of {', '.join(_TYPE_LETTERS)})")
        kind = _TYPE_LETTERS[letter]
        traits = _parse_traits(_str(row, "traits", where), where)
        tags: set[str] = set()
        for tag in _list(row.get("tags", []), f"{where}: tags"):
            if not isinstance(tag, str) or tag not in _TAGS:
                raise ContentError(f"{where}: unknown tag {tag!r} (expected one of {', '.join(_TAGS)})")
            tags.add(tag)
        if tags and kind != "leader":
            raise ContentError(f"{where}: tags {sorted(tags)} are only allowed on leaders, not {kind}")
        if "printed" in row:
            _str(row, "printed", where)
        cards.append(
            BuildCard(
                id=f"{era_name}/{name}",
                name=name,
                era=era,
                kind=kind,
                traits=traits,
                military_leader="Military Leader" in tags,
                religious_leader="Religious Leader" in tags,
            )
        )
    if not cards:
        raise ContentError(f"{file}: the build list is empty")
    return cards


def _load_event_table(raw: object, era: int, kind: str, file: str) -> EventTable:
    where = f"{file}: events.{kind}"
    doc = _table(raw, where)
    _keys(doc, where, ("die", "rows"), ("printed_die", "reroll"))
    die = _str(doc, "die", where)
    m = re.fullmatch(r"1D(\d+)", die, re.IGNORECASE)
    if m is None or int(m.group(1)) not in _DIE_SIDES:
        raise ContentError(f"{where}: die {die!r} must be one of {', '.join(f'1D{s}' for s in _DIE_SIDES)}")
    sides = int(m.group(1))
    reroll = tuple(_int(v, f"{where}: reroll") for v in _list(doc.get("reroll", []), f"{where}: reroll"))
    rows: list[EventRow] = []
    ranges: list[tuple[int, int, str]] = []
    for i, item in enumerate(_list(doc["rows"], f"{where}: rows")):
        rwhere = f"{where}: rows[{i}]"
        row = _table(item, rwhere)
        if "name" not in row:
            raise ContentError(f"{rwhere}: missing 'name'")
        name = _str(row, "name", rwhere)
        rwhere = f"{rwhere} {name!r}"
        _keys(row, rwhere, ("name", "roll", "effect"), ("printed", "printed_roll"))
        low, high = _roll(row["roll"], rwhere)
        text = _str(row, "effect", rwhere)
        try:
            effect = parse_effect(text, kind)
        except ContentError as exc:
            raise ContentError(f"{rwhere}: {exc}") from None
        printed = _str(row, "printed", rwhere) if "printed" in row else text
        rows.append(EventRow(name=name, low=low, high=high, effect=effect, printed=printed, note=text))
        ranges.append((low, high, f"rows[{i}] {name!r}"))
    if not rows:
        raise ContentError(f"{where}: no rows")
    _check_cover(ranges, sides, reroll, where)
    return EventTable(era=era, kind=kind, sides=sides, reroll=reroll, rows=tuple(rows))


def _load_era(root: Path, era: int) -> tuple[list[BuildCard], dict[tuple[int, str], EventTable]]:
    era_name = ERAS[era]
    file = f"{era_name}.toml"
    doc = _read(root / file)
    _keys(doc, file, ("era", "builds"), ("events",) if era else ())
    declared = _str(doc, "era", file)
    if declared != era_name:
        raise ContentError(f"{file}: era {declared!r} does not match the file; expected {era_name!r}")
    cards = _load_builds(doc, era, file)
    events: dict[tuple[int, str], EventTable] = {}
    if era:  # Mankind: Outline — "Each Era has 6 Event Sub-Tables"; Tribal has none.
        tables = _table(doc.get("events"), f"{file}: events")
        for kind in tables:
            if kind not in EVENT_KINDS:
                raise ContentError(f"{file}: unknown event sub-table {kind!r} (expected {', '.join(EVENT_KINDS)})")
        for kind in EVENT_KINDS:
            if kind not in tables:
                raise ContentError(f"{file}: missing event sub-table {kind!r}")
            events[(era, kind)] = _load_event_table(tables[kind], era, kind, file)
    return cards, events


def _load_die_table(doc: Mapping[str, object], key: str, allowed: Sequence[str]) -> tuple[tuple[int, int, str], ...]:
    where = f"{_TABLES_FILE}: {key}"
    out: list[tuple[int, int, str]] = []
    for i, item in enumerate(_list(doc[key], where)):
        rwhere = f"{where}[{i}]"
        row = _table(item, rwhere)
        _keys(row, rwhere, ("roll", "result"), ("printed",))
        low, high = _roll(row["roll"], rwhere)
        result = _str(row, "result", rwhere)
        if result not in allowed:
            raise ContentError(f"{rwhere}: unknown result {result!r} (expected one of {', '.join(allowed)})")
        out.append((low, high, result))
    _check_cover([(lo, hi, f"{key}[{i}]") for i, (lo, hi, _) in enumerate(out)], 10, (), where)
    missing = [r for r in allowed if r not in {res for _, _, res in out}]
    if missing:
        raise ContentError(f"{where}: no roll gives {', '.join(missing)}")
    return tuple(out)


@dataclass(frozen=True)
class _Tables:
    """The game-wide part of Content, read from tables.toml."""

    build_table: tuple[tuple[int, int, str], ...]
    event_table: tuple[tuple[int, int, str], ...]
    extra_roll_cost_ip: int
    costs: dict[str, tuple[str, int | str]]
    build_vp: dict[str, int]
    bonuses: tuple[Bonus, ...]
    start: Start
    limits: Limits
    anarchy: tuple[tuple[str, int], ...]


def _load_tables(root: Path, tribal: Mapping[str, BuildCard]) -> _Tables:
    file = _TABLES_FILE
    doc = _read(root / file)
    _keys(
        doc,
        file,
        (
            "build_table",
            "event_table",
            "extra_roll_cost_ip",
            "bonuses",
            "costs",
            "build_vp",
            "start",
            "limits",
            "anarchy",
        ),
    )
    build_table = _load_die_table(doc, "build_table", _BUILD_RESULTS)
    event_table = _load_die_table(doc, "event_table", _EVENT_RESULTS)
    extra_roll_cost_ip = _int(doc["extra_roll_cost_ip"], f"{file}: extra_roll_cost_ip")

    # Mankind: Build Phase — costs.
    costs_doc = _table(doc["costs"], f"{file}: costs")
    costs: dict[str, tuple[str, int | str]] = {}
    for kind in costs_doc:
        if kind not in KINDS:
            raise ContentError(f"{file}: costs: unknown build kind {kind!r}")
    for kind in KINDS:
        where = f"{file}: costs.{kind}"
        if kind not in costs_doc:
            raise ContentError(f"{where}: missing")
        entry = _table(costs_doc[kind], where)
        _keys(entry, where, ("resource", "per_era"))
        resource = _str(entry, "resource", where)
        if resource not in ("RP", "IP"):
            raise ContentError(f"{where}: unknown resource {resource!r} (expected RP or IP)")
        # Military Units "cost RP = their WL bonus": the only non-numeric multiplier.
        per_era: int | str = "warfare"
        if entry["per_era"] != "warfare":
            per_era = _int(entry["per_era"], where)
        elif kind != "military":
            raise ContentError(f"{where}: only military units are costed by their warfare bonus")
        costs[kind] = (resource, per_era)

    vp_doc = _table(doc["build_vp"], f"{file}: build_vp")
    build_vp: dict[str, int] = {}
    for kind, value in vp_doc.items():
        if kind not in KINDS:
            raise ContentError(f"{file}: build_vp: unknown build kind {kind!r}")
        build_vp[kind] = _int(value, f"{file}: build_vp.{kind}")

    # Mankind: End of Game Scoring Bonuses.
    bonuses: list[Bonus] = []
    for i, item in enumerate(_list(doc["bonuses"], f"{file}: bonuses")):
        where = f"{file}: bonuses[{i}]"
        row = _table(item, where)
        _keys(row, where, ("name", "measure", "vp"), ("printed",))
        name = _str(row, "name", where)
        measure = _str(row, "measure", where)
        if measure not in _BONUS_MEASURES:
            raise ContentError(
                f"{where} {name!r}: unknown bonus measure {measure!r} (expected one of {', '.join(_BONUS_MEASURES)})"
            )
        if any(b.name == name for b in bonuses):
            raise ContentError(f"{where}: duplicate bonus name {name!r}")
        bonuses.append(Bonus(name=name, measure=measure, vp=_int(row["vp"], where)))

    # Mankind: Setup.
    where = f"{file}: start"
    start_doc = _table(doc["start"], where)
    _keys(start_doc, where, ("vp", "rp", "ip", "builds", "government"))
    start_ids: list[str] = []
    for build_name in _list(start_doc["builds"], f"{where}.builds"):
        if not isinstance(build_name, str) or build_name not in tribal:
            raise ContentError(f"{where}.builds: {build_name!r} is not on the Tribal build list")
        start_ids.append(tribal[build_name].id)
    gov = _str(start_doc, "government", where)
    if gov not in tribal or tribal[gov].kind != "government" or tribal[gov].id not in start_ids:
        raise ContentError(f"{where}.government: {gov!r} is not a Tribal government among the start builds")
    start = Start(
        vp=_int(start_doc["vp"], f"{where}.vp"),
        rp=_int(start_doc["rp"], f"{where}.rp"),
        ip=_int(start_doc["ip"], f"{where}.ip"),
        builds=tuple(start_ids),
        government=tribal[gov].id,
    )

    # Mankind: Limit Phase.
    where = f"{file}: limits"
    limits_doc = _table(doc["limits"], where)
    fields = ("food_base", "stability_base", "stability_per_level", "health_factor", "governance_per_level")
    _keys(limits_doc, where, fields)
    limits = Limits(*(_int(limits_doc[f], f"{where}.{f}") for f in fields))

    # Mankind: Anarchy.
    where = f"{file}: anarchy"
    anarchy_doc = _table(doc["anarchy"], where)
    _keys(anarchy_doc, where, ("traits",))
    anarchy = _parse_traits(_str(anarchy_doc, "traits", where), where)
    return _Tables(
        build_table=build_table,
        event_table=event_table,
        extra_roll_cost_ip=extra_roll_cost_ip,
        costs=costs,
        build_vp=build_vp,
        bonuses=tuple(bonuses),
        start=start,
        limits=limits,
        anarchy=anarchy,
    )


def _load(root: Path) -> Content:
    if not root.is_dir():
        raise ContentError(f"{root}: content folder not found")
    expected = {f"{e}.toml" for e in ERAS} | {_TABLES_FILE, _HELP_FILE}
    for path in sorted(root.glob("*.toml")):
        if path.name not in expected:
            raise ContentError(
                f"{path.name}: unexpected content file; era files are named after the eras "
                f"({', '.join(ERAS)}) plus {_TABLES_FILE} and {_HELP_FILE}"
            )
    builds: dict[str, BuildCard] = {}
    era_builds: list[tuple[str, ...]] = []
    events: dict[tuple[int, str], EventTable] = {}
    for era in range(len(ERAS)):
        cards, era_events = _load_era(root, era)
        builds.update((c.id, c) for c in cards)
        era_builds.append(tuple(c.id for c in cards))
        events.update(era_events)
    tribal = {c.name: c for c in builds.values() if c.era == 0}
    t = _load_tables(root, tribal)
    return Content(
        builds=builds,
        era_builds=tuple(era_builds),
        events=events,
        build_table=t.build_table,
        event_table=t.event_table,
        costs=t.costs,
        extra_roll_cost_ip=t.extra_roll_cost_ip,
        build_vp=t.build_vp,
        bonuses=t.bonuses,
        start=t.start,
        limits=t.limits,
        anarchy=t.anarchy,
    )


@functools.cache
def _load_default() -> Content:
    return _load(_DATA_DIR)


def load_content(path: Path | None = None) -> Content:
    """Load and validate the Mankind content.

    With no ``path`` the package's own ``data/`` folder is read once and cached, since
    every game shares it; an explicit ``path`` (tests, mods) is always read fresh.
    """
    if path is None:
        return _load_default()
    return _load(Path(path))
