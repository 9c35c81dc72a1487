"""Movement and Combat: the rulebook's worked example, then each step of Combat Resolution."""

from __future__ import annotations

from tests.games.arabian_struggle.helpers import (
    KHARJ,
    LAYLA,
    act,
    combat_example,
    events,
    move,
    move_into_riyadh,
    pieces,
    spend_on_movement,
    start,
    step,
    texts,
)


def test_worked_example_of_movement_and_combat() -> None:
    state = combat_example([6, 4, 2])
    assert state.to_act() == [2]
    act(state, "#07 Shooting Accident: 2 OP")
    # "using the 2 OP for movement, allowing 3 Saudi pieces (2+1) to move (3 movement points each)"
    assert "move up to 3 pieces" in texts(state)
    act(state, "move up to 3 pieces")
    assert state.data["stack"][-1]["left"] == 3
    # Layla -> Al-Kharj -> Riyadh by road: 2 MP; the pastoral tribe -> Layla -> Al-Kharj -> Riyadh: 3 MP.
    move_into_riyadh(state)
    (fight,) = events(state, "combat")
    assert fight["card"] == 37  # Stipend is drawn
    assert fight["pieces"] == [3, 3] and fight["bonuses"] == [0, 0]  # no events modify the strengths
    assert fight["card_modifiers"] == [1, 1]  # Saudi +1, Rasheedi +1
    assert fight["strengths"] == [4, 4]  # a tie ...
    assert fight["winner"] == "attacker"  # ... won by the attacker (Saudi)
    winner_loss, loser_loss = events(state, "losses")
    assert winner_loss["rolls"] == [6] and winner_loss["lost"] == 1  # Saudi rolls a 6 and loses 1 piece
    assert loser_loss["rolls"] == [4, 2] and loser_loss["lost"] == 2  # Rasheedi: 1 at once, a 4 (another), a 2
    assert pieces(state, "Riyadh") == {"Saudi": 2, "Rasheedi": 1}
    assert not events(state, "great_victory")  # 1 Rasheedi piece survived
    assert events(state, "no_great_victory")
    # "Saudi won the battle but must retreat since enemy units are still in the area."
    assert step(state) == "retreat" and state.to_act() == [2]
    assert sorted(texts(state)) == sorted(
        f"retreat 2 Saudi pieces from Riyadh to {a}"
        for a in ["Ad-Dahna", KHARJ, "Al-Washm / Shaqra", "Sudair / Majma'ah"]
    )
    act(state, f"retreat 2 Saudi pieces from Riyadh to {KHARJ}")
    assert pieces(state, KHARJ) == {"Saudi": 2} and pieces(state, "Riyadh") == {"Rasheedi": 1}
    assert state.data["vp"] == {"Hashemite": 0, "Rasheedi": 0, "Saudi": 0}
    assert state.data["discard"] == [37, 7]  # the combat card and the OP card
    assert state.to_act() == [0]  # the Hashemite turn follows


def test_movement_stops_on_entering_opposing_pieces_but_not_empire_areas() -> None:
    state = combat_example([], pieces={LAYLA: {"Saudi": 1}, KHARJ: {"Rasheedi": 1}, "Riyadh": {}})
    spend_on_movement(state)
    act(state, f"move a Saudi piece from {LAYLA}")
    options = texts(state)
    assert f"to {KHARJ} (1 MP)" in options
    assert not any("to Riyadh" in o for o in options)  # Al-Kharj holds Rasheedi: stop there
    state = combat_example([], pieces={LAYLA: {"Saudi": 1}, KHARJ: {"Ottoman": 1}, "Riyadh": {}})
    spend_on_movement(state)
    act(state, f"move a Saudi piece from {LAYLA}")
    assert "to Riyadh (2 MP)" in texts(state)


def test_off_road_movement_costs_two_points() -> None:
    state = start(3, [], pieces={"Ha'il": {"Rasheedi": 1}}, hands={"Rasheedi": [35], "Hashemite": [], "Saudi": [7]})
    act(state, "#35 Darb Zubaydah Caravans: 1 OP")
    act(state, "move up to 2 pieces")
    act(state, "move a Rasheedi piece from Ha'il")
    options = texts(state)
    assert "to Great Nafud (2 MP)" in options  # off road: 2
    assert "to Buraydah (1 MP)" in options  # road: 1
    assert "to Unaizah (2 MP)" in options  # two roads
    assert not any("to Al-Jawf" in o for o in options)  # off road twice: 4 > 3


