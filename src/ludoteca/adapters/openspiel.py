"""Every Ludoteca game in OpenSpiel's Python game API.

    import pyspiel
    from ludoteca.adapters import openspiel
    openspiel.register()
    game = pyspiel.load_game("ludoteca_tigris_euphrates", {"players": 3, "seed": 7})

Each game registers as ``ludoteca_<id with underscores>`` with the parameters ``players``, ``seed``,
``perfect_recall``, ``max_game_length``, ``chance_mode`` and the game's own options (their defaults are the game's
defaults; an option that may be "none" takes 0, or "" for a text option, to mean none). The choices made
here, and why:

* **Actions** are the indices of the game's encoding (docs/adapters.md): the same integer means the
  same kind of choice in every state, as OpenSpiel's ``num_distinct_actions`` expects.
* **Chance** is ``SAMPLED_STOCHASTIC`` by default (``chance_mode="sampled"``): the Ludoteca state rolls
  its own dice from its own generator (the n-th initial state put to use gets the n-th seed of a stream
  started from ``seed``, ``derive_seed(seed, n)``), so there are no chance nodes. A clone is exact, dice
  to come included, as OpenSpiel's clone checks demand; the dice are redrawn only by
  ``resample_from_infostate``, which search must therefore use (ISMCTS does). It stays the default
  because it is what RL loops want: no chance nodes to step through, and a step costs one ``apply``.
* ``chance_mode="explicit"`` is ``EXPLICIT_STOCHASTIC``, for CFR-style and expectimax algorithms: every
  draw of the game's generator is a chance node of n equally likely outcomes (a die, a random pick, one
  step of a shuffle, a tile drawn from T&E's bag or a card from Arabian Struggle's draw pile;
  ``ludoteca.core.chance`` shows why every draw is one of these), the set-up's draws included, so a new
  initial state is a chance node. A bag's outcomes that draw equal items (two red tiles) leave the same table
  and are listed as one, at the first of them, with their summed probability (``core.chance.Alike``).
  A decision runs on a copy of the table with a generator that replays the outcomes given so far and stops
  at the next draw; the table changes only when the step's last draw is given. ``seed`` plays no part: the
  chance outcomes are the randomness.
  ``state.to_record()`` is the game's record with its chance outcomes step by step (``"chance"``), so
  ``ludoteca.replay`` and ``ludoteca replay FILE`` rebuild it like any other game.
  ``max_chance_outcomes`` is the largest draw of the set-up or of each game's components (a larger one
  would be a :class:`~ludoteca.adapters.chance.ChanceError`).
* **Information** is ``IMPERFECT_INFORMATION`` for every game, even Mankind whose table is public:
  the future dice are unknown to every player, and declaring it lets ISMCTS sample them.
* **Observations** (string and tensor) are the seat's ``view`` and the public facts of the pending
  decision: what a seat may know now, not a record of its past. **Information states** are OpenSpiel's
  perfect-recall kind, so they exist only when the game is loaded with ``perfect_recall=True``: the
  string then also carries a digest of every view the seat has had (tracking it costs a view of every
  seat after every move). There is no information-state tensor: a perfect-recall record grows with the
  game, and a fixed-size tensor of it would either be lossy or huge.
* **Utility**: the winners share 1, paid at the end. A game is cut at ``max_game_length`` decisions (by
  default a per-game bound beyond any game measured) with no reward for anyone, so the game is
  ``GENERAL_SUM``: finished games' returns add up to 1, truncated ones' to 0.

OpenSpiel's C++ ISMCTS cannot call a Python game's ``resample_from_infostate``; use the Python bot,
``open_spiel.python.algorithms.ismcts.ISMCTSBot``, with :class:`HeuristicEvaluator` (or OpenSpiel's
random-rollout evaluator, which plays every rollout to the end and is slow on long games). The
perfect-information ``MCTSBot`` runs too, but it searches clones that hold the very dice to come
and the hidden cards, so it plays as if it could see them.
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import mcts  # type: ignore[import-untyped]

from ludoteca.adapters.chance import (
    Alike,
    ChanceError,
    ChanceNeeded,
    ReplayRng,
    describe,
    run_decision,
    run_setup,
    seeded_outcomes,
)
from ludoteca.adapters.encoding import Encoding, rewards_of
from ludoteca.adapters.encodings import adapter_defaults, encoded_games, load_encoded
from ludoteca.core.errors import BadOptions, IllegalAction, LudotecaError
from ludoteca.core.game import Action, Game, OptionSpec, State
from ludoteca.core.registry import game_class
from ludoteca.core.rng import derive_seed

PREFIX = "ludoteca_"
# OpenSpiel parameters cannot be None: an option that may be "none" takes these values to mean it.
NONE_VALUES: dict[type, Any] = {int: 0, float: 0.0, str: ""}
ADAPTER_PARAMETERS = ("players", "seed", "perfect_recall", "max_game_length", "chance_mode")
SAMPLED, EXPLICIT = "sampled", "explicit"
CHANCE_MODES = (SAMPLED, EXPLICIT)


def short_name(game_id: str) -> str:
    """OpenSpiel's name for a Ludoteca game: ``ludoteca_`` + the id with ``-`` as ``_``."""
    return PREFIX + game_id.replace("-", "_")


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _parameter_default(spec: OptionSpec) -> Any:
    """The OpenSpiel default of an option: its own, or the value that means "none" when that is its default."""
    if spec.default is None and spec.allow_none:
        return NONE_VALUES.get(spec.kind)
    return spec.default


