"""Phases 1, 2 and 4-7, Victory Quality Levels and the two variants, each rule with a fixed position."""

from __future__ import annotations

from ludoteca.games.arabian_struggle import board
from ludoteca.games.arabian_struggle.content import load_content
from ludoteca.games.arabian_struggle.events import place_choices
from ludoteca.games.arabian_struggle.victory import CALIPHATE, KINGDOM, SHEIKDOMS
from tests.games.arabian_struggle.helpers import act, events, pieces, start, step, texts

ALL = list(range(1, 49))


# --------------------------------------------------------------------------- Phase 1 and 2


def test_deal_six_cards_each_in_the_three_player_game() -> None:
    state = start(3, [])
    assert [len(h) for h in state.data["hands"].values()] == [6, 6, 6] and len(state.data["deck"]) == 30
    assert state.data["turn_order"] == ["Hashemite", "Rasheedi", "Saudi"] and state.to_act() == [0]


def test_post_war_equal_deal_keeps_a_card_for_the_draw_pile() -> None:
    """AS: Phase 1 example — 33 of the 48 cards removed: 4 cards each, 3 to the draw pile."""
    state = start(3, [], era=3, removed=ALL[:33])
    assert [len(h) for h in state.data["hands"].values()] == [4, 4, 4] and len(state.data["deck"]) == 3


def test_turn_order_lowest_score_selects_first_saudi_first_on_ties() -> None:
    state = start(3, [], era=2, vp={"Hashemite": 3, "Rasheedi": 1, "Saudi": 1})
    assert step(state) == "turn_order_pick" and state.to_act() == [2]  # Saudi (1 VP) before Rasheedi (1 VP)
    act(state, "take the second place in the turn order")
    assert state.to_act() == [1]
    assert texts(state) == ["take the first place in the turn order", "take the third place in the turn order"]
    act(state, "take the third place in the turn order")
    assert state.data["turn_order"] == ["Hashemite", "Saudi", "Rasheedi"]  # the leader gets what is left


def test_reshuffle_takes_the_discard_pile_but_never_tribal_conference_cards() -> None:
    state = start(3, [], hands={"Saudi": [7], "Hashemite": [16], "Rasheedi": [35]})
    state.data["deck"], state.data["discard"], state.data["tc_cards"] = [], [1, 2], [3]
    drawn = board.draw(state, "a test")
    assert drawn in (1, 2) and state.data["tc_cards"] == [3] and sorted(state.data["deck"] + [drawn]) == [1, 2]
    assert events(state, "reshuffle")


# --------------------------------------------------------------------------- Phase 4


def test_overpopulation_empires_claim_supply_first() -> None:
    state = start(
        3,
        [],
        phase="overpopulation",
        hands={},
        pieces={"Riyadh": {"Saudi": 3, "Ottoman": 1}, "Ha'il": {"Rasheedi": 4}, "Yanbu": {"British": 3}},
        nomads=["Al-Kharj"],
    )
    # The game runs on to the Nomad phase decisions; overpopulation has already been applied.
    assert pieces(state, "Riyadh") == {"Saudi": 2, "Ottoman": 1}  # supply 3: 1 Ottoman, 2 Saudi
    assert pieces(state, "Ha'il") == {"Rasheedi": 3}
    assert pieces(state, "Yanbu") == {"British": 3}  # Empire pieces are never removed (AS-R14)


def test_two_player_rasheedi_are_checked_for_overpopulation() -> None:
    state = start(2, [], phase="overpopulation", hands={}, pieces={"Great Nafud": {"Rasheedi": 3}})
    assert pieces(state, "Great Nafud") == {"Rasheedi": 1}


# --------------------------------------------------------------------------- Phase 5


