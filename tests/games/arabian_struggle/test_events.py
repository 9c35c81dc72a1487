"""Execute Event: the effect vocabulary (place, remove, Tribal Conference, lasting effects, retreat overrides)
and the one named effect, plus the Historical variant at the Reset Draw Decks step."""

from __future__ import annotations

from ludoteca.games.arabian_struggle import board
from ludoteca.games.arabian_struggle.content import load_content
from tests.games.arabian_struggle.helpers import act, events, pieces, start, texts

SAUDI_FIRST = ["Saudi", "Hashemite", "Rasheedi"]


def saudi(hand: list[int], dice: list[int] | None = None, **extra: object):
    scenario = {"hands": {"Saudi": hand, "Hashemite": [16], "Rasheedi": [35]}, "turn_order": SAUDI_FIRST}
    scenario.update(extra)
    return start(3, dice or [], **scenario)


def test_remove_from_a_region_with_own_pieces_present() -> None:
    """#07 Shooting Accident: "Remove 1 Rasheedi piece from a region with at least 1 Saudi piece present"."""
    state = saudi([7], pieces={"Riyadh": {"Saudi": 1}, "Al-Kharj": {"Rasheedi": 2}, "Ha'il": {"Rasheedi": 1}})
    act(state, "#07 Shooting Accident: event")
    assert texts(state) == ["#07: stop removing", "#07: remove a Rasheedi piece from Al-Kharj"]
    act(state, "#07: remove a Rasheedi piece from Al-Kharj")
    assert pieces(state, "Al-Kharj") == {"Rasheedi": 1} and board.stock(state, "Rasheedi") == 18 - 2
    assert state.to_act() == [0]  # one piece only: the event is over


def test_an_event_stopped_short_says_so() -> None:
    """An "up to" effect is optional piece by piece; stopping it was silent, and the table could not tell why
    nothing happened."""
    state = saudi([7], pieces={"Riyadh": {"Saudi": 1}, "Al-Kharj": {"Rasheedi": 2}})
    act(state, "#07 Shooting Accident: event")
    act(state, "#07: stop removing")
    assert [e["text"] for e in events(state, "event_stop")] == ["Shooting Accident: Saudi removes no Rasheedi pieces."]
    assert pieces(state, "Al-Kharj") == {"Rasheedi": 2}


def test_event_adds_tribal_conference_pieces_from_stock_and_a_lasting_op_bonus() -> None:
    state = saudi([9, 3], pieces={"Riyadh": {"Saudi": 1}})
    act(state, "#09 Treaty of Darin: event")
    act(state, "#09: add a Saudi piece to the Tribal Conference")
    assert state.data["tc"] == {"Saudi": 1} and pieces(state, "Riyadh") == {"Saudi": 1}  # from stock, not the map
    act(state, "#09: put the lasting effect in play (until the end of the Era)")
    assert state.data["lasting"] == [{"card": 9, "owner": "Saudi", "duration": "era"}]
    assert board.effective_op(state, 3, "Saudi") == 3 and board.effective_op(state, 3, "Hashemite") == 2


def test_retreat_override_makes_empire_defenders_retreat_at_random() -> None:
    # Ikhwan (#05) in play for the Saudi. Saudi 3 attack Ottoman 2 in Dahran; card #01: Saudi +3, Ottoman +2:
    # 6 against 4. Saudi roll 1; the Ottomans lose 1 and roll 1. The surviving Ottoman retreats instead of the
    # Saudi, to a random adjacent area without Faction pieces: a d3 scripted to 2 = Qatif.
    state = saudi(
        [7],
        [1, 1, 2],
        pieces={"Dahran": {"Saudi": 3, "Ottoman": 2}},
        deck=[1],
        lasting=[{"card": 5, "owner": "Saudi"}],
    )
    act(state, "#07 Shooting Accident: 2 OP")
    act(state, "attack Empire pieces in up to 2 areas")
    act(state, "attack the Ottoman pieces in Dahran (1 OP)")
    fight = events(state, "combat")[0]
    assert fight["strengths"] == [6, 4] and fight["defenders"] == ["Ottoman"]
    assert pieces(state, "Dahran") == {"Saudi": 3} and pieces(state, "Qatif") == {"Ottoman": 1}
    assert not events(state, "great_victory")  # the defender survived (it retreated)


def test_named_effect_shammar_raiders_moves_nomads_that_raid() -> None:
    state = start(
        3,
        [6],
        pieces={"Ha'il": {"Saudi": 2}},
        nomads=["Great Nafud"],
        hands={"Rasheedi": [29], "Saudi": [7], "Hashemite": [16]},
        turn_order=["Rasheedi", "Saudi", "Hashemite"],
    )
    act(state, "#29 Shammar Raiders: event")
    assert state.to_act() == [1]
    act(state, "move the Nomad in Great Nafud to Ha'il")
    assert events(state, "raid")[0]["roll"] == 6 and pieces(state, "Ha'il") == {"Saudi": 1}


def test_key_cities_need_control_an_empire_piece_blocks_it() -> None:
    cities = {c: {"Saudi": 1} for c in ["Ha'il", "Riyadh", "Makkah"]}
    cities["Madina al-Munawwarah"] = {"Saudi": 1, "Ottoman": 1}
    state = start(3, [], phase="cleanup", hands={}, pieces=cities)
    assert not state.is_over() and state.data["era"] == 2


def test_historical_variant_restacks_the_deck_at_each_reset() -> None:
    state = start(3, [], variant="historical", phase="cleanup", hands={})
    cards = load_content().cards
    data = state.data
    formed = data["hands"]["Hashemite"] + data["hands"]["Rasheedi"] + data["hands"]["Saudi"] + data["deck"]
    now = [n for n in formed if cards[n].era_restricted and "great-war" in cards[n].eras]
    later = [n for n in formed if cards[n].era_restricted and cards[n].eras == ("post-war",)]
    assert formed[: len(now)] == now and formed[len(formed) - len(later) :] == later
    assert any(e["type"] == "historical_deck" for e in state.log)
