"""Issue #22: the choices the rules give a player in Advanced Civilization, each with a fixed position."""

from __future__ import annotations

from ludoteca.games.advanced_civilization.calamities import unit_points
from ludoteca.games.advanced_civilization.machine import RULES
from ludoteca.games.advanced_civilization.state import CivState
from tests.games.advanced_civilization.helpers import position, texts


def strike(state: CivState, name: str, victim: int, trader: int | None = None) -> CivState:
    """Resolve one calamity on a finished scenario position (the test plays the choices)."""
    state.data["over"] = False
    RULES.push(state, "calamity", name=name, victim=victim, trader=trader)
    RULES.advance(state)
    return state


def at(seats: int = 2, **scenario: object) -> CivState:
    return position(seats=seats, phases=["census"], **scenario)


def choose(state: CivState, text: str) -> None:
    """Apply the waiting seat's action whose text starts with ``text`` (exactly one must)."""
    seat = state.to_act()[0]
    found = [a for a in state.legal_actions(seat) if a.text.startswith(text)]
    assert len(found) == 1, (text, texts(state))
    state.apply(seat, found[0])


def first(state: CivState) -> None:
    while state.to_act():
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])


def own_losses(state: CivState) -> None:
    """Play the waiting ``lose`` decisions (the primary victim's own loss comes first) with their first option."""
    while state.to_act() and state.data["stack"][-1]["step"] == "lose":
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])


# ------------------------------------------------------------------ 1. directed losses (§29.64, AC-R23)
def test_famine_the_victim_splits_twenty_points_seven_seven_six() -> None:
    # Four seats, each other seat with 11 tokens: any split within 8 apiece is possible.
    grid = {"E": [5, 5, 5, 5], "B": [3, 3, 3, 3], "G": [3, 3, 3, 3]}
    state = strike(at(4, nations=["Africa", "Illyria", "Thrace", "Crete"], tokens=grid), "Famine", 0)
    own_losses(state)
    assert state.to_act() == [0]
    assert texts(state) == [f"direct losses at {state.who(s)}, up to 8 unit points" for s in (1, 2, 3)]
    choose(state, f"direct losses at {state.who(1)}")
    # The named player: any amount from the most he can take down to one point.
    assert texts(state) == [f"direct {n} unit point{'s' if n > 1 else ''} at {state.who(1)}" for n in range(8, 0, -1)]
    choose(state, f"direct 7 unit points at {state.who(1)}")
    choose(state, f"direct losses at {state.who(2)}")
    choose(state, f"direct 7 unit points at {state.who(2)}")
    # 6 left: seat 3 can take all 6, seats 1 and 2 one more point each.
    assert texts(state) == [
        f"direct losses at {state.who(1)}, up to 1 unit point",
        f"direct losses at {state.who(2)}, up to 1 unit point",
        f"direct losses at {state.who(3)}, up to 6 unit points",
    ]
    choose(state, f"direct losses at {state.who(3)}")
    choose(state, f"direct 6 unit points at {state.who(3)}")
    directed = [e["text"] for e in state.log if "directs" in e["text"]]
    assert directed == [
        f"Famine: {state.who(0)} directs 7 unit points at {state.who(1)}.",
        f"Famine: {state.who(0)} directs 7 unit points at {state.who(2)}.",
        f"Famine: {state.who(0)} directs 6 unit points at {state.who(3)}.",
    ]
    first(state)
    assert [unit_points(state, s) for s in range(4)] == [1, 4, 4, 5]


def test_epidemic_a_single_point_to_one_player_and_what_nobody_can_take_lapses() -> None:
    state = strike(at(3, tokens={"E": [5, 5, 5], "B": [3, 3, 3], "G": [3, 3, 3]}), "Epidemic", 0)
    own_losses(state)
    # 25 points, at most 10 each; each other seat has 11 tokens in three areas, one staying in each: 8 apiece.
    assert texts(state) == [
        f"direct losses at {state.who(1)}, up to 8 unit points",
        f"direct losses at {state.who(2)}, up to 8 unit points",
    ]
    choose(state, f"direct losses at {state.who(1)}")
    choose(state, f"direct 1 unit point at {state.who(1)}")
    choose(state, f"direct losses at {state.who(2)}")
    choose(state, f"direct 8 unit points at {state.who(2)}")
    # Only seat 1 can take more (7): it is named by the rules, the victim says how many.
    assert texts(state)[0] == f"direct 7 unit points at {state.who(1)}" and len(texts(state)) == 7
    choose(state, f"direct 7 unit points at {state.who(1)}")
    first(state)
    # 16 of the 25 placed, 9 lapse; each secondary victim keeps a token in each of its three areas.
    assert [unit_points(state, s) for s in (1, 2)] == [3, 3]
