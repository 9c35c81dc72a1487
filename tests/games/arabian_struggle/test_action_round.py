"""Phase 3 – Action Rounds: Tribal Conference attempts, events, out-of-turn events, the Rasheedi event, OP."""

from __future__ import annotations

import random

import pytest

import ludoteca
from ludoteca.core import IllegalAction
from tests.games.arabian_struggle.helpers import act, events, move, pieces, start, step, texts

SAUDI_FIRST = ["Saudi", "Hashemite", "Rasheedi"]


def saudi_turn(hand: list[int], dice: list[int] | None = None, **extra: object):
    scenario = {"hands": {"Saudi": hand, "Hashemite": [16], "Rasheedi": [35]}, "turn_order": SAUDI_FIRST}
    scenario.update(extra)
    return start(3, dice or [], **scenario)


def test_tribal_conference_example_target_three() -> None:
    """AS: "The Saudi player plays a Hashemite 2 OP card with a Saudi modifier of 1, yielding a Saudi target of 3"."""
    state = saudi_turn([18], [3], pieces={"Riyadh": {"Saudi": 1}})  # #18 Aqaba: Hashemite, 2 OP, Saudi modifier 1
    assert "#18 Aqaba: Tribal Conference attempt (target 3)" in texts(state)
    act(state, "#18 Aqaba: Tribal Conference attempt (target 3)")
    attempt = events(state, "conference_attempt")[0]
    assert (attempt["target"], attempt["roll"], attempt["success"]) == (3, 3, True)
    # The piece may come from stock or from the map ("A Tribal Conference action is not an Event").
    assert texts(state) == [
        "place a piece from stock in the Tribal Conference",
        "move a piece from Riyadh to the Tribal Conference",
        "place no piece in the Tribal Conference",
    ]
    act(state, "move a piece from Riyadh to the Tribal Conference")
    assert state.data["tc"] == {"Saudi": 1} and pieces(state, "Riyadh") == {}
    assert state.data["tc_cards"] == [18]  # the card stays in the Tribal Conference space
    assert not events(state, "out_of_turn")  # the Hashemite event does not trigger


def test_placing_no_piece_after_a_successful_attempt_is_said() -> None:
    state = saudi_turn([18], [3], pieces={"Riyadh": {"Saudi": 1}})
    act(state, "#18 Aqaba: Tribal Conference attempt (target 3)")
    act(state, "place no piece in the Tribal Conference")
    assert [e["text"] for e in events(state, "conference_piece_none")] == [
        "Saudi places no piece in the Tribal Conference."
    ]
    assert state.data["tc"] == {}


def test_tribal_conference_fails_above_target_and_is_once_per_era() -> None:
    state = saudi_turn([18, 22], [4])
    act(state, "#18 Aqaba: Tribal Conference attempt (target 3)")
    assert events(state, "conference_attempt")[0]["success"] is False and state.data["tc"] == {}
    # Back to the Saudi in round 2: no second attempt this Era.
    while state.to_act() != [2]:
        act(state, texts(state)[-1])
    assert not any("Tribal Conference attempt" in t for t in texts(state))


def test_stipend_adds_one_to_op_and_to_the_conference_target() -> None:
    state = saudi_turn([18], lasting=[{"card": 37, "owner": "Saudi"}])
    assert "#18 Aqaba: Tribal Conference attempt (target 4)" in texts(state)
    assert any(t.startswith("#18 Aqaba: 3 OP") for t in texts(state))


def test_events_are_optional_and_partial() -> None:
    state = saudi_turn([48])  # Conquest of Asir: place 2 Saudi pieces in Asir (+ a lasting bonus)
    act(state, "#48 Conquest of Asir: event")
    act(state, "#48: place a Saudi piece in Abha")
    act(state, "#48: stop placing")
    act(state, "#48: leave the lasting effect out")
    assert pieces(state, "Abha") == {"Saudi": 1}
    assert state.data["lasting"] == [] and 48 in state.data["removed"]  # used for its event: removed


