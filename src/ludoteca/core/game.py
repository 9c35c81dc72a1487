"""The contract every game meets: :class:`Game`, :class:`State` and :class:`Action`.

Modelled on OpenSpiel's Game/State pair and on Rally the Troops' rules modules:

* a :class:`Game` is the static definition (id, player counts, options);
* a :class:`State` is one game in progress, kept as **plain data** (``self.data``: dicts, lists,
  strings, ints, bools) so it clones cheaply and serialises to JSON;
* an :class:`Action` is identified by its stable, human-readable text.

A game subclasses both and fills in the ``_``-prefixed hooks. The base class does everything that
must be the same for every game: checking who may act, validating an action *before* anything
changes, recording actions, cloning, records and results.
"""

from __future__ import annotations

import json
import math
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ludoteca.core.chance import ReplayRng, recorded_steps
from ludoteca.core.debug import SWITCH as _DEBUG
from ludoteca.core.errors import BadOptions, IllegalAction, InvariantError, LudotecaError, ScriptError
from ludoteca.core.rng import FAST, GENERATORS, Rng, make_rng
from ludoteca.core.wording import a

Seat = int
"""A seat is an integer 0..players-1; ``None`` stands for a spectator where a seat is optional."""

JSON = Any
"""A JSON-serialisable value (dicts with string keys, lists, strings, numbers, booleans, None)."""


def copy_plain(value: JSON) -> JSON:
    """Copy plain data (nested dicts and lists of immutable leaves) much faster than ``deepcopy``."""
    kind = type(value)
    if kind is dict:
        return {key: copy_plain(item) for key, item in value.items()}
    if kind is list:
        return [copy_plain(item) for item in value]
    return value


def _normalise(text: str) -> str:
    return " ".join(text.split()).casefold()


def _impure(value: Any, path: str) -> str | None:
    """The path and type of the first value in ``value`` that is not plain JSON data (``None`` if all is).

    Plain means what JSON round-trips unchanged: dicts with string keys, lists, strings, booleans,
    ``None``, integers and finite floats. Tuples and sets are not: they come back as lists, or not at all.
    """
    kind = type(value)
    if kind is dict:
        for key, item in value.items():
            if type(key) is not str:
                return f"{path} has the non-string key {key!r}"
            found = _impure(item, f"{path}[{key!r}]")
            if found is not None:
                return found
        return None
    if kind is list:
        for index, item in enumerate(value):
            found = _impure(item, f"{path}[{index}]")
            if found is not None:
                return found
        return None
    if kind in (str, int, bool) or value is None:
        return None
    if kind is float and value == value and value not in (float("inf"), float("-inf")):
        return None
    return f"{path} is {value!r} ({kind.__name__})"


class Action:
    """One decision a seat can take.

    Two actions are the same action when their texts are equal: the text is what records store
    and what a human types. ``payload`` carries whatever structured data the game wants to find
    again when the action is applied; it never takes part in equality. Actions are treated as
    immutable. (A plain class with slots rather than a frozen dataclass: games create hundreds of
    thousands of them per second of search, and this one is several times cheaper to build.)
    """

    __slots__ = ("payload", "text")

    def __init__(self, text: str, payload: Any = None) -> None:
        self.text = text
        self.payload = payload

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"


_INTEGER_TEXT = re.compile(r"[+-]?\d+")


