"""What the table is shown (issue #20): combat previews that match the resolution, the Tribal Conference
stakes, the places of the log's moves, the log saying each thing once, and the end-of-game breakdown."""

from __future__ import annotations

import random

import pytest

import ludoteca
from ludoteca.games.arabian_struggle import board, combat
from ludoteca.games.arabian_struggle.presentation import load_help, static_data
from ludoteca.games.arabian_struggle.victory import CALIPHATE, KINGDOM, SHEIKDOMS
from tests.games.arabian_struggle.helpers import act, events, start, step

KUWAIT = "Kuwait City"


def two_combats(deck: list[int], dice: list[int]):
    """Saudi (seat 2) ends a recruitment turn with Rasheedi in Kuwait City and Hashemite in Riyadh; #04
    Mubarak al Sabah is in effect for the Saudi (+1 in any combat in Kuwait)."""
    state = start(
        3,
        dice,
        pieces={KUWAIT: {"Saudi": 2, "Rasheedi": 1}, "Riyadh": {"Saudi": 1, "Hashemite": 2}},
        hands={"Saudi": [7], "Hashemite": [22], "Rasheedi": [35]},
        turn_order=["Saudi", "Hashemite", "Rasheedi"],
        lasting=[{"card": 4, "owner": "Saudi"}],
        deck=deck,
    )
    act(state, "#07 Shooting Accident: 2 OP")
    act(state, "recruit up to 2 pieces")
    act(state, "stop recruiting")
    assert step(state) == "combat_choose"
    return state


def test_the_combat_preview_is_what_the_combat_resolves() -> None:
    # #37 Stipend: Saudi +1, Rasheedi +1 (AS: Example of Movement and Combat).
    state = two_combats(deck=[37], dice=[1, 2])
    views = [state.view(seat)["conflicts"]["combats"] for seat in (0, 1, 2, None)]
    assert all(v == views[0] for v in views)  # public: every seat and a spectator see the same figures
    by_area = {c["area"]: c for c in views[0]}
    assert set(by_area) == {KUWAIT, "Riyadh"} and all(c["chosen"] for c in views[0])
    kuwait = by_area[KUWAIT]
    assert kuwait["attacker"] == "Saudi" and kuwait["defenders"] == ["Rasheedi"]
    assert kuwait["pieces"] == [2, 1]
    assert kuwait["bonuses"] == [1, 0] and kuwait["bonus_cards"] == [[[4, 1]], []]  # #04 in Kuwait
    assert kuwait["before_card"] == [3, 1] and kuwait["needs"] == -2
    riyadh = by_area["Riyadh"]
    assert riyadh["defenders"] == ["Hashemite"] and riyadh["bonuses"] == [0, 0] and riyadh["needs"] == 1

    act(state, f"resolve the combat in {KUWAIT}")  # then Riyadh, the only one left, is resolved
    fights = events(state, "combat")
    assert [f["area"] for f in fights] == [KUWAIT, "Riyadh"] and fights[0]["card"] == 37
    for fought, shown in zip(fights, (kuwait, riyadh), strict=True):
        assert fought["defenders"] == shown["defenders"]
        assert fought["pieces"] == shown["pieces"] and fought["bonuses"] == shown["bonuses"]
        strengths = [b + c for b, c in zip(shown["before_card"], fought["card_modifiers"], strict=True)]
        assert fought["strengths"] == strengths
        margin = fought["card_modifiers"][0] - fought["card_modifiers"][1]
        assert (fought["winner"] == "attacker") == (margin >= shown["needs"])


def test_the_chance_is_counted_over_the_cards_that_may_be_drawn() -> None:
    state = two_combats(deck=[37], dice=[1, 2])
    pool = combat.unseen_cards(state)
    # the draw pile and every hand (their order and owners are hidden), not the piles face up
    data = state.data
    assert sorted(pool) == sorted(data["deck"] + [n for h in data["hands"].values() for n in h])
    assert 4 not in pool and 7 not in pool  # in effect / in play
    riyadh = combat.preview(state, "Riyadh", "Saudi")
    wins = [n for n in pool if board.card(n).modifiers["Saudi"] - board.card(n).modifiers["Hashemite"] >= 1]
    assert riyadh["cards"] == len(pool) and riyadh["attacker_chance"] == pytest.approx(len(wins) / len(pool))