def test_event_not_eligible_in_this_era_is_not_offered() -> None:
    state = saudi_turn([11])  # Fall of Ha'il: Post-War only
    options = texts(state)
    assert "#11 Fall of Ha'il: event" not in options and "#11 Fall of Ha'il: 3 OP" in options
    with pytest.raises(IllegalAction, match="not a legal action"):
        act(state, "#11 Fall of Ha'il: event")
    state = saudi_turn([11], era=3)
    assert "#11 Fall of Ha'il: event" in texts(state)


def test_opponent_cards_cannot_be_played_as_events() -> None:
    state = saudi_turn([22])
    assert "#22 Emir Abdullah: event" not in texts(state)


def test_a_last_card_with_one_way_to_play_is_still_the_players_to_play() -> None:
    """AS-R30: the Saudi's last card is a Hashemite one and his Tribal Conference is tried, so OP is its only
    use; he is asked all the same, so the others do not learn it before the card shows."""
    state = saudi_turn([22], tc_attempted=["Saudi"])
    assert state.to_act() == [2] and step(state) == "play_card"
    assert len(texts(state)) == 1 and texts(state)[0].startswith("#22 Emir Abdullah: ")
    assert not events(state, "play")


def test_no_piece_is_placed_without_stock() -> None:
    state = saudi_turn([48], pieces={"Riyadh": {"Saudi": 18}})
    act(state, "#48 Conquest of Asir: event")
    assert step(state) == "event_lasting"  # nothing to place: straight to the lasting effect


def test_out_of_turn_event_opponent_acts_first() -> None:
    """AS: Out of turn event — Rasheedi plays Traditional Enemies (#06) for the 2 OP and lets Saudi act first."""
    state = start(
        3,
        [1, 1],
        pieces={"Al-Kharj": {"Saudi": 2}, "Riyadh": {"Rasheedi": 1}, "Ha'il": {"Rasheedi": 2}},
        hands={"Rasheedi": [6], "Saudi": [7], "Hashemite": [22]},
        turn_order=["Rasheedi", "Saudi", "Hashemite"],
        deck=[37],
    )
    assert state.to_act() == [1]
    act(state, "#06 Traditional Enemies: 2 OP, Saudi may execute the event")
    assert texts(state) == [
        "spend the OP first, then Saudi may execute #06 Traditional Enemies",
        "let Saudi decide on #06 Traditional Enemies first",
    ]
    act(state, "let Saudi decide on #06 Traditional Enemies first")
    assert state.to_act() == [2]  # the Saudi decide on their own event
    act(state, "execute the event #06 Traditional Enemies")
    move(state, "Saudi", "Al-Kharj", "Riyadh", 1)
    act(state, "stop moving")
    fight = events(state, "combat")[0]  # the Saudi are the attacker of the combat their event caused
    assert fight["attacker"] == "Saudi" and fight["strengths"] == [1 + 1, 1 + 1]
    assert pieces(state, "Riyadh") == {"Saudi": 1}
    assert state.data["vp"]["Saudi"] == 1  # Great Victory for the Saudi
    # Then the Rasheedi spend their OP.
    assert state.to_act() == [1] and step(state) == "op_use"
    act(state, "move up to 3 pieces")
    act(state, "move a Rasheedi piece from Ha'il")
    assert "to Buraydah (1 MP)" in texts(state)
    act(state, "to Buraydah (1 MP)")
    act(state, "stop moving")
    assert pieces(state, "Buraydah") == {"Rasheedi": 1}
    assert 6 in state.data["removed"]  # used for an event


def test_out_of_turn_event_can_be_declined() -> None:
    state = start(
        3,
        [],
        pieces={"Riyadh": {"Rasheedi": 1}},
        hands={"Rasheedi": [6], "Saudi": [7], "Hashemite": [22]},
        turn_order=["Rasheedi", "Saudi", "Hashemite"],
    )
    act(state, "#06 Traditional Enemies: 2 OP, Saudi may execute the event")
    act(state, "spend the OP first, then Saudi may execute #06 Traditional Enemies")
    assert state.to_act() == [1]
    act(state, "recruit up to 2 pieces")
    act(state, "recruit a Rasheedi piece in Riyadh")
    act(state, "stop recruiting")
    assert state.to_act() == [2] and texts(state) == [
        "execute the event #06 Traditional Enemies",
        "decline the event #06 Traditional Enemies",
    ]
    act(state, "decline the event #06 Traditional Enemies")
    assert 6 in state.data["discard"] and pieces(state, "Riyadh") == {"Rasheedi": 2}


