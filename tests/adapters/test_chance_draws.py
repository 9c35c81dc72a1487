"""Tigris & Euphrates under explicit chance: a chance node where the rules draw a tile, not a shuffle at the set-up.

The bag is held in order (T&E: Setup, reference §1.1: 47 red, 36 blue, 30 black, 30 green once the ten temples
are out) and every tile drawn — the hands dealt, a swap, the refill at the end of a turn — is one chance event
over the bag as it then stands, outcome k taking the bag's item k. Tiles of one colour are one outcome, listed at
the first of them (a red is a red), as likely as its share of the bag. So the set-ups and draws below are worked
out by hand from that order. The seeded (sampled) game still shuffles at the set-up and deals off the front: its games
are the ones it played before the change, checked against digests computed before it.
"""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel", reason="the OpenSpiel adapter needs the 'rl' extra: pip install ludoteca[rl]")

import json
import re
from typing import Any

import numpy as np
import pyspiel

from ludoteca.adapters import chance, openspiel
from ludoteca.core import load_game, replay
from ludoteca.core.chance import ReplayRng, settle
from ludoteca.core.errors import IllegalAction
from ludoteca.core.game import State
from tests.adapters.explicit import chance_outcome, play_out, play_randomly, short_digest
from tests.adapters.explicit import deal as _deal

BAG = ["r"] * 47 + ["b"] * 36 + ["k"] * 30 + ["g"] * 30  # the bag before the hands, as explicit chance holds it
HAND = {"r": 0, "b": 0, "k": 0, "g": 0}


def _explicit(players: int) -> Any:
    return openspiel.load("tigris-euphrates", players=players, chance_mode="explicit")


def _index(state: Any, text: str) -> int:
    """The OpenSpiel action of the seat to act whose Ludoteca text is ``text``."""
    seat = state.current_player()
    matches = [a for a in state.legal_actions() if state.action_to_string(seat, a) == text]
    assert len(matches) == 1, text
    return int(matches[0])


def _first(state: Any, tile: str) -> int:
    """The chance outcome listed for a ``tile`` of this colour at the draw waiting."""
    texts = {o: state.action_to_string(pyspiel.PlayerId.CHANCE, o) for o, _ in state.chance_outcomes()}
    (outcome,) = [o for o, text in texts.items() if f": {tile} (" in text]
    return outcome


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_set_up_is_one_chance_node_a_tile_dealt(players: int) -> None:
    """Six tiles a seat, each one draw over the bag as it stands (143, 142, ...), not a 142-step shuffle; each
    draw lists four outcomes, one a colour, each as likely as the colour's share of the bag."""
    state = _explicit(players).new_initial_state()
    assert state.chance_outcomes() == [(0, 47 / 143), (47, 36 / 143), (83, 30 / 143), (113, 30 / 143)]
    given = _deal(state, [0] * (6 * players))
    assert given == [(4, f"bag of {143 - n} gives item 0: r ({47 - n} of {143 - n})") for n in range(6 * players)]
    assert not state.is_chance_node()
    data = state.ludoteca.data
    assert data["hands"] == [{**HAND, "r": 6}] * players  # item 0 is a red tile each time
    assert data["bag"] == BAG[6 * players :]


def test_outcome_k_deals_the_bags_item_k() -> None:
    """Seat 0's six draws: item 113 (the first green), item 0 (a red), item 46 (the first blue, one red gone), item
    81 (the first black, after 46 red and 35 blue), 0 and 0; seat 1 then takes item 108 six times (the first green,
    after 44 red, 35 blue and 29 black)."""
    state = _explicit(2).new_initial_state()
    _deal(state, [113, 0, 46, 81, 0, 0, *[108] * 6])
    data = state.ludoteca.data
    assert data["hands"] == [{"r": 3, "b": 1, "k": 1, "g": 1}, {**HAND, "g": 6}]
    assert data["bag"] == ["r"] * 44 + ["b"] * 35 + ["k"] * 29 + ["g"] * 23


def test_a_second_tile_of_a_colour_is_not_an_outcome_of_its_own() -> None:
    """Outcome 1 would deal a red as outcome 0 does: it is refused, naming the outcome listed for it, and the
    state is left as it was (the same draw waiting, the same outcomes, the same history)."""
    state = _explicit(2).new_initial_state()
    _deal(state, [0, 46])  # a red, then the first blue
    history, listed = state.history(), state.chance_outcomes()
    with pytest.raises(IllegalAction, match=r"outcome 1 of bag of 141 gives the same item \(r\) as outcome 0"):
        state.apply_action(1)
    assert state.history() == history and state.chance_outcomes() == listed
    assert 1 not in state.legal_actions()
    assert _deal(state, [0]) == [(4, "bag of 141 gives item 0: r (46 of 141)")]  # the same draw goes on