def _option_value(spec: OptionSpec, value: Any) -> Any:
    """An OpenSpiel parameter as the game's option: 0 (or "") is None for an option that may be none."""
    if spec.allow_none and spec.kind in NONE_VALUES and value == NONE_VALUES[spec.kind] and type(value) is spec.kind:
        return None
    return value


def game_type(game_id: str, perfect_recall: bool = False, chance_mode: str = SAMPLED) -> pyspiel.GameType:
    """The ``GameType`` of a Ludoteca game (its parameters: the adapter's and the game's options).

    Only a game loaded with ``perfect_recall=True`` provides information-state strings; none provides an
    information-state tensor (see the module's docstring). ``chance_mode="explicit"`` declares
    ``EXPLICIT_STOCHASTIC``: the game's draws are chance nodes.
    """
    cls = game_class(game_id)
    parameters: dict[str, Any] = {
        "players": cls.default_players or cls.min_players,
        "seed": 0,
        "perfect_recall": False,
        "max_game_length": 0,
        "chance_mode": SAMPLED,
    }
    research = adapter_defaults(game_id)
    for spec in cls.option_specs:
        if spec.name in parameters:
            raise BadOptions(f"{game_id}'s option {spec.name!r} clashes with an OpenSpiel adapter parameter")
        default = research.get(spec.name, _parameter_default(spec))
        if isinstance(default, int | float | str | bool):
            parameters[spec.name] = default
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"Ludoteca {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        if chance_mode == EXPLICIT
        else pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=perfect_recall,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def _tigris_bound(state: State) -> int:
    """T&E: Setup (reference §1.1) — each tile drawn is one chance event over the bag, at most all its tiles."""
    return int(sum(state.components.tiles.values()))  # type: ignore[attr-defined]


def _mankind_bound(state: State) -> int:
    """MK: the dice are D6, D8 and D10 (the event tables are 1D10); random picks are among the seats."""
    return max(10, state.players)


def _arabian_bound(state: State) -> int:
    """AS: a card drawn is one event over its pile's cards, the 2-player Rasheedi display one over its deck (at
    most the 48 cards either way); random retreats pick among areas; D6."""
    from ludoteca.games.arabian_struggle import board

    content = board.content()
    return max(len(content.cards), len(content.areas), 6)


def _civilization_bound(state: State) -> int:
    """AC: shuffles and random picks are of trade cards (stacks §15.2, calamities §29.5, pillage §24.53),
    advances lost (fewer than the cards) or nations dealt (option nations=random)."""
    from ludoteca.games.advanced_civilization import content

    spec = state.cards  # type: ignore[attr-defined]
    cards = int(sum(card.count for card in spec.commodities.values())) + len(spec.calamities)
    nations = len(state.all_nations)  # type: ignore[attr-defined]
    return max(cards, len(content.advances()), nations)


# The most outcomes any draw of a game can have after its set-up, from its components (the set-up's own
# draws are measured, see chance_bound). A draw beyond the bound is a ChanceError, never a silent overflow.
_IN_PLAY_BOUNDS = {
    "tigris-euphrates": _tigris_bound,
    "mankind": _mankind_bound,
    "arabian-struggle": _arabian_bound,
    "advanced-civilization": _civilization_bound,
}


def chance_bound(game: Game, seed: int = 0) -> int:
    """``max_chance_outcomes`` of explicit chance: the most outcomes of any single draw of this game.

    The set-up's chance events are measured once, as explicit chance deals them (``seeded_outcomes``: their
    sizes depend on the options and player count, not on the seed), and the game's own bound covers the draws
    of play. A game without one gets the set-up's and a :class:`ChanceError` at the first larger draw.
    """
    measured = max((size for size, _, _ in seeded_outcomes(game, seed, [])[0]), default=0)
    bound = _IN_PLAY_BOUNDS.get(game.id)
    return max(measured, bound(game.new_state(seed)) if bound is not None else 0, 1)


