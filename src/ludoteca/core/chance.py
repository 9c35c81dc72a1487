"""Explicit chance: a game's random draws given as outcomes, and the generators that give or note them.

A Ludoteca game draws all its randomness from ``state.rng`` (``ludoteca.core.rng``), and every method a
game calls there — ``roll``, ``pick``, ``shuffle``, ``randrange`` — comes down to one primitive,
``_below(n)``: a uniform integer in [0, n). A die is one such draw (``roll(6)`` is ``_below(6) + 1``), a
uniform pick one draw over the items, a Fisher–Yates shuffle of L items L - 1 draws (position i swaps with
``_below(i + 1)``). A bag (``shuffle_bag`` then ``draw_from``) is where explicit chance parts from the seed:
:class:`ReplayRng` leaves the bag in order and makes each item drawn one draw over the items left (or over its
top ``unordered`` items, when the bag is a stack of piles shuffled apart), so the chance event falls where the
rules draw, not at the set-up's shuffle; the event it raises says which of its outcomes give equal items
(:class:`Alike`), which a solver takes as one. The generator's own rejection loop only makes
``_below`` exactly uniform; it is not part of what the game sees. So a game's randomness is a sequence of
uniform draws, each with a known number of outcomes, and a step of the game (its set-up, or one decision with
everything the rules then do on their own) is a deterministic function of the decision and the draws it makes.

:class:`ReplayRng` stands in for the generator: it returns the outcomes it was given, in order, and at
the first draw beyond them raises :class:`ChanceNeeded` with that draw's number of outcomes. It lives in
the core because two places replay chance outcomes: the OpenSpiel adapter's explicit-chance mode
(``ludoteca.adapters.chance``), which walks a step's chance events one by one, and
:func:`ludoteca.core.record.replay`, which rebuilds a game whose record lists its chance outcomes (the
``"chance"`` field: one list per step, the set-up's first, then one per action). Each replaying generator
also keeps the outcomes of the steps before its own, so a state dealt by chance outcomes carries what
its record needs (``State.record`` lists them, :func:`recorded_steps`). The other direction, a sampled game's
draws given back as chance outcomes, needs the explicit game itself, since a bag is held differently in the two
modes (Advanced Civilization's trade-card stacks draw their top N among the commodities only): :class:`TapeRng`
notes what the seed's draws gave, and :class:`LockstepRng`, in an explicit game run step by step beside it,
turns each into the outcome that gives it there (``ludoteca.adapters.chance.seeded_outcomes``).

Only ``next64`` (a raw 64-bit output) cannot be enumerated; no game draws it (search and agents use their
own generators), and :class:`ReplayRng` refuses it with a clear error rather than guess.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from ludoteca.core.errors import LudotecaError
from ludoteca.core.rng import Rng

if TYPE_CHECKING:
    from ludoteca.core.game import State

T = TypeVar("T")

Steps = tuple[tuple[int, ...], ...]
"""Chance outcomes step by step: the set-up's, then each action's (what a record's ``"chance"`` holds)."""


class ChanceNeeded(BaseException):  # a signal: it must pass every `except Exception`
    """The step being replayed draws beyond the outcomes given: a chance event of ``size`` outcomes.

    A ``BaseException`` so that no game code catching ``Exception`` can swallow it; whoever arms a
    :class:`ReplayRng` catches it (the adapter walks on to the chance node, a record replay names the
    missing outcome). ``draw`` is the draw's number in the whole game, counted from 0.
    """

    def __init__(self, size: int, label: str, draw: int = 0, alike: Alike | None = None) -> None:
        super().__init__(size, label, draw)
        self.size = size
        self.label = label
        self.draw = draw
        self.alike = alike


class Alike:
    """A bag draw's outcomes that give equal items, merged: each kind of item once, at its first outcome.

    Items that compare equal (two red tiles, two Ochre cards) leave the game in the same position whichever of
    them is drawn (the bag's order is nobody's knowledge under explicit chance, and the state holds only the
    items' values), so a solver needs one outcome per kind, as likely as its share of the draw.
    ``first[k]`` is the first outcome giving the same item as outcome k; ``count[f]`` how many outcomes give
    the item of first outcome ``f``, and ``name[f]`` that item in words.
    """

    __slots__ = ("count", "first", "name")

    def __init__(self, items: Sequence[Any]) -> None:
        where: dict[Any, int] = {}
        self.first: tuple[int, ...] = tuple(where.setdefault(item, k) for k, item in enumerate(items))
        self.count: dict[int, int] = {}
        for first in self.first:
            self.count[first] = self.count.get(first, 0) + 1
        self.name: dict[int, str] = {first: str(items[first]) for first in self.count}

    def outcomes(self) -> list[tuple[int, float]]:
        """One outcome per kind of item, in bag order, each with its probability."""
        size = len(self.first)
        return [(first, count / size) for first, count in self.count.items()]

    @staticmethod
    def of(items: Sequence[Any]) -> Alike | None:
        """The merged outcomes of drawing one of ``items``; ``None`` when no two are equal (a deck of distinct
        cards: each outcome is its own, as for a die) or an item is not hashable (nothing can be merged)."""
        try:
            alike = Alike(items)
        except TypeError:
            return None
        return alike if len(alike.count) < len(alike.first) else None


class ChanceError(LudotecaError):
    """A chance outcome that is not one of the draw's, or a draw that cannot be made explicit."""


def describe(label: str, outcome: int) -> str:
    """A chance outcome in words: ``d6 rolls 4``, ``pick 3 of 5``, ``shuffle of 140, position 139 takes item 17``,
    ``bag of 131 gives item 40`` (the bag's item 40, as the state holds it, is drawn)."""
    if label.startswith("d") and label[1:].isdigit():
        return f"{label} rolls {outcome + 1}"
    if label.startswith("pick of "):
        return f"pick {outcome + 1} of {label.removeprefix('pick of ')}"
    if label.startswith("shuffle of "):
        return f"{label} takes item {outcome}"
    if label.startswith("bag of "):
        return f"{label} gives item {outcome}"
    return f"{label}: {outcome}"


def _blind_part(items: list[Any], count: int, unordered: int | None) -> int:
    """How many of a bag's ``items`` explicit chance draws ``count`` of them from: all, or the first ``unordered``
    (a deck's top pile), which must hold them all (``Rng.draw_from``'s contract)."""
    if unordered is not None and count > unordered:
        raise ValueError(f"cannot draw {count} items from the {unordered} on top in unknown order")
    return len(items) if unordered is None else min(unordered, len(items))


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


_SPENT = (
    "this state's randomness comes from explicit chance outcomes, and its step has used all it was given: apply "
    "actions through the OpenSpiel state (chance_mode='explicit'), or replay a record that lists the step's outcomes"
)


class ReplayRng(_LabelledRng):
    """Returns the given outcomes in order; the first draw beyond them raises :class:`ChanceNeeded`.

    ``outcomes`` are this step's. The steps before it are the first ``count`` of ``earlier``, a list that
    generators of one line of play share and only ever append to, so a step's generator is made in constant
    time however long the game (a fresh tuple of every step, a step, cost 17 µs at 3,000 steps); a line that
    branches off copies the list once. ``count`` below 0: the earlier steps are not known (a copy whose
    hidden cards were redrawn has no record). Once a step has run to its end the generator is spent
    (``armed`` false): a draw made then (someone calling ``apply`` on the Ludoteca state inside an
    explicit-chance OpenSpiel state, or on a replayed state whose record's outcomes are all used) is a
    :class:`ChanceError` that says so, never a made-up number.
    """

    __slots__ = ("armed", "count", "earlier", "outcomes", "position")

    def __init__(
        self, outcomes: Sequence[int] = (), earlier: list[tuple[int, ...]] | None = None, count: int = 0
    ) -> None:
        super().__init__(0)
        self.outcomes = tuple(outcomes)
        self.earlier: list[tuple[int, ...]] = [] if earlier is None else earlier
        self.count = count
        self.position = 0
        self.armed = True
        self._label = None

    def clone(self) -> ReplayRng:
        twin = ReplayRng(self.outcomes, self.earlier, self.count)
        twin.position, twin.armed = self.position, self.armed
        return twin

    def forget(self) -> ReplayRng:
        """A copy that no longer knows the earlier steps (for a state whose hidden cards were redrawn)."""
        twin = ReplayRng(self.outcomes, [], -1)
        twin.position, twin.armed = self.position, self.armed
        return twin

    def steps(self) -> Steps | None:
        """The outcomes of every step so far, this one's included (``None`` if the earlier ones are unknown)."""
        if self.count < 0:
            return None
        return (*self.earlier[: self.count], self.outcomes[: self.position])

    def next_step(self, outcomes: Sequence[int]) -> ReplayRng:
        """A generator for the step after this one's, given ``outcomes``; it keeps every step before it."""
        earlier, count = self.earlier, self.count
        if count < 0:
            return ReplayRng(outcomes, earlier, -1)
        mine = self.outcomes[: self.position]
        if len(earlier) == count:
            earlier.append(mine)  # the line's tip: the list grows (no holder reads past its own count)
        elif earlier[count] != mine:
            earlier = [*earlier[:count], mine]  # another line went on from here: this one branches off
        return ReplayRng(outcomes, earlier, count + 1)

    def shuffle_bag(self, items: MutableSequence[T]) -> None:
        """The bag stays as it is: its randomness is in each draw (:meth:`draw_from`), where the rules draw."""

    def draw_from(self, items: list[T], count: int, *, ordered: bool = False, unordered: int | None = None) -> list[T]:
        """Each item drawn is one chance event, "bag of N": a uniform index into the N items of the bag, as the
        state holds it, whose order nobody knows (the whole bag, or its first ``unordered``: a deck's top pile).

        Outcome k takes the bag's item k (the rest keep their order); a bag the rules cannot fill ``count``
        from gives what it has. An ``ordered`` bag (a scenario's scripted order) deals its front items, as
        every generator does, with no chance event.
        """
        if ordered:
            return Rng.draw_from(self, items, count, ordered=True)
        blind = _blind_part(items, count, unordered)
        taken: list[T] = []
        while len(taken) < count and blind:
            try:
                index = self._labelled(f"bag of {blind}", partial(self._below, blind))
            except ChanceNeeded as needed:
                needed.alike = Alike.of(items[:blind])  # worked out only where a solver will read it
                raise
            taken.append(items.pop(index))
            blind -= 1
        return taken

    def _draw_number(self) -> int:
        """The number of the draw being made, in the whole game, from 0."""
        return sum(len(step) for step in self.earlier[: max(self.count, 0)]) + self.position

    def next64(self) -> int:
        raise ChanceError("a raw 64-bit draw has 2**64 outcomes and cannot be a chance node; no game makes one")

    def _below(self, n: int) -> int:
        if n <= 0:
            raise ValueError(f"cannot draw below {n}")
        if self.position < len(self.outcomes):
            outcome = self.outcomes[self.position]
            if not 0 <= outcome < n:
                raise ChanceError(
                    f"chance outcome {outcome} at draw {self._draw_number()} is out of range 0..{n - 1} "
                    f"({self._name(n)})"
                )
            self.position += 1
            return outcome
        if self.armed:
            raise ChanceNeeded(n, self._name(n), self._draw_number())
        raise ChanceError(_SPENT)


def settle(rng: ReplayRng) -> None:
    """A finished step must have used every outcome given, and draws nothing more after it."""
    if rng.position != len(rng.outcomes):
        raise ChanceError(f"the step drew {rng.position} chance outcomes, not the {len(rng.outcomes)} given")
    rng.armed = False


def ran_out(needed: ChanceNeeded, given: int) -> str:
    """Why a replayed step stopped: its outcomes ran out at a draw (for a record's error)."""
    return (
        f"the step's {given} chance outcome(s) run out: draw {needed.draw} ({needed.label}, "
        f"0..{needed.size - 1}) has none"
    )


def recorded_steps(rng: ReplayRng, actions: int) -> list[list[int]]:
    """A record's ``"chance"``: the outcomes ``rng`` gave, one list a step, for a game of ``actions`` actions.

    A state dealt by chance outcomes draws nothing from its seed, so its record must list them (``State.record``
    adds them); a resampled copy (its hidden cards redrawn) or a generator that does not hold every step has
    no record, and says so rather than give one that replays another game.
    """
    steps = rng.steps()
    if steps is None:
        raise ChanceError("this state's hidden cards were redrawn (a resampled copy): it is no game with a record")
    if len(steps) != actions + 1:
        raise ChanceError(
            f"this state's chance outcomes cover {len(steps)} steps, not the set-up and its {actions} action(s)"
        )
    return [list(step) for step in steps]


def record_with_chance(state: State) -> dict[str, Any]:
    """``state.record()``, which holds the chance outcomes (``"chance"``) of a state dealt by them.

    Kept for code written when ``record()`` left them out (before session 9); the two are now the same.
    """
    return state.record()


class TapeRng(Rng):
    """The seeded SplitMix64 generator of ``Rng(seed)``, noting what each draw gave the game, for :class:`LockstepRng`.

    ``tape`` lists, in order, ``("outcome", k)`` for each uniform draw (a die, a pick, a shuffle's step) and
    ``("item", x)`` for each item taken off a bag (:meth:`draw_from`); a bag's own shuffle (:meth:`shuffle_bag`)
    is not noted, since explicit chance makes no such shuffle. Its draws are the plain generator's, so a game run
    with it is the game the seed deals.
    """

    __slots__ = ("tape",)

    def __init__(self, seed: int = 0, *, raw_state: int | None = None) -> None:
        super().__init__(seed, raw_state=raw_state)
        self.tape: list[tuple[str, Any]] = []

    def clone(self) -> TapeRng:
        twin = TapeRng(raw_state=self.state)
        twin.tape = list(self.tape)
        return twin

    def shuffle_bag(self, items: MutableSequence[T]) -> None:
        noted = len(self.tape)
        Rng.shuffle(self, items)  # the seed's own shuffle, whose draws are no explicit chance event
        del self.tape[noted:]

    def draw_from(self, items: list[T], count: int, *, ordered: bool = False, unordered: int | None = None) -> list[T]:
        taken = Rng.draw_from(self, items, count, ordered=ordered, unordered=unordered)
        if not ordered:
            self.tape.extend(("item", item) for item in taken)
        return taken

    def _below(self, n: int) -> int:
        outcome = Rng._below(self, n)
        self.tape.append(("outcome", outcome))
        return outcome


class LockstepRng(_LabelledRng):
    """The explicit-chance generator of a game run step by step beside the seeded one, answering each draw with
    what the seed's generator gave (a :class:`TapeRng`'s ``tape``) and noting it as a chance outcome.

    A uniform draw is given the seed's outcome. An item drawn off a bag is given as its index among the items the
    explicit game could draw there (its bag as explicit chance holds it, or the bag's top ``unordered``): the first
    item equal to the seed's (equal items leave equal games). So the outcomes are right however a game stacks or
    rebuilds its bags (Advanced Civilization's trade-card stacks draw their top N among the commodities only, AC
    §15.2), which a generator that sees only the seeded game cannot work out. ``draws`` lists
    ``(outcomes, outcome, label)``; an item the explicit game cannot draw, or a
    step whose draws do not match the tape, is a :class:`ChanceError` (the two modes parted: a bug).
    """

    __slots__ = ("draws", "read", "tape")

    def __init__(self) -> None:
        super().__init__(0)
        self.tape: list[tuple[str, Any]] = []
        self.read = 0
        self.draws: list[tuple[int, int, str]] = []
        self._label = None

    def clone(self) -> LockstepRng:
        twin = LockstepRng()
        twin.tape, twin.read, twin.draws = list(self.tape), self.read, list(self.draws)
        return twin

    def load(self, tape: Sequence[tuple[str, Any]]) -> None:
        """Start a step: the seed's draws for it."""
        self.tape, self.read, self.draws = list(tape), 0, []

    def finish(self) -> list[tuple[int, int, str]]:
        """End a step: its chance outcomes, once every draw the seed made was asked for."""
        if self.read != len(self.tape):
            raise ChanceError(f"the explicit game made {self.read} draws where the seed made {len(self.tape)}")
        return list(self.draws)

    def _next(self, kind: str) -> Any:
        if self.read >= len(self.tape):
            raise ChanceError(f"the explicit game draws more than the seed's {len(self.tape)} draws of this step")
        noted, value = self.tape[self.read]
        if noted != kind:
            raise ChanceError(f"draw {self.read} of the step: the explicit game wants an {kind}, the seed gave {noted}")
        self.read += 1
        return value

    def shuffle_bag(self, items: MutableSequence[T]) -> None:
        """The bag stays as it is, as under :class:`ReplayRng`."""

    def draw_from(self, items: list[T], count: int, *, ordered: bool = False, unordered: int | None = None) -> list[T]:
        if ordered:
            return Rng.draw_from(self, items, count, ordered=True)
        blind = _blind_part(items, count, unordered)
        taken: list[T] = []
        while len(taken) < count and blind:
            item = self._next("item")
            try:
                index = items.index(item, 0, blind)
            except ValueError:
                raise ChanceError(
                    f"the seed drew {item!r}, which is not among the {blind} items explicit chance draws from"
                ) from None
            self.draws.append((blind, index, f"bag of {blind}"))
            taken.append(items.pop(index))
            blind -= 1
        return taken

    def next64(self) -> int:
        raise ChanceError("a raw 64-bit draw has 2**64 outcomes and cannot be a chance node; no game makes one")

    def _below(self, n: int) -> int:
        if n <= 0:
            raise ValueError(f"cannot draw below {n}")
        outcome = int(self._next("outcome"))
        if not 0 <= outcome < n:
            raise ChanceError(f"the seed's outcome {outcome} is out of range 0..{n - 1} ({self._name(n)})")
        self.draws.append((n, outcome, self._name(n)))
        return outcome
