"""Arabian Struggle under explicit chance: a chance node where the rules draw a card, not a shuffle at the set-up.

The draw pile is held in order, pile by pile (AS: Setup, one shuffled pile of every card; AS: The Historical Game
Variant, this Era's events on top of the other cards on top of the future events; ``deck_runs`` keeps the
piles' sizes), and every card dealt or drawn — the hands (AS: Phase 1), a combat's card (AS: Combat
Resolution), the Nomads' card (AS: Phase 5), a card after the discard pile is reshuffled (AS: Phase 3) — is one
chance event over the cards left in the top pile, outcome k taking its card k. So the deals below are worked out
by hand from the card numbers. The seeded (sampled) game still shuffles each pile when it is made and deals off
the top: its games are the ones it played before the change, checked against digests computed before it.
"""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel", reason="the OpenSpiel adapter needs the 'rl' extra: pip install ludoteca[rl]")

import json
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from typer.testing import CliRunner

from ludoteca.adapters import chance, openspiel
from ludoteca.cli import app
from ludoteca.core import load_game, replay
from ludoteca.core.chance import ReplayRng, settle
from ludoteca.core.game import State
from ludoteca.games.arabian_struggle import board
from tests.adapters.explicit import chance_outcome, play_out, play_randomly, short_digest
from tests.adapters.explicit import deal as _deal

# AS: The Historical Game Variant — the Pre-War Era's events (era-restricted cards playable in that Era).
PRE_WAR_EVENTS = [1, 2, 3, 4, 13, 25, 34, 38, 39]


def _explicit(players: int, variant: str = "standard", **options: Any) -> Any:
    return openspiel.load("arabian-struggle", players=players, chance_mode="explicit", variant=variant, **options)


def _dealt(players: int, variant: str, outcomes: list[int]) -> State:
    """The Ludoteca table after the set-up dealt by ``outcomes`` (every one of them used)."""
    state = chance.run_setup(load_game("arabian-struggle", players, {"variant": variant}), 0, outcomes)
    assert isinstance(state, State)
    return state


def _piles(data: dict[str, Any]) -> list[list[int]]:
    """The draw pile pile by pile, each pile's cards sorted (only the order inside a pile is unknown)."""
    piles, start = [], 0
    for run in data["deck_runs"]:
        piles.append(sorted(data["deck"][start : start + abs(run)]))
        start += abs(run)
    return piles


@pytest.mark.parametrize(
    ("players", "variant", "expected", "shuffle"),
    [
        # 18 cards dealt off the 48, against the 47 draws of the whole shuffle.
        (3, "standard", [48 - n for n in range(18)], 47),
        (3, "draft", [48 - n for n in range(18)], 47),
        # The 9 Pre-War events on top, then the 28 other cards (the 11 future events lie under them): 8 + 27 + 10.
        (3, "historical", [9 - n for n in range(9)] + [28 - n for n in range(9)], 45),
        # 2 Players: the Rasheedi display, 3 cards drawn off their own deck of 10, then 14 of the 36 others dealt.
        (2, "standard", [36 - n for n in range(14)], 9 + 35),
        # 7 Pre-War events (Rasheedi ones are in the Rasheedi deck), then 7 of the 20 other cards.
        (2, "historical", [7 - n for n in range(7)] + [20 - n for n in range(7)], 9 + 6 + 19 + 8),
    ],
)
def test_the_set_up_is_one_chance_node_a_card_dealt(
    players: int, variant: str, expected: list[int], shuffle: int
) -> None:
    """AS: Phase 1 — six cards a player (2 Players: seven), each one draw over the cards left in the top pile:
    fewer chance nodes than the shuffle of every pile the set-up made before (``shuffle``)."""
    game = _explicit(players, variant)
    state = game.new_initial_state()
    rasheedi = 3 if players == 2 else 0  # AS: Setup, 2 Players — the Rasheedi display, one node a card shown
    given = _deal(state, [0] * (rasheedi + len(expected)))
    assert given[:rasheedi] == [(10 - n, f"bag of {10 - n} gives item 0") for n in range(rasheedi)]
    assert given[rasheedi:] == [(n, f"bag of {n} gives item 0") for n in expected]
    assert not state.is_chance_node() and len(given) < shuffle
    data = state.ludoteca.data
    assert sum(data["deck_runs"]) == len(data["deck"]) == 48 - 12 * (players == 2) - len(expected)