def test_nomad_order_by_modifier_saudi_first_on_ties() -> None:
    # Card #07: Hashemite 0, Rasheedi 1, Saudi 2 -> Saudi moves 2, then Rasheedi 1; Hashemite none.
    state = start(
        3,
        [6],
        phase="nomad_phase",
        hands={},
        deck=[7],
        nomads=["Great Nafud", "Al Murrah"],
        pieces={"Ha'il": {"Rasheedi": 2}},
    )
    assert events(state, "nomad_card")[0]["order"] == ["Saudi", "Rasheedi", "Hashemite"]
    assert state.to_act() == [2] and "move the Nomad in Great Nafud to Ha'il" in texts(state)
    act(state, "move the Nomad in Great Nafud to Ha'il")
    raid = events(state, "raid")[0]
    assert raid["roll"] == 6 and pieces(state, "Ha'il") == {"Rasheedi": 1}  # a 6 removes one Faction piece
    assert state.to_act() == [2]  # a second Nomad move is still open to the Saudi (modifier 2)
    assert not any(t.startswith("move the Nomad in Ha'il") for t in texts(state))  # a different Nomad
    act(state, "stop moving Nomads")
    assert state.to_act() == [1] and state.data["stack"][-1]["left"] == 1  # then the Rasheedi move 1
    # Ties: card #41 gives Rasheedi 1, Saudi 1, Hashemite 2 -> Hashemite, Saudi, Rasheedi.
    state = start(3, [], phase="nomad_phase", hands={}, deck=[41], nomads=["Great Nafud"])
    assert events(state, "nomad_card")[0]["order"] == ["Hashemite", "Saudi", "Rasheedi"]


def test_only_one_nomad_per_area_and_empires_are_not_raided() -> None:
    state = start(
        3,
        [],
        phase="nomad_phase",
        hands={},
        deck=[7],
        nomads=["Great Nafud", "Ha'il"],
        pieces={"Jabal Shammar": {"Ottoman": 2}},
    )
    assert "move the Nomad in Great Nafud to Ha'il" not in texts(state)
    act(state, "move the Nomad in Ha'il to Jabal Shammar")
    assert not events(state, "raid") and pieces(state, "Jabal Shammar") == {"Ottoman": 2}


def test_two_player_rasheedi_do_not_move_nomads() -> None:
    state = start(2, [], phase="nomad_phase", hands={}, deck=[25], nomads=["Great Nafud"])  # Rasheedi 3, H 1, S 0
    assert events(state, "nomad_card")[0]["order"] == ["Hashemite", "Saudi"]


# --------------------------------------------------------------------------- Phase 6


def test_tribal_conference_scoring_and_ties() -> None:
    state = start(3, [], phase="scoring", hands={}, tc={"Saudi": 2, "Hashemite": 1}, era=1)
    assert state.data["vp"]["Saudi"] == 1
    state = start(3, [], phase="scoring", hands={}, tc={"Saudi": 2, "Hashemite": 2})
    assert state.data["vp"] == {"Hashemite": 0, "Rasheedi": 0, "Saudi": 0}


def test_region_population_with_empire_control_and_nomads() -> None:
    # Najd: Ha'il (2) Rasheedi, Buraydah (1) + Unaizah (1) Saudi, Nomad in Jabal Shammar with Saudi: 3 > 2.
    najd = {"Ha'il": {"Rasheedi": 1}, "Buraydah": {"Saudi": 1}, "Unaizah": {"Saudi": 1}, "Jabal Shammar": {"Saudi": 1}}
    # Ar-Riyadh: Riyadh (2) Saudi but an Ottoman with them controls it; Al-Kharj (1) Hashemite: the Empire leads.
    riyadh = {"Riyadh": {"Saudi": 3, "Ottoman": 1}, "Al-Kharj": {"Hashemite": 1}}
    # Madinah: Madina (2) Hashemite vs Yanbu (1) + Khaybar (1) Rasheedi: a tie, no VP.
    madinah = {"Madina al-Munawwarah": {"Hashemite": 1}, "Yanbu": {"Rasheedi": 1}, "Khaybar": {"Rasheedi": 1}}
    state = start(3, [], phase="scoring", hands={}, pieces={**najd, **riyadh, **madinah}, nomads=["Jabal Shammar"])
    assert state.data["vp"] == {"Hashemite": 0, "Rasheedi": 0, "Saudi": 1}
    assert any(e["region"] == "Ar-Riyadh" for e in events(state, "score_empire"))
    assert any(e["region"] == "Madinah" for e in events(state, "score_tie"))


