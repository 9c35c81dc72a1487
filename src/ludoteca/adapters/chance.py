"""Explicit chance for search and solvers: every random draw of a game as an enumerable chance event.

Why every draw of a game is one uniform integer below n, and the generators that replay given outcomes
(:class:`ReplayRng`) or note a seed's draws (:class:`TapeRng`, :class:`LockstepRng`), are in
:mod:`ludoteca.core.chance`: a record that lists its chance outcomes replays through the same generator
(``ludoteca.core.record``), so there is one implementation, in the core. This module runs a step of a game
(its set-up, or one decision with everything the rules then do on their own) on given outcomes: running it
again from the same starting state with one more outcome each time walks through its chance events one by
one, which is how the OpenSpiel adapter's explicit-chance mode makes chance nodes without any change to the
games.
"""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.core.chance import (
    Alike,
    ChanceError,
    ChanceNeeded,
    LockstepRng,
    ReplayRng,
    TapeRng,
    describe,
    record_with_chance,
    settle,
)
from ludoteca.core.game import Action, Game, State
from ludoteca.core.rng import Rng

__all__ = [
    "Alike",
    "ChanceError",
    "ChanceNeeded",
    "LockstepRng",
    "ReplayRng",
    "TapeRng",
    "describe",
    "new_state_with",
    "record_with_chance",
    "run_decision",
    "run_setup",
    "seeded_outcomes",
]


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
    settle(rng)
    return state


def run_decision(base: State, seat: int, action: Action, outcomes: Sequence[int]) -> State | ChanceNeeded:
    """``base`` after ``seat`` takes ``action`` and the rules draw ``outcomes``, or the chance event needed next.

    ``base`` is never touched: the step runs on a clone, which a chance event leaves half-done and is dropped.
    """
    state = base.clone()
    earlier = base.rng  # a seeded generator (not the adapter's) leaves the earlier steps unknown: no record
    rng = earlier.next_step(outcomes) if isinstance(earlier, ReplayRng) else ReplayRng(outcomes, [], -1)
    state.rng = rng
    try:
        state.apply_legal(seat, action)
    except ChanceNeeded as needed:
        return needed
    settle(rng)
    return state


def seeded_outcomes(game: Game, seed: int, moves: Sequence[tuple[int, str]]) -> list[list[tuple[int, int, str]]]:
    """The draws the seed's generator makes in the set-up and after each move, step by step.

    ``moves`` are (seat, action text) in order; the answer has one list per step (the set-up first), each
    of ``(outcomes, outcome, label)``. Given back as chance outcomes in explicit mode, they replay the
    sampled game ``game.new_state(seed)`` with those moves exactly.

    The explicit game is played in lockstep with the seeded one, step by step: the seeded step runs first and
    notes what each draw gave (:class:`~ludoteca.core.chance.TapeRng`), then the explicit step takes each
    outcome, or finds each item drawn among those it could draw (:class:`~ludoteca.core.chance.LockstepRng`).
    So an item's outcome is its index in the explicit game's own bag, however the game stacks its bags.
    """
    tape = TapeRng(seed)
    seeded = new_state_with(game, seed, tape)
    lock = LockstepRng()
    lock.load(tape.tape)
    explicit = new_state_with(game, seed, lock)
    steps = [lock.finish()]
    for seat, text in moves:
        tape.tape.clear()
        seeded.apply(seat, text)
        lock.load(tape.tape)
        explicit.apply(seat, text)
        steps.append(lock.finish())
    return steps