def test_zero_op_card_cannot_move() -> None:
    # British Budget Cuts (#27) in play: -1 OP to Hashemite and Saudi cards; a 1-OP card becomes 0.
    state = start(
        3,
        [],
        pieces={"Riyadh": {"Saudi": 1}},
        hands={"Saudi": [45], "Hashemite": [], "Rasheedi": []},
        lasting=[{"card": 27, "owner": "Rasheedi"}],
    )
    assert "#45 Uqair Protocol: 0 OP" in texts(state)
    act(state, "#45 Uqair Protocol: 0 OP")
    assert events(state, "play")[-1]["op"] == 0
    assert not any(e["type"] in ("move", "recruit") for e in state.log)


def test_loser_keeps_rolling_until_a_one_to_three() -> None:
    # Saudi 4 attack Rasheedi 1 in Riyadh; card #01 (Saudi +3, Rasheedi +1): 7 against 2.
    state = combat_example([5, 4, 5, 2], pieces={"Al-Kharj": {"Saudi": 4}, "Riyadh": {"Rasheedi": 3}}, deck=[1])
    spend_on_movement(state)
    for _ in range(3):
        move(state, "Saudi", KHARJ, "Riyadh", 1)
    fight = events(state, "combat")[0]
    assert fight["strengths"] == [3 + 3, 3 + 1] and fight["winner"] == "attacker"
    winner_loss, loser_loss = events(state, "losses")
    assert winner_loss["rolls"] == [5] and winner_loss["lost"] == 1  # 5-6: the winner loses one
    assert loser_loss["rolls"] == [4, 5] and loser_loss["lost"] == 3  # 1 at once, then 4 and 5; out of pieces
    assert pieces(state, "Riyadh") == {"Saudi": 2}  # all enemy pieces removed: the attacker stays
    assert state.data["vp"]["Saudi"] == 1 and events(state, "great_victory")  # AS-R3


def test_a_winner_whose_own_loss_roll_takes_its_last_piece_still_earns_the_great_victory() -> None:
    # AS-R3: Saudi 1 attacks Rasheedi 1 in Riyadh with card #01 (Saudi +3, Rasheedi +1): 4 against 2. The winner
    # rolls a 5 and loses its only piece; the loser loses its only piece at once. The combat was won at step 3.
    state = combat_example([5], pieces={"Al-Kharj": {"Saudi": 1}, "Riyadh": {"Rasheedi": 1}}, deck=[1])
    spend_on_movement(state)
    move(state, "Saudi", KHARJ, "Riyadh", 1)
    assert events(state, "combat")[0]["winner"] == "attacker"
    assert pieces(state, "Riyadh") == {}
    assert state.data["vp"]["Saudi"] == 1 and events(state, "great_victory")


def test_lasting_event_modifies_combat_strength() -> None:
    # Mubarak al Sabah in play for the Saudi: +1 in any combat in Kuwait.
    state = combat_example(
        [1, 1],
        pieces={"Al-Jahra": {"Saudi": 1}, "Kuwait City": {"Rasheedi": 1}},
        deck=[37],
        lasting=[{"card": 4, "owner": "Saudi"}],
    )
    spend_on_movement(state)
    move(state, "Saudi", "Al-Jahra", "Kuwait City", 1)
    fight = events(state, "combat")[0]
    assert fight["bonuses"] == [1, 0] and fight["strengths"] == [1 + 1 + 1, 1 + 0 + 1]


def test_losing_attacker_claims_the_area_when_the_sole_defender_dies() -> None:
    # Saudi 2 attack Rasheedi 1 with card #25 (Rasheedi +3, Saudi 0): 2 against 4, the defender wins,
    # then rolls a 6 and loses its only piece; the Saudi lose 1 and roll a 1: one Saudi piece claims Riyadh.
    state = combat_example([6, 1], pieces={"Al-Kharj": {"Saudi": 2}, "Riyadh": {"Rasheedi": 1}}, deck=[25])
    spend_on_movement(state)
    move(state, "Saudi", KHARJ, "Riyadh", 1)
    move(state, "Saudi", KHARJ, "Riyadh", 1)
    assert events(state, "combat")[0]["winner"] == "defender"
    assert pieces(state, "Riyadh") == {"Saudi": 1}
    assert not events(state, "great_victory") and state.data["vp"]["Saudi"] == 0  # still not the winner


