"""The seeded generator every game stores in its state, and scripted dice.

Python's ``random`` module does not promise the same sequence across versions, so Ludoteca uses
its own tiny generator (SplitMix64): a game record replays identically on any machine and any
Python version. Its whole state is one 64-bit integer, which makes cloning and serialising free.

Server games need more: SplitMix64 is fast but its state is its output's inverse, and a 31-bit seed
can be found by trying them all, so a seat that records what it sees could compute every hidden card
and every die to come. :class:`KeyedRng` answers that: a 256-bit key (from a seed of 128 bits or more)
and a counter, each output the keyed BLAKE2b hash of the counter. Nothing a seat observes predicts the
next output without the key. It is about three times slower a roll, which a game played by people
never notices; simulations, scenarios and tests keep the fast generator. ``GENERATORS`` names both;
a record names the one its game used (``"generator"``), so either replays exactly.

Scenarios and tests may *script* dice: the listed results are consumed first, in order, by every
roll (and by every uniform pick, which is a roll of an n-sided die), so a rulebook example replays
exactly. Once the script runs out, the generator takes over.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, MutableSequence, Sequence
from typing import TypeVar

from ludoteca.core.errors import ScriptError

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    """SplitMix64 finaliser: scramble a 64-bit counter into a well-distributed output."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def seed_state(seed: int) -> int:
    """Turn any integer seed into the generator's 64-bit starting state."""
    return _mix((seed * _GOLDEN_GAMMA) & _MASK64)


def derive_seed(master: int, index: int) -> int:
    """A seed for item ``index`` of a series started from ``master`` (used by simulations)."""
    return _mix((seed_state(master) + (index + 1) * _GOLDEN_GAMMA) & _MASK64) >> 1


