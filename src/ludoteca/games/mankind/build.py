"""The Build Phase.

Mankind: Build Phase — roll on the Build Table for the one kind of thing you may build; pay its
cost (X = the era number): Infrastructure 2X RP, Military Unit RP equal to its WL bonus (a weaker
unit may be discarded to pay only the difference), Leader 1X IP, Wonder 4X RP, Technology 2X IP,
Government 4X IP (and nothing else bought that turn, a conquest's rebuild included). Extra rolls
cost 3 IP each. Wonders give 3X VP, Leaders 2X VP, a new Government 2X VP. You may always skip a
build. A lost Tribal build may be rebuilt when its kind is rolled, at that kind's cost.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ludoteca.core import Action
from ludoteca.core.wording import a
from ludoteca.games.mankind.civilization import (
    Player,
    card,
    distinct,
    gain,
    kind_of,
    label,
    remove_build,
    score,
    warfare_bonus,
)
from ludoteca.games.mankind.content import KINDS, load_content
from ludoteca.games.mankind.eras import available, none_left
from ludoteca.games.mankind.machine import RULES, Frame

if TYPE_CHECKING:
    from ludoteca.games.mankind.state import MankindState

KIND_NAMES = {
    "infrastructure": "Infrastructure",
    "military": "Military Unit",
    "leader": "Leader",
    "wonder": "Wonder",
    "technology": "Technology",
    "government": "Government",
}


def cost(state: MankindState, build_id: str) -> tuple[str, int]:
    """The (resource, amount) a build costs in the current era."""
    build = card(build_id)
    resource, per_era = state.content.costs[build.kind]
    if per_era == "warfare":
        return resource, build.trait("WL")
    return resource, int(per_era) * state.data["era"]


def acquire(
    state: MankindState, seat: int, build_id: str, cost: int, resource: str = "RP", replacing: str | None = None
) -> None:
    """Put a build into a player's spread: pay, record, score and keep unique builds unique."""
    data = state.data
    player = data["players"][seat]
    build = card(build_id)
    player[resource.lower()] -= cost
    if replacing is not None:
        remove_build(player, replacing)
    if build.kind == "government":
        player["government"] = build_id  # "The new one replaces the old one."
    else:
        player["builds"].append(build_id)
    if build.kind in ("leader", "wonder"):
        data["gone"].append(build_id)
    paid = f" for {cost} {resource}" if cost else ""
    swap = f", discarding {label(replacing)}" if replacing else ""
    # MK: Wonder / Leader / Government Builds — 3X, 2X, 2X VP on building; said in the same line as the build.
    vp = state.content.build_vp.get(build.kind, 0) * data["era"]
    if vp:
        score(player, build.kind, vp)
    gained = f": +{vp} VP" if vp else ""
    state.emit(
        "build",
        f"Seat {seat} builds {label(build_id)}{paid}{swap}{gained}.",
        seat=seat,
        build=build_id,
        cost=cost,
        resource=resource,
        replaced=replacing,
        vp=vp,
    )


@RULES.auto("build_roll")
def build_roll(state: MankindState, frame: Frame) -> None:
    seat = state.data["current"]
    roll = state.rng.roll(10)
    result = state.content.build_table_result(roll)
    if result == "choice":
        state.emit(
            "build_roll", f"Build roll {roll}: seat {seat} picks a kind or gains 1D6 points.", seat=seat, roll=roll
        )
        RULES.push(state, "build_choice", seat=seat, cannot=out_of_reach(state, seat))
    else:
        state.emit("build_roll", f"Build roll {roll}: {KIND_NAMES[result]}.", seat=seat, roll=roll, kind=result)
        offer(state, seat, result)


# Build Table 10: always the same nine choices (actions are immutable, so one list serves every game).
_CHOICES = tuple(
    [Action(f"build {a(KIND_NAMES[kind])}", payload=("kind", kind)) for kind in KINDS]
    + [Action(f"gain 1D6 {points}", payload=("points", points)) for points in ("IP", "RP", "VP")]
)


def _choice_options(state: MankindState, frame: Frame) -> list[Action]:
    return list(_CHOICES)