def test_with_no_card_to_draw_the_preview_is_certain() -> None:
    state = two_combats(deck=[], dice=[1, 2])
    state.data["deck"], state.data["discard"] = [], []
    assert combat.preview(state, "Riyadh", "Saudi")["attacker_chance"] == 0.0  # 1 against 2, no card
    assert combat.preview(state, KUWAIT, "Saudi")["attacker_chance"] == 1.0


def test_empire_attacks_are_previewed_while_they_are_chosen() -> None:
    state = start(
        3,
        [],
        pieces={"Madina al-Munawwarah": {"Hashemite": 2, "Ottoman": 1}},
        hands={"Hashemite": [19], "Saudi": [7], "Rasheedi": [35]},
        turn_order=["Hashemite", "Saudi", "Rasheedi"],
    )
    act(state, "#19 Railway Demolitions: 2 OP")
    act(state, "attack Empire pieces in up to 2 areas")
    (offered,) = state.view(None)["conflicts"]["combats"]
    assert offered["area"] == "Madina al-Munawwarah" and offered["defenders"] == ["Ottoman"]
    assert offered["chosen"] is False and offered["pieces"] == [2, 1]


def test_the_tribal_conference_target_is_shown_to_its_seat_only() -> None:
    state = start(
        3,
        [2],
        hands={"Saudi": [7, 11], "Hashemite": [22], "Rasheedi": [35]},
        turn_order=["Saudi", "Hashemite", "Rasheedi"],
        tc={"Hashemite": 2, "Rasheedi": 1},
    )
    mine = state.view(2)["conflicts"]["conference"]
    assert mine["pieces"] == {"Hashemite": 2, "Rasheedi": 1} and mine["leader"] == "Hashemite"
    assert set(mine["targets"]) == {"7", "11"}
    for seat in (0, 1, None):  # another seat's hand is not told through its targets
        assert state.view(seat)["conflicts"]["conference"]["targets"] is None
    target = mine["targets"]["11"]
    act(state, f"#11 Fall of Ha'il: Tribal Conference attempt (target {target})")
    (attempt,) = events(state, "conference_attempt")
    assert attempt["target"] == target and attempt["roll"] == 2


def play(players: int, variant: str, seed: int) -> ludoteca.State:
    state = ludoteca.load_game("arabian-struggle", players=players, options={"variant": variant}).new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, state.random_action(seat, rng))
    return state


@pytest.mark.parametrize(("players", "variant"), [(2, "standard"), (3, "historical"), (3, "draft"), (2, "draft")])
def test_moves_in_the_log_carry_their_seat_and_places(players: int, variant: str) -> None:
    state = play(players, variant, seed=11)
    names = set(board.content().areas)
    placed = {"move", "recruit", "combat", "losses", "retreat", "event_place", "event_remove", "nomad_move"}
    for event in state.log:
        if event["type"] in placed:
            assert event["area"] in names, event
            if "to" in event:
                assert event["to"] in names, event
        if event["type"] in ("move", "recruit", "play", "turn_order_pick", "conference_attempt"):
            assert isinstance(event.get("seat"), int), event
        if event["type"] == "turn_order_pick":
            assert event["place"] in range(players)


def test_the_log_says_each_thing_once() -> None:
    state = play(3, "standard", seed=3)
    kinds = [e["type"] for e in state.log]
    assert "turn_order_pick" in kinds and kinds.count("turn_order") == 1  # only the Pre-War order is stated
    for event in events(state, "no_great_victory"):  # said only when the attacker won
        before = [e for e in state.log[: state.log.index(event)] if e["type"] == "combat"][-1]
        assert before["winner"] == "attacker"
    assert not any(" a O" in e["text"] or " a A" in e["text"] for e in state.log)
    # no two lines alike in a row (two pieces placed in one area, two passes of a draft: each said once, counted)
    for kind in ("overpopulation", "draft_pass"):
        for one, two in zip(state.log, state.log[1:], strict=False):
            assert not (one["type"] == two["type"] == kind and one["text"] == two["text"]), one["text"]


