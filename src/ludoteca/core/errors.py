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
