"""The log reads like the rulebook (issue #22): a combat is announced before its card, then the card and the dice.

The rulebook's Example of Movement and Combat, and a combat with an in-effect card, replayed with scripted dice.
"""

from __future__ import annotations

from tests.games.arabian_struggle.helpers import act, combat_example, move, move_into_riyadh, spend_on_movement, texts


def _combat_lines(state) -> list[str]:
    kinds = ("combat_announced", "combat", "losses", "great_victory", "no_great_victory")
    return [e["text"] for e in state.log if e["type"] in kinds]


def test_the_worked_example_announces_the_combat_then_the_card_the_dice_and_the_result() -> None:
    """AS: Example of Movement and Combat — 3 Saudi against 3 Rasheedi in Riyadh, Stipend drawn (+1 each)."""
    state = combat_example([6, 4, 2])
    spend_on_movement(state)
    move_into_riyadh(state)
    assert _combat_lines(state) == [
        "Combat in Riyadh: Saudi attacks Rasheedi, 3 pieces against 3 pieces; a card is drawn for the modifiers "
        "and the attacker wins ties.",
        "Combat in Riyadh: card #37 Stipend; Saudi 3 +1 = 4 against Rasheedi 3 +1 = 4: Saudi wins.",
        "Saudi (winner) rolls 6: 1 piece lost.",
        "Rasheedi (loser) loses 1 piece, then rolls 4 and 2: 2 pieces lost in all.",
        "No Great Victory: 1 Rasheedi piece survived.",
    ]
    assert "retreat 2 Saudi pieces from Riyadh to Al-Kharj" in texts(state)


def test_an_in_effect_card_is_named_where_the_strength_comes_from() -> None:
    """Mubarak al Sabah (#04) gives the Saudi +1 in Kuwait: the announcement says so before the card is drawn."""
    state = combat_example(
        [1, 1],
        pieces={"Al-Jahra": {"Saudi": 1}, "Kuwait City": {"Rasheedi": 1}},
        deck=[37],
        lasting=[{"card": 4, "owner": "Saudi"}],
    )
    spend_on_movement(state)
    move(state, "Saudi", "Al-Jahra", "Kuwait City", 1)
    assert _combat_lines(state) == [
        "Combat in Kuwait City: Saudi attacks Rasheedi, 1 piece +1 (#04 Mubarak al Sabah) = 2 against 1 piece; "
        "a card is drawn for the modifiers and the attacker wins ties.",
        "Combat in Kuwait City: card #37 Stipend; Saudi 2 +1 = 3 against Rasheedi 1 +1 = 2: Saudi wins.",
        "Saudi (winner) rolls 1: no pieces lost.",
        "Rasheedi (loser) loses 1 piece and has none left.",
        "Great Victory: Saudi earns 1 VP.",
    ]


def test_one_op_offers_one_piece_and_one_area() -> None:
    """A 1-OP play next to an Ottoman piece: "up to 1 piece", "up to 1 area" (the log had "1 pieces")."""
    hands = {"Saudi": [8], "Hashemite": [22], "Rasheedi": [35]}
    state = combat_example([], hands=hands, pieces={"Dahran": {"Saudi": 1, "Ottoman": 1}})
    (one_op,) = [t for t in texts(state) if t.endswith(": 1 OP")]
    act(state, one_op)
    assert texts(state) == ["recruit up to 1 piece", "move up to 2 pieces", "attack Empire pieces in up to 1 area"]