@dataclass(frozen=True)
class OptionSpec:
    """One option a game accepts: its default and either its allowed values or its type.

    :meth:`check` is the one gate every option value passes (``load_game``, the server's lobby requests,
    the CLI's ``--option``, records being replayed), so a value that is not the option's type is refused
    here with :class:`BadOptions` and its reason, and never reaches a game as something it cannot handle.
    """

    name: str
    default: Any
    choices: tuple[Any, ...] | None = None
    kind: type = str
    allow_none: bool = False
    help: str = ""

    def check(self, value: Any) -> Any:
        """Return ``value`` converted to the option's type, or raise :class:`BadOptions` saying why.

        Nothing is converted that would change the value's meaning: ``2.5`` is not the int ``2``, ``True``
        is not the int ``1``, ``"abc"`` is no number, infinity and NaN are no numbers, a list is not a
        string. Whole numbers written as text (``"12"``, from a command line) and integral floats
        (``12.0``, from a JSON client) are accepted for an ``int`` option.
        """
        if value is None:
            if self.allow_none:
                return None
            raise BadOptions(f"option {self.name!r} needs a value{self._hint()}")
        if self.choices is not None:
            for choice in self.choices:
                # The type must match too: ``True == 1`` and ``1.0 == 1``, but neither is the choice ``1``.
                if type(value) is type(choice) and value == choice:
                    return choice
            allowed = ", ".join(repr(choice) for choice in self.choices)
            raise BadOptions(f"option {self.name!r} cannot be {value!r}; choose one of {allowed}")
        converted = self._convert(value)
        if converted is _REFUSED:
            raise BadOptions(f"option {self.name!r} must be {a(self.kind.__name__)}, not {value!r}{self._hint()}")
        return converted

    def _convert(self, value: Any) -> Any:
        """``value`` as the option's kind, or ``_REFUSED`` when it is not one without changing its meaning."""
        if isinstance(value, bool) and self.kind is not bool:
            return _REFUSED
        if self.kind is int:
            if isinstance(value, int):
                return int(value)
            if isinstance(value, float):
                return int(value) if math.isfinite(value) and value.is_integer() else _REFUSED
            if isinstance(value, str) and _INTEGER_TEXT.fullmatch(value.strip()):
                return int(value.strip())
            return _REFUSED
        if self.kind is float:
            if isinstance(value, int | float) or (isinstance(value, str) and value.strip()):
                try:
                    number = float(value)
                except (TypeError, ValueError, OverflowError):
                    return _REFUSED
                return number if math.isfinite(number) else _REFUSED
            return _REFUSED
        if self.kind is str:
            return value if isinstance(value, str) else _REFUSED
        if self.kind is bool:
            return value if isinstance(value, bool) else _REFUSED
        if isinstance(value, self.kind):
            return value
        try:
            return self.kind(value)
        except (TypeError, ValueError, OverflowError, ArithmeticError):
            return _REFUSED

    def _hint(self) -> str:
        """What a good value looks like, for the error message."""
        if self.choices is not None:
            return "; choose one of " + ", ".join(repr(choice) for choice in self.choices)
        if self.kind is int:
            example = self.default if isinstance(self.default, int) and not isinstance(self.default, bool) else 10
            hint = f"a whole number such as {example}"
        elif self.kind is float:
            hint = "a finite number"
        elif self.kind is str:
            hint = "a text"
        else:
            hint = f"a {self.kind.__name__}"
        if self.allow_none:
            hint += ", or null for none"
        return f" ({hint})"


_REFUSED = object()
"""What :meth:`OptionSpec._convert` answers for a value it will not convert (``None`` is a real value)."""


