"""Every Ludoteca game in OpenSpiel's Python game API.

    import pyspiel
    from ludoteca.adapters import openspiel
    openspiel.register()
    game = pyspiel.load_game("ludoteca_tigris_euphrates", {"players": 3, "seed": 7})

Each game registers as ``ludoteca_<id with underscores>`` with the parameters ``players``, ``seed``
and the game's own options (their defaults are the game's defaults). The choices made here, and why:

* **Actions** are the indices of the game's encoding (docs/adapters.md): the same integer means the
  same kind of choice in every state, as OpenSpiel's ``num_distinct_actions`` expects.
* **Chance** is ``SAMPLED_STOCHASTIC``: the Ludoteca state rolls its own dice from its own generator
  (seeded from the ``seed`` parameter and the number of initial states made so far), so there are no
  chance nodes. A clone is exact, dice to come included, as OpenSpiel's clone checks demand; the
  dice are redrawn only by ``resample_from_infostate``, which search must therefore use (ISMCTS does).
* **Information** is ``IMPERFECT_INFORMATION`` for every game, even Mankind whose table is public:
  the future dice are unknown to every player, and declaring it lets ISMCTS sample them.
* **Information-state and observation strings** are the seat's ``view`` as canonical JSON (for the
  seat that must decide, followed by its legal action indices); the tensors are the encoding's
  observation of that view. The view is everything a seat may know now,
  not a record of its past, so the "information state" is not perfect-recall (ISMCTS does not need
  it to be; CFR-style algorithms would merge states the seat could tell apart by memory).
* **Utility**: the winners share 1 (``CONSTANT_SUM``, sum 1, from 0 to 1), paid at the end.

OpenSpiel's C++ ISMCTS cannot call a Python game's ``resample_from_infostate``; use the Python bot,
``open_spiel.python.algorithms.ismcts.ISMCTSBot``, with :class:`HeuristicEvaluator` (or OpenSpiel's
random-rollout evaluator, which plays every rollout to the end and is slow on long games). The
perfect-information ``MCTSBot`` runs too, but it searches clones that hold the very dice to come
and the hidden cards, so it plays as if it could see them.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import mcts  # type: ignore[import-untyped]

from ludoteca.adapters.encoding import Encoding, rewards_of
from ludoteca.adapters.encodings import encoded_games, load_encoded
from ludoteca.core.errors import BadOptions, IllegalAction
from ludoteca.core.game import Action, OptionSpec, State
from ludoteca.core.registry import game_class

PREFIX = "ludoteca_"


def short_name(game_id: str) -> str:
    """OpenSpiel's name for a Ludoteca game: ``ludoteca_`` + the id with ``-`` as ``_``."""
    return PREFIX + game_id.replace("-", "_")


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _spielable(spec: OptionSpec) -> bool:
    """OpenSpiel parameters are ints, floats, strings or booleans; an option defaulting to None is left out."""
    return isinstance(spec.default, int | float | str | bool)


def game_type(game_id: str) -> pyspiel.GameType:
    """The ``GameType`` of a Ludoteca game (its parameters: players, seed and the game's options)."""
    cls = game_class(game_id)
    parameters: dict[str, Any] = {"players": cls.default_players or cls.min_players, "seed": 0}
    parameters.update({spec.name: spec.default for spec in cls.option_specs if _spielable(spec)})
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"Ludoteca {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


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
    """Register ``game_id`` if needed and load it: ``load("mankind", players=3, seed=1)``."""
    register([game_id])
    params: dict[str, Any] = {"seed": seed, **options}
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
        kind = game_type(game_id)
        given = dict(kind.parameter_specification)
        given.update(params or {})
        players = int(given.pop("players"))
        self.seed = int(given.pop("seed"))
        self.encoding: Encoding = load_encoded(game_id, players, given)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.actions.size,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=self.encoding.max_game_length,
        )
        super().__init__(kind, info, params or {})
        self._seeds = random.Random(self.seed)

    def next_seed(self) -> int:
        """The Ludoteca seed of the next initial state: a stream started from the ``seed`` parameter."""
        return self._seeds.getrandbits(62)

    def new_initial_state(self, params: Any = None) -> LudotecaState:
        return LudotecaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        return ViewObserver(self.encoding, iig_obs_type)


