"""Learned evaluations: weights for a game's evaluation fitted to who won self-play games.

A game's evaluation (``games/<game>/evaluation.py``) is *learnable* when it scores each seat by a weighted
sum of named features of what that seat sees (``FEATURES``, ``features(state, seat)``) and reads its
weights from a data file of named *weight sets* (``weight_sets()``, e.g. ``hand`` and ``learned``). The
win estimate is each seat's lead in that sum over its strongest rival, squashed by a logistic curve of
scale ``scale`` (:func:`ludoteca.core.lead_estimates`). So the chance that a seat wins is modelled as
``sigmoid(w · (f(seat) - f(rival)) / scale)``: a logistic regression without intercept on feature
differences, which is what :func:`fit_logistic` fits.

The recipe (:func:`collect` then :func:`fit_weights`, the ``ludoteca learn`` command): play seeded
self-play games with one agent in every seat, take every ``every``-th position of each game, and for each
seat record its features minus those of its strongest rival (by the game's default weights), labelled 1 if
it won, ``1/k`` for a win shared by ``k`` seats, else 0. Every fifth game is held out for validation (a
split by game: positions of one game are not independent), and the fit is reported beside the
predictions the default weights imply on the same positions.

Why a data file and not constants: the weights the bots play with should be what was measured to win,
and refitting them should not need a code change. A set is only made the default (``default = ...``)
when it measurably beats the other in ``bench/strength.py`` (docs/agents.md, "Learned evaluation").
"""

from __future__ import annotations

import importlib
import json
import math
import tomllib
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, cast

from ludoteca.core import BadOptions, LudotecaError, State, derive_seed, game_class, load_game

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Matrix = npt.NDArray[np.float64]


class BadWeights(LudotecaError):
    """A weights file that is missing, malformed or does not fit the evaluation's features."""


@dataclass(frozen=True)
class WeightSet:
    """One named set of evaluation weights: a weight per feature (in ``FEATURES`` order) and the scale of the
    lead that makes a win estimate of 0.73."""

    name: str
    scale: float
    weights: tuple[float, ...]
    about: str = ""
    fit: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class WeightSets:
    """Every weight set of a game's data file and the one the bots play with by default."""

    default: str
    sets: dict[str, WeightSet]

    def get(self, name: str | None) -> WeightSet:
        """The set called ``name`` (``None``: the default); :class:`BadOptions` naming the sets there are."""
        key = self.default if name is None else name
        if key not in self.sets:
            raise BadOptions(f"there is no evaluation weight set {key!r} (there are: {', '.join(sorted(self.sets))})")
        return self.sets[key]


class Learnable(Protocol):
    """What ``ludoteca learn`` needs of a game's evaluation module."""

    FEATURES: tuple[str, ...]

    def features(self, state: State, seat: int) -> list[float]: ...

    def weight_sets(self) -> WeightSets: ...

    def evaluate_all(self, state: State, weights: WeightSet | None = None) -> list[float]: ...


# ---------------------------------------------------------------------------------------------- data files
def _number(value: object, where: str, path: Path) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadWeights(f"{path}: {where} must be a number, not {value!r}")
    number = float(value)
    if not math.isfinite(number):
        raise BadWeights(f"{path}: {where} must be a finite number, not {value!r}")
    return number


