"""End of an Era: running out of Leaders or Wonders, leaders dying, the next era or the end.

Mankind: Wonder Builds / Leader Builds / End of an Era — "If you gain a Leader or Wonder (both
unique) and none are left, the Era ends." "All your Leaders die at the start of the next Era."
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ludoteca.games.mankind.content import ERAS, load_content
from ludoteca.games.mankind.scoring import final_scoring

if TYPE_CHECKING:
    from ludoteca.games.mankind.state import MankindState

LAST_ERA = 4


def available(state: MankindState, kind: str) -> list[str]:
    """The current era's builds of ``kind`` still to be had (Leaders and Wonders are unique)."""
    gone = state.data["gone"]
    return [b for b in era_builds_of_kind(state.data["era"], kind) if b not in gone]


@lru_cache(maxsize=64)
def era_builds_of_kind(era: int, kind: str) -> tuple[str, ...]:
    """An era's builds of one kind, in list order: fixed by the tables, so worked out once."""
    content = load_content()
    return tuple(b for b in content.era_builds[era] if content.builds[b].kind == kind)


def none_left(state: MankindState, kind: str, seat: int) -> None:
    """A Leader or Wonder is due and none are left: the era ends at the end of this turn."""
    data = state.data
    if not data["era_ending"]:
        data["era_ending"] = True
        era = ERAS[data["era"]].title()
        state.emit(
            "era_ending",
            f"Seat {seat} is due a {kind.title()} but none are left: the {era} era ends at the end of this turn.",
            seat=seat,
        )


def end_era(state: MankindState) -> None:
    """Close the era: after the Modern era the game ends; otherwise leaders die and the next era begins."""
    data = state.data
    data["era_ending"] = False
    finished = ERAS[data["era"]].title()
    if data["era"] == LAST_ERA:
        state.emit("era_end", f"The {finished} era is over, and with it the game.")
        final_scoring(state)
        return
    data["era"] += 1
    state.emit("era_end", f"The {finished} era ends; the {ERAS[data['era']].title()} era begins.", era=data["era"])
    cards = state.content.builds
    for seat, player in enumerate(data["players"]):
        leaders = [b for b in player["builds"] if cards[b].kind == "leader"]
        for leader in leaders:
            player["builds"].remove(leader)
            state.emit("leader_dies", f"Seat {seat}'s leader {cards[leader].name} dies.", seat=seat, build=leader)
