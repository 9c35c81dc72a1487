"""The log and the prompts read like the rulebook (issue #22): conflicts announced before their dice, then the dice.

Each test replays a fixed set-up with scripted dice and pins the exact sentences a player reads.
"""

from __future__ import annotations

from ludoteca.games.mankind.prompts import prompt
from tests.games.mankind.helpers import INCURSION, WAR, civ, events, start

LEGIONS = "ancient/Legions"  # WL +3
PHALANX = "ancient/Phalanx"  # WL +2
CITY_WALLS = "ancient/City Walls"  # DF +3
INVASION = 1  # Ancient War sub-table: "You versus player to your left"
SEA_PEOPLES = 1  # Ancient Incursion sub-table: "Targets You"


def test_the_war_is_announced_before_any_die_then_each_round_and_the_spoils() -> None:
    """MK: War Events. WL 3 (Legions) against WL 2 + DF 3 = 5 (Phalanx, City Walls): seat 1 adds 1. A tie
    (4 against 3 + 1), a round seat 0 loses (1 against 1 + 1), then the spoils' dice against an empty loser."""
    state = start(2, [WAR, INVASION, 4, 3, 1, 1, 1, 1], players=[civ(LEGIONS), civ(PHALANX, CITY_WALLS)])
    lines = [e["text"] for e in state.log if e["type"].startswith("war")]
    assert lines == [
        "War: seat 0 with WL 3 (Legions: WL +3) and 1 Military Unit against seat 1 with WL 2 + DF 3 = 5 "
        "(Phalanx: WL +2; City Walls: DF +3) and 1 Military Unit. Seat 1 has the higher WL and adds 1 to its rolls.",
        "War round (WL 3 against 5): seat 0 rolls 4, seat 1 rolls 3 + 1 (higher WL) = 4: a tie.",
        "The tie is rolled again.",
        "War round (WL 3 against 5): seat 0 rolls 1, seat 1 rolls 1 + 1 (higher WL) = 2: seat 0 loses the round.",
        "Seat 0 loses Legions.",
        "Seat 1 wins the war: 1D6 rolls 1 for VP and 1 for RP, and it steals 0 VP and 0 RP from seat 0 "
        "(all seat 0 had).",
    ]


def test_the_spoils_say_which_of_the_two_the_loser_was_short_of() -> None:
    """MK: War Events, spoils of 1D6 VP and 1D6 RP, no more than the loser has: with 9 VP and 1 RP, a roll of 5
    and 3 takes 5 VP and 1 RP, and only the RP were all the loser had (the line once said "all seat 0 had")."""
    players = [civ(LEGIONS, vp=9, rp=1), civ(PHALANX, CITY_WALLS)]
    state = start(2, [WAR, INVASION, 4, 3, 1, 1, 5, 3], players=players)
    (line,) = [e["text"] for e in state.log if e["type"] == "war_victory"]
    assert line == (
        "Seat 1 wins the war: 1D6 rolls 5 for VP and 3 for RP, and it steals 5 VP and 1 RP from seat 0 "
        "(all the RP seat 0 had)."
    )


def test_the_horde_is_announced_with_its_dice_then_each_attack_with_its_dice() -> None:
    """MK: Incursion Events. The horde's dice (1D6 attacks, 2D6 WL) and the defender's strength come before the
    first attack; then every attack, numbered, with both dice and the +1 of the higher WL."""
    state = start(2, [INCURSION, SEA_PEOPLES, 3, 2, 3, 5, 3, 2, 1, 1, 4], players=[civ(LEGIONS), civ()])
    lines = [e["text"] for e in events(state, "incursion", "incursion_won", "incursion_lost")]
    assert lines == [
        "Incursion: the horde rolls 3 on 1D6 for 3 attacks and 2 + 3 on 2D6 for WL 5, against seat 0 with WL 3 "
        "(Legions: WL +3) and 1 Military Unit. The horde has the higher WL and adds 1 to its rolls.",
        "Attack 1 of 3: seat 0 (WL 3) rolls 5 against the horde's 3 + 1 (higher WL) = 4: seat 0 wins, +1 VP.",
        "Attack 2 of 3: seat 0 (WL 3) rolls 2 against the horde's 1 + 1 (higher WL) = 2: seat 0 wins, +1 VP.",
        "Attack 3 of 3: seat 0 (WL 3) rolls 1 against the horde's 4 + 1 (higher WL) = 5: the horde wins.",
    ]
    assert events(state, "incursion")[0]["dice"] == [2, 3]


def test_a_single_attack_on_an_unarmed_player_is_called_the_attack() -> None:
    state = start(2, [INCURSION, SEA_PEOPLES, 1, 6, 6], players=[civ(), civ()])
    (announced,) = events(state, "incursion")
    assert announced["text"] == (
        "Incursion: the horde rolls 1 on 1D6 for 1 attack and 6 + 6 on 2D6 for WL 12, against seat 0 with WL 0 "
        "and no Military Units."
    )


def test_prompts_name_build_kinds_and_count_picks() -> None:
    """The build kind's name, never the code's key ("choose what to build (military)" was the bug)."""
    assert prompt({"step": "build_pick", "seat": 0, "kind": "military"}) == (
        "Build Phase: choose what to build (Military Unit)."
    )
    assert prompt({"step": "lose_build", "seat": 0, "kind": "wonder"}) == "Disaster: choose what you lose (Wonder)."
    assert prompt({"step": "trade_pick", "seat": 0, "left": 1}) == "Trade Phase: 1 pick left."
    assert prompt({"step": "trade_pick", "seat": 0, "left": 3}) == "Trade Phase: 3 picks left."