def parse_weight_sets(raw: dict[str, Any], features: Sequence[str], path: Path) -> WeightSets:
    """Check a parsed weights file against the evaluation's ``features``; every fault is named with its place."""
    unknown = sorted(set(raw) - {"default", "sets"})
    if unknown:
        raise BadWeights(f"{path}: unknown top-level key {unknown[0]!r} (expected 'default' and [sets.NAME])")
    tables = raw.get("sets")
    if not isinstance(tables, dict) or not tables:
        raise BadWeights(f"{path}: no weight sets (expected at least one [sets.NAME] table)")
    sets: dict[str, WeightSet] = {}
    for name, table in tables.items():
        where = f"[sets.{name}]"
        if not isinstance(table, dict):
            raise BadWeights(f"{path}: {where} must be a table")
        odd = sorted(set(table) - {"scale", "about", "weights", "fit"})
        if odd:
            raise BadWeights(f"{path}: {where} has an unknown key {odd[0]!r} (it takes scale, about, weights, fit)")
        scale = _number(table.get("scale"), f"{where} scale", path)
        if scale <= 0:
            raise BadWeights(f"{path}: {where} scale must be positive, not {scale}")
        weights = table.get("weights")
        if not isinstance(weights, dict):
            raise BadWeights(f"{path}: {where} has no [sets.{name}.weights] table")
        missing = [feature for feature in features if feature not in weights]
        if missing:
            raise BadWeights(f"{path}: {where} has no weight for the feature {missing[0]!r}")
        extra = sorted(set(weights) - set(features))
        if extra:
            raise BadWeights(
                f"{path}: {where} weighs {extra[0]!r}, which is not a feature of this evaluation "
                f"(its features: {', '.join(features)})"
            )
        about = table.get("about", "")
        if not isinstance(about, str):
            raise BadWeights(f"{path}: {where} about must be a text")
        fit = table.get("fit", {})
        if not isinstance(fit, dict):
            raise BadWeights(f"{path}: {where} fit must be a table")
        values = tuple(_number(weights[feature], f"{where} weight {feature!r}", path) for feature in features)
        sets[name] = WeightSet(name, scale, values, about, dict(fit))
    default = raw.get("default")
    if not isinstance(default, str) or default not in sets:
        raise BadWeights(
            f"{path}: default must name one of the weight sets ({', '.join(sorted(sets))}), not {default!r}"
        )
    return WeightSets(default, sets)