def out_of_reach(state: MankindState, seat: int) -> str:
    """What the Build Table 10's prompt warns of: the kinds that would bring nothing now (too dear, or no
    Government after a purchase this turn) and those none of which are left (picking one ends the era).

    Every kind stays a legal pick (the rulebook lets a player pick any, and ending the era may be the point),
    but a player who picked a Government with 6 IP got "cannot build" and lost the roll without a word of why.
    Worked out when the choice is pushed: nothing the player holds changes while it waits.
    """
    player = state.data["players"][seat]
    dear, gone = [], []
    for kind in KINDS:
        if kind in ("leader", "wonder") and not available(state, kind):
            gone.append(KIND_NAMES[kind])
            continue
        rows, units = _offer(state, seat, kind)
        if not _can_pick(player, rows, units):
            dear.append(KIND_NAMES[kind])
    words = []
    if dear:
        words.append(f"nothing you can build now: {', '.join(dear)}")
    if gone:
        words.append(f"no {' or '.join(gone)} left: picking one ends the era")
    return f" ({'; '.join(words)})" if words else ""


@RULES.decision("build_choice", _choice_options, always_ask=True)  # nine options: never forced
def build_choice(state: MankindState, frame: Frame, action: Action) -> None:
    """Build Table 10: "Pick One of Above or gain 1D6 IP or RP or VP"."""
    seat = frame["seat"]
    what, value = action.payload
    if what == "kind":
        offer(state, seat, value)
        return
    amount = state.rng.roll(6)
    gain(state.data["players"][seat], value, amount, "build_table")
    state.emit("gain", f"Seat {seat} gains {amount} {value}.", seat=seat, amount=amount, resource=value)
    RULES.push(state, "build_more", seat=seat)


def offer(state: MankindState, seat: int, kind: str) -> None:
    """Offer the rolled kind: a pick when something is affordable, else the "cannot build" the pick's
    one forced option would log (``build_pick`` is always asked, so its long list is built only once).

    Called straight from the roll or the choice (nothing can happen in between), not as a frame of its own.
    """
    RULES.push(state, "build_more", seat=seat)
    if kind in ("leader", "wonder") and not available(state, kind):
        none_left(state, kind, seat)
        return
    rows, units = _offer(state, seat, kind)
    if not _can_pick(state.data["players"][seat], rows, units):
        _build_nothing(state, seat, kind, anything=False)
        return
    RULES.push(state, "build_pick", seat=seat, kind=kind)


@lru_cache(maxsize=64)
def catalogue(era: int, kind: str) -> tuple[tuple[str, str, str, str, int], ...]:
    """(id, label, resource, the player's key for it, price) of every build of one kind on an era's list:
    fixed for the era."""
    content = load_content()
    resource, per_era = content.costs[kind]
    entries = []
    for build_id in content.era_builds[era]:
        build = content.builds[build_id]
        if build.kind == kind:
            price = build.trait("WL") if per_era == "warfare" else int(per_era) * era
            entries.append((build_id, label(build_id), resource, resource.lower(), price))
    return tuple(entries)


@lru_cache(maxsize=64)
def catalogue_ids(era: int, kind: str) -> frozenset[str]:
    return frozenset(row[0] for row in catalogue(era, kind))


Row = tuple[str, str, str, str, int]  # a catalogue row: build id, its name, resource, the player's key for it, price
Unit = tuple[str, str, int]  # a unit that may be traded in: build id, its name, its WL
Entry = tuple[str, str, int, str, str | None, str]  # build id, its name, price, resource, unit replaced, its name


def _offer(state: MankindState, seat: int, kind: str) -> tuple[tuple[Row, ...] | list[Row], tuple[Unit, ...]]:
    """The builds of the rolled kind still to be had (the era's list, then the player's lost Tribal builds)
    and, for Military Units, the units a player may trade in."""
    data = state.data
    # MK: Build Phase — "Governments cost 4X IP (and you cannot buy anything else during the turn)": after any
    # purchase this turn, a Build Phase pick or a conquest's rebuild, no Government (Mankind R19).
    if kind == "government" and data["bought"]:
        return (), ()
    era, gone = data["era"], data["gone"]
    rows: tuple[Row, ...] | list[Row] = catalogue(era, kind)
    filtered = not catalogue_ids(era, kind).isdisjoint(gone)  # only Leaders and Wonders go, usually
    if filtered:
        rows = [row for row in rows if row[0] not in gone]
    player = data["players"][seat]
    builds = tuple(player["builds"])
    lost = lost_tribal(builds, player["government"] is None, kind)
    if lost:
        rows = [*rows, *(_tribal_row(b, era) for b in lost)] if filtered else _with_tribal(era, kind, lost)
    if kind != "military":
        return rows, ()
    return rows, _units(builds)


