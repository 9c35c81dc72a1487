"""One sentence per decision step, telling the deciding player what is being asked.

The page's status line and the terminal showed the machine's step names ("war commit", "monument check").
The sentence is part of the public view (``decision.prompt``), so it is filled only from public fields: the
conflict's colour and the deciding side's role, and the actions left in the turn. Never a hand. It names no
section of the reference or note of the rules (a player has neither); the rules each step follows are given
beside each entry, for the reader of the code.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.wording import count
from ludoteca.games.tigris_euphrates.content import NAME

PROMPTS: dict[str, str] = {
    # T&E reference §1.4 (a turn), §1.8 with rules notes 3 and 4 (revolts, wars), §1.9 with note 5 (monuments),
    # §1.10 (treasures).
    "action": "Turn: place a tile, a leader or a catastrophe, move or withdraw a leader, swap tiles or"
    " pass; {left} left.",
    "revolt_commit": "Revolt over the {colour} leader: the {role} may commit red temples"
    " from hand.",
    "war_order": "Wars: choose which colour's war is fought first.",
    "war_commit": "War over the {colour} leaders: the {role} may commit {colour} tiles from"
    " hand.",
    "monument_check": "Monument: build a monument on the completed square, or none.",
    "take_treasure": "Treasures: your trader's kingdom holds two or more; take one.",
}


def prompt(frame: dict[str, Any], actions_left: int) -> str:
    """The sentence for a waiting decision, filled in from the public fields of its frame."""
    template = PROMPTS.get(frame["step"])
    if template is None:  # a step with no sentence yet still names itself in words
        return str(frame["step"]).replace("_", " ").capitalize() + "."
    fields = {
        "left": count(actions_left, "action"),
        "colour": NAME.get(str(frame.get("colour")), str(frame.get("colour"))),
        "role": str(frame.get("role", "")),
    }
    return template.format_map(fields)


__all__ = ["PROMPTS", "prompt"]