def test_outcome_k_deals_the_piles_card_k() -> None:
    """3 players, standard: the pile holds cards 1-48 in order. The Hashemite's six draws: the last card (48),
    card 0 (1), card 10 of 2-47 (12), then the top three (2, 3, 4); the Rasheedi takes the top card six times
    (5-10); the Saudi too, but for its second draw, card 1 of 13-47 (14), which leaves 13 on top."""
    state = _dealt(3, "standard", [47, 0, 10, 0, 0, 0] + [0] * 6 + [0, 1, 0, 0, 0, 0])
    hands = state.data["hands"]
    assert hands["Hashemite"] == [48, 1, 12, 2, 3, 4]
    assert hands["Rasheedi"] == [5, 6, 7, 8, 9, 10]
    assert hands["Saudi"] == [11, 14, 13, 15, 16, 17]
    assert state.data["deck"] == list(range(18, 48)) and state.data["deck_runs"] == [30]


def test_the_historical_deck_draws_each_card_from_its_own_pile() -> None:
    """AS: The Historical Game Variant — the 9 Pre-War events are dealt first (Hashemite six, Rasheedi three);
    then a draw (here a combat's, ``board.draw``) is over the 19 other cards left, not the 30 in the pile, and only
    once they are gone over the 11 future events."""
    state = _dealt(3, "historical", [0] * 18)
    dealt = state.data["hands"]["Hashemite"] + state.data["hands"]["Rasheedi"][:3]
    assert sorted(dealt) == PRE_WAR_EVENTS
    assert state.data["deck_runs"] == [19, 11]
    others, future = state.data["deck"][:19], state.data["deck"][19:]
    assert not any(board.card(n).era_restricted for n in others)
    assert all(board.card(n).era_restricted for n in future)
    state.rng = ReplayRng(())
    with pytest.raises(chance.ChanceNeeded) as needed:
        board.draw(state, "a combat")
    assert (needed.value.size, needed.value.label) == (19, "bag of 19")
    state.rng = ReplayRng([18] + [0] * 18)
    assert board.draw(state, "a combat") == others[18]
    assert [board.draw(state, "a combat") for _ in range(18)] == others[:18]
    assert state.data["deck"] == future and state.data["deck_runs"] == [11]
    state.rng = ReplayRng(())
    with pytest.raises(chance.ChanceNeeded) as needed:
        board.draw(state, "a combat")
    assert needed.value.size == 11


def test_a_reshuffled_discard_pile_is_drawn_card_by_card() -> None:
    """AS: Phase 3 — the draw pile is empty: the discard pile (3, 9, 27) becomes the draw pile, no shuffle event;
    the draw is one over its three cards, outcome 2 taking the 27."""
    state = _dealt(3, "standard", [0] * 18)
    state.data["deck"], state.data["deck_runs"], state.data["discard"] = [], [], [3, 9, 27]
    state.rng = ReplayRng(())
    with pytest.raises(chance.ChanceNeeded) as needed:
        board.draw(state, "a combat")
    assert (needed.value.size, needed.value.label) == (3, "bag of 3")
    state.data["deck"], state.data["deck_runs"], state.data["discard"] = [], [], [3, 9, 27]
    state.rng = ReplayRng([2])
    assert board.draw(state, "a combat") == 27
    settle(state.rng)
    assert state.data["deck"] == [3, 9] and state.data["deck_runs"] == [2] and state.data["discard"] == [27]
    assert state.log[-1]["type"] == "reshuffle"


