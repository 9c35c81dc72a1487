"""The rules as a state machine with a stack of frames (Rally the Troops' model).

Every pending piece of procedure is a *frame*: a plain dict ``{"step": name, ...}`` on
``state.data["stack"]``; the top frame runs next. An *automatic* step does its work at once (and
may push more frames); a *decision* step waits for one seat to choose among its options. Nested
procedures — a War inside the Event Phase inside a turn — are frames pushed above the ones that
resume afterwards. Frames hold only plain data, so states clone and serialise.

Each rules module registers its steps with :func:`auto` and :func:`decision`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ludoteca.core import Action

if TYPE_CHECKING:
    from ludoteca.games.mankind.state import MankindState

Frame = dict[str, Any]
AutoStep = Callable[["MankindState", Frame], None]
Options = Callable[["MankindState", Frame], list[Action]]
Choose = Callable[["MankindState", Frame, Action], None]


@dataclass(frozen=True)
class Decision:
    """A decision step: its options (pure: no dice) and what choosing one does."""

    options: Options
    choose: Choose


AUTO: dict[str, AutoStep] = {}
DECISIONS: dict[str, Decision] = {}


def auto(name: str) -> Callable[[AutoStep], AutoStep]:
    """Register an automatic step under ``name``."""

    def register(function: AutoStep) -> AutoStep:
        AUTO[name] = function
        return function

    return register


def decision(name: str, options: Options) -> Callable[[Choose], Choose]:
    """Register a decision step: ``options`` lists the choices, the decorated function applies one.

    The frame of a decision names the deciding seat in ``frame["seat"]``.
    """

    def register(choose: Choose) -> Choose:
        DECISIONS[name] = Decision(options, choose)
        return choose

    return register


def push(state: MankindState, step: str, **params: Any) -> None:
    """Schedule ``step`` to run before everything already on the stack."""
    frame: Frame = {"step": step}
    frame.update(params)
    state.data["stack"].append(frame)


def repush(state: MankindState, frame: Frame, **changes: Any) -> None:
    """Schedule the same step again with some parameters changed (the next seat, one fewer pick...)."""
    again = dict(frame)
    again.update(changes)
    state.data["stack"].append(again)


def push_sequence(state: MankindState, frames: list[Frame]) -> None:
    """Schedule several frames to run in the order given."""
    state.data["stack"].extend(reversed(frames))


def advance(state: MankindState) -> None:
    """Run automatic steps (and decisions with a single possible choice) until a seat must decide."""
    stack = state.data["stack"]
    while stack:
        frame = stack[-1]
        name = frame["step"]
        step = DECISIONS.get(name)
        if step is not None:
            options = step.options(state, frame)
            if len(options) > 1:
                return
            stack.pop()
            if options:  # a forced choice is made for the player
                step.choose(state, frame, options[0])
            continue
        stack.pop()
        AUTO[name](state, frame)


def pending(state: MankindState) -> Frame | None:
    """The decision frame waiting for a seat, if any."""
    stack = state.data["stack"]
    if stack and stack[-1]["step"] in DECISIONS:
        return stack[-1]
    return None


def options_of(state: MankindState, frame: Frame) -> list[Action]:
    return DECISIONS[frame["step"]].options(state, frame)


def resolve(state: MankindState, action: Action) -> None:
    """Apply a validated choice to the waiting decision, then run on to the next one."""
    frame = state.data["stack"].pop()
    DECISIONS[frame["step"]].choose(state, frame, action)
    advance(state)
