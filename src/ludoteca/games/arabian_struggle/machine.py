"""Arabian Struggle's rules registry: the core state machine (``ludoteca.core.machine``) for this game.

Each chapter module registers its steps with :func:`auto` and :func:`decision`, so a module reads
``@auto("overpopulation")`` next to the rule it implements.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.machine import Frame, Rules

if TYPE_CHECKING:
    from ludoteca.games.arabian_struggle.state import ArabianStruggleState

RULES: Rules[ArabianStruggleState] = Rules()

auto = RULES.auto
decision = RULES.decision
push = RULES.push
repush = RULES.repush
push_sequence = RULES.push_sequence
advance = RULES.advance
pending = RULES.pending
options_of = RULES.options_of
resolve = RULES.resolve

__all__ = [
    "RULES",
    "Frame",
    "advance",
    "auto",
    "decision",
    "options_of",
    "pending",
    "push",
    "push_sequence",
    "repush",
    "resolve",
]