def test_a_scenarios_top_cards_are_drawn_as_set() -> None:
    """A scenario that puts cards 40 and 41 on top of the pile: every generator draws them in that order, with
    no chance event; the next draw is one over the 43 cards below (48 less the three in hands and those two)."""
    scenario = {
        "pieces": {},
        "nomads": [],
        "deck": [40, 41],
        "hands": {"Hashemite": [1], "Rasheedi": [2], "Saudi": [3]},
    }
    game = load_game("arabian-struggle", 3)
    rng = ReplayRng(())
    state = game.new_state(seed=3, scenario=scenario, rng=rng)
    settle(rng)  # the set-up drew no chance outcome
    assert state.data["deck_runs"] == [-2, 43]
    state.rng = ReplayRng(())
    assert [board.draw(state, "a test"), board.draw(state, "a test")] == [40, 41]
    with pytest.raises(chance.ChanceNeeded) as needed:
        board.draw(state, "a test")
    assert needed.value.size == 43
    seeded = game.new_state(seed=3, scenario=scenario)
    assert [board.draw(seeded, "a test"), board.draw(seeded, "a test")] == [40, 41]


def test_draws_in_play_are_chance_nodes_over_the_top_pile() -> None:
    """Random play (3 players, historical): a step that draws a card (a combat, the Nomads) waits on a chance
    node of as many outcomes as the top pile holds before it (the discard pile's cards when the draw pile is
    empty); the game's record replays."""
    state = _explicit(3, "historical").new_initial_state()
    rng = np.random.RandomState(5)
    checked = decisions = 0
    while not state.is_terminal() and (decisions < 300 or state.is_chance_node()):
        if state.is_chance_node():
            state.apply_action(chance_outcome(state, rng))
            continue
        before = state.ludoteca
        era, runs, discard = before.data["era"], list(before.data["deck_runs"]), len(before.data["discard"])
        state.apply_action(int(rng.choice(state.legal_actions())))
        decisions += 1
        if not state.is_chance_node() or not state.action_to_string(pyspiel.PlayerId.CHANCE, 0).startswith("bag"):
            continue
        size = len(state.chance_outcomes())
        while state.is_chance_node():
            state.apply_action(chance_outcome(state, rng))
        if state.ludoteca.data["era"] == era:  # an Era's end rebuilds the piles (AS: End of Era) before its deal
            assert size == (runs[0] if runs else discard)
            checked += 1
    assert checked >= 5
    record = state.to_record()
    again = replay(json.loads(json.dumps(record)))
    assert again.log == state.ludoteca.log and again.data == state.ludoteca.data


def test_a_card_dealt_to_one_hand_does_not_show_to_the_other_seats() -> None:
    """The Saudi's last card is the pile's card 0 or its card 12: seat 2's observation tells them apart, seats 0
    and 1 and the public observation do not."""
    game = _explicit(3)
    public = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE), {}
    )
    ends = []
    for last in (0, 12):
        state = game.new_initial_state()
        _deal(state, [0] * 17 + [last])
        ends.append(state)
    one, two = ends
    assert one.ludoteca.data["hands"]["Saudi"] != two.ludoteca.data["hands"]["Saudi"]
    assert one.observation_string(2) != two.observation_string(2)
    assert one.observation_tensor(2) != two.observation_tensor(2)
    for seat in (0, 1):
        assert one.observation_string(seat) == two.observation_string(seat)
        assert one.observation_tensor(seat) == two.observation_tensor(seat)
        assert public.string_from(one, seat) == public.string_from(two, seat)


@pytest.mark.parametrize(("seed", "players", "variant"), [(31, 3, "historical"), (4, 2, "historical"), (8, 2, "draft")])
def test_a_whole_seeded_game_is_replayed_by_its_draws_given_as_chance(seed: int, players: int, variant: str) -> None:
    """``seeded_outcomes`` of a sampled game to its end (three Eras: the piles rebuilt at each Era's end, AS:
    End of Era, Reset Draw Decks) replay it through a record with ``"chance"``: the same log and result; each
    pile holds the same cards, in its own order."""
    game = load_game("arabian-struggle", players, {"variant": variant})
    played = game.new_state(seed=seed)
    play_randomly(played, seed)
    record = played.record()
    assert played.data["era"] == 3
    steps = chance.seeded_outcomes(game, seed, [(seat, text) for seat, text in record["actions"]])
    again = replay({**record, "chance": [[outcome for _, outcome, _ in step] for step in steps]})
    assert again.log == played.log and again.result() == played.result()
    assert again.data["hands"] == played.data["hands"] and _piles(again.data) == _piles(played.data)


