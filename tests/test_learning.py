"""The fitting tool of issue 21's learned evaluations (:mod:`ludoteca.learning`): the regression recovers
known weights, a seed fixes the data and the weights, weight files are checked, and ``ludoteca learn``
writes a file the game reads back."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.core import BadOptions, State, load_game
from ludoteca.games.mankind.state import MankindState
from ludoteca.games.tigris_euphrates.evaluation import FEATURES, HAND
from ludoteca.learning import (
    BadWeights,
    WeightSet,
    WeightSets,
    collect,
    evaluation_module,
    fit_logistic,
    fit_weights,
    load_weight_sets,
    parse_weight_sets,
    scores,
    weight_sets_text,
)

TRUE = [1.5, -0.8, 0.3]


def _synthetic(count: int, seed: int, exact: bool) -> tuple[list[list[float]], list[float]]:
    """Rows of three features and labels drawn from ``sigmoid(TRUE · row)`` (or that probability itself)."""
    rng = random.Random(seed)
    rows, labels = [], []
    for _ in range(count):
        row = [rng.gauss(0, 1), rng.gauss(0, 2), rng.uniform(-3, 3)]
        p = 1 / (1 + math.exp(-sum(w * x for w, x in zip(TRUE, row, strict=True))))
        rows.append(row)
        labels.append(p if exact else float(rng.random() < p))
    return rows, labels


def test_the_fit_recovers_known_weights() -> None:
    rows, labels = _synthetic(400, 1, exact=True)  # fractional labels: the likelihood's optimum is TRUE itself
    assert fit_logistic(rows, labels, l2=0.0) == pytest.approx(TRUE, abs=1e-6)
    rows, labels = _synthetic(20_000, 2, exact=False)  # drawn outcomes: TRUE within sampling error
    assert fit_logistic(rows, labels, l2=0.0) == pytest.approx(TRUE, abs=0.08)


def test_the_l2_penalty_shrinks_the_weights() -> None:
    rows, labels = _synthetic(300, 3, exact=False)
    free = fit_logistic(rows, labels, l2=0.0)
    held = fit_logistic(rows, labels, l2=500.0)
    assert sum(w * w for w in held) < 0.5 * sum(w * w for w in free)


def test_a_center_is_what_a_strong_penalty_keeps() -> None:
    """Pulled toward known weights, a heavily penalised fit stays at them; a light one still finds the data's."""
    rows, labels = _synthetic(2_000, 4, exact=True)
    center = [0.5, 0.5, 0.5]
    assert fit_logistic(rows, labels, l2=1e9, center=center) == pytest.approx(center, abs=1e-4)
    assert fit_logistic(rows, labels, l2=1e-6, center=center) == pytest.approx(TRUE, abs=1e-4)


@pytest.mark.filterwarnings("error::RuntimeWarning")
def test_a_fit_started_far_from_the_optimum_still_finds_it() -> None:
    """Large features and a center far off: full Newton steps overshoot there (the exponentials overflowed and
    the fit ended far off); halved steps reach the optimum."""
    rows, labels = _synthetic(2_000, 5, exact=True)
    wide = [[10 * value for value in row] for row in rows]
    found = fit_logistic(wide, labels, l2=1e-9, center=[40.0, -40.0, 40.0])
    assert found == pytest.approx([w / 10 for w in TRUE], abs=1e-4)


def test_scores_of_a_perfect_and_a_blind_model() -> None:
    rows, labels = [[2.0], [-2.0]], [1.0, 0.0]
    assert scores(rows, labels, [0.0], 1.0)["log_loss"] == pytest.approx(math.log(2))
    sure = scores(rows, labels, [50.0], 1.0)
    assert sure["accuracy"] == 1.0 and sure["log_loss"] < 1e-6


def test_a_seed_fixes_the_positions_and_the_weights() -> None:
    """Random self-play (fast) sampled every 3rd action: the same seed gives the same rows and weights, with
    one worker or two; another seed gives other games."""
    first = collect("tigris-euphrates", 5, seed=7, agent="random", every=3)
    again = collect("tigris-euphrates", 5, seed=7, agent="random", every=3, jobs=2)
    other = collect("tigris-euphrates", 5, seed=8, agent="random", every=3)
    assert first.rows == again.rows and first.labels == again.labels and first.games == again.games
    assert first.rows != other.rows
    assert set(first.games) == set(range(5)) and first.features == FEATURES
    assert all(label in (0.0, 0.5, 1.0) for label in first.labels)
    # Two seats: each position gives one row per seat, mirror images, labels summing to one win.
    pairs = zip(first.rows[::2], first.rows[1::2], first.labels[::2], first.labels[1::2], strict=True)
    for mine, theirs, won, lost in pairs:
        assert mine == [-value for value in theirs] and won + lost == 1.0
    learned, report = fit_weights(first, HAND)
    assert fit_weights(again, HAND) == (learned, report)
    assert report["train_games"] == 4 and report["validation_games"] == 1  # game 4 held out
    assert {"validation_log_loss", "validation_log_loss_hand", "train_accuracy_hand"} <= set(report)


def _sets_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "weights.toml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = WeightSets("hand", {"hand": HAND, "learned": WeightSet("learned", 0.5, (1.0, 0.2, 0, 0.4, 0.9, -0.3, -0.2))})