def test_a_refill_at_the_end_of_a_turn_is_a_chance_node_a_tile() -> None:
    """Seat 0 places two red tiles; its turn ends and it refills to six (T&E: Turn structure, reference §1.4):
    two chance nodes over the 131 tiles left (35 red, 36 blue, 30 black, 30 green), then 130. Outcome 101 deals
    the first green, then 0 a red."""
    state = _explicit(2).new_initial_state()
    _deal(state, [0] * 12)
    table = state.ludoteca
    places = [a.text for a in table.legal_actions(0) if a.text.startswith("place red on ")]
    state.apply_action(_index(state, places[0]))
    assert not state.is_chance_node()  # the first action draws nothing
    second = [a.text for a in state.ludoteca.legal_actions(0) if a.text.startswith("place red on ")]
    state.apply_action(_index(state, second[-1]))
    assert state.is_chance_node()
    assert len(state.ludoteca.data["bag"]) == 131  # the table before the step
    assert state.chance_outcomes() == [(0, 35 / 131), (35, 36 / 131), (71, 30 / 131), (101, 30 / 131)]
    assert _deal(state, [101, 0]) == [
        (4, "bag of 131 gives item 101: g (30 of 131)"),
        (4, "bag of 130 gives item 0: r (35 of 130)"),
    ]
    assert not state.is_chance_node()
    data = state.ludoteca.data
    assert data["hands"][0] == {**HAND, "r": 5, "g": 1}
    assert data["bag"] == BAG[13:-1]  # a red and a green fewer
    assert state.current_player() == 1


@pytest.mark.parametrize(("index", "tile"), [(0, "r"), (40, "r"), (41, "b"), (77, "k"), (107, "g"), (130, "g")])
def test_a_swap_draws_the_tile_the_bag_held_at_the_outcome(index: int, tile: str) -> None:
    """``run_decision`` on the dealt table: a one-tile swap waits for a draw of as many outcomes as the bag holds
    (41 red, 36 blue, 30 black, 24 green); outcome k puts the bag's item k in the hand, the rest keep their order."""
    state = _explicit(2).new_initial_state()
    _deal(state, [0] * 6 + [107] * 6)  # seat 0 six reds, seat 1 six greens (the first of 30 after 41+36+30)
    base = state.ludoteca
    bag = list(base.data["bag"])
    action = next(a for a in base.legal_actions(0) if a.text == "swap red")
    needed = chance.run_decision(base, 0, action, [])
    assert isinstance(needed, chance.ChanceNeeded) and needed.size == len(bag) == 131
    assert needed.label == "bag of 131"
    after = chance.run_decision(base, 0, action, [index])
    assert isinstance(after, State)
    hand = {**HAND, "r": 5}
    hand[tile] += 1
    assert bag[index] == tile and after.data["hands"][0] == hand
    assert after.data["bag"] == bag[:index] + bag[index + 1 :]
    assert base.data["bag"] == bag  # the table given is never touched


def test_a_draw_into_one_hand_does_not_show_to_the_other_seat() -> None:
    """Seat 0's refill takes a red (outcome 0) or a green: seat 0's observation tells them apart, seat 1's and
    the public one do not."""
    game = _explicit(2)
    public = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE), {}
    )
    ends = []
    for last in ("r", "g"):
        state = game.new_initial_state()
        _deal(state, [0] * 12)
        for _ in range(2):
            text = next(a.text for a in state.ludoteca.legal_actions(0) if a.text.startswith("place red on "))
            state.apply_action(_index(state, text))
        _deal(state, [0])
        _deal(state, [_first(state, last)])
        ends.append(state)
    one, two = ends
    assert one.ludoteca.data["hands"][0] != two.ludoteca.data["hands"][0]
    assert one.observation_string(0) != two.observation_string(0)
    assert one.observation_tensor(1) == two.observation_tensor(1)
    assert one.observation_string(1) == two.observation_string(1)
    assert public.string_from(one, 1) == public.string_from(two, 1)


def test_a_scripted_bag_keeps_its_order_under_explicit_chance() -> None:
    """A scenario that sets the bag's order is dealt in that order by every generator: no chance event at all."""
    game = load_game("tigris-euphrates", 2)
    order = ["blue", "black", "green"] * 10
    rng = ReplayRng(())
    state = game.new_state(seed=3, scenario={"bag": order}, rng=rng)
    settle(rng)  # the set-up drew no chance outcome
    seeded = game.new_state(seed=3, scenario={"bag": order})
    assert state.data == seeded.data
    assert state.data["hands"] == [{**HAND, "b": 2, "k": 2, "g": 2}] * 2
    assert state.data["bag"] == ["b", "k", "g"] * 6