def load_weight_sets(path: Path, features: Sequence[str]) -> WeightSets:
    """Read and check a weights file (TOML); :class:`BadWeights` saying what is wrong and where."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise BadWeights(f"cannot read the weights file {path}: {error.strerror or error}") from None
    except tomllib.TOMLDecodeError as error:
        raise BadWeights(f"{path} is not valid TOML: {error}") from None
    return parse_weight_sets(raw, features, path)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a TOML basic string for the texts written here
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    raise TypeError(f"cannot write {value!r} to TOML")


def weight_sets_text(sets: WeightSets, features: Sequence[str], header: str = "") -> str:
    """The TOML of ``sets`` (what :func:`load_weight_sets` reads back), ``header`` as comment lines first."""
    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    lines += [f"default = {_toml_value(sets.default)}"]
    for name, weight_set in sets.sets.items():
        lines += ["", f"[sets.{name}]", f"scale = {_toml_value(weight_set.scale)}"]
        if weight_set.about:
            lines.append(f"about = {_toml_value(weight_set.about)}")
        lines += ["", f"[sets.{name}.weights]"]
        pairs = zip(features, weight_set.weights, strict=True)
        lines += [f"{feature} = {_toml_value(value)}" for feature, value in pairs]
        if weight_set.fit:
            lines += ["", f"[sets.{name}.fit]"]
            lines += [f"{key} = {_toml_value(value)}" for key, value in weight_set.fit.items()]
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------------ evaluation modules
def evaluation_module(game_id: str) -> Learnable:
    """The learnable evaluation module of a game; :class:`BadOptions` if its evaluation has no named weights."""
    cls = game_class(game_id)
    package = cls.__module__.rpartition(".")[0]
    try:
        module: ModuleType = importlib.import_module(f"{package}.evaluation")
    except ModuleNotFoundError:
        module = ModuleType("none")
    if not all(hasattr(module, name) for name in ("FEATURES", "features", "weight_sets", "evaluate_all")):
        raise BadOptions(f"the {game_id} evaluation has no named features and weight sets to learn or choose")
    return cast(Learnable, module)


def weighted_evaluator(game_id: str, name: str) -> Callable[[State, int], float]:
    """``state.evaluate(seat)`` with the weight set ``name`` of the game's evaluation instead of its default
    (finished games still score their real result): how ``heuristic:weights=hand`` plays."""
    scores = weighted_scores(game_id, name)
    return lambda state, seat: scores(state)[seat]


def weighted_scores(game_id: str, name: str) -> Callable[[State], list[float]]:
    """``state.evaluate_all()`` with the weight set ``name`` of the game's evaluation (finished games still score
    their real result): what ``ismcts:weights=NAME`` backs up from every iteration."""
    module = evaluation_module(game_id)
    weight_set = module.weight_sets().get(name)

    def scores(state: State) -> list[float]:
        if state.is_over():
            return state.evaluate_all()
        return list(module.evaluate_all(state, weight_set))

    return scores


# ------------------------------------------------------------------------------------------ the data
@dataclass
class Samples:
    """Feature differences (one row per seat and sampled position), labels and the game each came from."""

    features: tuple[str, ...]
    rows: list[list[float]] = field(default_factory=list)
    labels: list[float] = field(default_factory=list)
    games: list[int] = field(default_factory=list)

    def extend(self, other: Samples) -> None:
        self.rows += other.rows
        self.labels += other.labels
        self.games += other.games


def _dot(weights: Sequence[float], values: Sequence[float]) -> float:
    return sum(w * v for w, v in zip(weights, values, strict=True))


def position_rows(module: Learnable, state: State, reference: WeightSet) -> list[list[float]]:
    """For each seat, its features minus those of its strongest rival by ``reference`` weights. Each seat's
    features are computed from what that seat sees (its own points and hand, the public board)."""
    each = [module.features(state, seat) for seat in range(state.players)]
    strengths = [_dot(reference.weights, values) for values in each]
    rows = []
    for seat, own in enumerate(each):
        rival = max((other for other in range(state.players) if other != seat), key=strengths.__getitem__)
        rows.append([mine - theirs for mine, theirs in zip(own, each[rival], strict=True)])
    return rows


def play_and_sample(task: tuple[str, int, dict[str, Any], str, int, int, int]) -> Samples:
    """One seeded self-play game (``agent`` in every seat, seeded as tournaments seed them), sampled at every
    ``every``-th action, labelled with who won."""
    from ludoteca.tournament import play_game

    game_id, players, options, agent, seed, index, every = task
    module = evaluation_module(game_id)
    reference = module.weight_sets().get(None)
    rows: list[list[float]] = []

    def sample(state: State, actions: int) -> None:
        if actions % every == every - 1:
            rows.extend(position_rows(module, state, reference))

    state, _ = play_game(game_id, players, options, [agent] * players, derive_seed(seed, index), before_action=sample)
    winners = state.result()["winners"]
    shares = [1.0 / len(winners) if seat in winners else 0.0 for seat in range(players)]
    labels = [shares[i % players] for i in range(len(rows))]
    return Samples(module.FEATURES, rows, labels, [index] * len(rows))


def collect(
    game_id: str,
    games: int,
    seed: int,
    players: int = 2,
    options: dict[str, Any] | None = None,
    agent: str = "heuristic:samples=1",
    every: int = 5,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Samples:
    """Positions of ``games`` seeded self-play games, in game order whatever ``jobs`` is (deterministic)."""
    if games < 1 or every < 1:
        raise BadOptions("learning needs at least one game and a sampling step of at least 1")
    module = evaluation_module(game_id)
    load_game(game_id, players, options or {})  # a bad player count or option is refused before playing
    tasks = [(game_id, players, dict(options or {}), agent, seed, index, every) for index in range(games)]
    samples = Samples(module.FEATURES)
    if jobs <= 1:
        results = map(play_and_sample, tasks)
        for done, result in enumerate(results, 1):
            samples.extend(result)
            if progress:
                progress(done)
        return samples
    with ProcessPoolExecutor(jobs) as pool:
        for done, result in enumerate(pool.map(play_and_sample, tasks), 1):
            samples.extend(result)
            if progress:
                progress(done)
    return samples


# ------------------------------------------------------------------------------------------ the fit
def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        raise LudotecaError("learning needs numpy: pip install numpy (or the 'rl' extra)") from None
    return numpy


def fit_logistic(
    rows: Sequence[Sequence[float]],
    labels: Sequence[float],
    l2: float = 1.0,
    iterations: int = 50,
    center: Sequence[float] | None = None,
) -> list[float]:
    """Weights ``w`` maximising the log-likelihood of ``labels`` under ``sigmoid(w · row)`` minus
    ``l2/2 · |w - center|²`` (``center``: zero unless given): Newton's method (iteratively reweighted least
    squares), which converges in a few steps on a handful of features; a step that would lower the penalised
    likelihood is halved until it does not (far from the optimum a full step can overshoot). Labels may be
    fractions (shared wins). A ``center`` of known-good weights makes the fit a correction of them: a feature
    the games say little about keeps its judged weight instead of sinking to zero."""
    np = _numpy()
    x = np.asarray(rows, dtype=np.float64)
    y = np.asarray(labels, dtype=np.float64)
    if x.ndim != 2 or len(x) != len(y) or len(y) == 0:
        raise LudotecaError("the fit needs one label per row and at least one row")
    anchor = np.zeros(x.shape[1]) if center is None else np.asarray(center, dtype=np.float64)
    weights = anchor.copy()
    ridge = l2 * np.eye(x.shape[1])

    def loss(w: Matrix) -> float:
        z = x @ w  # -log-likelihood, without overflow: log(1 + e^-z) = logaddexp(0, -z)
        value = np.sum(y * np.logaddexp(0.0, -z) + (1.0 - y) * np.logaddexp(0.0, z))
        return float(value + 0.5 * l2 * np.sum((w - anchor) ** 2))

    current = loss(weights)
    for _ in range(iterations):
        p = _sigmoid(np, x @ weights)
        gradient = x.T @ (p - y) + l2 * (weights - anchor)
        hessian = (x * (p * (1.0 - p))[:, None]).T @ x + ridge
        step = np.linalg.lstsq(hessian, gradient, rcond=None)[0]
        size = 1.0
        while size > 1e-6 and loss(weights - size * step) > current + 1e-12 * abs(current):
            size /= 2
        weights = weights - size * step
        current = loss(weights)
        if float(np.max(np.abs(size * step))) < 1e-10:
            break
    return [float(value) for value in weights]


def _sigmoid(np: Any, z: Matrix) -> Matrix:
    """``1 / (1 + e^-z)`` without overflow for large ``|z|``."""
    e = np.exp(-np.abs(z))
    result: Matrix = np.where(z >= 0, 1.0 / (1.0 + e), e / (1.0 + e))
    return result


def scores(
    rows: Sequence[Sequence[float]], labels: Sequence[float], weights: Sequence[float], scale: float
) -> dict[str, float]:
    """Log-loss (nats) and accuracy of ``sigmoid(w · row / scale)``; accuracy over the decided labels only."""
    np = _numpy()
    x = np.asarray(rows, dtype=np.float64)
    y = np.asarray(labels, dtype=np.float64)
    p = _sigmoid(np, (x @ np.asarray(weights, dtype=np.float64)) / scale)
    p = np.clip(p, 1e-12, 1 - 1e-12)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    decided = (y != 0.5) & (p != 0.5)
    accuracy = float(np.mean((p[decided] > 0.5) == (y[decided] > 0.5))) if decided.any() else float("nan")
    return {"log_loss": loss, "accuracy": accuracy, "positions": len(y)}


def validation_game(index: int) -> bool:
    """Every fifth game (index 4, 9, ...) is held out: the split is by game, not by position."""
    return index % 5 == 4


def fit_weights(
    samples: Samples, reference: WeightSet, l2: float = 1.0, toward_reference: bool = False
) -> tuple[WeightSet, dict[str, Any]]:
    """The ``learned`` weight set fitted on the training games, and the report: log-loss and accuracy of
    it and of ``reference`` on the training and the validation games. The fitted weights are shown scaled
    so that the first feature weighs 1 (if it came out positive), the scale carrying the rest: the same
    model, readable beside the hand weights. With ``toward_reference`` the L2 penalty pulls toward the
    reference's weights (in the model's units, weight / scale) instead of toward zero."""
    train = [i for i, game in enumerate(samples.games) if not validation_game(game)]
    held = [i for i, game in enumerate(samples.games) if validation_game(game)]
    if not train:
        raise LudotecaError("no training positions: play more games")
    pick = samples.rows.__getitem__
    label = samples.labels.__getitem__
    center = [value / reference.scale for value in reference.weights] if toward_reference else None
    fitted = fit_logistic([pick(i) for i in train], [label(i) for i in train], l2, center=center)
    scale = 1.0 / fitted[0] if fitted[0] > 0 else 1.0
    weights = [round(value * scale, 4) for value in fitted]
    scale = round(scale, 4)
    report: dict[str, Any] = {
        "l2": l2,
        "toward": reference.name if toward_reference else "zero",
        "train_games": len({samples.games[i] for i in train}),
        "validation_games": len({samples.games[i] for i in held}),
    }
    for part, chosen in (("train", train), ("validation", held)):
        if not chosen:
            continue
        rows, labels = [pick(i) for i in chosen], [label(i) for i in chosen]
        for who, (w, s) in (("learned", (weights, scale)), (reference.name, (reference.weights, reference.scale))):
            for key, value in scores(rows, labels, w, s).items():
                if who == "learned":
                    report[f"{part}_{key}"] = value
                elif key != "positions":  # the same positions
                    report[f"{part}_{key}_{who}"] = value
    return WeightSet("learned", scale, tuple(weights)), report