def test_a_written_file_reads_back(tmp_path: Path) -> None:
    path = _sets_file(tmp_path, weight_sets_text(GOOD, FEATURES, "a header"))
    back = load_weight_sets(path, FEATURES)
    assert back.default == "hand" and back.sets["learned"].weights == GOOD.sets["learned"].weights
    assert back.get("learned").scale == 0.5 and back.get(None) == HAND


@pytest.mark.parametrize(
    ("change", "fault"),
    [
        (("leaders = 0.7", 'leaders = "high"'), "weight 'leaders' must be a number"),
        (("leaders = 0.7", "leaders = nan"), "weight 'leaders' must be a finite number"),
        (("leaders = 0.7\n", ""), r"\[sets.hand\] has no weight for the feature 'leaders'"),
        (("treasures = 0.0", "treasures = 0.0\nkings = 1.0"), "weighs 'kings', which is not a feature"),
        (("scale = 1.5", "scale = 0"), "scale must be positive"),
        (('default = "hand"', 'default = "bold"'), "default must name one of the weight sets"),
        (('default = "hand"', 'defaults = "hand"'), "unknown top-level key 'defaults'"),
        (("[sets.hand]", "[sets.hand"), "is not valid TOML"),
    ],
)
def test_a_bad_file_is_refused_naming_the_fault(tmp_path: Path, change: tuple[str, str], fault: str) -> None:
    text = weight_sets_text(GOOD, FEATURES)
    assert change[0] in text
    path = _sets_file(tmp_path, text.replace(change[0], change[1], 1))
    with pytest.raises(BadWeights, match=fault):
        load_weight_sets(path, FEATURES)


def test_no_sets_and_a_missing_file_are_refused(tmp_path: Path) -> None:
    with pytest.raises(BadWeights, match="no weight sets"):
        parse_weight_sets({"default": "hand"}, FEATURES, tmp_path / "x.toml")
    with pytest.raises(BadWeights, match="cannot read the weights file"):
        load_weight_sets(tmp_path / "absent.toml", FEATURES)


def test_a_game_without_weight_sets_is_refused_by_name() -> None:
    with pytest.raises(BadOptions, match="arabian-struggle evaluation has no named features"):
        evaluation_module("arabian-struggle")


def test_the_learn_command_writes_sets_the_game_reads(tmp_path: Path) -> None:
    out = tmp_path / "learned" / "te.toml"
    result = CliRunner().invoke(
        app,
        [
            "learn",
            "tigris-euphrates",
            "--games",
            "5",
            "--seed",
            "3",
            "--agent",
            "random",
            "--every",
            "3",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "validation:" in result.output and "log-loss learned" in result.output
    sets = load_weight_sets(out, FEATURES)
    assert sets.default == evaluation_module("tigris-euphrates").weight_sets().default  # the default is kept
    learned = sets.get("learned")
    assert "--games 5 --seed 3" in learned.about and learned.fit["validation_games"] == 1
    assert sets.get("hand") == HAND or sets.get("hand").weights == HAND.weights


def test_the_learn_command_refuses_a_bad_player_count(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["learn", "tigris-euphrates", "--players", "9", "--out", str(tmp_path / "x")])
    assert result.exit_code == 2 and "error" in result.output


def _mankind_midgame() -> State:
    """A Mankind game of three seats after 60 random actions (seeded): builds, points and limits differ."""
    state = load_game("mankind", players=3).new_state(seed=12)
    rng = random.Random(12)
    for _ in range(60):
        seat = state.to_act()[0]
        state.apply(seat, state.random_action(seat, rng))
    assert not state.is_over()
    return state


def test_mankind_hand_weights_are_its_worths() -> None:
    """Mankind's features, weighed by the hand set (all 1) and scaled back by the era's lead scale, are the
    worths the bots have played with; its data file is valid and its hand set the documented one."""
    from ludoteca.games.mankind import evaluation

    state = _mankind_midgame()
    assert isinstance(state, MankindState)
    scale = evaluation.lead_scale(state)
    worths = evaluation.potentials(state)
    for seat in range(3):
        weighed = sum(evaluation.features(state, seat)) * scale
        assert weighed == pytest.approx(worths[seat], rel=1e-9, abs=1e-9)
    sets = load_weight_sets(evaluation.WEIGHTS_FILE, evaluation.FEATURES)
    assert sets.get("hand").weights == evaluation.HAND.weights and sets.get("hand").scale == evaluation.HAND.scale
    assert evaluation.evaluate_all(state, evaluation.HAND) == evaluation.evaluate_all(state, sets.get("hand"))


def test_mankind_features_do_not_read_the_dice_to_come() -> None:
    state = _mankind_midgame()
    module = evaluation_module("mankind")
    before = [module.features(state, seat) for seat in range(3)]
    for seed in range(3):
        world = state.clone()
        world.resample(0, random.Random(seed))
        assert [module.features(world, seat) for seat in range(3)] == before


def test_the_learn_command_will_not_overwrite_the_default_set(tmp_path: Path) -> None:
    default = evaluation_module("tigris-euphrates").weight_sets().default
    result = CliRunner().invoke(app, ["learn", "tigris-euphrates", "--name", default, "--out", str(tmp_path / "x")])
    assert result.exit_code == 2 and "not the default set" in result.output
    assert not (tmp_path / "x").exists()
