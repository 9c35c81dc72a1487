"""One sentence per decision step, telling the deciding player what is being asked.

The page's status line and the terminal showed the machine's step names ("war commit", "monument check").
The sentence is part of the public view (``decision.prompt``), so it is filled only from public fields: the
conflict's colour and the deciding side's role, and the actions left in the turn. Never a hand.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.wording import count
from ludoteca.games.tigris_euphrates.content import NAME

PROMPTS: dict[str, str] = {
    "action": "Turn (§1.4): place a tile, a leader or a catastrophe, move or withdraw a leader, swap tiles or"
    " pass; {left} left.",
    "revolt_commit": "Revolt over the {colour} leader (§1.8, rules note 3): the {role} may commit red temples"
    " from hand.",
    "war_order": "Wars (§1.8): choose which colour's war is fought first.",
    "war_commit": "War over the {colour} leaders (§1.8, rules note 4): the {role} may commit {colour} tiles from"
    " hand.",
    "monument_check": "Monument (§1.9, rules note 5): build a monument on the completed square, or none.",
    "take_treasure": "Treasures (§1.10): your trader's kingdom holds two or more; take one.",
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
