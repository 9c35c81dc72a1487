"""Whole games: conformance for 2 and 3 players in every variant, replays, and what each seat may see."""

from __future__ import annotations

import json
import random

import pytest

import ludoteca
from ludoteca.core import conformance
from ludoteca.games.arabian_struggle import ArabianStruggleGame, board
from tests.games.arabian_struggle.helpers import start


@pytest.mark.parametrize("variant", ["standard", "historical", "draft"])
@pytest.mark.parametrize("players", [2, 3])
def test_conformance_and_random_games_finish(players: int, variant: str) -> None:
    report = conformance.check_game("arabian-struggle", players, {"variant": variant}, seeds=range(3))
    assert report.games == 3 and report.probes > 0


def test_every_card_is_always_somewhere_exactly_once() -> None:
    for players in (2, 3):
        state = ArabianStruggleGame(players).new_state(seed=11)
        chooser = random.Random(4)
        while not state.is_over():
            data = state.data
            cards = data["deck"] + data["discard"] + data["removed"] + data["tc_cards"] + data["rasheedi_deck"]
            cards += data["rasheedi_display"] + [e["card"] for e in data["lasting"]]
            cards += [n for hand in data["hands"].values() for n in hand]
            if data["turn"] is not None and not any(e["card"] == data["turn"]["card"] for e in data["lasting"]):
                cards.append(data["turn"]["card"])
            if data["draft"] is not None:
                cards += [n for pile in ("pools", "kept") for cs in data["draft"][pile].values() for n in cs]
            assert sorted(cards) == list(range(1, 49))
            seat = state.to_act()[0]
            state.apply(seat, chooser.choice(state.legal_actions(seat)))


def test_a_seat_sees_its_own_hand_only() -> None:
    state = start(3, [], hands={"Saudi": [7, 8], "Hashemite": [16], "Rasheedi": [35]})
    view = state.view(2)
    assert view["hand"] == [7, 8] and view["hand_sizes"] == {"Hashemite": 1, "Rasheedi": 1, "Saudi": 2}
    assert "deck" not in view and view["deck_size"] == len(state.data["deck"])
    assert state.view(None)["hand"] is None
    twin = state.clone()
    twin.resample(2, random.Random(1))
    assert twin.view(2) == view and twin.data["deck"] != state.data["deck"]
    assert sorted(twin.data["hands"]["Hashemite"] + twin.data["hands"]["Rasheedi"] + twin.data["deck"]) == sorted(
        state.data["hands"]["Hashemite"] + state.data["hands"]["Rasheedi"] + state.data["deck"]
    )


def test_replay_is_exact_and_the_render_is_readable() -> None:
    state = ludoteca.load_game("arabian-struggle", players=3, options={"variant": "draft"}).new_state(seed=5)
    conformance.play_random(state, seed=9, max_actions=20_000)
    again = ludoteca.replay(json.loads(json.dumps(state.record())))
    assert again.result() == state.result() and again.log == state.log
    text = state.render(0)
    assert "Scores:" in text and "Turn order:" in text and "Game over:" in text
    fresh = ArabianStruggleGame(3).new_state(seed=1)
    text = fresh.render(0)
    assert "Madina al-Munawwarah*" in text and "Your hand (Hashemite):" in text and "Seat 0 decides" in text


def test_the_terminal_shows_what_draft_and_display_cards_do() -> None:
    """A Draft pick and a 2-player Rasheedi event are chosen on what the cards do: the terminal listed only their
    names (the browser shows the cards); and a draft is "before round 1", not "round 0"."""
    draft = ludoteca.load_game("arabian-struggle", players=3, options={"variant": "draft"}).new_state(seed=11)
    seat = draft.to_act()[0]
    mine = draft.data["players"][seat]
    text = draft.render(seat)
    assert "Era, before round 1" in text.splitlines()[0]
    pool = draft.data["draft"]["pools"][mine]
    assert pool and "Kept in the draft: -" in text
    for number in pool:
        card = board.card(number)
        assert f"  {card.label} [{card.faction}, {card.op} OP" in text and card.text in text
    two = ludoteca.load_game("arabian-struggle", players=2, options={"variant": "historical"}).new_state(seed=23)
    shown = two.data["rasheedi_display"]
    assert shown
    text = two.render(0)
    assert all(f"  {board.card(n).label} [Rasheedi" in text and board.card(n).text in text for n in shown)


def test_a_lasting_event_is_shown_as_its_owners() -> None:
    """AS-R24: a Neutral card's "your" is the faction that played it; the line names that faction first."""
    state = start(3, [], lasting=[{"card": 48, "owner": "Saudi", "duration": "era"}])
    card = board.card(48)
    assert f"Saudi's lasting event {card.label} — {card.lasting_text}" in state.render(0)


def test_bad_options_and_scenarios_are_refused_clearly() -> None:
    with pytest.raises(ludoteca.BadOptions, match="variant"):
        ludoteca.load_game("arabian-struggle", players=3, options={"variant": "fast"})
    with pytest.raises(ludoteca.BadOptions, match="2-3 players"):
        ludoteca.load_game("arabian-struggle", players=4)
    game = ArabianStruggleGame(3)
    for scenario, message in [
        ({"colour": 1}, "no key 'colour'"),
        ({"era": 4}, "era must be 1, 2 or 3"),
        ({"pieces": {"Atlantis": {"Saudi": 1}}}, "no area 'Atlantis'"),
        ({"hands": {"Saudi": [7, 7]}}, "named twice"),
        ({"phase": "lunch"}, "phase must be one of"),
    ]:
        with pytest.raises(ludoteca.BadOptions, match=message):
            game.new_state(scenario=scenario)
