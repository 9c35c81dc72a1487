"""The bots' evaluation (``evaluation.py``) reads the position as the rules will score it."""

from __future__ import annotations

from tests.games.arabian_struggle.helpers import SEATS3, start


def test_an_even_position_leans_the_way_ties_are_broken() -> None:
    """AS-R18: tied scores go to the Saudi, never to the Rasheedi; with nothing else to tell them apart the
    estimates are ordered that way, and each stays under the even 0.5 of the one it loses ties to."""
    state = start(3, vp={"Hashemite": 5, "Rasheedi": 5, "Saudi": 5})
    estimate = state.evaluate_all()
    saudi, hashemite, rasheedi = (estimate[SEATS3[f]] for f in ("Saudi", "Hashemite", "Rasheedi"))
    assert saudi > 0.5 > hashemite > rasheedi


def test_the_tie_order_never_outweighs_a_victory_point() -> None:
    """One VP ahead beats the tie order: the Hashemite on 6 leads the Saudi on 5."""
    state = start(3, vp={"Hashemite": 6, "Rasheedi": 5, "Saudi": 5})
    estimate = state.evaluate_all()
    assert estimate[SEATS3["Hashemite"]] > 0.5 > estimate[SEATS3["Saudi"]]


def test_two_players_break_ties_for_the_saudi_too() -> None:
    state = start(2, vp={"Hashemite": 4, "Saudi": 4})
    hashemite, saudi = state.evaluate_all()  # 2 players: seat 0 Hashemite, seat 1 Saudi
    assert saudi > 0.5 > hashemite
