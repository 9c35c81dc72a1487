"""What must hold in every Mankind state: checked after every action in debug mode (``ludoteca.core.debug``).

Mankind has no pieces to conserve; its invariants are about uniqueness and bounds:

* Leaders and Wonders are unique (Mankind: Build Lists, "only one player may have each"): one copy at most,
  in one spread at most, and every one held is listed in ``gone`` (which never repeats an entry), so
  nobody can buy it again once it has been taken, even after it is lost.
* Points never go negative (docs/rulings.md, Mankind R8) and counters stay in range: the era is 1-4,
  the current player and any pending decision's seat are real seats.
* Every build, government and conquest held exists in the tables, the government is a Government and
  no spread holds a build of a later era than the current one.
* Every Victory Point gained or lost is in the player's ledger (``vp_from``): it adds up to ``vp``.
* Trait levels are derived from the spread (``civilization.levels``), never stored, so they cannot
  drift: a player's data must not hold them.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ludoteca.games.mankind.content import ERAS, TRAITS

if TYPE_CHECKING:
    from ludoteca.games.mankind.state import MankindState

UNIQUE_KINDS = ("leader", "wonder")
COUNTERS = ("vp", "rp", "ip", "shields", "raids_used", "turns")


def check(state: MankindState) -> list[str]:
    """One sentence per broken invariant of ``state`` (``[]`` when all hold)."""
    data, builds = state.data, state.content.builds
    problems: list[str] = []
    era = data["era"]
    if era not in (1, 2, 3, 4):
        problems.append(f"the era is {era!r}, not 1-4")
    if not 0 <= data["current"] < state.players:
        problems.append(f"the current player is {data['current']!r}, not a seat")
    for frame in data["stack"]:
        if "seat" in frame and not 0 <= frame["seat"] < state.players:
            problems.append(f"the pending {frame['step']} frame names seat {frame['seat']!r}")
    gone = data["gone"]
    repeated = sorted(build for build, n in Counter(gone).items() if n > 1)
    if repeated:
        problems.append(f"'gone' lists {repeated} more than once")
    strays = [build for build in gone if build not in builds or builds[build].kind not in UNIQUE_KINDS]
    if strays:
        problems.append(f"'gone' lists {strays}, which are not Leaders or Wonders")
    holders: dict[str, list[int]] = {}
    for seat, player in enumerate(data["players"]):
        for key in COUNTERS:
            if player.get(key, 0) < 0:
                problems.append(f"seat {seat} has {player[key]} {key}: points and counters are never negative")
        ledger = sum(player["vp_from"].values())
        if ledger != player["vp"]:
            problems.append(f"seat {seat}'s VP ledger adds up to {ledger}, not its {player['vp']} VP")
        stored = sorted(set(player) & {*TRAITS, "levels"})
        if stored:
            problems.append(f"seat {seat} stores trait levels {stored}: they must be derived from the spread")
        for build in player["builds"]:
            card = builds.get(build)
            if card is None:
                problems.append(f"seat {seat} holds the unknown build {build!r}")
                continue
            if card.kind == "government":
                problems.append(f"seat {seat} holds the government {build!r} among its builds")
            if card.era > era and isinstance(era, int):
                problems.append(f"seat {seat} holds {build!r} from a later era than era {era}")
            if card.kind in UNIQUE_KINDS:
                holders.setdefault(build, []).append(seat)
        government = player["government"]
        if government is not None and (government not in builds or builds[government].kind != "government"):
            problems.append(f"seat {seat}'s government {government!r} is not a Government")
        for conquest in player["conquests"]:
            era_name = conquest.partition("/")[0]
            if era_name not in ERAS[1:] or (isinstance(era, int) and ERAS.index(era_name) > era):
                problems.append(f"seat {seat} holds the conquest {conquest!r} out of its era")
    for build, seats in sorted(holders.items()):
        if len(seats) > 1:
            problems.append(f"the unique {builds[build].kind} {build!r} is held {len(seats)} times (seats {seats})")
        if build not in gone:
            problems.append(f"{build!r} is held by seat {seats[0]} but not listed as gone")
    return problems
