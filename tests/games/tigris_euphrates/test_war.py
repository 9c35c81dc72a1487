"""Wars (external conflicts): seed note point 4, edge cases 8, 9 and 11 (reference §1.8)."""

from __future__ import annotations

import pytest

from tests.games.tigris_euphrates.helpers import (
    act,
    cell,
    commit_nothing,
    events,
    hand,
    leader,
    nonzero,
    start,
    step,
    texts,
    to_act,
)

# One black war on row 5. Left kingdom A (seat 0): E5 temple, black F5 and E4, king E6.
# Right kingdom B (seat 1): black H5, temple I5, king J5. G5 joins them.
#        E     F     G     H     I     J
#  4     k
#  5     r     k    (G5)   k     r    K1
#  6    K0
BLACK_WAR = {
    "cells": {"E5": "red", "F5": "black", "E4": "black", "H5": "black", "I5": "red"},
    "leaders": [{"king": "E6"}, {"king": "J5"}],
}


def _black_war(hand0: list[str], hand1: list[str]):
    state = start(2, hands=[hand0, hand1], bag=["green"] * 20, **BLACK_WAR)
    act(state, "place black on G5")
    return state


def test_supporters_and_commitments() -> None:
    """Seed note 4: supporters are the connected tiles of the leader's colour; attacker commits first."""
    state = _black_war(["black", "black", "black"], ["black", "black"])
    assert step(state) == "war_commit" and to_act(state) == 0
    assert texts(state) == ["commit no tiles", "commit 1 black", "commit 2 black"]
    act(state, "commit no tiles")
    assert to_act(state) == 1 and texts(state) == ["commit no tiles", "commit 1 black", "commit 2 black"]
    act(state, "commit no tiles")
    war = events(state, "war")[0]
    assert war["strengths"] == [2, 1] and war["winner"] == 0  # F5 + E4 against H5; G5 is nobody's


def test_winner_scores_the_leader_and_each_removed_supporter() -> None:
    """Seed note 4: the loser removes its leader and supporters; the winner scores 1 + 1 per tile."""
    state = _black_war(["black"], [])
    # seat 0 has no black left after placing G5 and seat 1 none: both can only commit nothing (TE-R17).
    commit_nothing(state, 2)
    assert leader(state, 1, "king") is None and leader(state, 0, "king") == "E6"
    assert cell(state, "H5") == "empty" and cell(state, "I5") == "red"  # only the war's colour goes
    assert nonzero(state, 0) == {"black": 2} and nonzero(state, 1) == {}
    assert step(state) == "action" and to_act(state) == 0


def test_committed_tiles_do_not_score_and_defender_wins_ties() -> None:
    """Seed note 4: 2 + 1 against 1 + 2 is a tie: the defender wins; committed tiles are discarded."""
    state = _black_war(["black", "black"], ["black", "black"])
    act(state, "commit 1 black", "commit 2 black")
    war = events(state, "war")[0]
    assert war["strengths"] == [3, 3] and war["winner"] == 1
    assert leader(state, 0, "king") is None and leader(state, 1, "king") == "J5"
    assert cell(state, "F5") == "empty" and cell(state, "E4") == "empty" and cell(state, "E5") == "red"
    assert nonzero(state, 1) == {"black": 3}  # 1 for the king + 2 removed; not the 2 committed
    assert hand(state, 0) == {} and hand(state, 1) == {}


def test_the_unification_tile() -> None:
    """Edge case 8: the unification tile leaves the hand, stays on the board, is not a supporter, is
    never removed (even when its placer loses) and scores no point."""
    state = _black_war(["black", "black"], ["black", "black"])
    assert hand(state, 0) == {"black": 1}  # it left the hand
    assert state.data["unification"] == 16 * 4 + 6  # G5 is marked during the war
    act(state, "commit no tiles", "commit 2 black")  # 2 against 3: seat 0 loses
    assert cell(state, "G5") == "black"  # not removed with seat 0's supporters
    assert cell(state, "F5") == "empty" and cell(state, "E4") == "empty"
    assert nonzero(state, 0) == {}  # nothing for placing it, before or after the war
    assert nonzero(state, 1) == {"black": 3}
    assert state.data["unification"] == -1  # the marker goes once the wars are over
    assert events(state, "war")[0]["strengths"] == [2, 3]


def test_unification_without_any_war_scores_nothing() -> None:
    """Ruling TE-R2: the uniting tile scores nothing even when no colour has two leaders."""
    state = start(
        2,
        hands=[["black"], []],
        cells={"E5": "red", "F5": "red", "H5": "red", "I5": "red"},
        leaders=[{"king": "E6"}, {"priest": "J5"}],
    )
    act(state, "place black on G5")
    assert not events(state, "war") and events(state, "unification")
    assert nonzero(state, 0) == {} and nonzero(state, 1) == {}
    assert state.data["unification"] == -1 and step(state) == "action"


