"""Rules as a state machine with a stack of frames (Rally the Troops' model), for any game.

Every pending piece of procedure is a *frame*: a plain dict ``{"step": name, ...}`` kept on
``state.data["stack"]``; the top frame runs next. An *automatic* step does its work at once (and may
push more frames); a *decision* step waits for one seat (``frame["seat"]``) to choose among its
options. A procedure nested in another — a war inside an action inside a turn — is frames pushed
above the ones that resume afterwards. Frames hold only plain data, so states clone and serialise.

A game makes one :class:`Rules` registry and its chapter modules register their steps on it::

    RULES = Rules()

    @RULES.auto("gains_phase")
    def gains_phase(state, frame): ...

    @RULES.decision("trade_pick", options=_trade_options)
    def trade_pick(state, frame, action): ...
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from ludoteca.core.game import Action, State

S = TypeVar("S", bound=State)
Frame = dict[str, Any]


@dataclass(frozen=True)
class Decision(Generic[S]):
    """A decision step: its options (a pure function: no dice) and what choosing one does."""

    options: Callable[[S, Frame], list[Action]]
    choose: Callable[[S, Frame, Action], None]
    always_ask: bool = False


class Rules(Generic[S]):
    """The registry of one game's steps, and the driver that runs them."""

    def __init__(self) -> None:
        self.autos: dict[str, Callable[[S, Frame], None]] = {}
        self.decisions: dict[str, Decision[S]] = {}

    # ------------------------------------------------------------------ registering steps
    def auto(self, name: str) -> Callable[[Callable[[S, Frame], None]], Callable[[S, Frame], None]]:
        """Register an automatic step under ``name``."""

        def register(function: Callable[[S, Frame], None]) -> Callable[[S, Frame], None]:
            if name in self.autos or name in self.decisions:
                raise ValueError(f"step {name!r} is registered twice")
            self.autos[name] = function
            return function

        return register

    def decision(
        self, name: str, options: Callable[[S, Frame], list[Action]], always_ask: bool = False
    ) -> Callable[[Callable[[S, Frame, Action], None]], Callable[[S, Frame, Action], None]]:
        """Register a decision step: ``options`` lists the choices, the decorated function applies one.

        ``always_ask`` skips the check for a single forced option (the seat is asked even then): for
        decisions whose options are costly to list and almost never forced, such as a whole turn's
        action in a board game, so that search agents do not pay for the list twice per move.
        """

        def register(choose: Callable[[S, Frame, Action], None]) -> Callable[[S, Frame, Action], None]:
            if name in self.autos or name in self.decisions:
                raise ValueError(f"step {name!r} is registered twice")
            self.decisions[name] = Decision(options, choose, always_ask)
            return choose

        return register

    # ------------------------------------------------------------------ scheduling
    @staticmethod
    def push(state: S, step: str, **params: Any) -> None:
        """Schedule ``step`` to run before everything already on the stack."""
        state.data["stack"].append({"step": step, **params})

    @staticmethod
    def repush(state: S, frame: Frame, **changes: Any) -> None:
        """Schedule the same step again with some parameters changed (the next seat, one fewer pick...)."""
        again = dict(frame)
        again.update(changes)
        state.data["stack"].append(again)

    @staticmethod
    def push_sequence(state: S, frames: list[Frame]) -> None:
        """Schedule several frames to run in the order given."""
        state.data["stack"].extend(reversed(frames))

    # ------------------------------------------------------------------ running
    def advance(self, state: S) -> None:
        """Run automatic steps (and decisions with one possible answer) until a seat must decide."""
        stack = state.data["stack"]
        state._listed = None  # type: ignore[attr-defined]  # a list made before this run no longer holds
        while stack:
            frame = stack[-1]
            name = frame["step"]
            step = self.decisions.get(name)
            if step is not None:
                if step.always_ask:
                    return
                options = step.options(state, frame)
                if len(options) > 1:
                    # Kept for the one listing that follows (options_of): asking the seat lists them again.
                    state._listed = (frame, options)  # type: ignore[attr-defined]  # MachineState's
                    return
                stack.pop()
                if options:  # a forced choice is made for the player, and logged by the step
                    step.choose(state, frame, options[0])
                continue
            stack.pop()
            self.autos[name](state, frame)

    def pending(self, state: S) -> Frame | None:
        """The decision frame waiting for a seat, if any."""
        stack = state.data["stack"]
        if stack and stack[-1]["step"] in self.decisions:
            top: Frame = stack[-1]
            return top
        return None

    def to_act(self, state: S) -> list[int]:
        """The seat the waiting decision names (``pending``, read in place: asked before every action)."""
        stack = state.data["stack"]
        if stack and stack[-1]["step"] in self.decisions:
            return [stack[-1]["seat"]]
        return []

    def options_of(self, state: S, frame: Frame) -> list[Action]:
        """The options of a waiting decision (never empty: an always-asked step with none is a rules bug).

        :meth:`advance` lists a decision's options to see whether one is forced; when it stops there, the
        list it made serves the first call here for that very frame, which saves every bot and adapter one
        listing a decision (options are a function of the state, which changes only by moves, each of which
        runs the machine and so forgets the list, and by :meth:`MachineState.resample`, which drops it). It
        serves once: the list is the caller's, who may keep or change it.
        """
        listed: tuple[Frame, list[Action]] | None = getattr(state, "_listed", None)
        if listed is not None:
            state._listed = None  # type: ignore[attr-defined]
            if listed[0] is frame:
                return listed[1]
        options = self.decisions[frame["step"]].options(state, frame)
        if not options:
            raise RuntimeError(f"the decision {frame['step']!r} of seat {frame.get('seat')} has no option")
        return options

    def resolve(self, state: S, action: Action) -> None:
        """Apply a validated choice to the waiting decision, then run on to the next one."""
        frame = state.data["stack"].pop()
        self.decisions[frame["step"]].choose(state, frame, action)
        self.advance(state)


class MachineState(State):
    """A State whose rules run on a :class:`Rules` machine, kept in ``data["stack"]`` with ``data["over"]``.

    The seat to act is the one the waiting decision names, its legal actions are that decision's options,
    and applying one resolves the decision and runs on to the next. A game sets ``machine`` to its
    registry and writes only what is its own: set-up, view, result.
    """

    machine: ClassVar[Rules[Any]]
    _listed: tuple[Frame, list[Action]] | None = None
    """The options :meth:`Rules.advance` listed for the waiting frame, until :meth:`Rules.options_of` takes
    them (a clone starts without: its frames are copies)."""

    def _to_act(self) -> list[int]:
        return self.machine.to_act(self)

    def _legal_actions(self, seat: int) -> list[Action]:
        frame = self.machine.pending(self)
        assert frame is not None, "legal actions asked for while no decision is waiting"
        return self.machine.options_of(self, frame)

    def _apply(self, seat: int, action: Action) -> None:
        self.machine.resolve(self, action)

    def _is_over(self) -> bool:
        return bool(self.data["over"])

    def resample(self, seat: int, rng: Any) -> None:
        """As :meth:`State.resample`; redrawn hidden cards may change the options listed for the seat to act."""
        self._listed = None
        super().resample(seat, rng)