def test_an_explicit_game_with_draws_in_play_replays_from_its_record() -> None:
    """The record lists the set-up's twelve draws, then each action's (refills and swaps): it replays."""
    state = _explicit(2).new_initial_state()
    rng = np.random.RandomState(9)
    decisions = 0
    while not state.is_terminal() and (decisions < 80 or state.is_chance_node()):
        if state.is_chance_node():
            state.apply_action(chance_outcome(state, rng))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            decisions += 1
    record = state.to_record()
    assert state.ludoteca.record() == record  # the Ludoteca state's own record lists the outcomes too
    assert [len(step) for step in record["chance"][:1]] == [12]
    assert sum(len(step) for step in record["chance"][1:]) >= 20  # tiles drawn in play
    again = replay(json.loads(json.dumps(record)))
    assert again.data == state.ludoteca.data and again.log == state.ludoteca.log
    assert again.record() == record


def test_a_whole_seeded_game_is_replayed_by_its_draws_given_as_chance() -> None:
    """``seeded_outcomes`` of a sampled game to its end (swaps and refills included) replay it through a record
    with ``"chance"``: the same log, hands and result; the bag holds the same tiles, in its own order."""
    game = load_game("tigris-euphrates", 3)
    played = game.new_state(seed=12)
    play_randomly(played, 12)
    record = played.record()
    steps = chance.seeded_outcomes(game, 12, [(seat, text) for seat, text in record["actions"]])
    assert [len(step) for step in steps[:1]] == [18]
    again = replay({**record, "chance": [[outcome for _, outcome, _ in step] for step in steps]})
    assert again.log == played.log and again.result() == played.result()
    assert again.data["hands"] == played.data["hands"]
    assert sorted(again.data["bag"]) == sorted(played.data["bag"])


# Digests of seeded games (record, log, data and result of a random game to its end) computed in session 9 BEFORE
# draw-time chance: the sampled game must not change by a byte. (seed, players, generator): digest.
BEFORE = {
    (0, 2, "splitmix64"): "55ce7b3978318792",
    (1, 3, "splitmix64"): "55c9475845330e58",
    (2, 4, "splitmix64"): "cecf7abfae1d0e88",
    (3, 2, "splitmix64"): "385960486370d4d4",
    (4, 3, "splitmix64"): "db72a75f67103d99",
    (5, 4, "splitmix64"): "2512325899094514",
    (6, 2, "splitmix64"): "2307d70424774c04",
    (7, 3, "splitmix64"): "1726509fa1217e14",
    (8, 4, "splitmix64"): "ef997b5571ec1d0e",
    (9, 2, "splitmix64"): "9af9a65363f0dd73",
    (0, 3, "blake2b"): "3e5640d91d8fda79",
    (1, 3, "blake2b"): "8857c9621b5f0ca0",
}


def _worded_as_then(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log as these digests were taken: a leader's placing and moving lines said "its" until session 26
    ("Seat 1 places their king"), the only wording changed since; every other byte is still pinned."""
    then = []
    for event in log:
        if event["type"] == "leader":
            event = {**event, "text": re.sub(r"^(Seat \d+ (?:moves|places)) their ", r"\1 its ", event["text"])}
        then.append(event)
    return then


def _digest(seed: int, players: int, generator: str) -> str:
    state = load_game("tigris-euphrates", players).new_state(seed=seed, generator=generator)
    play_randomly(state, seed)
    return short_digest(state.record(), _worded_as_then(state.log), state.data, state.result())


def test_seeded_games_are_the_ones_played_before_draw_time_chance() -> None:
    assert {key: _digest(*key) for key in BEFORE} == BEFORE


def test_openspiels_random_simulation_at_four_players() -> None:
    """OpenSpiel's own checks (probabilities summing to 1, serialisation) with 24 set-up draws and those of play."""
    game = openspiel.load("tigris-euphrates", players=4, seed=2, chance_mode="explicit", max_game_length=80)
    assert game.max_chance_outcomes() == 153  # every tile of the box: no draw can exceed it
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_an_explicit_game_runs_to_the_empty_bag_and_replays() -> None:
    """Random play to the end: the last refill finds the bag short (T&E: Game end, reference §1.11), draws what
    is left, one chance node a tile, and the game ends; the record replays to the same result."""
    state = _explicit(2).new_initial_state()
    play_out(state, 3)
    inner = state.ludoteca
    assert inner.data["bag"] == [] and inner.result()["end"].startswith("the bag runs out")
    record = state.to_record()
    assert sum(len(step) for step in record["chance"]) == 143  # every tile of the bag drawn, one node each
    again = replay(record)
    assert again.result() == inner.result() and again.log == inner.log