# Two wars on row 5, with the placer not involved. A (left): temple E5, black F5, king E4 and priest E6.
# B (right): black H5 and I5, temples J5 and H6, priest K5 and king H7.
#        E     F     G     H     I     J     K
#  4    KA
#  5     r     k    (G5)   k     k     r    PB
#  6    PA                 r
#  7                      KB
def _two_wars(players: int, active: int, a: int, b: int, hands: dict[int, list[str]]):
    leaders: list[dict[str, str]] = [{} for _ in range(players)]
    leaders[a] = {"king": "E4", "priest": "E6"}
    leaders[b] = {"king": "H7", "priest": "K5"}
    all_hands = [hands.get(seat, []) for seat in range(players)]
    all_hands[active] = [*all_hands[active], "green"]
    state = start(
        players,
        hands=all_hands,
        cells={"E5": "red", "F5": "black", "H5": "black", "I5": "black", "J5": "red", "H6": "red"},
        leaders=leaders,
        current=active,
        bag=["blue"] * 40,
    )
    act(state, "place green on G5")
    return state


@pytest.mark.parametrize(
    ("players", "active", "a", "b", "attacker"),
    [(3, 0, 2, 1, 1), (4, 2, 1, 3, 3), (4, 3, 1, 2, 1), (3, 1, 0, 2, 2)],
)
def test_active_player_orders_wars_even_when_not_involved(players, active, a, b, attacker) -> None:
    """Edge case 9: the active player orders the wars though not involved; the attacker is the first
    involved player clockwise (up the seats) from the active player."""
    state = _two_wars(players, active, a, b, {a: ["black"], b: ["black"]})
    assert step(state) == "war_order" and to_act(state) == active
    assert texts(state) == ["resolve the red war next", "resolve the black war next"]
    act(state, "resolve the black war next")
    assert step(state) == "war_commit" and to_act(state) == attacker
    assert state.data["stack"][-1]["attacker"] == attacker


def test_the_active_player_attacks_when_involved() -> None:
    """Reference §1.8: the active player is the attacker whenever one of the two leaders is theirs."""
    state = _two_wars(4, 2, 2, 3, {2: ["black"], 3: ["black"]})
    act(state, "resolve the black war next")
    assert state.data["stack"][-1]["attacker"] == 2 and to_act(state) == 2
    state = _two_wars(4, 3, 2, 3, {2: ["black"], 3: ["black"]})
    act(state, "resolve the black war next")
    assert state.data["stack"][-1]["attacker"] == 3 and to_act(state) == 3


def test_a_war_lost_disconnects_the_next_war_which_is_cancelled() -> None:
    """Edge case 9: kingdoms are recomputed after each war. B loses the black war: H5 and I5 go, so B's
    priest (K5) is no longer connected to the unification tile and the red war does not happen."""
    state = _two_wars(3, 0, 2, 1, {2: ["black", "black"], 1: []})
    act(state, "resolve the black war next")
    # Seat 1 (B) attacks, being first clockwise from seat 0; it holds no black, so it can only commit nothing
    # (asked all the same, TE-R17). Seat 2 (A) defends: F5 + 2 committed = 3 against H5 + I5 = 2.
    commit_nothing(state, 1)
    act(state, "commit 2 black")
    wars = events(state, "war")
    assert len(wars) == 1 and wars[0]["strengths"] == [2, 3] and wars[0]["winner"] == 2
    assert cell(state, "H5") == "empty" and cell(state, "I5") == "empty"
    assert leader(state, 1, "king") is None
    assert leader(state, 1, "priest") == "K5" and leader(state, 2, "priest") == "E6"  # no red war
    assert nonzero(state, 2) == {"black": 3}
    assert step(state) == "action" and to_act(state) == 0 and state.data["unification"] == -1


def test_red_war_first_then_black_war_with_recomputed_sides() -> None:
    """Edge cases 9 and 11: red war first (1 against 2: A loses, but E5 stays, being next to A's king);
    the black war then runs on the recomputed kingdoms."""
    state = _two_wars(3, 0, 2, 1, {})
    act(state, "resolve the red war next")
    # Nobody holds tiles: every commitment is "commit no tiles", asked all the same (TE-R17), two per war.
    commit_nothing(state, 4)
    # Red: B (seat 1) attacks with H6 + J5 = 2 against E5 = 1.
    red, black = events(state, "war")
    assert red["strengths"] == [2, 1] and red["winner"] == 1
    assert leader(state, 2, "priest") is None
    assert cell(state, "E5") == "red"  # protected by seat 2's king on E4: counted, not removed
    assert nonzero(state, 1)["red"] == 1  # the leader only: no tile was removed
    # Black: seat 1 attacks with H5, I5 = 2 against F5 = 1 and wins.
    assert black["strengths"] == [2, 1] and black["winner"] == 1
    assert leader(state, 2, "king") is None and cell(state, "F5") == "empty"
    assert nonzero(state, 1) == {"red": 1, "black": 2}


