"""The debug switch: check every game's invariants after every action.

Invariant checks (``State.check_invariants``) walk the whole state, far too slow for search agents
that apply millions of actions, so they are off by default and cost one integer test per action.
They are turned on

* for a block of code, with ``with ludoteca.core.debug.checking(): ...`` (the tests and the fuzzer);
* for a whole process, with the environment variable ``LUDOTECA_CHECK=1`` (read once, at import), e.g.
  ``LUDOTECA_CHECK=1 ludoteca replay failure.json`` to see a saved fuzz failure raise again.

While on, ``State.apply``, ``State.apply_legal`` and ``Game.new_state`` raise
:class:`~ludoteca.core.errors.InvariantError` as soon as a state breaks an invariant.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

ENV_VAR = "LUDOTECA_CHECK"


class _Switch:
    """A nesting counter (``checking()`` blocks may nest) plus the process-wide setting from the environment."""

    __slots__ = ("depth",)

    def __init__(self) -> None:
        self.depth = 1 if os.environ.get(ENV_VAR, "").strip() not in ("", "0") else 0


SWITCH = _Switch()
"""The one switch; ``State.apply`` reads ``SWITCH.depth`` (non-zero = checking)."""


def enabled() -> bool:
    """Whether invariants are checked after every action now."""
    return SWITCH.depth > 0


@contextmanager
def checking(on: bool = True) -> Iterator[None]:
    """Check invariants after every action inside the block (``on=False`` does nothing, for callers with a flag).

    The switch is process-wide, not per thread: it is a debugging aid for tests and the fuzzer, which
    run one game at a time.
    """
    if not on:
        yield
        return
    SWITCH.depth += 1
    try:
        yield
    finally:
        SWITCH.depth -= 1


__all__ = ["ENV_VAR", "SWITCH", "checking", "enabled"]
