"""The exceptions of Ludoteca.

Every error a user can provoke (a bad move, a bad record, an unknown game, a bad option) is a
subclass of :class:`LudotecaError`, itself a :class:`ValueError`, so callers can catch the whole
family at once or one precise case, as python-chess does with its move errors.
"""

from __future__ import annotations


class LudotecaError(ValueError):
    """Base class of every error Ludoteca raises on purpose."""


class IllegalAction(LudotecaError):
    """An action that is not legal now, a text that names no action, or a seat that may not act.

    Raised by ``State.apply`` and ``State.parse_action`` before anything changes: the state is
    left exactly as it was.
    """


class BadRecord(LudotecaError):
    """A game record that is malformed or does not replay."""


class UnknownGame(LudotecaError):
    """A game id that no installed game registers."""


class BadOptions(LudotecaError):
    """An unknown option, a bad option value, an unsupported player count or a bad scenario."""


class ScriptError(LudotecaError):
    """A scripted die that cannot be used where it is consumed (e.g. a 9 for a six-sided die)."""


class InvariantError(LudotecaError):
    """A game's state broke one of its invariants after an action (only raised in debug mode).

    Raised by ``State.apply``/``apply_legal`` (and ``Game.new_state`` for the set-up) while
    :func:`ludoteca.core.debug.checking` is on or ``LUDOTECA_CHECK=1`` is set. Unlike
    :class:`IllegalAction` it is raised *after* the action was carried out: it reports a bug in the
    game, not a bad input, and the state it leaves is the broken one, kept for inspection.
    ``violations`` holds one sentence per broken invariant.
    """

    def __init__(self, message: str, violations: list[str] | None = None) -> None:
        super().__init__(message)
        self.violations: list[str] = list(violations or [])