class _Box:
    """Holds the Ludoteca state of an OpenSpiel state.

    OpenSpiel clones a Python state by making a new initial state and deep-copying its attributes;
    this box turns that deep copy into Ludoteca's fast ``clone`` (the game definition stays shared),
    and creates the Ludoteca game only when first used, so the throw-away initial state of a clone
    costs no set-up and draws no seed.
    """

    __slots__ = ("_state", "game", "legal")

    def __init__(self, game: LudotecaGame, state: State | None = None) -> None:
        self.game = game
        self._state = state
        self.legal: tuple[int, dict[int, Action]] | None = None  # (seat, its legal actions by index)

    @property
    def state(self) -> State:
        if self._state is None:
            self._state = self.game.encoding.game.new_state(seed=self.game.next_seed())
        return self._state

    def legal_map(self, seat: int) -> dict[int, Action]:
        if self.legal is None or self.legal[0] != seat:
            self.legal = (seat, self.game.encoding.legal(self.state, seat))
        return self.legal[1]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.game, self.state.clone())

    def __getstate__(self) -> dict[str, Any]:
        return {"state": self.state, "game": self.game.encoding.game.id, "params": self.game.get_parameters()}

    def __setstate__(self, saved: dict[str, Any]) -> None:
        self.game = pyspiel.load_game(short_name(saved["game"]), saved["params"])
        self._state = saved["state"]
        self.legal = None


class LudotecaState(pyspiel.State):  # type: ignore[misc]
    """A Ludoteca game in progress, seen through OpenSpiel's State API."""

    def __init__(self, game: LudotecaGame) -> None:
        super().__init__(game)
        self._box = _Box(game)

    @property
    def ludoteca(self) -> State:
        """The Ludoteca state inside (for rendering, records and the game's own helpers)."""
        return self._box.state

    def current_player(self) -> int:
        state = self._box.state
        if state.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        return min(state.to_act())

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._box.legal_map(player))

    def _apply_action(self, action: int) -> None:
        seat = self.current_player()
        chosen = self._box.legal_map(seat).get(action)
        if chosen is None:
            raise IllegalAction(f"action {action} is not legal for seat {seat} now")
        self._box.state.apply_legal(seat, chosen)
        self._box.legal = None

    def _action_to_string(self, player: int, action: int) -> str:
        state = self._box.state
        if player >= 0 and not state.is_over() and player in state.to_act():
            chosen = self._box.legal_map(player).get(action)
            if chosen is not None:
                return chosen.text
        return self._box.game.encoding.actions.describe(action)

    def is_terminal(self) -> bool:
        return self._box.state.is_over()

    def returns(self) -> list[float]:
        state = self._box.state
        return rewards_of(state) if state.is_over() else [0.0] * state.players

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LudotecaState:
        """A copy where everything ``player_id`` cannot see is redrawn: the dice to come and hidden cards.

        ``probability_sampler`` is OpenSpiel's source of uniform numbers; two of its draws seed the
        redraw, so the copy is as random as the sampler.
        """
        twin: LudotecaState = self.clone()
        seed = int(probability_sampler() * 2**52) ^ (int(probability_sampler() * 2**52) << 52)
        twin._box.state.resample(player_id, random.Random(seed))
        twin._box.legal = None
        return twin

    def __str__(self) -> str:
        """The spectator's picture of the table, then the whole game data (hidden parts too) as JSON."""
        state = self._box.state
        return state.render(None) + "\n" + _canonical(state.data)


class ViewObserver:
    """OpenSpiel observer built on ``view(seat)``: the seat's own view, or the spectator's for public-only.

    The string is the view as canonical JSON; the tensor is the game encoding's observation of it.
    """

    def __init__(self, encoding: Encoding, iig_obs_type: Any = None) -> None:
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER if iig_obs_type is None else iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise BadOptions("Ludoteca observers show one seat's view or the public view, not every seat's")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.encoding = encoding
        self.tensor = np.zeros(encoding.layout.size, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state: LudotecaState, player: int) -> dict[str, Any]:
        return state.ludoteca.view(None if self.public_only else player)

    def set_from(self, state: LudotecaState, player: int) -> None:
        self.tensor[:] = self.encoding.encode_view(self._view(state, player), player)

    def string_from(self, state: LudotecaState, player: int) -> str:
        """The view as JSON; for the seat that must decide, followed by its legal action indices.

        A view need not show every detail of a pending decision (Tigris & Euphrates shows that a war
        is being fought, not the colour the commitment is for), so two states can look alike to the
        decider yet offer it different choices. The decider knows its choices, and search trees keyed
        by this string (ISMCTS) need equal keys to mean equal legal actions: hence the suffix.
        """
        text = _canonical(self._view(state, player))
        if not self.public_only and not state.is_terminal() and state.current_player() == player:
            text += "\nlegal:" + ",".join(map(str, state.legal_actions(player)))
        return text


class HeuristicEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """An evaluator for OpenSpiel's MCTS and ISMCTS bots from the game's own judgement.

    Rolling a random game to its end for every simulation (OpenSpiel's ``RandomRolloutEvaluator``)
    takes thousands of moves in Mankind; Ludoteca's ``state.evaluate(seat)`` already estimates each
    seat's share of the win in [0, 1], on the same scale as the returns, so the bots can stop there.
    Priors are uniform.
    """

    def evaluate(self, state: LudotecaState) -> np.ndarray:
        inner = state.ludoteca
        return np.array([inner.evaluate(seat) for seat in range(inner.players)], dtype=np.float64)

    def prior(self, state: LudotecaState) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]