def test_supporters_recounted_after_an_earlier_war() -> None:
    """Edge case 9: a later war counts the supporters left after the earlier one (0b01 kept stale ones).

    B's black tile J6 hangs on the temple J5 only; when B loses the red war J5 goes and J6 no longer
    supports B's king in the black war.
    """
    state = start(
        2,
        hands=[["green", "red", "red"], []],
        cells={
            "E5": "red",
            "F5": "black",
            "F4": "black",
            "F6": "black",
            "H5": "black",
            "I5": "black",
            "J5": "red",
            "J6": "black",
            "H6": "red",
        },
        leaders=[{"king": "E4", "priest": "E6"}, {"king": "H7", "priest": "K5"}],
    )
    act(state, "place green on G5", "resolve the red war next")
    act(state, "commit 2 red")  # seat 0: E5 + 2 = 3 against H6 + J5 = 2; seat 1 holds no red
    commit_nothing(state, 1)
    commit_nothing(state, 2)  # the black war: nobody holds black
    red = events(state, "war")[0]
    assert red["strengths"] == [3, 2] and red["winner"] == 0
    assert cell(state, "J5") == "empty"  # its only neighbour leader was the loser's priest
    assert cell(state, "H6") == "red"  # next to B's king on H7: stays
    black = events(state, "war")[1]
    # Black: A has F5, F4, F6 = 3; B has H5, I5 = 2 (J6 is cut off now, it would have made 3).
    assert black["strengths"] == [3, 2] and black["winner"] == 0
    assert cell(state, "J6") == "black"  # not on B's side any more: not removed either
    assert nonzero(state, 0) == {"red": 2, "black": 3}


def test_treasure_and_priest_protection_in_a_red_war() -> None:
    """Edge case 11: in a red war a treasure temple and a temple next to another leader are not removed;
    they still count as supporters but earn no point. The loser's own priest protects nothing."""
    # A (seat 0): temples F4 F5 F6 E6, priest E5.  B (seat 1): H5 (next to B's king on H6), I5 (treasure),
    # J5 (next to B's priest K5 only).  G5 joins them with a red tile.
    state = start(
        2,
        hands=[["red"], []],
        cells={"F4": "red", "F5": "red", "F6": "red", "E6": "red", "H5": "red", "I5": "red", "J5": "red"},
        treasures=["I5"],
        leaders=[{"priest": "E5"}, {"king": "H6", "priest": "K5"}],
    )
    act(state, "place red on G5")  # no red left in any hand: both can only commit nothing
    commit_nothing(state, 2)
    war = events(state, "war")[0]
    assert war["strengths"] == [4, 3] and war["winner"] == 0
    assert leader(state, 1, "priest") is None
    assert (cell(state, "H5"), cell(state, "I5"), cell(state, "J5")) == ("red", "red", "empty")
    assert nonzero(state, 0) == {"red": 2}  # the priest + J5 only
    assert leader(state, 1, "king") == "H6"  # H5 still feeds it


def test_leader_protection_is_for_red_wars_only() -> None:
    """Edge case 11: in a black war a black tile next to another leader is removed all the same."""
    state = start(
        2,
        hands=[["black"], []],
        cells={"E5": "red", "F5": "black", "E4": "black", "H5": "black", "I5": "red"},
        leaders=[{"king": "E6"}, {"king": "J5", "trader": "H4"}],
    )
    act(state, "place black on G5")
    commit_nothing(state, 2)
    assert cell(state, "H5") == "empty"  # next to seat 1's trader on H4, removed anyway
    assert nonzero(state, 0) == {"black": 2}


def test_no_tile_of_another_colour_is_removed() -> None:
    """Seed note 4: only the war colour's supporters go; the loser's other tiles stay."""
    state = _black_war(["black"], [])
    assert cell(state, "I5") == "red" and cell(state, "E5") == "red" and cell(state, "G5") == "black"


def test_three_wars_the_order_is_asked_again() -> None:
    """Edge case 9: with three wars the active player picks the first, then picks again between the two
    left (recomputed), and the last runs by itself."""
    state = start(
        2,
        hands=[["green"], []],
        cells={"E5": "red", "F5": "black", "H5": "black", "I5": "black", "J5": "red", "H6": "red"},
        leaders=[{"king": "E4", "priest": "E6", "trader": "D5"}, {"king": "H7", "priest": "K5", "trader": "I6"}],
    )
    act(state, "place green on G5")
    assert texts(state) == ["resolve the red war next", "resolve the black war next", "resolve the green war next"]
    act(state, "resolve the green war next")  # 0 against 0: seat 1 defends and wins; no green tiles
    commit_nothing(state, 2)
    assert leader(state, 0, "trader") is None and nonzero(state, 1) == {"green": 1}
    assert step(state) == "war_order" and to_act(state) == 0
    assert texts(state) == ["resolve the red war next", "resolve the black war next"]
    act(state, "resolve the red war next")  # E5 = 1 against H6, J5 = 2; E5 stays (next to seat 0's king)
    commit_nothing(state, 2)
    # The black war follows without a question of order: F5 = 1 against H5, I5 = 2.
    commit_nothing(state, 2)
    assert [e["colour"] for e in events(state, "war")] == ["green", "red", "black"]
    assert nonzero(state, 1) == {"green": 1, "red": 1, "black": 2}
    assert step(state) == "action" and state.data["unification"] == -1
