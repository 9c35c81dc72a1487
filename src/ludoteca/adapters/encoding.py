"""Fixed-size action spaces and observations, the common ground of every RL adapter.

Ludoteca names an action by its text, and that text changes with the state ("build Archers for 2 RP"
carries a price, a square name, a seat number). Learning algorithms need the opposite: one integer
per *kind of choice* that means the same thing in every state of a game, plus a mask of the legal
ones, and a vector of fixed length for what a seat sees. Each game's module in
:mod:`ludoteca.adapters.encodings` declares both with the pieces defined here:

* an :class:`ActionSpace` is a list of named :class:`Block` s, each a fixed tuple of keys (build ids,
  squares, relative seats...); an action's index is its block's offset plus its key's position;
* an :class:`Encoding` turns a legal action into ``(block, key)`` from the pending decision's name and
  the action's payload only, and turns a seat's :meth:`~ludoteca.core.game.State.view` and the public
  facts the view leaves out (the particulars of the decision waiting) into a numpy array laid out by a
  :class:`Layout` of documented :class:`Piece` s.

Seats in observations and in seat-valued actions are *relative*: slot 0 is the observing or acting
seat, slot 1 the next seat in turn order, and so on, padded to the game's maximum player count, so a
policy trained at one player count reads the same numbers at another.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, ClassVar, cast

import numpy as np

from ludoteca.core.errors import BadOptions, IllegalAction, LudotecaError
from ludoteca.core.game import Action, Game, Seat, State, copy_plain

_PAYLOAD = attrgetter("payload")
_INDEX_MEMOS: dict[tuple[Any, ...], dict[tuple[str, Any], dict[Any, int]]] = {}


class EncodingError(LudotecaError):
    """A legal action the encoding cannot place, or two legal actions that land on one index.

    Either means the game offers a decision its encoding does not know yet: the message names the
    decision and the action so the encoding module can be extended.
    """


# ---------------------------------------------------------------------------------------------- rewards
def rewards_of(state: State) -> list[float]:
    """The end-of-game reward of each seat, the same in both adapters: the winners share 1, the others get 0.

    Ranking-based or score-based rewards would need a scale per game; a shared win is what every
    Ludoteca result states (``winners``), is the same as ``state.evaluate(seat)`` at the end, and makes
    every game constant-sum, which OpenSpiel's algorithms handle best.
    """
    winners = state.result()["winners"]
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(state.players)]


# ---------------------------------------------------------------------------------------------- inputs
def action_index(action: Any, who: str) -> int:
    """``action`` as an index if it is one: a Python or NumPy integer (or a 0-d integer array), never a bool.

    ``int()`` would play 1 for 1.9 or "1" (a move nobody chose) and give a bare ValueError for "abc"; a bool
    is an int to Python but no index anyone means. Anything else raises :class:`IllegalAction` naming
    ``who`` gave what, before anything changes.
    """
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        action = action.item()
    if isinstance(action, int | np.integer) and not isinstance(action, bool):
        return int(action)
    raise IllegalAction(f"{who}: an action must be an integer index, not {action!r} ({type(action).__name__})")


def checked_seed(seed: Any) -> int | None:
    """``seed`` if it can seed an adapter: ``None`` or a non-negative Python or NumPy integer, never a bool.

    The adapters' seed streams are NumPy's, whose ``SeedSequence`` refuses negative seeds and non-integers
    with bare errors of its own and would take ``True`` for 1. (``Game.new_state`` takes any integer, negative
    ones too: it seeds Ludoteca's own generator.)
    """
    if seed is None:
        return None
    if isinstance(seed, int | np.integer) and not isinstance(seed, bool) and seed >= 0:
        return int(seed)
    raise BadOptions(
        f"seed must be None or a non-negative integer (it seeds NumPy), not {seed!r} ({type(seed).__name__})"
    )


# ---------------------------------------------------------------------------------------------- actions
@dataclass(frozen=True)
class Block:
    """A run of consecutive action indices: one per key, all meaning the same kind of choice."""

    name: str
    keys: tuple[Hashable, ...]
    doc: str

    def __post_init__(self) -> None:
        if len(set(self.keys)) != len(self.keys):
            raise ValueError(f"action block {self.name!r} repeats a key")
        if not self.keys:
            raise ValueError(f"action block {self.name!r} is empty")


class ActionSpace:
    """The integers ``0..size-1`` of one game, cut into named blocks."""

    def __init__(self, blocks: Sequence[Block]) -> None:
        self.blocks = tuple(blocks)
        self._offset: dict[str, int] = {}
        self._position: dict[str, dict[Hashable, int]] = {}
        self._starts: list[int] = []
        offset = 0
        for block in self.blocks:
            if block.name in self._offset:
                raise ValueError(f"action block {block.name!r} is declared twice")
            self._offset[block.name] = offset
            self._position[block.name] = {key: i for i, key in enumerate(block.keys)}
            self._starts.append(offset)
            offset += len(block.keys)
        self.size = offset

    def index(self, block: str, key: Hashable) -> int:
        """The integer of ``key`` in ``block``."""
        try:
            return self._offset[block] + self._position[block][key]
        except KeyError:
            raise EncodingError(f"the action space has no key {key!r} in block {block!r}") from None

    def decode(self, index: int) -> tuple[str, Hashable]:
        """``(block name, key)`` of an integer."""
        if not 0 <= index < self.size:
            raise EncodingError(f"action index {index} is outside 0..{self.size - 1}")
        lo, hi = 0, len(self._starts) - 1
        while lo < hi:  # the last block starting at or before index
            mid = (lo + hi + 1) // 2
            if self._starts[mid] <= index:
                lo = mid
            else:
                hi = mid - 1
        block = self.blocks[lo]
        return block.name, block.keys[index - self._starts[lo]]

    def describe(self, index: int) -> str:
        """A short text for an index in any state, e.g. ``build: ancient/Archers``."""
        block, key = self.decode(index)
        return f"{block}: {key}"


class IndexedLegal(Mapping[int, Action]):
    """Legal actions by index that a game answers without listing them: the mask and the chosen action first.

    A step of an RL loop needs the action mask and the one action chosen, not the list of hundreds a Tigris &
    Euphrates turn offers (building it and keying each action costs as much as the game's own move). An
    encoding whose game hands over its legal actions in bulk (bit masks of squares) returns one of these from
    :meth:`Encoding.legal`: :meth:`mask_into` writes the mask with a few array operations and :meth:`get` builds
    only the action asked for. Iterating lists them all, in ``legal_actions`` order, as the dictionary did.
    """

    @abstractmethod
    def mask_into(self, row: np.ndarray) -> None:
        """Set 1 at every legal index of ``row`` (an all-zero int8 row of the action space's size)."""

    @abstractmethod
    def get(self, index: int, default: Any = None) -> Any:
        """The legal action of ``index``, or ``default``."""

    @abstractmethod
    def listed(self) -> dict[int, Action]:
        """Every legal action by index, in ``legal_actions`` order (made on first use, then kept)."""

    def __getitem__(self, index: int) -> Action:
        found: Action | None = self.get(index)
        if found is None:
            raise KeyError(index)
        return found

    def __contains__(self, index: object) -> bool:
        return isinstance(index, int) and self.get(index) is not None

    def __iter__(self) -> Iterator[int]:
        return iter(self.listed())

    def __len__(self) -> int:
        return len(self.listed())


# ---------------------------------------------------------------------------------------------- observations
@dataclass(frozen=True)
class Piece:
    """A named run of numbers in an observation, with what they mean."""

    name: str
    size: int
    doc: str


class Layout:
    """The order and sizes of an observation's pieces; every value lies in [-1, 1]."""

    def __init__(self, pieces: Iterable[Piece]) -> None:
        self.pieces = tuple(pieces)
        self.starts: dict[str, int] = {}
        self.sizes: dict[str, int] = {}
        offset = 0
        for piece in self.pieces:
            if piece.name in self.starts:
                raise ValueError(f"observation piece {piece.name!r} is declared twice")
            self.starts[piece.name] = offset
            self.sizes[piece.name] = piece.size
            offset += piece.size
        self.size = offset

    def slice(self, name: str) -> slice:
        return slice(self.starts[name], self.starts[name] + self.sizes[name])

    def writer(self) -> Writer:
        return Writer(self)


def squash(value: float, half: float) -> float:
    """Map any count into (-1, 1) without clipping: ``x / (|x| + half)``, so ``half`` maps to 0.5.

    Points in these games have no printed ceiling (random play reaches thousands of Mankind RP), so a
    fixed cap would either clip or crush the usual range; this keeps every value distinct and bounded.
    """
    return value / (abs(value) + half)


class Writer:
    """Fills one observation array piece by piece (pieces not written stay 0).

    ``start`` gives each piece's first position, so a game's ``write`` may also fill ``array``
    directly where a loop over hundreds of values would be slow through the methods.
    """

    def __init__(self, layout: Layout, array: np.ndarray | None = None) -> None:
        """A writer of a new all-zero array, or of ``array`` (a kept observation an incremental write updates)."""
        self.layout = layout
        self.array = np.zeros(layout.size, dtype=np.float32) if array is None else array
        self.start = layout.starts

    def flag(self, name: str, value: bool, at: int = 0) -> None:
        if value:
            self.array[self.start[name] + at] = 1.0

    def onehot(self, name: str, position: int | None) -> None:
        """Set the 1 at ``position`` (``None`` leaves the piece all zero)."""
        if position is None:
            return
        if not 0 <= position < self.layout.sizes[name]:
            raise EncodingError(f"observation piece {name!r} has no position {position}")
        self.array[self.start[name] + position] = 1.0

    def squashed(self, name: str, value: float, half: float, at: int = 0) -> None:
        self.array[self.start[name] + at] = value / (abs(value) + half)

    def scaled(self, name: str, value: float, top: float, at: int = 0) -> None:
        """``value / top`` for a quantity with a known ceiling (clipped to [-1, 1] all the same)."""
        self.array[self.start[name] + at] = max(-1.0, min(1.0, value / top))

    def add(self, name: str, position: int, amount: float = 1.0) -> None:
        self.array[self.start[name] + position] += amount

    def counts(self, name: str, positions: Iterable[int], top: float) -> None:
        """A histogram of ``positions`` divided by ``top`` (clipped to 1)."""
        start = self.start[name]
        array = self.array
        for position in positions:
            array[start + position] = min(1.0, array[start + position] + 1.0 / top)


# ---------------------------------------------------------------------------------------------- incremental
_UNSEEN: Any = object()
"""The kept read of a part not written yet (equal to no read)."""


@dataclass(frozen=True)
class Part:
    """A run of observation pieces written from one read of the state: the unit of the incremental observation.

    ``read(state, seat)`` returns everything the part's values depend on (live data may be returned as is; it
    is compared with ``==`` and kept as ``copy`` makes it); ``write(out, values, seat)`` writes the part's
    pieces from that read alone. Because the write sees nothing but ``values`` and the seat, a read equal to
    the one kept from the seat's last observation means the part's numbers are the same, and the kept ones are
    reused: an RL step changes a few parts of a table (a leader moved, a hand refilled), and the others cost a
    comparison in C instead of a rewrite. ``copy`` is None when ``read`` builds a new immutable value each time
    (a tuple of numbers) that may be kept as it is. An ``always`` part is rewritten at every observation, its
    read neither compared nor kept (a few small values that change with every decision: comparing would cost
    what writing does), so its read may hand the writer the state itself. ``update(out, kept, values, seat)``,
    where given, changes the kept numbers from the kept read to the new one in place instead of zeroing and
    rewriting the part (the board's cells: a move changes one or two of 176 squares); it must leave what a
    fresh write of ``values`` would.
    """

    name: str
    pieces: tuple[str, ...]
    read: Callable[[State, Seat], Any]
    write: Callable[[Writer, Any, Seat], None]
    copy: Callable[[Any], Any] | None = copy_plain
    always: bool = False
    update: Callable[[Writer, Any, Any, Seat], None] | None = None


_KEPT_LIMIT = 512
"""Observations kept per encoding for the incremental path (per game state and seat; a vector environment of
256 games observes 256 of them in turn). Beyond it the oldest are dropped: the cost is a full write, never a
wrong value, since a kept observation is reused only where every part's read is unchanged."""


# ---------------------------------------------------------------------------------------------- encodings
class Encoding(ABC):
    """How one game (at one player count, with its options) becomes integers and arrays.

    Subclasses declare the action blocks and observation pieces and write :meth:`action_key` and
    :meth:`write`. The mapping of an action reads only the pending decision's name, the acting seat, the
    action's payload and public facts (:meth:`action_context`); the observation reads only
    ``state.view(seat)`` and public facts (:meth:`public_facts`): neither can see hidden information,
    whatever the state holds.
    """

    game_id: ClassVar[str]
    max_game_length: ClassVar[int]
    direct: bool = False
    """Whether the game writes a seat's observation straight from the state (:meth:`write_direct`), skipping
    ``state.view(seat)``: building the view costs about as much as a move, and the adapters observe after
    every move. A test checks the direct observation against the view-based one at every step of many games.
    Set it to false on an encoding (``env.encoding.direct = False``) and every adapter using that encoding
    observes through the view instead, the reference path (``bench/adapter_step.py`` times both)."""
    """The bound on the decisions in one game both adapters enforce (:meth:`length_bound`; docs/adapters.md)."""
    incremental: bool = True
    """Whether a game whose direct writer is made of :class:`Part` s (:meth:`observation_parts`) rewrites only the
    parts whose reads changed since it last observed the same state and seat (the default), or writes every
    part afresh (``observe(..., fresh=True)`` does so once). Both give the same array, value for value
    (``tests/adapters/test_incremental.py``)."""

    def __init__(self, game: Game) -> None:
        if game.id != self.game_id:
            raise EncodingError(f"{type(self).__name__} encodes {self.game_id}, not {game.id}")
        self.game = game
        self.players = game.players
        self.slots = type(game).max_players
        self.actions = ActionSpace(self.action_blocks())
        self.layout = Layout(self.observation_pieces())
        # Indices found, per decision and seat, shared by every encoding of the same game, player count and
        # options (action_key depends on nothing else), so that a new environment starts with them known.
        self._parts: tuple[Part, ...] | None = None
        self._compiled: tuple[tuple[Any, ...], ...] = ()  # each part's fields, unpacked once for the loop
        self._kept: dict[tuple[int, Seat], tuple[np.ndarray, list[Any]]] = {}
        parts = self.observation_parts()
        if parts is not None:
            self._set_parts(parts)
        shared = (type(self), game.players, tuple(sorted(game.options.items(), key=lambda item: item[0])))
        try:
            self._index_memo: dict[tuple[str, Seat], dict[Any, int]] = _INDEX_MEMOS.setdefault(shared, {})
        except TypeError:  # an option holding a list: this encoding keeps its own
            self._index_memo = {}

    # ------------------------------------------------------------------ what a game module writes
    @abstractmethod
    def action_blocks(self) -> list[Block]:
        """Every block of the action space, in index order (fixed for the game and its options)."""

    @abstractmethod
    def action_key(self, step: str, seat: Seat, payload: Any, context: Any) -> tuple[str, Hashable]:
        """``(block, key)`` of one legal action of the decision ``step`` taken by ``seat``.

        ``context`` is what :meth:`action_context` returned for this state (``None`` by default).
        """

    def action_context(self, state: State, seat: Seat) -> Any:
        """Public facts a payload refers to indirectly (a piece by its position in a public list).

        Computed once per state. It must read only what every seat can see, so that the index of an
        action never depends on hidden information.
        """
        return None

    @abstractmethod
    def observation_pieces(self) -> list[Piece]:
        """Every piece of the observation, in order."""

    @abstractmethod
    def write(self, out: Writer, view: dict[str, Any], seat: Seat) -> None:
        """Fill the observation of ``seat`` from its view (and from nothing else)."""

    def write_reference(self, out: Writer, view: dict[str, Any], seat: Seat) -> None:
        """The plain, value-by-value version of :meth:`write` where a game writes a faster one (numpy,
        values cached across calls): ``observe(..., reference=True)`` uses it, and a test checks that both
        give the same array over random games. By default :meth:`write` is the only version."""
        self.write(out, view, seat)

    def public_facts(self, state: State) -> Any:
        """Public facts the view leaves out, above all the particulars of the pending decision (``None``: none).

        A view names the pending decision by its step and seat (Mankind and Arabian Struggle add a prompt
        sentence), but a decision is often the continuation of earlier public events whose particulars sit
        in the rules stack: the colour of a war and what the attacker committed, the conquest on offer, the
        OP left; and a few public counters of the table are kept only in the state's data (Advanced
        Civilization's ships already sailed this turn). A policy needs them to tell its choices apart, so each
        game returns them here, read from the pending frames and the table, and writes them with
        :meth:`write_facts`. Every fact must be one every seat can see (announced in the log or on the table):
        the resampling tests check that no seat's observation moves when what it cannot see is redrawn.
        """
        return None

    def write_facts(self, out: Writer, facts: Any, seat: Seat) -> None:
        """Fill the pieces of :meth:`public_facts` (called only when they are not ``None``)."""

    def write_direct(self, out: Writer, state: State, seat: Seat) -> None:
        """The observation of ``seat`` read from the state itself, as :meth:`write` and :meth:`write_facts` would
        write it from ``state.view(seat)`` and :meth:`public_facts` (used when :attr:`direct` is true).

        A game's version must read only what that view holds (``tests/adapters/test_direct.py`` compares the two
        arrays at every step of random and heuristic games, and the resampling tests run on it); this default
        writes the game's :meth:`observation_parts`, or goes through the view for a game without them.
        """
        if self._parts is not None:
            for part in self._parts:
                part.write(out, part.read(state, seat), seat)
            return
        self.write(out, state.view(seat), seat)
        facts = self.public_facts(state)
        if facts is not None:
            self.write_facts(out, facts, seat)

    def observation_parts(self) -> list[Part] | None:
        """The direct writer cut into :class:`Part` s covering every piece once (``None``: a game without them
        writes :meth:`write_direct` whole). A game that declares parts gets :meth:`write_direct` from them."""
        return None

    def _set_parts(self, parts: list[Part]) -> None:
        """Check that the parts cover every piece exactly once, and keep each part's slices of the array."""
        owner: dict[str, str] = {}
        for part in parts:
            for piece in part.pieces:
                if piece not in self.layout.starts:
                    raise ValueError(f"part {part.name!r} names no piece {piece!r}")
                if piece in owner:
                    raise ValueError(f"piece {piece!r} is in parts {owner[piece]!r} and {part.name!r}")
                owner[piece] = part.name
        missing = [piece.name for piece in self.layout.pieces if piece.name not in owner]
        if missing:
            raise ValueError(f"no part writes the pieces {missing}")
        self._parts = tuple(parts)
        self._compiled = tuple(
            (part.read, part.write, part.copy, part.always, part.update, self._clearing(part)) for part in parts
        )

    def _clearing(self, part: Part) -> tuple[slice | np.ndarray, ...]:
        """How a part's numbers are set back to 0 before it is rewritten: its pieces merged into runs of adjacent
        positions, each long run a slice and the short ones (a dozen small pieces spread over the layout) one
        array of their positions, one numpy call instead of one per run."""
        runs: list[list[int]] = []
        for start, stop in sorted(
            (self.layout.starts[p], self.layout.starts[p] + self.layout.sizes[p]) for p in part.pieces
        ):
            if runs and runs[-1][1] == start:
                runs[-1][1] = stop
            else:
                runs.append([start, stop])
        long = [slice(start, stop) for start, stop in runs if stop - start >= 64]
        short = [np.arange(start, stop, dtype=np.intp) for start, stop in runs if stop - start < 64]
        if len(short) > 2:
            return (*long, np.concatenate(short))
        return tuple(slice(start, stop) for start, stop in runs)

    def _observe_parts(self, state: State, seat: Seat, fresh: bool) -> np.ndarray:
        """The direct observation from the parts: only those whose read changed since the kept observation of
        this state and seat are rewritten, and a copy is returned (the caller's to keep). ``fresh`` writes every
        part into a new array, kept by nobody."""
        assert self._parts is not None
        if fresh:
            out = Writer(self.layout)
            for part in self._parts:
                part.write(out, part.read(state, seat), seat)
            return out.array
        kept = self._kept
        key = (id(state), seat)
        entry = kept.get(key)
        if entry is None:
            if len(kept) >= _KEPT_LIMIT:
                del kept[next(iter(kept))]
            array = np.zeros(self.layout.size, dtype=np.float32)
            reads: list[Any] = [_UNSEEN] * len(self._parts)
            kept[key] = (array, reads)
        else:
            array, reads = entry
        out = Writer(self.layout, array)
        i = 0
        try:
            for read, write, copy, always, update, clearing in self._compiled:
                values = read(state, seat)
                if always:
                    for positions in clearing:
                        array[positions] = 0.0
                    write(out, values, seat)
                elif reads[i] is _UNSEEN or values != reads[i]:
                    if update is not None and reads[i] is not _UNSEEN:
                        update(out, reads[i], values, seat)
                    else:
                        for positions in clearing:
                            array[positions] = 0.0
                        write(out, values, seat)
                    reads[i] = values if copy is None else copy(values)
                i += 1
        except BaseException:
            del kept[key]  # a write cut short leaves the kept array half old, half new
            raise
        return array.copy()

    def length_bound(self) -> int:
        """The per-game bound on decisions both adapters enforce by default (docs/adapters.md).

        A bound, not a rule: ten times beyond the longest games measured, so that a policy that never ends
        a game (Tigris & Euphrates players who only move leaders never empty the bag) is truncated instead
        of running forever. A game whose length depends on its options overrides this.
        """
        return self.max_game_length

    # ------------------------------------------------------------------ helpers for game modules
    def slot(self, seat: Seat, other: Seat) -> int:
        """Where ``other`` sits as seen from ``seat``: 0 = itself, 1 = next in turn order..."""
        return (other - seat) % self.players

    def seat_at(self, seat: Seat, slot: int) -> Seat:
        return (seat + slot) % self.players

    def seat_keys(self) -> tuple[int, ...]:
        """Keys of a seat-valued block: relative slots 0..max_players-1."""
        return tuple(range(self.slots))

    # ------------------------------------------------------------------ the adapters' side
    @property
    def observation_shape(self) -> tuple[int]:
        return (self.layout.size,)

    def pending_step(self, state: State) -> str:
        """The name of the decision waiting: every Ludoteca game keeps its rules stack in ``data``."""
        return str(state.data["stack"][-1]["step"])

    def index_of(self, state: State, seat: Seat, action: Action) -> int:
        block, key = self._key(self.pending_step(state), seat, action, self.action_context(state, seat))
        return self.actions.index(block, key)

    def _key(self, step: str, seat: Seat, action: Action, context: Any) -> tuple[str, Hashable]:
        try:
            return self.action_key(step, seat, action.payload, context)
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise EncodingError(
                f"{self.game_id}: cannot encode {action.text!r} (payload {action.payload!r}) of decision {step!r}"
            ) from error

    def legal(self, state: State, seat: Seat) -> Mapping[int, Action]:
        """The legal actions of ``seat`` by index (empty when it need not decide): a dictionary, or an
        :class:`IndexedLegal` where the game answers in bulk (Tigris & Euphrates's turn).

        The loop of :meth:`legal_reference` with the lookups inlined (a Tigris & Euphrates turn offers
        hundreds of actions); anything unusual (a key the space lacks, two actions on one index) is left
        to :meth:`legal_reference`, which raises the error naming the decision. ``action_key`` is a function
        of (step, seat, payload, context) alone (its contract), so without a context an index found once is
        kept, per decision and seat, for the next time the same payload is offered (most are, turn after
        turn): the usual call is then one dictionary lookup per action, in C, and only new payloads are keyed.
        """
        actions = state.legal_actions(seat)
        if not actions:
            return {}
        step = self.pending_step(state)
        context = self.action_context(state, seat)
        memo: dict[Any, int] | None = None
        if context is None:
            memos = self._index_memo
            memo = memos.get((step, seat))
            if memo is not None and len(memo) > 50_000:  # payloads carrying prices can be many: a bound
                memo.clear()
            if memo is None:
                if sum(len(m) for m in memos.values()) > 200_000:
                    memos.clear()
                memo = memos[(step, seat)] = {}
            payloads = list(map(_PAYLOAD, actions))
            try:  # C loops, no Python frame per action
                indices: list[int | None] = list(map(memo.get, payloads))
            except TypeError:  # a payload holding a list: looked up one by one below
                pass
            else:
                if None in indices:  # payloads not met yet: their keys, kept for the next time
                    try:
                        for i, index in enumerate(indices):
                            if index is None:
                                block, key = self.action_key(step, seat, payloads[i], context)
                                indices[i] = memo[payloads[i]] = (
                                    self.actions._offset[block] + (self.actions._position[block][key])
                                )
                    except (KeyError, TypeError, ValueError, IndexError):
                        return self.legal_reference(state, seat)
                known = dict(zip(cast(list[int], indices), actions, strict=True))
                return known if len(known) == len(actions) else self.legal_reference(state, seat)
        key_of = self.action_key
        offsets = self.actions._offset
        positions = self.actions._position
        found: dict[int, Action] = {}
        try:
            for action in actions:
                payload = action.payload
                memoised = None
                kept = memo is not None
                if memo is not None:
                    try:
                        memoised = memo.get(payload)
                    except TypeError:  # a payload holding a list: never kept
                        kept = False
                if memoised is None:
                    block, key = key_of(step, seat, payload, context)
                    index = offsets[block] + positions[block][key]
                    if kept and memo is not None:
                        memo[payload] = index
                else:
                    index = memoised
                found[index] = action
        except (KeyError, TypeError, ValueError, IndexError):
            return self.legal_reference(state, seat)
        if len(found) != len(actions):
            return self.legal_reference(state, seat)
        return found

    def legal_reference(self, state: State, seat: Seat) -> dict[int, Action]:
        """:meth:`legal` one action at a time, checking each: the errors' wording and the fast path's reference."""
        actions = state.legal_actions(seat)
        if not actions:
            return {}
        step = self.pending_step(state)
        context = self.action_context(state, seat)
        found: dict[int, Action] = {}
        for action in actions:
            block, key = self._key(step, seat, action, context)
            index = self.actions.index(block, key)
            if index in found:
                raise EncodingError(
                    f"{self.game_id}: {found[index].text!r} and {action.text!r} of decision {step!r} "
                    f"both encode as {block}: {key!r}"
                )
            found[index] = action
        return found

    def mask(self, legal: Mapping[int, Action]) -> np.ndarray:
        """1 for each legal index, as int8 (what PettingZoo's ``action_mask`` holds)."""
        mask = np.zeros(self.actions.size, dtype=np.int8)
        self.mask_into(legal, mask)
        return mask

    def mask_into(self, legal: Mapping[int, Action], row: np.ndarray) -> None:
        """Set 1 at each legal index of ``row``, an all-zero row of the action space's size (a vector
        environment's slot): an :class:`IndexedLegal` writes it from the game's bulk answer, a dictionary
        from its keys (a list is the fastest numpy index for a few dozen actions, one by one for fewer)."""
        if type(legal) is not dict and isinstance(legal, IndexedLegal):  # a dict skips the slower ABC check
            legal.mask_into(row)
        elif len(legal) <= 8:  # a few: item by item, cheaper than numpy's conversion of the list
            for index in legal:
                row[index] = 1
        else:
            row[list(legal)] = 1

    def observe(
        self,
        state: State,
        seat: Seat,
        public: bool = False,
        reference: bool = False,
        direct: bool = True,
        fresh: bool = False,
    ) -> np.ndarray:
        """The observation of ``seat``: its view and the public facts of the pending decision.

        By default a game with a direct writer (:attr:`direct`) writes it from the state without building the
        view; ``direct=False`` goes through ``state.view(seat)`` (the path the direct one is tested against).
        With ``public`` the spectator's view (``state.view(None)``) is used instead, laid out from ``seat``
        (OpenSpiel's public observer). With ``reference`` the plain version is used (:meth:`write_reference`).
        A game with :meth:`observation_parts` writes the direct observation incrementally (:attr:`incremental`);
        ``fresh`` writes every part anew.
        The direct path skips the check that every value lies in [-1, 1]: it gives the view path's array
        exactly (tested), and the view path checks.
        """
        if direct and self.direct and not public and not reference:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
                raise IllegalAction(f"there is no seat {seat!r} in a {self.players}-player game")  # as state.view
            if self._parts is not None:
                return self._observe_parts(state, seat, fresh or not self.incremental)
            out = Writer(self.layout)
            self.write_direct(out, state, seat)
            return out.array
        view = state.view(None if public else seat)
        return self.encode(view, self.public_facts(state), seat, reference)

    def encode(self, view: dict[str, Any], facts: Any, seat: Seat, reference: bool = False) -> np.ndarray:
        """The observation array from a view and the decision facts (as :meth:`public_facts` returns them)."""
        out = self.layout.writer()
        if reference:
            self.write_reference(out, view, seat)
        else:
            self.write(out, view, seat)
        if facts is not None:
            self.write_facts(out, facts, seat)
        array = out.array
        if not (array.max() <= 1.0 and array.min() >= -1.0):  # NaN fails too
            raise EncodingError(f"{self.game_id}: an observation value left [-1, 1]")
        return out.array

    def describe_pieces(self) -> list[tuple[str, int, str]]:
        """(name, size, meaning) of every observation piece, for the documentation."""
        return [(piece.name, piece.size, piece.doc) for piece in self.layout.pieces]

    def describe_blocks(self) -> list[tuple[str, int, int, str]]:
        """(name, first index, size, meaning) of every action block, for the documentation."""
        rows = []
        for block in self.actions.blocks:
            rows.append((block.name, self.actions.index(block.name, block.keys[0]), len(block.keys), block.doc))
        return rows


def bool_block(name: str, doc: str) -> Block:
    """A yes/no decision: index +0 is ``False``, +1 is ``True``."""
    return Block(name, (False, True), doc)