def test_two_player_rasheedi_block_but_never_score() -> None:
    state = start(2, [], phase="scoring", hands={}, tc={"Rasheedi": 1}, pieces={"Ha'il": {"Rasheedi": 1}})
    assert state.data["vp"]["Rasheedi"] == 0 and len(events(state, "score_none")) == 2


# --------------------------------------------------------------------------- Phase 7 and victory


def test_early_win_by_the_four_key_cities() -> None:
    cities = {c: {"Saudi": 1} for c in ["Ha'il", "Riyadh", "Makkah", "Madina al-Munawwarah"]}
    state = start(3, [], phase="cleanup", hands={}, pieces=cities, vp={"Hashemite": 5})
    assert state.is_over() and state.data["winner"] == "Saudi" and state.data["quality"] == CALIPHATE
    assert state.result()["winners"] == [2]


def test_early_win_by_score_saudi_win_ties_rasheedi_lose() -> None:
    state = start(3, [], phase="cleanup", hands={}, vp={"Hashemite": 12, "Rasheedi": 12, "Saudi": 11})
    assert state.is_over() and state.data["winner"] == "Hashemite"  # Hashemite beats Rasheedi on a tie
    state = start(3, [], phase="cleanup", hands={}, vp={"Hashemite": 12, "Saudi": 12})
    assert state.data["winner"] == "Saudi"
    state = start(2, [], phase="cleanup", hands={}, vp={"Hashemite": 13})  # 2 players: 14 VP needed
    assert not state.is_over()


def test_victory_quality_levels_after_the_post_war_era() -> None:
    state = start(3, [], phase="cleanup", era=3, hands={}, vp={"Hashemite": 8, "Rasheedi": 6, "Saudi": 8})
    assert state.data["winner"] == "Saudi" and state.data["quality"] == SHEIKDOMS  # first - last = 2
    state = start(3, [], phase="cleanup", era=3, hands={}, vp={"Hashemite": 8, "Rasheedi": 5, "Saudi": 9})
    assert state.data["winner"] == "Saudi" and state.data["quality"] == KINGDOM
    state = start(3, [], phase="cleanup", era=3, hands={}, vp={"Hashemite": 6, "Rasheedi": 5, "Saudi": 9})
    assert state.data["quality"] == CALIPHATE  # 3 VP over the second
    result = state.result()
    assert result["ranking"] == [[2], [0], [1]] and result["scores"] == [6, 5, 9]


def test_great_war_reset_and_deck_reset() -> None:
    state = start(
        3,
        [],
        phase="cleanup",
        hands={},
        pieces={"Baghdad": {"Ottoman": 1}, "Amman": {"Ottoman": 1}, "Ma'an": {"Ottoman": 1}, "Jizan": {"British": 1}},
        lasting=[{"card": 37, "owner": "Saudi"}, {"card": 24, "owner": "Hashemite"}],
        discard=[1, 2],
    )
    data = state.data
    assert data["era"] == 2
    for area in ["Baghdad", "Hit", "Um Qasr", "Amman", "Yemen"]:
        assert pieces(state, area) == {"British": 1}
    assert pieces(state, "Ma'an") == {"Ottoman": 1} and data["out_of_game"] == {"Ottoman": 2}
    assert board.stock(state, "Ottoman") == 12 - 1 - 2
    assert 37 in data["removed"] and data["lasting"] == [{"card": 24, "owner": "Hashemite", "duration": "game"}]
    assert sorted(data["deck"] + [n for h in data["hands"].values() for n in h]) == sorted(set(ALL) - {37, 24})


def test_post_war_reset_removes_every_ottoman() -> None:
    state = start(3, [], phase="cleanup", era=2, hands={}, pieces={"Ma'an": {"Ottoman": 2}, "Amman": {"British": 1}})
    assert state.data["era"] == 3 and board.on_map(state, "Ottoman") == 0 and pieces(state, "Amman") == {"British": 1}
    assert board.stock(state, "Ottoman") == 0  # AS-R32: the stock leaves the game too


