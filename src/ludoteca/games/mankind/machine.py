"""Mankind's rules registry: the core state machine (``ludoteca.core.machine``) for this game.

Each rules module registers its steps with :func:`auto` and :func:`decision`; the names below are
the registry's methods, so a chapter module reads ``@auto("gains_phase")``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.machine import Frame, Rules

if TYPE_CHECKING:
    from ludoteca.games.mankind.state import MankindState

RULES: Rules[MankindState] = Rules()

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