def test_overpopulation_is_said_once_per_area_with_its_count() -> None:
    state = start(2, [], phase="overpopulation", hands={}, pieces={"Great Nafud": {"Rasheedi": 3}})
    lines = [e for e in events(state, "overpopulation") if e["area"] == "Great Nafud"]
    assert len(lines) == 1 and lines[0]["removed"] == 2  # supply 1: two of the three go, said in one line
    assert "2 Rasheedi pieces are removed" in lines[0]["text"]


def check_breakdown(state: ludoteca.State) -> dict:
    result = state.result()
    rows = result["breakdown"]["rows"]
    assert rows[-1]["label"] == "Final VP" and rows[-1]["values"] == result["scores"]
    numbers = [r for r in rows if r["label"].endswith("Era") or r["label"] == "VP at the start"]
    for seat, score in enumerate(result["scores"]):
        assert sum(r["values"][seat] for r in numbers if isinstance(r["values"][seat], int)) == score
    for row in rows:
        assert len(row["values"]) == state.game.players
    # the ranking follows the deciding row (the tie order breaks ties), but for a key-city winner
    final = rows[-1]["values"]
    ranked = [seat for (seat,) in result["ranking"]]
    rest = ranked[1:] if result["how"] == "all four key cities" else ranked
    assert [final[s] for s in rest] == sorted((final[s] for s in rest), reverse=True)
    return result


@pytest.mark.parametrize(
    ("players", "variant", "seed"), [(2, "standard", 1), (2, "historical", 2), (3, "draft", 3), (3, "historical", 4)]
)
def test_a_finished_game_explains_its_score(players: int, variant: str, seed: int) -> None:
    state = play(players, variant, seed)
    result = check_breakdown(state)
    notes = " ".join(result["breakdown"]["notes"])
    assert f"Victory level: {result['quality']}" in notes
    assert ("Rasheedi are not played" in notes) == (players == 2)
    assert ("Variant" in notes) == (variant != "standard")
    era_gains = [sum(state.data["era_vp"][k].values()) for k in range(3)]
    assert sum(era_gains) == sum(state.data["vp"].values())


def test_a_scripted_end_breaks_the_tie_and_names_the_level() -> None:
    """Post-War scoring: the Saudi alone hold Riyadh (Ar-Riyadh's population: +1 VP in the Post-War Era) and
    draw level with the Hashemite on 6 VP; the Saudi win the tie, first and last 3 VP apart: Arabian Kingdom."""
    state = start(
        3, [], era=3, phase="scoring", vp={"Saudi": 5, "Hashemite": 6, "Rasheedi": 3}, pieces={"Riyadh": {"Saudi": 1}}
    )
    assert state.is_over()
    result = check_breakdown(state)
    rows = {r["label"]: r["values"] for r in result["breakdown"]["rows"]}
    assert rows["Faction"] == ["Hashemite", "Rasheedi", "Saudi"]  # the seats' columns, named
    assert rows["VP at the start"] == [6, 3, 5]  # Hashemite, Rasheedi, Saudi
    assert rows["Post-War Era"] == [0, 0, 1]
    assert rows["Final VP"] == [6, 3, 6]
    assert result["winner"] == "Saudi" and result["ranking"] == [[2], [0], [1]]
    assert result["quality"] == KINGDOM
    notes = result["breakdown"]["notes"]
    assert any("Hashemite tie on 6 VP: Saudi ranks first" in n for n in notes)
    assert any(n.startswith(f"Victory level: {KINGDOM} (Better)") for n in notes)


@pytest.mark.parametrize(
    ("vp", "level"),
    [({"Saudi": 8, "Hashemite": 4, "Rasheedi": 3}, CALIPHATE), ({"Saudi": 4, "Hashemite": 3}, SHEIKDOMS)],
)
def test_the_victory_levels_are_explained(vp: dict[str, int], level: str) -> None:
    players = len(vp)
    state = start(players, [], era=3, phase="cleanup", vp=vp)
    result = check_breakdown(state)
    assert result["quality"] == level
    assert any(n.startswith(f"Victory level: {level}") for n in result["breakdown"]["notes"])


def test_rules_help_for_the_map_and_tracks() -> None:
    help_ = load_help()
    for key in ("key_city", "british_flag", "supply", "population", "road", "track", "turn_order", "nomad"):
        assert help_[key]["title"] and help_[key]["text"]
    assert static_data({})["help"] == help_