@lru_cache(maxsize=1024)
def _units(builds: tuple[str, ...]) -> tuple[Unit, ...]:
    """The distinct units of a spread, each with its name and WL: memoised on the spread, which every pick reads."""
    return tuple(
        (old, label(old), warfare_bonus(old)) for old in distinct([b for b in builds if kind_of(b) == "military"])
    )


@lru_cache(maxsize=1024)
def lost_tribal(builds: tuple[str, ...], anarchy: bool, kind: str) -> tuple[str, ...]:
    """The player's Tribal builds of ``kind`` that need to be rebuilt (docs/rulings.md, Mankind R28).

    A Tribal build is missing when the spread holds fewer copies of it than the player started with, however
    it went; the King, only when the player has lost its Government (Anarchy): a Government replaced by
    another was not lost ("The new one replaces the old one"). Memoised on the spread, like the units.
    """
    # MK: Setup — "Each player starts with a Basic List of Tribal Builds. Note these buils do have build costs,
    # but these only apply if they need to be rebuilt."
    start = load_content().start
    missing: list[str] = []
    for build_id in dict.fromkeys(start.builds):
        if kind_of(build_id) != kind:
            continue
        if build_id == start.government:
            if anarchy:
                missing.append(build_id)
        elif builds.count(build_id) < start.builds.count(build_id):
            missing.append(build_id)
    return tuple(missing)


@lru_cache(maxsize=64)
def _tribal_row(build_id: str, era: int) -> Row:
    """A lost Tribal build as a catalogue row: the cost of its kind in the current era (X = the era)."""
    resource, per_era = load_content().costs[kind_of(build_id)]
    price = warfare_bonus(build_id) if per_era == "warfare" else int(per_era) * era
    return (build_id, label(build_id), resource, resource.lower(), price)


@lru_cache(maxsize=256)
def _with_tribal(era: int, kind: str, lost: tuple[str, ...]) -> tuple[Row, ...]:
    """The era's rows of a kind followed by the lost Tribal builds' (few combinations: worked out once each)."""
    return (*catalogue(era, kind), *(_tribal_row(b, era) for b in lost))


def _can_pick(player: Player, rows: tuple[Row, ...] | list[Row], units: tuple[Unit, ...]) -> bool:
    """Whether any row makes an option (``_row_entries``): a build affordable outright, or an upgrade
    from a weaker unit whose trade-in leaves no more to pay than the player has."""
    if any(player[key] >= price for _id, _name, _resource, key, price in rows):
        return True
    rp = player["rp"]
    if not units or rp < 0:
        return False
    strengths = sorted(warfare for _old, _name, warfare in units)
    return any(
        bisect_left(strengths, price) > bisect_left(strengths, price - rp)
        for _id, _name, _resource, _key, price in rows
    )


def _row_entries(player: Player, row: Row, units: tuple[Unit, ...]) -> list[Entry]:
    """One build's options: outright if affordable, then one upgrade per weaker unit whose trade-in covers
    the rest. A unit traded for one no stronger has no difference to pay and changes nothing (a unit is
    nothing but its WL), so it is not offered (docs/rulings.md, Mankind R20).
    """
    build_id, name, resource, key, price = row
    entries: list[Entry] = [(build_id, name, price, resource, None, "")] if player[key] >= price else []
    rp = player["rp"]
    # MK: Build Phase — "Military Units cost RP = their WL bonus (You may Discard an older unit and pay the
    # difference)": only a stronger unit leaves a difference to pay.
    for old, old_name, old_warfare in units:
        if old_warfare < price and rp >= price - old_warfare:
            entries.append((build_id, name, price - old_warfare, "RP", old, old_name))
    return entries


def _row_counts(player: Player, rows: tuple[Row, ...] | list[Row], units: tuple[Unit, ...]) -> list[int]:
    """``len(_row_entries(...))`` of every row, without building them: the upgrades are the units with
    ``price - rp <= WL < price``, counted by two sorted searches over the units' Warfare Levels."""
    rp = player["rp"]
    if not units or rp < 0:
        return [player[key] >= price for _id, _name, _resource, key, price in rows]
    strengths = sorted(warfare for _old, _name, warfare in units)
    return [
        (player[key] >= price) + bisect_left(strengths, price) - bisect_left(strengths, price - rp)
        for _id, _name, _resource, key, price in rows
    ]


