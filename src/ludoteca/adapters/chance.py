"""Explicit chance for search and solvers: every random draw of a game as an enumerable chance event.

A Ludoteca game draws all its randomness from ``state.rng`` (``ludoteca.core.rng``), and every method a
game calls there — ``roll``, ``pick``, ``shuffle``, ``randrange`` — comes down to one primitive,
``_below(n)``: a uniform integer in [0, n). A die is one such draw (``roll(6)`` is ``_below(6) + 1``), a
uniform pick one draw over the items, a Fisher–Yates shuffle of L items L - 1 draws (position i swaps with
``_below(i + 1)``). The generator's own rejection loop only makes ``_below`` exactly uniform; it is not
part of what the game sees. So a game's randomness is a sequence of uniform draws, each with a known
number of outcomes, and a step of the game (its set-up, or one decision with everything the rules then
do on their own) is a deterministic function of the decision and the draws it makes.

:class:`ReplayRng` stands in for the generator: it returns the outcomes it was given, in order, and at
the first draw beyond them raises :class:`ChanceNeeded` with that draw's number of outcomes. Running a
step again from the same starting state with one more outcome each time walks through its chance events
one by one, which is how the OpenSpiel adapter's explicit-chance mode makes chance nodes without any
change to the games. :class:`RecordingRng` is the other direction: a seeded generator that notes every
draw it makes, so a sampled game's draws can be given back as chance outcomes and replay it exactly.

Only ``next64`` (a raw 64-bit output) cannot be enumerated; no game draws it (search and agents use their
own generators), and :class:`ReplayRng` refuses it with a clear error rather than guess.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from typing import TypeVar

from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Action, Game, State
from ludoteca.core.rng import Rng

T = TypeVar("T")


class ChanceNeeded(BaseException):  # a signal: it must pass every `except Exception`
    """The step being replayed draws beyond the outcomes given: a chance event of ``size`` outcomes.

    A ``BaseException`` so that no game code catching ``Exception`` can swallow it; it never leaves
    :func:`run_setup` / :func:`run_decision`.
    """

    def __init__(self, size: int, label: str) -> None:
        super().__init__(size, label)
        self.size = size
        self.label = label


class ChanceError(LudotecaError):
    """A chance outcome that is not one of the draw's, or a draw that cannot be made explicit."""


def describe(label: str, outcome: int) -> str:
    """A chance outcome in words: ``d6 rolls 4``, ``pick 3 of 5``, ``shuffle of 140, position 139 takes item 17``."""
    if label.startswith("d") and label[1:].isdigit():
        return f"{label} rolls {outcome + 1}"
    if label.startswith("pick of "):
        return f"pick {outcome + 1} of {label.removeprefix('pick of ')}"
    if label.startswith("shuffle of "):
        return f"{label} takes item {outcome}"
    return f"{label}: {outcome}"


class _LabelledRng(Rng):
    """A generator that names the draw it is making (a die, a pick, a shuffle step) for chance-node texts.

    The methods only set the label and hand on to :class:`~ludoteca.core.rng.Rng`'s own, so the draws made,
    and their order, are the core generator's by construction.
    """

    __slots__ = ("_label",)
    _label: str | None

    def _labelled(self, label: str, call: Callable[[], T]) -> T:
        outer = self._label is None
        if outer:
            self._label = label
        try:
            return call()
        finally:
            if outer:
                self._label = None

    def roll(self, sides: int) -> int:
        return self._labelled(f"d{sides}", lambda: Rng.roll(self, sides))

    def pick(self, items: Sequence[T]) -> T:
        return self._labelled(f"pick of {len(items)}", lambda: Rng.pick(self, items))

    def shuffle(self, items: MutableSequence[T]) -> None:
        self._labelled(f"shuffle of {len(items)}", lambda: Rng.shuffle(self, items))

    def randrange(self, n: int) -> int:
        return self._labelled(f"below {n}", lambda: Rng.randrange(self, n))

    def _name(self, n: int) -> str:
        """The label of a draw of ``n`` outcomes now; a shuffle's names the position being filled."""
        label = self._label or f"below {n}"
        return f"{label}, position {n - 1}" if label.startswith("shuffle of ") else label


