"""Advanced Civilization's rules registry on the core state machine (``ludoteca.core.machine``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.machine import Frame, Rules

if TYPE_CHECKING:
    from ludoteca.games.advanced_civilization.state import CivState

RULES: Rules[CivState] = Rules()

__all__ = ["RULES", "Frame"]