_registered: set[str] = set()


def register(game_ids: list[str] | None = None) -> list[str]:
    """Register every encoded Ludoteca game (or those named) with OpenSpiel; returns their OpenSpiel names.

    Safe to call more than once. A game without an encoding yet is :class:`~ludoteca.BadOptions` when
    named, and skipped when registering everything.
    """
    ids = encoded_games() if game_ids is None else list(game_ids)
    names = []
    for game_id in ids:
        load_encoded(game_id)  # a clear BadOptions for an unknown or unencoded game
        name = short_name(game_id)
        if name not in _registered and name not in pyspiel.registered_names():
            pyspiel.register_game(game_type(game_id), _game_class(game_id))
        _registered.add(name)
        names.append(name)
    return names


def load(game_id: str, players: int | None = None, seed: int = 0, **options: Any) -> pyspiel.Game:
    """Register ``game_id`` if needed and load it: ``load("mankind", players=3, seed=1)``.

    ``options`` are the game's options and the adapter's ``perfect_recall`` and ``max_game_length``;
    ``None`` for an option that may be none is passed as OpenSpiel's 0 (or "").
    """
    register([game_id])
    specs = {spec.name: spec for spec in game_class(game_id).option_specs}
    params: dict[str, Any] = {"seed": seed}
    for name, value in options.items():
        spec = specs.get(name)
        if value is None and spec is not None and spec.allow_none and spec.kind in NONE_VALUES:
            value = NONE_VALUES[spec.kind]
        params[name] = value
    if players is not None:
        params["players"] = players
    return pyspiel.load_game(short_name(game_id), params)


@functools.cache
def _game_class(game_id: str) -> type[LudotecaGame]:
    """A subclass of :class:`LudotecaGame` bound to one game id: what OpenSpiel calls with the parameters.

    A class rather than a closure: OpenSpiel's registry outlives the interpreter, and releasing a
    closure it holds while Python shuts down aborts the process; a class is never freed there.
    """
    name = "Ludoteca" + "".join(part.title() for part in game_id.split("-")) + "Game"
    return type(name, (LudotecaGame,), {"game_id": game_id, "__module__": __name__})