class Rng:
    """A SplitMix64 generator with an optional queue of scripted results.

    The generator's state is the integer ``state``; ``script`` holds the scripted results not yet
    used. Both are plain data, so a game state can store, copy and serialise them.
    """

    __slots__ = ("script", "state")

    def __init__(self, seed: int = 0, script: Iterable[int] = (), *, raw_state: int | None = None) -> None:
        self.state = seed_state(seed) if raw_state is None else raw_state & _MASK64
        self.script: list[int] = list(script)

    def clone(self) -> Rng:
        """An independent copy that will produce the same future results.

        Built without ``__init__`` (search clones states, and so their generators, hundreds of thousands
        of times a second); the script is copied only when there is one left.
        """
        twin = Rng.__new__(Rng)
        twin.state = self.state
        twin.script = list(self.script) if self.script else []
        return twin

    def next64(self) -> int:
        """The next raw 64-bit output (never scripted)."""
        self.state = (self.state + _GOLDEN_GAMMA) & _MASK64
        return _mix(self.state)

    def _below(self, n: int) -> int:
        """Uniform integer in [0, n) by rejection, so no face is favoured.

        The SplitMix64 step of :meth:`next64` is written out here (the same arithmetic, so the same
        sequence): every die roll and every random pick of a search comes through this loop.
        """
        if n <= 0:
            raise ValueError(f"cannot draw below {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        state = self.state
        while True:
            state = (state + _GOLDEN_GAMMA) & _MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            x = z ^ (z >> 31)
            if x < limit:
                self.state = state
                return x % n

    def randrange(self, n: int) -> int:
        """Uniform integer in [0, n), from the generator only (never scripted): for agents and samplers."""
        return self._below(n)

    def roll(self, sides: int) -> int:
        """One roll of a ``sides``-sided die, 1..sides; a scripted result is used first."""
        if self.script:
            value = self.script.pop(0)
            if not 1 <= value <= sides:
                raise ScriptError(f"scripted die {value} cannot be the result of a d{sides}")
            return value
        return self._below(sides) + 1

    def roll_many(self, count: int, sides: int) -> list[int]:
        """``count`` rolls of a ``sides``-sided die, in order."""
        return [self.roll(sides) for _ in range(count)]

    def pick(self, items: Sequence[T]) -> T:
        """A uniformly chosen item: a roll of a ``len(items)``-sided die (so it can be scripted). A pick among one
        item is no roll for a script: a designer scripting a scenario's dice cannot know that the rules drew the
        only candidate. Without a script it is still a roll of a d1 (it advances the generator): games are unchanged."""
        if not items:
            raise ValueError("cannot pick from an empty sequence")
        if len(items) == 1 and self.script:
            return items[0]
        return items[self.roll(len(items)) - 1]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place, from the generator only (scripts do not apply)."""
        for i in range(len(items) - 1, 0, -1):
            j = self._below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffle_bag(self, items: MutableSequence[T]) -> None:
        """Shuffle a bag (or deck) that the rules then draw from with :meth:`draw_from`: here a plain shuffle.

        Two methods rather than ``shuffle`` and slicing, because the randomness of a bag lies in each draw:
        this generator shuffles once and deals off the front, while the explicit-chance one
        (``ludoteca.core.chance.ReplayRng``) leaves the bag as it is and makes every draw one chance event,
        where a solver expects it. So a game that calls this must take items off that bag only through
        :meth:`draw_from` (a slice of it would read an unshuffled bag under explicit chance).
        """
        self.shuffle(items)

    def draw_from(self, items: list[T], count: int, *, ordered: bool = False, unordered: int | None = None) -> list[T]:
        """Take up to ``count`` items off a bag shuffled by :meth:`shuffle_bag`, removing them: its front ones.

        ``ordered`` says the bag's order was set on purpose (a scenario scripts it): every generator then
        takes the front items and no draw is random. ``unordered`` says only the first ``unordered`` items are in
        an order nobody knows (one shuffle's segment; those under it were shuffled apart, or stacked in a known
        order: a deck built of piles), so an item drawn can only be one of those; ``count`` must not exceed it.
        Here all of these are the same; fewer than ``count`` are returned when the bag runs short (the rules
        decide what that means).
        """
        if unordered is not None and count > unordered:
            raise ValueError(f"cannot draw {count} items from the {unordered} on top in unknown order")
        taken = items[:count]
        del items[:count]
        return taken


FAST = "splitmix64"
KEYED = "blake2b"
GENERATORS = (FAST, KEYED)
"""The generators a game can draw from: the fast reproducible one (default) and the keyed one (servers)."""


def _key_of(seed: int) -> bytes:
    """The 256-bit key of a seed: its hash, so any integer (of any size or sign) makes a key."""
    width = max(1, (seed.bit_length() + 8) // 8)
    return hashlib.blake2b(seed.to_bytes(width, "big", signed=True), digest_size=32, person=b"ludoteca-key").digest()


class KeyedRng(Rng):
    """A generator whose outputs cannot be solved for its state: BLAKE2b keyed by the seed, over a counter.

    ``state`` is the counter (how many 64-bit outputs were drawn), so a game's ``rng.state`` still
    tells whether anything was drawn; the key never changes and is shared by clones. With a seed of 128
    bits or more (what the server draws from :mod:`secrets`) neither the key nor the next output can be
    found from any number of outputs: that is BLAKE2b's keyed-hash (PRF) security.
    """

    __slots__ = ("key",)

    def __init__(self, seed: int = 0, script: Iterable[int] = ()) -> None:
        self.key = _key_of(seed)
        self.state = 0
        self.script = list(script)

    def clone(self) -> KeyedRng:
        twin = KeyedRng.__new__(KeyedRng)
        twin.key = self.key
        twin.state = self.state
        twin.script = list(self.script) if self.script else []
        return twin

    def next64(self) -> int:
        self.state += 1
        digest = hashlib.blake2b(self.state.to_bytes(8, "big"), digest_size=8, key=self.key).digest()
        return int.from_bytes(digest, "big")

    def _below(self, n: int) -> int:
        """Uniform integer in [0, n) by rejection over the keyed outputs."""
        if n <= 0:
            raise ValueError(f"cannot draw below {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n


def make_rng(generator: str, seed: int, script: Iterable[int] = ()) -> Rng:
    """The generator named ``generator`` (one of :data:`GENERATORS`) started from ``seed``."""
    if generator == FAST:
        return Rng(seed, script)
    if generator == KEYED:
        return KeyedRng(seed, script)
    raise ValueError(f"unknown generator {generator!r} (known: {', '.join(GENERATORS)})")


def keyed_seed(master: int, purpose: str) -> int:
    """A 63-bit seed for ``purpose`` (e.g. a bot's) from a secret ``master`` that it cannot lead back to.

    :func:`derive_seed` is invertible (SplitMix mixing): a bot's seed, once guessed from its play,
    would give away its game's seed. A hash does not.
    """
    width = max(1, (master.bit_length() + 8) // 8)
    digest = hashlib.blake2b(master.to_bytes(width, "big", signed=True) + purpose.encode(), digest_size=8,
                             person=b"ludoteca-derive").digest()
    return int.from_bytes(digest, "big") >> 1