def test_attacker_with_no_retreat_loses_all_its_pieces() -> None:
    # Mubarak al Sabah puts a Saudi piece in Kuwait City (2 Rasheedi); every neighbour holds Rasheedi pieces.
    # Saudi 1 + 1 (lasting) + 1 (Stipend) = 3 against 2 + 1 = 3: the attacker wins, rolls 1; the Rasheedi lose 1
    # and roll 1. One Rasheedi piece survives, so the Saudi must retreat, and cannot.
    ring = {area: {"Rasheedi": 1} for area in ["'Ajman", "Al-Jahra", "Jubail", "Um Qasr"]}
    state = combat_example(
        [1, 1],
        pieces={**ring, "Kuwait City": {"Rasheedi": 2}},
        hands={"Saudi": [4], "Hashemite": [22], "Rasheedi": [35]},
        deck=[37],
    )
    act(state, "#04 Mubarak al Sabah: event")
    assert texts(state) == ["#04: stop placing", "#04: place a Saudi piece in Kuwait City"]  # no Ottoman in Dahran
    act(state, "#04: place a Saudi piece in Kuwait City")
    act(state, "#04: put the lasting effect in play (until the end of the Era)")
    fight = events(state, "combat")[0]
    assert fight["strengths"] == [3, 3] and fight["winner"] == "attacker"
    assert events(state, "retreat_lost") and pieces(state, "Kuwait City") == {"Rasheedi": 1}
    assert state.data["lasting"] == [{"card": 4, "owner": "Saudi", "duration": "era"}]
    assert 4 not in state.data["removed"]  # in front of its owner until it expires


def test_retreat_may_go_to_an_empire_only_area() -> None:
    state = combat_example(
        [1, 1],
        pieces={
            "Al-Kharj": {"Saudi": 2},
            "Riyadh": {"Rasheedi": 2},
            "Ad-Dahna": {"Ottoman": 1},
            "Sudair / Majma'ah": {"Hashemite": 1},
        },
        deck=[37],
    )
    spend_on_movement(state)
    move(state, "Saudi", KHARJ, "Riyadh", 1)
    move(state, "Saudi", KHARJ, "Riyadh", 1)
    options = texts(state)
    assert any(o.endswith("to Ad-Dahna") for o in options)  # Empire only: friendly
    assert any(o.endswith(f"to {KHARJ}") for o in options)  # empty
    assert not any(o.endswith("to Sudair / Majma'ah") for o in options)  # opposing Faction


def test_attacking_empire_pieces_costs_one_op_per_area_and_is_at_discretion() -> None:
    state = start(
        3,
        [1, 1],
        pieces={
            "Dahran": {"Saudi": 2, "Ottoman": 1},
            "Hofuf (al-Hasa)": {"Saudi": 1, "Ottoman": 1},
            "Qatif": {"Saudi": 1, "Ottoman": 1, "Hashemite": 1},
        },
        hands={"Saudi": [45, 7], "Hashemite": [22], "Rasheedi": [35]},
        turn_order=["Saudi", "Hashemite", "Rasheedi"],
        deck=[37, 37 + 1],
    )
    act(state, "#07 Shooting Accident: 2 OP")
    act(state, "attack Empire pieces in up to 2 areas")
    options = texts(state)
    assert "attack the Ottoman pieces in Dahran (1 OP)" in options
    assert not any("Qatif" in o for o in options)  # an opposing Faction is there: it must be fought instead
    act(state, "attack the Ottoman pieces in Dahran (1 OP)")
    assert "attack the Ottoman pieces in Dahran (1 OP)" not in texts(state)  # each area once
    act(state, "stop choosing attacks")
    # Combats: Dahran (Empire attack) and Qatif (the Hashemite there); the attacker picks the order.
    assert sorted(texts(state)) == ["resolve the combat in Dahran", "resolve the combat in Qatif"]
    act(state, "resolve the combat in Dahran")
    fight = events(state, "combat")[0]
    assert fight["defenders"] == ["Ottoman"] and fight["card_modifiers"] == [1, 1]  # Stipend: Saudi 1, Ottoman 1
