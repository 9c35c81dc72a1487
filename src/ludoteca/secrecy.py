"""Which action texts a seat may read of *another* seat's actions while the game is being played.

A game's log already says, event by event, who may read it (events with a ``seats`` key are private);
action texts carry no such mark, and some name hidden things (the tiles a Tigris & Euphrates player
swaps, the card an Arabian Struggle Faction keeps in the Draft). Every place that shows one seat's
actions to someone else — the browser's spectator record, the terminal's ``ludoteca play`` — asks
:func:`public_action_text` first, so both show the same texts. It lives here, beside neither of them,
because the terminal must not need the web extra to keep a secret.

A game without an entry here has all its texts withheld until the end: the safe default. What was
done is then told by the game's public log lines, which the game writes for exactly that reader.
"""

from __future__ import annotations

from collections.abc import Callable


def _all_public(_text: str) -> bool:
    return True


def _tigris_public(text: str) -> bool:
    # Swapped tiles go face down into the box (T&E "Swap tiles"): which ones is hidden.
    return not text.startswith("swap")


_PUBLIC: dict[str, Callable[[str], bool]] = {
    "mankind": _all_public,  # Mankind has no hidden information but the dice to come
    "tigris-euphrates": _tigris_public,
}


HIDES_NOTHING = frozenset({"mankind"})
"""Games in which every seat and a spectator see the same view and log at every moment (only the dice to come
are unknown to all; ``tests/test_cli_secrecy.py`` checks it): people sharing a terminal need not hand it over."""


def hides_nothing(game_id: str) -> bool:
    return game_id in HIDES_NOTHING


def public_action_text(game_id: str, text: str) -> str | None:
    """``text`` if a spectator (or another seat) may read it before the game ends, else ``None`` (withheld)."""
    check = _PUBLIC.get(game_id)
    return text if check is not None and check(text) else None