class LudotecaGame(pyspiel.Game):  # type: ignore[misc]
    """One Ludoteca game at one player count, seed and set of options, for OpenSpiel."""

    game_id: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.game_id
        given = dict(game_type(game_id).parameter_specification)
        given.update(params or {})
        players = int(given.pop("players"))
        self.seed = int(given.pop("seed"))
        self.perfect_recall = bool(given.pop("perfect_recall"))
        self.chance_mode = str(given.pop("chance_mode"))
        if self.chance_mode not in CHANCE_MODES:
            raise BadOptions(f"chance_mode must be one of {', '.join(CHANCE_MODES)}, not {self.chance_mode!r}")
        self.explicit = self.chance_mode == EXPLICIT
        length = given.pop("max_game_length")
        if isinstance(length, bool) or not isinstance(length, int) or length < 0:
            raise BadOptions(f"max_game_length must be a positive integer, or 0 for the game's bound, not {length!r}")
        specs = {spec.name: spec for spec in game_class(game_id).option_specs}
        options = {name: _option_value(specs[name], value) if name in specs else value for name, value in given.items()}
        self.encoding: Encoding = load_encoded(game_id, players, options)
        self.length = length or self.encoding.length_bound()
        self.max_outcomes = chance_bound(self.encoding.game, self.seed) if self.explicit else 0
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.actions.size,
            max_chance_outcomes=self.max_outcomes,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            max_game_length=self.length,
        )
        super().__init__(game_type(game_id, self.perfect_recall, self.chance_mode), info, params or {})
        self._dealt = 0  # initial states dealt so far: the next one gets derive_seed(seed, _dealt)
        self._upcoming: State | None = None
        self._observers: dict[tuple[bool, bool], ViewObserver] = {}

    # ------------------------------------------------------------------ the stream of initial states
    def _upcoming_state(self) -> State:
        """The set-up of the next seed of the stream, dealt once and kept until an initial state is used.

        The stream is the core's ``derive_seed`` (SplitMix64, written out in Ludoteca), not Python's
        ``random``, whose sequences Python does not promise to keep: the n-th game of a seed is the same on
        every Python version and machine, which the documented determinism guarantee rests on.
        """
        if self._upcoming is None:
            self._upcoming = self.encoding.game.new_state(seed=derive_seed(self.seed, self._dealt))
            self._dealt += 1
        return self._upcoming

    def take_initial(self) -> State:
        """The next initial state of the stream, consumed: the next one gets the following seed."""
        state = self._upcoming_state()
        self._upcoming = None
        return state

    def peek_initial(self) -> tuple[State, State]:
        """(the next initial state, a copy of it) without consuming it: what an observer of a fresh state sees.

        OpenSpiel measures a Python game's tensor shapes by observing a throw-away initial state it makes
        for the purpose (from C++); peeking lets it do so without drawing a seed, so it never changes the
        games dealt after it. The copy becomes the state's own if it is used later, see :meth:`claim`.
        """
        upcoming = self._upcoming_state()
        return upcoming, upcoming.clone()

    def claim(self, peeked: State) -> None:
        """A state that was only observed is used: the set-up it peeked is consumed, unless already taken.

        Two fresh states observed through raw observers before either is used deal the same game; states
        used through the State API (or its tensors and strings) never do.
        """
        if self._upcoming is peeked:
            self._upcoming = None

    # ------------------------------------------------------------------ OpenSpiel's Game API
    def new_initial_state(self, params: Any = None) -> LudotecaState:
        return LudotecaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        """The seat's observation (``perfect_recall=False``, the default) or its information state (``True``).

        Refused with :class:`~ludoteca.BadOptions`: every player's private information at once, private
        information without the public, and a perfect-recall observer of a game not loaded with
        ``perfect_recall=True`` (it would need the views of every seat after every move, tracked from the
        start).
        """
        if params:
            raise BadOptions(f"Ludoteca observers take no parameters, not {params!r}")
        recall, private, public = False, pyspiel.PrivateInfoType.SINGLE_PLAYER, True
        if iig_obs_type is not None:
            recall, private, public = iig_obs_type.perfect_recall, iig_obs_type.private_info, iig_obs_type.public_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise BadOptions("Ludoteca observers show one seat's view or the public view, not every seat's")
        if not public:
            raise BadOptions("Ludoteca observers always include the public information (public_info=True)")
        if recall and not self.perfect_recall:
            raise BadOptions(
                f"{self.get_type().short_name} was loaded without perfect_recall=True, so it keeps no record of "
                "what each seat has seen: load it with perfect_recall=True for information states, or use "
                "observation strings and tensors (ISMCTSBot: use_observation_string=True)"
            )
        return (RecallObserver if recall else ViewObserver)(self, private == pyspiel.PrivateInfoType.NONE)

    def observer(self, recall: bool, public_only: bool = False) -> ViewObserver:
        """The observer the state's string and tensor methods use (made once per kind)."""
        key = (recall, public_only)
        if key not in self._observers:
            kind = pyspiel.PrivateInfoType.NONE if public_only else pyspiel.PrivateInfoType.SINGLE_PLAYER
            self._observers[key] = self.make_py_observer(
                pyspiel.IIGObservationType(perfect_recall=recall, private_info=kind)
            )
        return self._observers[key]

    def observation_tensor_shape(self) -> list[int]:
        """Fixed by the encoding: answered without dealing a game (OpenSpiel's own way deals a throw-away one)."""
        return [self.encoding.layout.size]

    def observation_tensor_size(self) -> int:
        return int(self.encoding.layout.size)

    def information_state_tensor_shape(self) -> list[int]:
        raise BadOptions(_NO_INFOSTATE_TENSOR)

    def information_state_tensor_size(self) -> int:
        raise BadOptions(_NO_INFOSTATE_TENSOR)


_NO_INFOSTATE_TENSOR = (
    "Ludoteca games provide no information-state tensor (a perfect-recall record grows with the game): use "
    "observation_tensor, the seat's view and the public facts of the decision waiting"
)


class _Pending:
    """A step waiting for chance (explicit chance only): the set-up (``seat`` None) or one decision, with the
    chance outcomes given so far and the draw it waits for (``size`` outcomes; 0 until the step is run), whose
    outcomes giving equal items are merged in ``alike`` (a bag draw; ``None`` for a die or a pick)."""

    __slots__ = ("action", "alike", "index", "label", "outcomes", "seat", "size")

    def __init__(self, seat: int | None, action: Action | None, index: int, outcomes: tuple[int, ...] = ()) -> None:
        self.seat, self.action, self.index, self.outcomes = seat, action, index, outcomes
        self.size, self.label = 0, ""
        self.alike: Alike | None = None

    def copy(self) -> _Pending:
        twin = _Pending(self.seat, self.action, self.index, self.outcomes)
        twin.size, twin.label, twin.alike = self.size, self.label, self.alike
        return twin

    def outcomes_listed(self) -> list[tuple[int, float]]:
        """The draw's outcomes and their probabilities: each kind of item once for a bag, else all n alike."""
        if self.alike is not None:
            return self.alike.outcomes()
        probability = 1.0 / self.size
        return [(outcome, probability) for outcome in range(self.size)]

    def describe(self, outcome: int) -> str:
        """An outcome in words; a bag's names the item it gives and how many of the draw's outcomes give it."""
        text = describe(self.label, outcome)
        if self.alike is not None and outcome in self.alike.count:
            text += f": {self.alike.name[outcome]} ({self.alike.count[outcome]} of {self.size})"
        return text

    def __str__(self) -> str:
        step = "the set-up" if self.seat is None else f"seat {self.seat}'s action {self.index}"
        return f"chance for {step}: outcomes {list(self.outcomes)}, next a draw of {self.size} ({self.label})"