class Game(ABC):
    """The static definition of one game at one player count with one set of options."""

    id: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str] = "1"
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int | None] = None
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    # Search settings this game plays best with, by name of the ``ismcts`` parameter (``depth``, ``c``,
    # ``grow``), as measured with ``bench/strength.py``; a parameter given in the agent's spec overrides them.
    search_defaults: ClassVar[Mapping[str, float | str]] = {}
    # The lobby's words for an agent in this game, by agent name, where the agent's own ``summary`` (written for
    # every game) would mislead a person choosing an opponent here, e.g. call a search "the strongest" that the
    # game's measurements in docs/agents.md put level with the heuristic.
    bot_summaries: ClassVar[Mapping[str, str]] = {}

    def __init__(self, players: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        if players is None:
            players = self.default_players or self.min_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadOptions(f"the number of players must be an integer, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(f"{self.id} is for {self.min_players}-{self.max_players} players, not {players}")
        self.players = players
        if options is not None and not isinstance(options, Mapping):
            raise BadOptions(f"options must be a mapping of option names to values, not {options!r}")
        self.options = self._check_options(dict(options or {}))

    @classmethod
    def _check_options(cls, given: dict[str, Any]) -> dict[str, Any]:
        known = {spec.name: spec for spec in cls.option_specs}
        odd = [name for name in given if not isinstance(name, str)]
        if odd:
            raise BadOptions(f"option names are texts, not {odd[0]!r}")
        unknown = sorted(set(given) - set(known))
        if unknown:
            allowed = ", ".join(sorted(known)) or "none"
            raise BadOptions(f"{cls.id} has no option {unknown[0]!r} (its options: {allowed})")
        return {name: spec.check(given[name]) if name in given else spec.default for name, spec in known.items()}

    def new_state(
        self,
        seed: int = 0,
        scenario: Mapping[str, Any] | None = None,
        dice: Sequence[int] | None = None,
        generator: str = FAST,
        rng: Rng | None = None,
    ) -> State:
        """Start a game. ``dice`` scripts the first rolls; ``scenario`` is a game-specific set-up.

        ``generator`` is where its randomness comes from (``ludoteca.core.rng``): the fast SplitMix64
        by default, or ``"blake2b"``, the keyed generator a server uses so that no seat can compute
        hidden cards or future dice from what it sees. ``rng`` hands the set-up a generator made
        elsewhere instead (OpenSpiel's explicit chance nodes replay chosen draws through one); the
        record still names ``seed``, so such a state is reproduced by its maker, not by ``replay``.
        """
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadOptions(f"the seed must be an integer, not {seed!r}")
        if generator not in GENERATORS:
            raise BadOptions(f"unknown generator {generator!r} (known: {', '.join(GENERATORS)})")
        if dice is not None and not all(isinstance(d, int) and not isinstance(d, bool) for d in dice):
            raise BadOptions(f"scripted dice must be integers, not {list(dice)!r}")
        state = self._make_state()
        state._init_base(self, seed, dict(scenario) if scenario else None, list(dice or []), generator)
        if rng is not None:
            state.rng = rng
        state._setup()
        if _DEBUG.depth:
            state._raise_broken_invariants("after the set-up")
        return state

    @abstractmethod
    def _make_state(self) -> State:
        """An empty State of this game's class (``_setup`` then fills it)."""

    def describe(self) -> dict[str, Any]:
        """What ``ludoteca games`` shows: id, title, player counts (and the count a game is played at when none
        is given) and options."""
        return {
            "id": self.id,
            "title": self.title,
            "players": [self.min_players, self.max_players],
            "default_players": self.players,
            "options": {spec.name: {"default": spec.default, "choices": spec.choices} for spec in self.option_specs},
        }


class State(ABC):
    """One game in progress.

    Subclasses keep *all* their game data in ``self.data`` (plain, JSON-serialisable) and
    implement the hooks ``_setup``, ``_to_act``, ``_legal_actions``, ``_apply``, ``_is_over``,
    ``_result`` and ``_view``. All randomness must come from ``self.rng``. ``_invariants`` (optional)
    lists what is wrong with the data; :mod:`ludoteca.core.debug` checks it after every action.
    """

    game: Game
    seed: int
    generator: str
    scenario: dict[str, Any] | None
    dice: list[int]
    rng: Rng
    data: dict[str, Any]
    log: list[dict[str, Any]]
    _history: list[tuple[int, str]]
    _shared: bool  # log and history lists shared with a clone: copy them before the next append

    def _init_base(
        self, game: Game, seed: int, scenario: dict[str, Any] | None, dice: list[int], generator: str = FAST
    ) -> None:
        self.game = game
        self.seed = seed
        self.generator = generator
        self.scenario = scenario
        self.dice = dice
        self.rng = make_rng(generator, seed, dice)
        self.data = {}
        self.log = []
        self._history = []
        self._shared = False

    # ----------------------------------------------------------------- the hooks a game writes
    @abstractmethod
    def _setup(self) -> None:
        """Fill ``self.data`` for a new game (reading ``self.scenario``) and run up to the first decision."""

    @abstractmethod
    def _to_act(self) -> list[Seat]:
        """Seats that must decide now (empty once the game is over)."""

    @abstractmethod
    def _legal_actions(self, seat: Seat) -> list[Action]:
        """Legal actions of ``seat`` (which is in ``to_act()``)."""

    @abstractmethod
    def _apply(self, seat: Seat, action: Action) -> None:
        """Carry out a legal action (already validated) and run on to the next decision."""

    @abstractmethod
    def _is_over(self) -> bool: ...

    @abstractmethod
    def _result(self) -> dict[str, Any]: ...

    @abstractmethod
    def _view(self, seat: Seat | None) -> dict[str, Any]: ...

    def _copy_data(self) -> dict[str, Any]:
        """An independent copy of ``self.data`` for :meth:`clone`. Games whose data has a known shape may
        copy it field by field, faster than this generic walk (search clones states thousands of times)."""
        copied: dict[str, Any] = copy_plain(self.data)
        return copied

    def _invariants(self) -> list[str]:
        """What must always hold in this game's data, as one sentence per violation (none: ``[]``).

        Games override it (piece and card conservation, counters within their rules' bounds...); it is
        only called by :meth:`check_invariants`, so it may be thorough rather than fast.
        """
        return []

    def _resample_hidden(self, seat: Seat, rng: Any) -> None:
        """Redraw what ``seat`` cannot see besides future dice. Games with hidden cards override this."""

    def _evaluate(self, seat: Seat) -> float:
        """The game's heuristic estimate, in [0, 1], of how well ``seat`` stands in an unfinished game.

        Search agents cut their rollouts short with it, so it is what a good player would weigh
        (Mankind: Victory Points and what will earn them; Tigris & Euphrates: the weakest colour).
        The default knows nothing and says every seat is equal.
        """
        return 1.0 / self.game.players

    def _evaluate_all(self) -> list[float]:
        """``_evaluate`` for every seat. Games whose evaluation weighs every seat anyway (a lead over the best
        rival) override it to do that work once; search scores every rollout for every seat."""
        return [self._evaluate(seat) for seat in range(self.game.players)]

    def _warnings(self, seat: Seat) -> dict[str, str]:
        """Legal actions of ``seat`` (in ``to_act()``) whose consequence a player may not foresee, each with a
        sentence saying what it does. The default: none. Only what ``seat`` may already know may be said: a
        warning is computed from the rules and public facts, never by playing the action on (that would tell
        the seat what the dice or the deck hold)."""
        return {}

    def render(self, seat: Seat | None) -> str:
        """A text picture of what ``seat`` sees, for the terminal. Games override it."""
        return json.dumps(self.view(seat), indent=1)

    # ----------------------------------------------------------------- the public contract
    @property
    def players(self) -> int:
        return self.game.players

    def to_act(self) -> list[Seat]:
        """Seats that must decide now: not always the active player; ``[]`` once the game is over."""
        return [] if self._is_over() else self._to_act()

    def legal_actions(self, seat: Seat) -> list[Action]:
        """The actions ``seat`` may take now (empty if it need not decide)."""
        self._check_seat(seat)
        if seat not in self.to_act():
            return []
        return self._legal_actions(seat)

    def warnings(self, seat: Seat) -> dict[str, str]:
        """Legal action texts of ``seat`` that a person should confirm, each with why (e.g. an Advanced
        Civilization nation that would have nothing left on the board). The page and the terminal ask before
        sending one; bots and the rules ignore them: the action stays legal."""
        self._check_seat(seat)
        if seat not in self.to_act():
            return {}
        return self._warnings(seat)

    def parse_action(self, seat: Seat, text: str) -> Action:
        """The legal action of ``seat`` whose text is ``text`` (spacing and case do not matter)."""
        self._check_seat(seat)
        if self._is_over():
            raise IllegalAction("the game is over")
        waiting = self._to_act()
        if seat not in waiting:
            raise IllegalAction(f"seat {seat} may not act now; waiting for seat(s) {waiting}")
        if not isinstance(text, str):
            raise IllegalAction(f"an action must be given as text or Action, not {text!r}")
        wanted = _normalise(text)
        legal = self._legal_actions(seat)
        for action in legal:
            if _normalise(action.text) == wanted:
                return action
        sample = "; ".join(a.text for a in legal[:8]) + ("; ..." if len(legal) > 8 else "")
        raise IllegalAction(f"{text!r} is not a legal action for seat {seat} now (legal: {sample})")

    def apply(self, seat: Seat, action: Action | str) -> None:
        """Validate, then carry out ``action`` for ``seat``.

        Raises :class:`IllegalAction` with the reason, leaving the state exactly as it was, when
        the game is over, the seat may not act now, or the action is not one of its legal actions; raises
        :class:`ScriptError`, leaving the state as it was, when a scripted die cannot be the roll it is used for.
        """
        text = action.text if isinstance(action, Action) else action
        chosen = self.parse_action(seat, text)
        self._carry_out(seat, chosen)

    def _carry_out(self, seat: Seat, action: Action) -> None:
        """Play a legal ``action``. While scripted dice are left, a die the script cannot give (a 9 for a d6)
        is found only when the rules roll it, half-way through the action: the state is then put back as it
        was before the action, and the :class:`ScriptError` says which die of the script it was."""
        before = self.clone() if getattr(self.rng, "script", None) else None
        self._own_lists()
        self._history.append((seat, action.text))
        try:
            self._apply(seat, action)
        except ScriptError as error:
            if before is None:
                raise
            number = len(self.dice) - len(self.rng.script)  # the die just taken from the script
            vars(self).clear()
            vars(self).update(vars(before))
            raise ScriptError(
                f"{error} (die {number} of the script's {len(self.dice)}, rolled while seat {seat} played "
                f"{action.text!r}); the state is as it was before that action"
            ) from None
        if _DEBUG.depth:
            self._raise_broken_invariants(f"after seat {seat} played {action.text!r}")

    def apply_legal(self, seat: Seat, action: Action) -> None:
        """Apply an action just taken from ``legal_actions(seat)`` of this very state, without checking it.

        For search agents, which apply thousands of actions they took from the legal list themselves:
        the check in :meth:`apply` would recompute the legal actions each time. Anything else must use
        :meth:`apply`.
        """
        self._carry_out(seat, action)

    def random_action(self, seat: Seat, rng: Any) -> Action:
        """A legal action of ``seat`` drawn uniformly at random (``rng`` has ``randrange(n)``).

        For random playouts and search rollouts. Games whose legal-action lists run to hundreds
        override it to sample without listing every action; the draw must stay uniform over the
        same list ``legal_actions`` would give (their tests check it).
        """
        legal = self.legal_actions(seat)
        index: int = rng.randrange(len(legal))
        return legal[index]

    def is_over(self) -> bool:
        return self._is_over()

    @property
    def actions_played(self) -> int:
        """How many actions the game has had (the record's ``actions``), without building the record."""
        return len(self._history)

    def evaluate(self, seat: Seat) -> float:
        """How well ``seat`` stands, in [0, 1]: its share of the win once the game is over, else the game's
        heuristic estimate. Search agents call it on determinized clones."""
        if self._is_over():
            return self._win_shares()[seat]
        return self._evaluate(seat)

    def evaluate_all(self) -> list[float]:
        """:meth:`evaluate` for every seat, in seat order (what search agents score a rollout with)."""
        if self._is_over():
            return self._win_shares()
        return self._evaluate_all()

    def _win_shares(self) -> list[float]:
        """A finished game's worth to each seat: an equal share of the win for each winner, else nothing."""
        winners = self._result()["winners"]
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(self.game.players)]

    def result(self) -> dict[str, Any]:
        """Scores, ranking (lists of tied seats, best first), winners and the game's own verdict."""
        if not self._is_over():
            raise LudotecaError("the game is not over yet")
        return self._result()

    def view(self, seat: Seat | None = None) -> dict[str, Any]:
        """Only what ``seat`` may see (``None`` = a spectator). Never includes the dice to come."""
        if seat is not None:
            self._check_seat(seat)
        return self._view(seat)

    def clone(self) -> State:
        """An independent copy: nothing done to one ever shows in the other."""
        twin = object.__new__(type(self))
        twin.game = self.game
        twin.seed = self.seed
        twin.generator = self.generator
        twin.scenario = self.scenario  # never mutated after set-up
        twin.dice = self.dice  # never mutated: the live script is in rng
        twin.rng = self.rng.clone()
        twin.data = self._copy_data()
        # The log and the action history only ever grow, and a clone usually dies young (search), so
        # both states share the two lists until one of them appends: copy-on-write, not copy-on-clone.
        twin.log = self.log
        twin._history = self._history
        twin._shared = self._shared = True
        return twin

    def resample(self, seat: Seat, rng: Any) -> None:
        """Redraw, in place, everything ``seat`` cannot see: the dice to come and hidden cards.

        ``rng`` is a ``random.Random`` (or anything with ``getrandbits``). What ``seat`` sees,
        ``view(seat)``, does not change.
        """
        self._check_seat(seat)
        self.rng = Rng(raw_state=rng.getrandbits(64))
        self._resample_hidden(seat, rng)

    def record(self) -> dict[str, Any]:
        """The game record: enough to rebuild this exact state with ``ludoteca.replay``.

        ``generator`` is named only when it is not the default, so records of the fast generator read as
        they always did. A state dealt by explicit chance outcomes (its generator a
        :class:`~ludoteca.core.chance.ReplayRng`: an OpenSpiel explicit-chance game, or a replay of its record)
        drew nothing from its seed, so its record adds them, ``"chance"``, one list a step; a resampled copy of
        one has no record (:class:`~ludoteca.core.chance.ChanceError`).
        """
        record: dict[str, Any] = {
            "game": self.game.id,
            "version": self.game.version,
            "players": self.game.players,
            "options": dict(self.game.options),
            "seed": self.seed,
            "scenario": copy_plain(self.scenario),
            "dice": list(self.dice),
            "actions": [[seat, text] for seat, text in self._history],
        }
        if self.generator != FAST:
            record["generator"] = self.generator
        if isinstance(self.rng, ReplayRng):
            record["chance"] = recorded_steps(self.rng, len(self._history))
        return record

    def visible_log(self, seat: Seat | None = None) -> list[dict[str, Any]]:
        """The log events ``seat`` may read: events with a ``seats`` key are private to those seats."""
        return [e for e in self.log if "seats" not in e or (seat is not None and seat in e["seats"])]

    def check_invariants(self) -> list[str]:
        """Every invariant this state breaks, as sentences (``[]`` when all is well).

        The core's own: ``data`` is plain JSON data; a game not over has a seat to act (valid seats,
        no repeats) and a finished one has none. Then the game's :meth:`_invariants`. In debug mode
        (:mod:`ludoteca.core.debug`) this runs after every action; otherwise only when called.
        """
        problems: list[str] = []
        where = _impure(self.data, "data")
        if where is not None:
            problems.append(f"the state is not plain JSON data: {where}")
        over = self._is_over()
        waiting = self._to_act() if not over else []
        if not over and not waiting:
            problems.append("the game is not over but no seat is to act")
        if any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < self.game.players for s in waiting):
            problems.append(f"to_act() names seats that do not exist: {waiting}")
        elif len(set(waiting)) != len(waiting):
            problems.append(f"to_act() names a seat twice: {waiting}")
        else:
            stuck = [seat for seat in waiting if not self._legal_actions(seat)]
            if stuck:
                problems.append(f"seat(s) {stuck} must act but have no legal action")
        problems.extend(self._invariants())
        return problems

    def _raise_broken_invariants(self, when: str) -> None:
        """Debug mode: raise :class:`InvariantError` naming the game, the moment and every violation."""
        problems = self.check_invariants()
        if problems:
            moment = f"{when} (action {len(self._history)})" if self._history else when
            raise InvariantError(
                f"{self.game.id} ({self.game.players} players, seed {self.seed}) {moment}: " + "; ".join(problems),
                problems,
            )

    # ----------------------------------------------------------------- helpers for games
    def emit(self, kind: str, text: str, /, **details: Any) -> None:
        """Append one structured event, with a sentence a player understands, to the log."""
        if self._shared:
            self._own_lists()
        self.log.append({"type": kind, "text": text, **details})

    def _own_lists(self) -> None:
        """Take private copies of the log and history shared with a clone, before changing them."""
        if self._shared:
            self.log = list(self.log)
            self._history = list(self._history)
            self._shared = False

    def _check_seat(self, seat: Any) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.game.players:
            raise IllegalAction(f"there is no seat {seat!r} in a {self.game.players}-player game")
