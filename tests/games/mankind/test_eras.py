"""End of an Era: no Leader or Wonder left, leaders dying, the last era ending the game."""

from __future__ import annotations

from ludoteca.games.mankind.content import load_content
from tests.games.mankind.scripting import TRIBAL, act, new_game, player


def _all(era: int, kind: str) -> list[str]:
    content = load_content()
    return [b for b in content.era_builds[era] if content.builds[b].kind == kind]


def test_a_wonder_due_with_none_left_ends_the_era_at_the_end_of_the_turn() -> None:
    """Mankind: Wonder Builds — "If you go to build a Wonder and none are left, the Era ends" (Mankind R3)."""
    leaders = {"builds": [*TRIBAL, "ancient/Hannibal"]}
    state = new_game(2, [6], gone=_all(1, "wonder"), players=[leaders, {"builds": [*TRIBAL, "ancient/Buddha"]}])
    assert state.data["era_ending"] and state.data["era"] == 1
    act(state, "end the Build Phase")
    assert state.data["era"] == 2 and not state.data["era_ending"]
    # All Leaders die at the start of the next era.
    assert player(state, 0)["builds"] == TRIBAL and player(state, 1)["builds"] == TRIBAL
    assert [e["type"] for e in state.log].count("leader_dies") == 2


def test_a_leader_due_with_none_left_ends_the_era() -> None:
    """Mankind: Leader Builds — "If you gain a Leader and none are left, the Era ends"."""
    state = new_game(2, [5], era=2, gone=_all(2, "leader"))
    assert state.data["era_ending"]
    act(state, "end the Build Phase")
    assert state.data["era"] == 3


def test_the_new_era_uses_its_own_lists_and_costs() -> None:
    """Mankind: Setup — each era has its own Build List; costs use X = the current era."""
    state = new_game(2, [6, 1], gone=_all(1, "wonder"), players=[{}, {"rp": 10}])
    act(state, "end the Build Phase")
    # Seat 1's first turn, in the Medieval era: Build roll 1, Infrastructure costs 2X = 4 RP.
    assert "build Windmills for 4 RP" in [str(a) for a in state.legal_actions(1)]


def test_remaining_wonders_do_not_end_the_era() -> None:
    """Mankind: End of an Era — only "none are left" ends it."""
    gone = _all(1, "wonder")[1:]
    state = new_game(2, [6], gone=gone, players=[{"rp": 0, "builds": TRIBAL}])
    assert not state.data["era_ending"]


def test_the_end_of_the_modern_era_ends_the_game_with_bonuses() -> None:
    """Mankind: Outline — four eras; the game ends after the Modern era (Mankind R3), with the bonuses."""
    state = new_game(2, [6, 1], era=4, gone=_all(4, "wonder"))
    act(state, "end the Build Phase")
    assert state.is_over() and state.to_act() == []
    result = state.result()
    assert result["bonuses"]["Empire"] == [] and result["bonuses"]["Humanities"] == [0, 1]
    # Every level is tied, so both share every level bonus, rounded down (Mankind R14):
    # Commerce, Warriors, Thinkers, Manufacturing, Agriculture 10/2 each, Humanities 30/2, Peace 15/2, Medical 5/2.
    assert result["scores"] == [2 + 5 * 5 + 15 + 7 + 2] * 2
    assert result["winners"] == [0, 1] and result["ranking"] == [[0, 1]]