class _Box:
    """Holds the Ludoteca state of an OpenSpiel state, and with ``perfect_recall`` the seats' recall digests.

    OpenSpiel clones a Python state by making a new initial state and deep-copying its attributes;
    this box turns that deep copy into Ludoteca's fast ``clone`` (the game definition stays shared),
    and creates the Ludoteca game only when first used, so the throw-away initial state of a clone
    costs no set-up and draws no seed. An observer reading a fresh state only peeks at the next set-up
    (:meth:`LudotecaGame.peek_initial`): OpenSpiel's own throw-away states, made to measure tensor shapes,
    draw no seed either.

    With explicit chance the box also holds the step waiting for chance (:class:`_Pending`): the Ludoteca
    state is then the table as it was before that step, and stays so until the step's last draw is given.
    """

    __slots__ = ("_peeked", "_state", "decisions", "game", "legal", "pending", "recall")

    def __init__(
        self,
        game: LudotecaGame,
        state: State | None = None,
        recall: list[bytes] | None = None,
        pending: _Pending | None = None,
        decisions: int = 0,
    ) -> None:
        self.game = game
        self._state = state
        self._peeked: State | None = None
        self.legal: tuple[int, Mapping[int, Action]] | None = None  # (seat, its legal actions by index)
        self.recall = recall  # per seat, then the spectator: a digest of every view had (perfect_recall only)
        if pending is None and state is None and game.explicit:
            pending = _Pending(None, None, -1)  # a fresh explicit game starts by dealing its set-up
        self.pending = pending
        self.decisions = decisions  # the players' decisions so far (chance outcomes are not counted)

    @property
    def state(self) -> State:
        """The Ludoteca state, for use: a fresh one takes the next initial state of the stream.

        With explicit chance, the table before the step waiting for chance; a :class:`LudotecaError` while
        the set-up is still being dealt, as there is no table yet.
        """
        if self.game.explicit:
            self.chance()
            if self._state is None:
                raise LudotecaError("the set-up is still being dealt: apply its chance outcomes first")
            return self._state
        if self._state is None:
            self._start(self.game.take_initial())
        elif self._peeked is not None:
            self.game.claim(self._peeked)
            self._peeked = None
        return self._state  # type: ignore[return-value]

    def peek(self) -> State | None:
        """The Ludoteca state, for observing only: a fresh one looks at the next set-up without taking it.

        ``None`` only with explicit chance before the set-up is dealt.
        """
        if self.game.explicit:
            self.chance()
            return self._state
        if self._state is None:
            self._peeked, state = self.game.peek_initial()
            self._start(state)
        return self._state

    def touch(self) -> None:
        """Use the state without reading it: a fresh sampled one takes its seed now (never raises)."""
        if self.game.explicit:
            self.chance()
        else:
            self.state  # noqa: B018

    def _start(self, state: State) -> None:
        self._state = state
        if self.game.perfect_recall:
            self.recall = [b""] * (state.players + 1)
            self.remember(state, None, -1)

    # ------------------------------------------------------------------ explicit chance
    def chance(self) -> _Pending | None:
        """The step waiting for chance, its next draw known; ``None`` at a decision or the end (or when sampled)."""
        pending = self.pending
        if pending is not None and pending.size == 0:
            self._run(pending)
        return self.pending

    def decide(self, seat: int, action: Action, index: int) -> None:
        """Explicit chance: ``seat`` takes ``action``; the step runs until its first draw, or to its end."""
        self.decisions += 1
        self.pending = _Pending(seat, action, index)
        self._run(self.pending)

    def give(self, outcome: int) -> None:
        """Explicit chance: the draw waiting has ``outcome``; the step runs on to its next draw, or to its end."""
        pending = self.chance()
        assert pending is not None
        if isinstance(outcome, bool) or not 0 <= outcome < pending.size:
            raise IllegalAction(f"chance outcome {outcome} is not one of the {pending.size} of {pending.label}")
        alike = pending.alike
        if alike is not None and alike.first[outcome] != outcome:
            raise IllegalAction(
                f"chance outcome {outcome} of {pending.label} gives the same item ({alike.name[alike.first[outcome]]}) "
                f"as outcome {alike.first[outcome]}, the one listed for it: equal items are one outcome"
            )
        pending.outcomes += (outcome,)
        pending.size, pending.alike = 0, None
        self._run(pending)

    def _run(self, pending: _Pending) -> None:
        """Replay the pending step from its start with the outcomes given (``ludoteca.adapters.chance``)."""
        game = self.game.encoding.game
        if pending.seat is None:
            result = run_setup(game, self.game.seed, pending.outcomes)
        else:
            assert self._state is not None and pending.action is not None
            result = run_decision(self._state, pending.seat, pending.action, pending.outcomes)
        if isinstance(result, ChanceNeeded):
            if result.size > self.game.max_outcomes:
                raise ChanceError(
                    f"{game.id} drew among {result.size} outcomes ({result.label}), beyond its bound of "
                    f"{self.game.max_outcomes} (max_chance_outcomes): the bound in the OpenSpiel adapter is wrong"
                )
            pending.size, pending.label, pending.alike = result.size, result.label, result.alike
            return
        self.pending = None
        self.legal = None
        if pending.seat is None:
            self._start(result)
        else:
            self._state = result
            if self.recall is not None:
                self.remember(result, pending.seat, pending.index)

    # ------------------------------------------------------------------ the rest
    def remember(self, state: State, seat: int | None, action: int) -> None:
        """Fold every seat's view (and the spectator's) into its digest; the acting seat also its action."""
        assert self.recall is not None
        for other in range(state.players + 1):
            viewer = other if other < state.players else None
            own = f"\n{action}" if viewer is not None and viewer == seat else ""
            text = _canonical(state.view(viewer)) + own
            self.recall[other] = hashlib.blake2b(self.recall[other] + text.encode(), digest_size=16).digest()

    def legal_map(self, seat: int, state: State | None = None) -> Mapping[int, Action]:
        if self.legal is None or self.legal[0] != seat:
            self.legal = (seat, self.game.encoding.legal(self.state if state is None else state, seat))
        return self.legal[1]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        state = self._state if self.game.explicit else self.state
        return _Box(
            self.game,
            None if state is None else state.clone(),
            None if self.recall is None else list(self.recall),
            None if self.pending is None else self.pending.copy(),
            self.decisions,
        )

    def __getstate__(self) -> dict[str, Any]:
        pending = self.pending
        return {
            "state": self._state if self.game.explicit else self.state,
            "recall": self.recall,
            "game": self.game.encoding.game.id,
            "params": self.game.get_parameters(),
            "decisions": self.decisions,
            "pending": None if pending is None else (pending.seat, pending.action, pending.index, pending.outcomes),
        }

    def __setstate__(self, saved: dict[str, Any]) -> None:
        self.game = pyspiel.load_game(short_name(saved["game"]), saved["params"])
        self._state = saved["state"]
        self._peeked = None
        self.recall = saved.get("recall")
        self.legal = None
        self.decisions = saved.get("decisions", 0)
        pending = saved.get("pending")
        self.pending = None if pending is None else _Pending(*pending)