class ReplayRng(_LabelledRng):
    """Returns the given outcomes in order; the first draw beyond them raises :class:`ChanceNeeded`.

    Once a step has run to its end the generator is spent: a draw made outside the adapter (someone calling
    ``apply`` on the Ludoteca state inside an explicit-chance OpenSpiel state) is a :class:`ChanceError`
    that says so, never a made-up number.
    """

    __slots__ = ("armed", "outcomes", "position")

    def __init__(self, outcomes: Sequence[int] = ()) -> None:
        super().__init__(0)
        self.outcomes = tuple(outcomes)
        self.position = 0
        self.armed = True
        self._label = None

    def clone(self) -> ReplayRng:
        twin = ReplayRng(self.outcomes)
        twin.position, twin.armed = self.position, self.armed
        return twin

    def next64(self) -> int:
        raise ChanceError("a raw 64-bit draw has 2**64 outcomes and cannot be a chance node; no game makes one")

    def _below(self, n: int) -> int:
        if n <= 0:
            raise ValueError(f"cannot draw below {n}")
        if self.position < len(self.outcomes):
            outcome = self.outcomes[self.position]
            if not 0 <= outcome < n:
                raise ChanceError(f"chance outcome {outcome} is not one of the {n} of {self._name(n)}")
            self.position += 1
            return outcome
        if self.armed:
            raise ChanceNeeded(n, self._name(n))
        raise ChanceError(
            "this state's randomness comes from explicit chance outcomes: apply actions through the OpenSpiel "
            "state (chance_mode='explicit'), not to the Ludoteca state inside it"
        )


class RecordingRng(_LabelledRng):
    """The seeded SplitMix64 generator of ``Rng(seed)``, noting each draw as ``(outcomes, outcome, label)``.

    Its draws are the plain generator's, so a game run with it is the game the seed deals; ``draws`` then
    lists the chance outcomes that replay it under explicit chance.
    """

    __slots__ = ("draws",)

    def __init__(self, seed: int = 0, *, raw_state: int | None = None) -> None:
        super().__init__(seed, raw_state=raw_state)
        self.draws: list[tuple[int, int, str]] = []
        self._label = None

    def clone(self) -> RecordingRng:
        twin = RecordingRng(raw_state=self.state)
        twin.draws = list(self.draws)
        return twin

    def _below(self, n: int) -> int:
        outcome = Rng._below(self, n)
        self.draws.append((n, outcome, self._name(n)))
        return outcome


def new_state_with(game: Game, seed: int, rng: Rng) -> State:
    """``game.new_state(seed)`` with its set-up drawing from ``rng`` instead of the seed's generator
    (the ``seed`` stays the state's own: its record names it, though only ``rng`` made the draws)."""
    return game.new_state(seed, rng=rng)


def run_setup(game: Game, seed: int, outcomes: Sequence[int]) -> State | ChanceNeeded:
    """The set-up dealt by ``outcomes``, or the chance event it needs next."""
    rng = ReplayRng(outcomes)
    try:
        state = new_state_with(game, seed, rng)
    except ChanceNeeded as needed:
        return needed
    _settle(rng, outcomes)
    return state


def run_decision(base: State, seat: int, action: Action, outcomes: Sequence[int]) -> State | ChanceNeeded:
    """``base`` after ``seat`` takes ``action`` and the rules draw ``outcomes``, or the chance event needed next.

    ``base`` is never touched: the step runs on a clone, which a chance event leaves half-done and is dropped.
    """
    state = base.clone()
    rng = ReplayRng(outcomes)
    state.rng = rng
    try:
        state.apply_legal(seat, action)
    except ChanceNeeded as needed:
        return needed
    _settle(rng, outcomes)
    return state


def _settle(rng: ReplayRng, outcomes: Sequence[int]) -> None:
    """A finished step must have used every outcome given, and draws nothing more after it."""
    if rng.position != len(outcomes):
        raise ChanceError(f"the step drew {rng.position} chance outcomes, not the {len(outcomes)} given")
    rng.armed = False


def seeded_outcomes(game: Game, seed: int, moves: Sequence[tuple[int, str]]) -> list[list[tuple[int, int, str]]]:
    """The draws the seed's generator makes in the set-up and after each move, step by step.

    ``moves`` are (seat, action text) in order; the answer has one list per step (the set-up first), each
    of ``(outcomes, outcome, label)``. Given back as chance outcomes in explicit mode, they replay the
    sampled game ``game.new_state(seed)`` with those moves exactly.
    """
    rng = RecordingRng(seed)
    state = new_state_with(game, seed, rng)
    steps = [list(rng.draws)]
    for seat, text in moves:
        rng.draws.clear()
        state.apply(seat, text)
        steps.append(list(rng.draws))
    return steps
