"""The evaluation's features and weight sets (issue 21, "Learned evaluation"): features read only what
their seat sees, the hand weights play exactly as the evaluation always has, and the data file's sets are
checked on load."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from ludoteca.agents import make_agent
from ludoteca.core import BadOptions
from ludoteca.games.tigris_euphrates import evaluation
from ludoteca.games.tigris_euphrates.evaluation import FEATURES, HAND, WEIGHTS_FILE, features, strength
from ludoteca.learning import BadWeights, load_weight_sets
from tests.games.tigris_euphrates.helpers import start


def _position():
    """Seat 0: red 3, blue 1, black 5, green 2 and one treasure (blue rises to 2), a king and a priest on the
    board, one catastrophe used; seat 1 only a farmer."""
    return start(
        2,
        scoring="hidden",
        keep=["K1", "B2"],
        leaders=[{"king": "K2", "priest": "B3"}, {"farmer": "C2"}],
        hands=[["blue", "blue", "red", "green", "black", "black"], ["red"] * 6],
        scores=[{"red": 3, "blue": 1, "black": 5, "green": 2, "treasure": 1}, {"red": 1}],
        catastrophes=[1, 2],
    )


def test_features_of_a_fixed_position() -> None:
    state = _position()
    assert features(state, 0) == [2.0, 2.0, 8.0, 2.0, 1.0, 1.0, 2.0]  # weakest: blue (1 + treasure) before green
    assert features(state, 1) == [0.0, 0.0, 1.0, 1.0, 2.0, 0.0, 0.0]


def test_features_ignore_what_the_seat_cannot_see() -> None:
    """Another seat's hand, its hidden points and the bag's order change nothing in a seat's features."""
    state = _position()
    before = features(state, 0)
    twin = state.clone()
    twin.data["hands"][1] = {"r": 0, "b": 3, "k": 3, "g": 0}
    twin.data["scores"][1] = {"r": 9, "b": 9, "k": 9, "g": 9, "t": 3}
    random.Random(4).shuffle(twin.data["bag"])
    assert twin.view(0) == state.view(0)  # only hidden things changed
    assert features(twin, 0) == before
    for seed in range(5):
        world = state.clone()
        world.resample(0, random.Random(seed))
        assert features(world, 0) == before


def test_own_hidden_things_do_change_the_own_features() -> None:
    """The check above can fail: the same changes to the seat's own hand and points do show."""
    state = _position()
    twin = state.clone()
    twin.data["hands"][0]["b"] = 0
    twin.data["scores"][0]["b"] = 4
    assert features(twin, 0) != features(state, 0)


def test_hand_weights_are_the_evaluation_the_bots_played_with() -> None:
    """T&E: Game End: the hand set is the old formula, to the last bit (search results stay as recorded)."""
    state = _position()
    for seat, colours, leaders, catastrophes in ((0, [2, 2, 3, 5], 2, 1), (1, [0, 0, 0, 1], 1, 2)):
        old = 1.0 * colours[0] + 0.35 * colours[1] + 0.1 * (colours[2] + colours[3])
        old += 0.7 * leaders
        old += 0.3 * catastrophes
        assert strength(state, seat, HAND) == old
        weighed = sum(w * f for w, f in zip(HAND.weights, features(state, seat), strict=True))
        assert strength(state, seat, HAND) == pytest.approx(weighed)


def test_the_data_file_is_valid_and_its_hand_set_is_the_documented_one() -> None:
    sets = load_weight_sets(WEIGHTS_FILE, FEATURES)
    assert next(iter(sets.sets)) == "hand"  # the file's first content
    assert sets.sets["hand"].weights == HAND.weights and sets.sets["hand"].scale == HAND.scale
    assert sets.default in sets.sets


def test_without_a_file_the_hand_weights_are_used(tmp_path: Path) -> None:
    sets = evaluation.weight_sets(tmp_path / "missing.toml")
    assert sets.default == "hand" and sets.get(None) == HAND


def test_a_bad_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "evaluation.toml"
    path.write_text(WEIGHTS_FILE.read_text(encoding="utf-8").replace("leaders = 0.7", "leader = 0.7"))
    with pytest.raises(BadWeights, match="no weight for the feature 'leaders'"):
        evaluation.weight_sets(path)


def test_every_set_gives_estimates_in_the_unit_interval() -> None:
    state = _position()
    for weight_set in evaluation.weight_sets().sets.values():
        values = evaluation.evaluate_all(state, weight_set)
        assert all(0.0 <= value <= 1.0 for value in values)
        assert math.isclose(sum(values), 1.0)  # two seats: one's lead is the other's deficit
        assert values[0] > values[1]


def test_a_heuristic_names_the_weights_it_plays_with() -> None:
    """``heuristic:weights=hand`` chooses as the hand evaluation does; an unknown set is refused by name."""
    state = start(2, scoring="hidden", seed=3, clear=False)
    if evaluation.weight_sets().default == "hand":
        plain = make_agent("heuristic", seed=5).choose(state.clone(), 0)
        named = make_agent("heuristic:weights=hand", seed=5).choose(state.clone(), 0)
        assert plain.text == named.text
    with pytest.raises(BadOptions, match="no evaluation weight set 'bold'"):
        make_agent("heuristic:weights=bold", seed=5).choose(state.clone(), 0)