# Digests of seeded games (record, log, every seat's view, data less deck_runs, result of a random game to its end)
# computed in session 9 BEFORE draw-time chance for the deck: the sampled game must not change by a byte.
# (seed, players, variant, generator): digest.
BEFORE = {
    (20, 2, "standard", "splitmix64"): "7733c1e327864280",
    (30, 3, "standard", "splitmix64"): "63b6c700c25d2f9f",
    (21, 2, "historical", "splitmix64"): "8f4530efe92987e1",
    (31, 3, "historical", "splitmix64"): "5542e80d32599f28",
    (22, 2, "draft", "splitmix64"): "ad51e6cb04212df5",
    (32, 3, "draft", "splitmix64"): "a9134e30b932d9c8",
    (23, 2, "standard", "splitmix64"): "a33f0efd519bd76d",
    (33, 3, "standard", "splitmix64"): "1f5527aa4c12513d",
    (24, 2, "historical", "splitmix64"): "4883358df05fd5fb",
    (34, 3, "historical", "splitmix64"): "b221b848cf01dddd",
    (25, 2, "draft", "splitmix64"): "b4de4e3962ad06de",
    (35, 3, "draft", "splitmix64"): "f73e96414e32e402",
    (26, 2, "standard", "splitmix64"): "1bdd52efe51f49de",
    (36, 3, "standard", "splitmix64"): "02b834b6a48fdea1",
    (27, 2, "historical", "splitmix64"): "41af58c3c12f4807",
    (37, 3, "historical", "splitmix64"): "71804b932d91b871",
    (28, 2, "draft", "splitmix64"): "47eaf615e9df94a3",
    (38, 3, "draft", "splitmix64"): "f9310089cc911068",
    (29, 2, "standard", "splitmix64"): "4b91b6f982f2e411",
    (39, 3, "standard", "splitmix64"): "4517684abe464646",
    (40, 2, "standard", "blake2b"): "01e1de0e00b52292",
    (41, 3, "standard", "blake2b"): "5c5503700b31fbd3",
    (42, 2, "historical", "blake2b"): "a0e54d11987e244c",
    (43, 3, "historical", "blake2b"): "17a0b3b1b09b547a",
}


# Log lines added after these digests were taken (2026-12-04): they say what a choice did not do (no piece placed in
# the Tribal Conference, an event stopped short); left out, so that the digests still pin every other byte.
LATER_LINES = frozenset({"conference_piece_none", "event_stop"})


def _digest(seed: int, players: int, variant: str, generator: str) -> str:
    state = load_game("arabian-struggle", players, {"variant": variant}).new_state(seed=seed, generator=generator)
    play_randomly(state, seed)
    data = {key: value for key, value in state.data.items() if key != "deck_runs"}
    views = [state.view(seat) for seat in (*range(players), None)]
    log = [event for event in state.log if event["type"] not in LATER_LINES]
    return short_digest(state.record(), log, data, views, state.result())


def test_seeded_games_are_the_ones_played_before_draw_time_chance() -> None:
    assert {key: _digest(*key) for key in BEFORE} == BEFORE


def test_the_digest_sees_a_changed_game() -> None:
    """The digest can fail: the same seed in another variant hashes differently."""
    assert _digest(20, 2, "historical", "splitmix64") != BEFORE[(20, 2, "standard", "splitmix64")]


def test_openspiels_random_simulation_at_three_players_historical() -> None:
    """OpenSpiel's own checks (probabilities summing to 1, serialisation) with the deal's 18 draws and play's."""
    game = _explicit(3, "historical", seed=2, max_game_length=80)
    # every card of the box (no draw can exceed it) or every area (a random retreat picks among them)
    assert game.max_chance_outcomes() == max(48, len(board.content().areas))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_an_explicit_game_to_its_end_replays_with_ludoteca_replay(tmp_path: Path) -> None:
    """Random play (2 players, standard) to the end: the record lists every card drawn, and replays both with
    ``replay`` and ``ludoteca replay FILE``."""
    state = _explicit(2).new_initial_state()
    play_out(state, 11)
    inner = state.ludoteca
    record = state.to_record()
    assert inner.data["era"] == 3 and sum(len(step) for step in record["chance"][1:]) > 0
    again = replay(json.loads(json.dumps(record)))
    assert again.result() == inner.result() and again.log == inner.log
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "chance outcome(s) from the record" in result.output
