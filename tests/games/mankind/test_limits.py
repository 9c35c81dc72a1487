"""The Limit Phase: Food, Stability, Health and Governance (docs/rulings.md, Mankind R5, R6)."""

from __future__ import annotations

from ludoteca.games.mankind.civilization import limit_count, spread_count
from tests.games.mankind.scripting import TRIBAL, act, new_game, options, player

LEGIONS = ["ancient/Legions"] * 10


def _to_limits(state: object) -> None:
    act(state, "build nothing")  # type: ignore[arg-type]
    act(state, "end the Build Phase")  # type: ignore[arg-type]


def test_all_four_limits_in_order_with_the_choice_of_losses() -> None:
    """Mankind: Limit Phase — Food, then Stability, then Health, then Governance."""
    state = new_game(2, [7, 4, 3, 2, 6, 2], players=[{"builds": TRIBAL + LEGIONS, "rp": 20, "vp": 20}])
    p = player(state, 0)
    assert limit_count(p) == 4 + 1 + 10 and spread_count(p) == 6 + 1 + 10
    _to_limits(state)
    # Food Limit 7 + FL 4 = 11 < 15: lose 1D6 (4) RP and a food-consuming build or a conquest.
    assert p["rp"] == 20 + 2 - 4
    assert options(state) == ["lose Farms", "lose Hunting", "lose Stone & Wood", "lose Warriors", "lose Legions"]
    act(state, "lose Legions")
    # Stability Limit 10 + 2 x SL 0 = 10 < 14: lose 2D6 (3 + 2) VP and an Infrastructure, Military Unit or Conquest.
    assert p["vp"] == 15
    act(state, "lose Legions")
    # Health Limit: 18 RP > 10 x HL 1: lose 1D6 (6) VP.  Governance: 15 builds > 4 x GL 3: lose 1D6 (2) RP.
    assert (p["vp"], p["rp"]) == (9, 16)
    assert p["builds"].count("ancient/Legions") == 8
    limits = [e["limit"] for e in state.log if e["type"] == "limit"]
    assert [text.split(" (")[0] for text in limits] == [
        "Food Limit",
        "Stability Limit",
        "Health Limit",
        "Governance Limit",
    ]


def test_within_every_limit_nothing_is_lost() -> None:
    """Mankind: Limit Phase — limits are maxima; at or below them nothing happens."""
    state = new_game(2, [7], players=[{"rp": 8}])
    _to_limits(state)
    assert player(state, 0)["rp"] == 10 and "limit" not in [e["type"] for e in state.log]


def test_wonders_leaders_and_technologies_do_not_count_against_food_or_stability() -> None:
    """Mankind: Wonder/Leader/Technology Builds — they "do not count against Food or Stability Limits"."""
    extra = [
        "ancient/Stonehenge",
        "ancient/Aristotle",
        "ancient/Mathematics",
        "ancient/Music",
        "ancient/Poetry",
        "ancient/Sculpture",
        "ancient/Mysticism",
    ]
    state = new_game(2, [7], players=[{"builds": TRIBAL + extra}])
    p = player(state, 0)
    assert limit_count(p) == 5 and spread_count(p) == 14
    _to_limits(state)
    # Only Governance (14 > 12) bites: 1D6 RP from the generator, no build lost.
    assert [e["limit"].split(" (")[0] for e in state.log if e["type"] == "limit"] == ["Governance Limit"]


def test_conquests_count_and_may_be_the_loss() -> None:
    """Mankind: Limit Phase — "lose ... 1 Food consuming Build or a Conquest of your choice"."""
    conquests = ["ancient/Exotic Land"] * 4 + ["ancient/City State"] * 3
    state = new_game(2, [7, 1, 1, 1], players=[{"conquests": conquests, "builds": TRIBAL}])
    assert limit_count(player(state, 0)) == 12
    _to_limits(state)
    assert "lose City State (ancient conquest)" in options(state)
    act(state, "lose City State (ancient conquest)")
    assert player(state, 0)["conquests"].count("ancient/City State") == 2


def test_health_limit_is_resource_points_over_ten_times_health() -> None:
    """Mankind: Health Limit — "If your Resource Level is greater than 10x your Health level you lose 1D6 VP"."""
    state = new_game(2, [7, 3], players=[{"rp": 8, "vp": 10}])
    _to_limits(state)
    assert player(state, 0)["rp"] == 10 and player(state, 0)["vp"] == 10  # exactly 10: no pollution
    state = new_game(2, [7, 3], players=[{"rp": 9, "vp": 10}])
    _to_limits(state)
    assert player(state, 0)["vp"] == 7


def test_losses_never_go_below_zero() -> None:
    """docs/rulings.md, Mankind R8: a player cannot lose points he does not have."""
    state = new_game(2, [7, 6, 6, 6], players=[{"builds": TRIBAL + LEGIONS, "rp": 0, "vp": 1}])
    _to_limits(state)
    assert player(state, 0)["rp"] == 0  # 2 RP from Gains, 6 lost -> 0


def test_the_log_says_what_a_limit_took_when_there_was_little_or_nothing() -> None:
    """A loss capped at what is held says so; with nothing held, "it loses 0 VP, all it had" read as a slip."""
    state = new_game(2, [7, 3], players=[{"rp": 9, "vp": 0}])
    _to_limits(state)
    texts = [event["text"] for event in state.log if event["type"] == "limit"]
    assert texts == ["Seat 0 exceeds its Health Limit (11 RP > 10): 1D6 rolls 3, it has no VP to lose."]
    state = new_game(2, [7, 3], players=[{"rp": 9, "vp": 2}])
    _to_limits(state)
    texts = [event["text"] for event in state.log if event["type"] == "limit"]
    assert texts == ["Seat 0 exceeds its Health Limit (11 RP > 10): 1D6 rolls 3, it loses 2 VP, all it had."]
