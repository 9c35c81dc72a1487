"""One sentence per decision step, telling the deciding player what is being asked."""

from __future__ import annotations

from typing import Any

from ludoteca.core.wording import count
from ludoteca.games.mankind.build import KIND_NAMES

PROMPTS = {
    "build_choice": "Build roll 10: pick a kind of build, or gain 1D6 points{cannot}.",
    "build_pick": "Build Phase: choose what to build ({kind}).",
    "build_more": "Build Phase: roll again on the Build Table, or end the phase.",
    "trade_pick": "Trade Phase: {left} left.",
    "conquest_offer": "Conquest of {conquest}: claim it by a sacrifice, or pass it down the Warfare order.",
    "conquest_rebuild": "Rebuild the sacrificed unit at half cost?",
    "raid_target": "Raid: choose the player to raid.",
    "raid_retaliate": "Seat {other} raided you: raid back?",
    "war_choose": "War: choose a player for the war.",
    "war_loss": "War: you lost the round; choose the Military Unit you lose.",
    "war_ceasefire_offer": "War against seat {b}: fight on or offer a ceasefire.",
    "war_ceasefire_reply": "Seat {a} offers a ceasefire.",
    "incursion_target": "Incursion: choose the horde's target.",
    "incursion_loss": "The horde wins the attack: choose your loss.",
    "choose_opponent": "Choose the opponent who receives the modifier.",
    "gain_build": "Boon: choose what you gain ({kind}).",
    "lose_build": "Disaster: choose what you lose ({kind}).",
    "set_government": "Choose your new Government.",
    "limit_loss": "Limit Phase ({why}): choose what you lose.",
}


def prompt(frame: dict[str, Any]) -> str:
    """The sentence for a waiting decision, filled in from its frame."""
    template = PROMPTS.get(frame["step"], frame["step"])
    fields = {key: value for key, value in frame.items() if isinstance(value, str | int)}
    fields.setdefault("cannot", "")  # a Build Table 10 saved before its warning was added
    if "conquest" in fields:
        fields["conquest"] = str(fields["conquest"]).partition("/")[2]
    if "kind" in fields:  # the build kind's name, never its key ("Military Unit", not "military")
        fields["kind"] = KIND_NAMES.get(str(fields["kind"]), str(fields["kind"]))
    if "left" in fields and frame["step"] == "trade_pick":
        fields["left"] = count(int(fields["left"]), "pick")
    return str(template).format_map(_Default(fields))


class _Default(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"
