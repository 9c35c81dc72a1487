"""Whole games: a complete scripted 3-player game checked by hand, and random games at every count."""

from __future__ import annotations

import json

import pytest

import ludoteca
from ludoteca.core import conformance
from ludoteca.games.mankind.content import load_content
from ludoteca.games.mankind.state import MankindState
from tests.games.mankind.scripting import act, new_game, player


def scripted_three_player_game() -> MankindState:
    """The game below, played to its end (also the worked example of the score breakdown, test_presentation.py)."""
    content = load_content()
    modern = content.era_builds[4]
    gone = [b for b in modern if content.builds[b].kind == "wonder"]
    gone += [b for b in modern if content.builds[b].kind == "leader" and b != "modern/Picasso"]
    dice = [
        4,
        1,
        3,
        4,  # seat 0: Event 4 = Boon, Social Revolution (1): gain 2D6 = 3 + 4 VP
        1,  # Build roll 1: Infrastructure
        5,  # extra Build roll: Leader
        3,  # Health Limit: 14 RP > 10 x HL 1, lose 1D6 = 3 VP
        3,
        1,  # seat 1: Event 3 = War, World War (1): seat 1 against the player to its left, seat 2
        5,
        2,  # War rolls 5 against 2 (equal WL, no +1): seat 2 loses its Warriors, its last unit
        3,
        6,  # spoils: 1D6 = 3 VP (seat 2 has only 2) and 1D6 = 6 RP
        6,  # Build roll 6: Wonder, none left: the Modern era, and so the game, ends after this turn
        2,  # Health Limit: 28 RP > 10, lose 1D6 = 2 VP
    ]
    rich = {"rp": 20, "ip": 20}
    state = new_game(3, dice, era=4, gone=gone, players=[{**rich, "turns": 1}, {**rich, "turns": 1}, rich])

    # Seat 0: gains 1 IP and 2 RP (21 IP, 22 RP); Social Revolution: 2 + 7 = 9 VP.
    act(state, "build Fertilizers for 8 RP")  # 14 RP, FL 4 + 8 = 12
    act(state, "roll again for 3 IP")  # 18 IP
    act(state, "build Picasso for 4 IP")  # 14 IP, Leader 2X = 8 VP: 17 VP
    act(state, "end the Build Phase")
    # No trade (TL 0); Health: -3 VP -> 14 VP. Governance: 9 builds <= 12.
    assert (player(state, 0)["vp"], player(state, 0)["rp"], player(state, 0)["ip"]) == (14, 14, 14)

    # Seat 1: gains (21 IP, 22 RP), wins the war: +2 VP (4), +6 RP (28); Wonder due, none left.
    assert state.data["era_ending"]
    act(state, "end the Build Phase")  # Health: -2 VP -> 2 VP
    assert state.is_over()
    return state


def test_complete_scripted_three_player_game() -> None:
    """A short Modern-era game from first roll to final bonuses, every number worked out by hand."""
    state = scripted_three_player_game()

    result = state.result()
    # Bonuses: no Conquests, no Wonders. TL 0/0/0 -> 3 each; WL 1/1/0 -> seats 0, 1 get 5; RL 1/1/1 -> 3 each;
    # ML 2/2/2 -> 3 each; FL 12/4/4 -> seat 0 gets 10; CL 2/0/0 (Picasso) -> seat 0 gets 30;
    # SL 0/0/0 -> 5 each; HL 1/1/1 -> 1 each.
    assert result["scores"] == [14 + 3 + 5 + 3 + 3 + 10 + 30 + 5 + 1, 2 + 3 + 5 + 3 + 3 + 5 + 1, 0 + 3 + 3 + 3 + 5 + 1]
    assert result["scores"] == [74, 22, 15]
    assert result["ranking"] == [[0], [1], [2]] and result["winners"] == [0]
    assert result["bonuses"]["Warriors"] == [0, 1] and result["bonuses"]["Monuments"] == []
    again = ludoteca.replay(json.loads(json.dumps(state.record())))
    assert again.result() == result and again.log == state.log


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_conformance_and_random_games_finish(players: int) -> None:
    """The core contract holds and random games reach the end of the Modern era at every player count."""
    report = conformance.check_game("mankind", players, seeds=range(3), probe_every=150)
    assert report.games == 3 and report.probes > 0


def test_random_games_visit_every_era() -> None:
    state = ludoteca.load_game("mankind", players=3).new_state(seed=21)
    conformance.play_random(state, seed=5, max_actions=20_000)
    eras = [e["era"] for e in state.log if e["type"] == "era_end" and "era" in e]
    assert eras == [2, 3, 4] and state.is_over()


def test_bad_scenarios_are_refused_clearly() -> None:
    game = ludoteca.load_game("mankind", players=2)
    for scenario, message in [
        ({"era": 5}, "era must be 1-4"),
        ({"colour": 1}, "no key 'colour'"),
        ({"players": [{"builds": ["ancient/Robots"]}]}, "no build 'ancient/Robots'"),
        ({"players": [{"conquests": ["ancient/Atlantis"]}]}, "no conquest"),
        ({"players": [{"vp": "many"}]}, "'vp' cannot be 'many'"),
        ({"players": [{}, {"ip": -4}]}, "player 1: 'ip' cannot be negative \\(-4\\)"),
        ({"players": [{"shields": -3}]}, "'shields' cannot be negative"),
        ({"players": [{"mods": {"WL": "x"}}]}, "the WL modifier must be a whole number, not 'x'"),  # was a TypeError
        ({"first_player": 2}, "first_player must be a seat 0-1"),
    ]:
        with pytest.raises(ludoteca.BadOptions, match=message):
            game.new_state(scenario=scenario)