def test_no_event_brings_the_ottomans_back_after_the_post_war_reset() -> None:
    # AS-R32: #28 Ottoman Troops to Qassim ("Place up to 2 Ottoman pieces in Buraydah and Unaizah") may be played
    # in the Post-War Era: before the reset it offers both areas, after it only to stop placing.
    frame = {"step": "event_place", "card": 28, "index": 0, "faction": "Rasheedi", "seat": 1, "left": 2}
    state = start(3, [], phase="cleanup", era=2, hands={}, pieces={"Buraydah": {"Ottoman": 1}})
    hands = {"Saudi": [1], "Hashemite": [16], "Rasheedi": [35]}
    before = start(3, [], era=2, hands=hands, pieces={"Buraydah": {"Ottoman": 1}})
    assert before.data["era"] == 2
    assert [a.text for a in place_choices(before, frame).actions()] == [
        "#28: stop placing", "#28: place an Ottoman piece in Buraydah", "#28: place an Ottoman piece in Unaizah"]
    assert state.data["era"] == 3 and board.on_map(state, "Ottoman") == 0
    assert [a.text for a in place_choices(state, frame).actions()] == ["#28: stop placing"]


def test_two_player_rasheedi_reinforcement_saudi_first() -> None:
    state = start(
        2,
        [],
        phase="cleanup",
        hands={},
        pieces={"Ha'il": {"Rasheedi": 2}, "Buraydah": {"Saudi": 1}},
        rasheedi_display=[29, 31, 35],
    )
    assert step(state) == "rasheedi_reinforce" and state.to_act() == [1]  # Saudi first
    options = texts(state)
    assert "add a Rasheedi piece in Ha'il" in options and "add a Rasheedi piece in Great Nafud" in options
    assert "add a Rasheedi piece in Buraydah" not in options  # not empty
    act(state, "add a Rasheedi piece in Ha'il")
    assert "add a Rasheedi piece in Ha'il" not in texts(state)  # supply 3 reached
    act(state, "add a Rasheedi piece in Great Nafud")
    assert state.to_act() == [0]
    assert sorted(state.data["removed"]) == [27, 29, 31, 34, 35] and len(state.data["rasheedi_display"]) == 3


# --------------------------------------------------------------------------- variants


def test_historical_deck_puts_this_eras_events_on_top_and_future_events_at_the_bottom() -> None:
    state = start(3, [], variant="historical", phase="round", hands={"Saudi": [7]})
    cards = load_content().cards
    deck = state.data["deck"]
    now = [n for n in deck if cards[n].era_restricted and "pre-war" in cards[n].eras]
    future = [n for n in deck if cards[n].era_restricted and "pre-war" not in cards[n].eras]
    assert deck[: len(now)] == now and deck[len(deck) - len(future) :] == future


def test_draft_keeps_two_and_passes_the_rest() -> None:
    state = start(3, [], variant="draft")
    assert step(state) == "draft_pick" and state.to_act() == [0]
    pool = list(state.data["draft"]["pools"]["Hashemite"])
    assert len(pool) == 6 and state.view(0)["draft"]["pool"] == pool and state.view(1)["draft"]["pool"] != pool
    for _ in range(6):  # each seat keeps 2
        act(state, texts(state)[0])
    assert state.data["draft"]["pools"]["Rasheedi"] == pool[2:]  # passed to the left (the next seat)
    while step(state) == "draft_pick":
        act(state, texts(state)[0])
    assert [len(h) for h in state.data["hands"].values()] == [6, 6, 6]


def test_two_player_draft_does_not_pass_the_seventh_card() -> None:
    state = start(2, [], variant="draft")
    picks = 0
    while step(state) == "draft_pick":
        act(state, texts(state)[0])
        picks += 1
    assert picks == 12 and [len(h) for h in state.data["hands"].values()] == [7, 7]
    assert len([e for e in state.log if e["type"] == "draft_pass"]) == 2