def _pick_entries(state: MankindState, frame: Frame) -> list[Entry]:
    """Every affordable build of the rolled kind and every unit upgrade, as plain tuples (cheap to list)."""
    seat = frame["seat"]
    rows, units = _offer(state, seat, frame["kind"])
    player = state.data["players"][seat]
    return [entry for row in rows for entry in _row_entries(player, row, units)]


@lru_cache(maxsize=8192)
def _entry_action(entry: Entry) -> Action:
    """The option of one build entry. Memoised (actions are immutable, and an entry's text and payload depend on
    the entry alone): a search lists a Build Table pick's dozen options at every visit, and building them again
    each time took about a twelfth of its time."""
    build_id, name, price, resource, old, old_name = entry
    if old is None:
        return Action(f"build {name} for {price} {resource}", payload=(build_id, price, resource, None))
    return Action(f"build {name} replacing {old_name} for {price} RP", payload=(build_id, price, "RP", old))


def _nothing(anything: bool) -> Action:
    return Action("build nothing", payload=("nothing", anything))


def _pick_options(state: MankindState, frame: Frame) -> list[Action]:
    """Every affordable build of the rolled kind, unit upgrades, and always "build nothing".

    When nothing is affordable "build nothing" would be the only option, taken for the player:
    ``build_offer`` does that itself instead of pushing the pick, so the payload's flag (which lets the
    log tell "cannot build" from "chose not to") is then always true here.
    """
    entries = _pick_entries(state, frame)
    return [*(_entry_action(entry) for entry in entries), _nothing(bool(entries))]


def random_pick(state: MankindState, frame: Frame, rng: Any) -> Action:
    """One of ``_pick_options`` drawn uniformly, building only the drawn action (search rollouts).

    The options are counted build by build (a Military Unit pick offers dozens of upgrades), the draw
    is an index into the same list ``_pick_options`` gives, and only the drawn build's options are made.
    """
    seat = frame["seat"]
    rows, units = _offer(state, seat, frame["kind"])
    player = state.data["players"][seat]
    counts = _row_counts(player, rows, units)
    total = sum(counts)
    index = rng.randrange(total + 1)
    for row, count in zip(rows, counts, strict=True):
        if index < count:
            return _entry_action(_row_entries(player, row, units)[index])
        index -= count
    return _nothing(total > 0)


def _build_nothing(state: MankindState, seat: int, kind: str, anything: bool) -> None:
    """Log a pick that builds nothing: chosen ("builds nothing") or forced ("cannot build")."""
    if anything:
        state.emit("build_skip", f"Seat {seat} builds nothing.", seat=seat)
    else:
        state.emit("build_none", f"Seat {seat} cannot build any {KIND_NAMES[kind]} now.", seat=seat)


@RULES.decision("build_pick", _pick_options, always_ask=True)
def build_pick(state: MankindState, frame: Frame, action: Action) -> None:
    seat = frame["seat"]
    if action.payload[0] == "nothing":
        _build_nothing(state, seat, frame["kind"], anything=action.payload[1])
        return
    build_id, price, resource, old = action.payload
    acquire(state, seat, build_id, price, resource, replacing=old)
    state.data["bought"] = True
    if card(build_id).kind == "government":
        state.data["government_bought"] = True


_END_BUILDS = Action("end the Build Phase", payload=False)


@lru_cache(maxsize=4)
def _roll_again(extra: int) -> Action:
    """The extra-roll option (one per price: the price is fixed by the tables, so one object serves)."""
    return Action(f"roll again for {extra} IP", payload=True)


def _more_options(state: MankindState, frame: Frame) -> list[Action]:
    data = state.data
    extra = state.content.extra_roll_cost_ip
    if data["players"][frame["seat"]]["ip"] >= extra and not data["government_bought"]:
        return [_END_BUILDS, _roll_again(extra)]
    return [_END_BUILDS]


@RULES.decision("build_more", _more_options)
def build_more(state: MankindState, frame: Frame, action: Action) -> None:
    """Mankind: Build Phase — "additional rolls on the Build Table at the cost of 3 IP each"."""
    if action.payload:
        seat = frame["seat"]
        state.data["players"][seat]["ip"] -= state.content.extra_roll_cost_ip
        state.emit(
            "extra_roll", f"Seat {seat} pays {state.content.extra_roll_cost_ip} IP for another Build roll.", seat=seat
        )
        RULES.push(state, "build_roll")
