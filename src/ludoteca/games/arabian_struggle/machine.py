"""Arabian Struggle's rules registry on the core state machine (``ludoteca.core.machine``).

Every game names the registry the same way: a chapter module writes ``@RULES.auto("step")`` or
``RULES.push(state, ...)`` next to the rule it implements, so one reading of the core machine serves
all four games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.machine import Frame, Rules

if TYPE_CHECKING:
    from ludoteca.games.arabian_struggle.state import ArabianStruggleState

RULES: Rules[ArabianStruggleState] = Rules()

__all__ = ["RULES", "Frame"]