def test_two_player_rasheedi_event_played_by_either_player() -> None:
    state = start(
        2, [], pieces={"Riyadh": {"Saudi": 1}}, hands={"Hashemite": [22], "Saudi": [7]}, rasheedi_display=[35, 29, 36]
    )
    assert state.to_act() == [0]
    options = texts(state)
    assert "#22 Emir Abdullah: discard for the Rasheedi event #35 Darb Zubaydah Caravans" in options
    assert not any("#36" in t for t in options)  # Muhammad bin Talal is Post-War only
    act(state, "#22 Emir Abdullah: discard for the Rasheedi event #35 Darb Zubaydah Caravans")
    assert state.to_act() == [0]  # the Hashemite player places the Rasheedi pieces
    act(state, "#35: place a Rasheedi piece in Ha'il")
    act(state, "#35: place a Rasheedi piece in Ha'il")
    assert pieces(state, "Ha'il") == {"Rasheedi": 2}
    assert 35 in state.data["removed"] and 22 in state.data["discard"]
    assert state.data["rasheedi_display"] == [29, 36]  # not replenished until the End of the Era
    assert state.to_act() == [1]


def test_two_player_set_up() -> None:
    state = start(2, [], seed=3)
    data = state.data
    assert 27 in data["removed"] and 34 in data["removed"]
    assert len(data["rasheedi_display"]) == 3 and len(data["rasheedi_deck"]) == 7
    assert all(25 <= n <= 36 for n in data["rasheedi_display"] + data["rasheedi_deck"])
    assert [len(h) for h in data["hands"].values()] == [7, 7] and len(data["deck"]) == 36 - 14
    assert data["turn_order"] == ["Hashemite", "Saudi"]


def test_recruitment_in_or_adjacent_to_pieces_present_at_the_start() -> None:
    state = saudi_turn([9], pieces={"Riyadh": {"Saudi": 1}})
    act(state, "#09 Treaty of Darin: 2 OP")
    act(state, "recruit up to 2 pieces")
    options = texts(state)
    assert sorted(o.removeprefix("recruit a Saudi piece in ") for o in options[1:]) == sorted(
        ["Riyadh", "Ad-Dahna", "Al-Kharj", "Al-Washm / Shaqra", "Sudair / Majma'ah"]
    )
    act(state, "recruit a Saudi piece in Al-Kharj")
    assert "recruit a Saudi piece in Layla (al-Aflaj)" not in texts(state)  # Al-Kharj was not held at the start
    act(state, "recruit a Saudi piece in Al-Kharj")
    assert pieces(state, "Al-Kharj") == {"Saudi": 2}


def test_recruitment_with_no_pieces_goes_to_one_home_or_rub_al_khali_area() -> None:
    state = saudi_turn([9])
    act(state, "#09 Treaty of Darin: 2 OP")  # nothing to move or attack: recruitment is the only use
    areas = [o.removeprefix("recruit a Saudi piece in ") for o in texts(state)[1:]]
    assert "Riyadh" in areas and "Al Murrah" in areas and "Ha'il" not in areas
    act(state, "recruit a Saudi piece in Al Murrah")
    assert texts(state) == ["stop recruiting", "recruit a Saudi piece in Al Murrah"]  # "any one area"


def test_at_three_players_an_event_offer_names_who_played_the_card() -> None:
    """"the card your opponent played" has two candidates at three players (multi-player QA pass, session 26)."""
    state = ludoteca.load_game("arabian-struggle", players=3).new_state(seed=2)
    chooser = random.Random(2)
    while not state.is_over():
        decision = state.view(None)["decision"]
        if decision and decision["step"] == "event_offer":
            break
        seat = state.to_act()[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    assert decision and decision["step"] == "event_offer"
    played_by = state.data["active"]
    assert decision["prompt"].endswith(f"execute the event of the card {played_by} played for OP, or decline it.")
    assert not decision["prompt"].startswith(f"{played_by}:")