class LudotecaState(pyspiel.State):  # type: ignore[misc]
    """A Ludoteca game in progress, seen through OpenSpiel's State API."""

    def __init__(self, game: LudotecaGame) -> None:
        super().__init__(game)
        self._box = _Box(game)

    @property
    def ludoteca(self) -> State:
        """The Ludoteca state inside (for rendering, records and the game's own helpers).

        With explicit chance, at a chance node it is the table before the step waiting for chance, and its
        draws come only from chance outcomes: ``apply`` it through this OpenSpiel state, not directly.
        """
        return self._box.state

    def to_record(self) -> dict[str, Any]:
        """The game record of the table: ``ludoteca.replay`` (and ``ludoteca replay FILE``) rebuilds it.

        Sampled chance: the Ludoteca state's own record, which replays from its seed. Explicit chance: the
        same with ``"chance"``, the chance outcomes of the set-up and of each action (one list a step), as
        the seed dealt nothing. At a chance node it is the record of the table before the step waiting for
        chance (that step is not finished); before the set-up is dealt there is none (``LudotecaError``), and
        a copy from ``resample_from_infostate`` has none either (``ChanceError``: its hidden cards were
        redrawn, so no chance outcomes deal it).
        """
        return self._box.state.record()

    def truncated(self) -> bool:
        """Whether the game was cut at ``max_game_length`` decisions before its end (no reward for anyone)."""
        box = self._box
        return box.chance() is None and box.decisions >= box.game.length and not box.state.is_over()

    def current_player(self) -> int:
        box = self._box
        if box.chance() is not None:
            return int(pyspiel.PlayerId.CHANCE)
        state = box.state
        if state.is_over() or box.decisions >= box.game.length:
            return int(pyspiel.PlayerId.TERMINAL)
        return min(state.to_act())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Explicit chance: the outcomes of the draw waiting with their probabilities. The core's draws are
        uniform; a bag's outcomes that give equal items (tiles of one colour, cards of one commodity) are one
        outcome, listed at the first of them, as likely as their share."""
        pending = self._box.chance()
        return [] if pending is None else pending.outcomes_listed()

    def _legal_actions(self, player: int) -> list[int]:
        if self._box.chance() is not None:
            return [outcome for outcome, _ in self.chance_outcomes()] if player == pyspiel.PlayerId.CHANCE else []
        return sorted(self._box.legal_map(player))

    def _apply_action(self, action: int) -> None:
        box = self._box
        if box.chance() is not None:
            box.give(action)
            return
        seat = self.current_player()
        chosen = box.legal_map(seat).get(action) if seat >= 0 else None
        if chosen is None:
            raise IllegalAction(f"action {action} is not legal for seat {seat} now")
        if box.game.explicit:
            box.decide(seat, chosen, action)
            return
        state = box.state
        state.apply_legal(seat, chosen)
        box.decisions += 1
        box.legal = None
        if box.recall is not None:
            box.remember(state, seat, action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            pending = self._box.chance()
            return pending.describe(action) if pending is not None else f"chance outcome {action}"
        state = self._box.state
        if player >= 0 and not state.is_over() and player in state.to_act():
            chosen = self._box.legal_map(player).get(action)
            if chosen is not None:
                return chosen.text
        return self._box.game.encoding.actions.describe(action)

    def is_terminal(self) -> bool:
        box = self._box
        return box.chance() is None and bool(box.state.is_over() or box.decisions >= box.game.length)

    def returns(self) -> list[float]:
        if self._box.chance() is not None:
            return [0.0] * self.num_players()
        state = self._box.state
        return rewards_of(state) if state.is_over() else [0.0] * state.players

    # ------------------------------------------------------------------ strings and tensors, without C++
    # OpenSpiel's C++ side sizes a tensor by observing a throw-away initial state every call; these go
    # straight to the observers (and never deal a game for the purpose).
    def observation_tensor(self, player: int | None = None) -> list[float]:
        seat = self._player(player)
        table = self._box.peek()
        if table is None:  # explicit chance, the set-up still being dealt: nothing on the table yet
            return [0.0] * self._box.game.encoding.layout.size
        values: list[float] = self._box.game.encoding.observe(table, seat).tolist()
        return values

    def observation_string(self, player: int | None = None) -> str:
        return self._box.game.observer(False).string_from(self, self._player(player))

    def information_state_string(self, player: int | None = None) -> str:
        return self._box.game.observer(True).string_from(self, self._player(player))

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        raise BadOptions(_NO_INFOSTATE_TENSOR)

    def _player(self, player: int | None) -> int:
        self._box.touch()  # these calls use the state: a fresh sampled one takes its seed now
        if player is None:
            player = self.current_player()
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.num_players():
            raise BadOptions(f"there is no player {player!r} in this {self.num_players()}-player game")
        return player

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LudotecaState:
        """A copy where everything ``player_id`` cannot see is redrawn: the dice to come and hidden cards.

        ``probability_sampler`` is OpenSpiel's source of uniform numbers; two of its draws seed the
        redraw, so the copy is as random as the sampler. The recall digests stay as they were: the copy's
        past is the seat's real one. With explicit chance there are no dice to come (they are chance
        nodes), the hidden cards are redrawn, and the copy's draws still come only from chance outcomes;
        a chance node has no information state to resample from (nobody decides there) and is refused.
        """
        if self._box.chance() is not None:
            raise BadOptions("a chance node is resampled by sampling its chance outcomes, not from an infostate")
        twin: LudotecaState = self.clone()
        seed = int(probability_sampler() * 2**52) ^ (int(probability_sampler() * 2**52) << 52)
        inner = twin._box.state
        spent = inner.rng
        inner.resample(player_id, random.Random(seed))
        if twin._box.game.explicit and isinstance(spent, ReplayRng):
            # The spent replay generator: explicit draws come from chance outcomes only. The copy's hidden
            # cards are no longer what its chance outcomes dealt, so it forgets them: it has no record.
            inner.rng = spent.forget()
        twin._box.legal = None
        return twin

    def __str__(self) -> str:
        """The spectator's picture of the table, then the whole game data (hidden parts too) as JSON; with
        explicit chance, the step waiting for chance last."""
        box = self._box
        pending = box.chance()
        table = box.peek() if box.game.explicit else box.state
        text = "" if table is None else table.render(None) + "\n" + _canonical(table.data)
        return text if pending is None else text + "\n" + str(pending)


class ViewObserver:
    """OpenSpiel observer built on ``view(seat)``: the seat's own view, or the spectator's for public-only.

    The string is the view as canonical JSON; the tensor is the game encoding's observation of it (with the
    public facts of the decision waiting). With explicit chance, a chance node shows the table as it was
    before the step waiting for chance (nobody decides there), and before the set-up is dealt there is no
    table: the tensor is all zeros and the string says the set-up is being dealt.
    """

    def __init__(self, game: LudotecaGame, public_only: bool = False) -> None:
        self.game = game
        self.encoding = game.encoding
        self.public_only = public_only
        self.tensor: np.ndarray | None = np.zeros(self.encoding.layout.size, dtype=np.float32)
        self.dict: dict[str, np.ndarray] = {"observation": self.tensor}

    def set_from(self, state: LudotecaState, player: int) -> None:
        assert self.tensor is not None
        table = state._box.peek()
        if table is None:
            self.tensor[:] = 0.0
        else:
            self.tensor[:] = self.encoding.observe(table, player, public=self.public_only)

    def string_from(self, state: LudotecaState, player: int) -> str:
        """The view as JSON; for the seat that must decide, followed by its legal action indices.

        A view need not show every detail of a pending decision (Tigris & Euphrates shows that a war
        is being fought, not the colour the commitment is for), so two states can look alike to the
        decider yet offer it different choices. The decider knows its choices, and search trees keyed
        by this string (ISMCTS) need equal keys to mean equal legal actions: hence the suffix.
        """
        box = state._box
        inner = box.peek()
        if inner is None:
            return _canonical({"set-up": "being dealt"})
        text = _canonical(inner.view(None if self.public_only else player))
        decides = (
            box.chance() is None
            and not inner.is_over()
            and box.decisions < self.game.length
            and min(inner.to_act()) == player
        )
        if not self.public_only and decides:
            text += "\nlegal:" + ",".join(map(str, sorted(box.legal_map(player, inner))))
        return text


class RecallObserver(ViewObserver):
    """The perfect-recall information state: the observation string and a digest of every view the seat had.

    Two states get the same string exactly when the seat has seen the same views, after every move, and
    taken the same actions: what OpenSpiel means by perfect recall. There is no tensor.
    """

    def __init__(self, game: LudotecaGame, public_only: bool = False) -> None:
        super().__init__(game, public_only)
        self.tensor = None
        self.dict = {}

    def set_from(self, state: LudotecaState, player: int) -> None:
        """Nothing to write: there is no perfect-recall tensor (OpenSpiel's C++ side may still call this)."""

    def string_from(self, state: LudotecaState, player: int) -> str:
        text = super().string_from(state, player)
        recall = state._box.recall
        if recall is None and state._box.peek() is None:
            return text  # explicit chance, the set-up being dealt: nobody has seen anything yet
        assert recall is not None, "perfect-recall digests are kept from the start of a perfect_recall game"
        return text + "\nrecall:" + recall[-1 if self.public_only else player].hex()


class HeuristicEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """An evaluator for OpenSpiel's MCTS and ISMCTS bots from the game's own judgement.

    Rolling a random game to its end for every simulation (OpenSpiel's ``RandomRolloutEvaluator``)
    takes thousands of moves in Mankind; Ludoteca's ``state.evaluate(seat)`` already estimates each
    seat's share of the win in [0, 1], on the same scale as the returns, so the bots can stop there.
    Priors are uniform; at an explicit chance node they are the chance outcomes' probabilities, and its
    value is the table's before the step waiting for chance (equal shares while the set-up is dealt).
    """

    def evaluate(self, state: LudotecaState) -> np.ndarray:
        inner = state._box.peek()
        if inner is None:
            return np.full(state.num_players(), 1.0 / state.num_players(), dtype=np.float64)
        return np.array([inner.evaluate(seat) for seat in range(inner.players)], dtype=np.float64)

    def prior(self, state: LudotecaState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            outcomes: list[tuple[int, float]] = state.chance_outcomes()
            return outcomes
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]
