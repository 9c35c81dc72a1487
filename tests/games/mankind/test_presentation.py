"""What the page shows of Mankind (issue #20): conflicts before the roll, the score breakdown, rules help, the log.

The conflict preview and the rolls come from the same functions (``conflicts.py``), so a scripted War and a
scripted Incursion check that what the view showed before a roll is what the roll then added. The score
breakdown is checked against the hand-worked scripted game of ``test_game.py``.
"""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

import ludoteca
from ludoteca.games.mankind import conflicts
from ludoteca.games.mankind.civilization import VP_SOURCES, levels
from ludoteca.games.mankind.content import EVENT_KINDS, KINDS, TRAITS, ContentError, load_content
from ludoteca.games.mankind.presentation import static_data
from ludoteca.games.mankind.rules_help import HELP_FILE, load_help
from ludoteca.games.mankind.state import MankindState
from tests.games.mankind.helpers import INCURSION, RAID, WAR, choose, civ, event_over, events, start, step, texts
from tests.games.mankind.test_game import scripted_three_player_game

LEGIONS = "ancient/Legions"  # WL +3
HOPLITES = "ancient/Hoplites"  # WL +3
PHALANX = "ancient/Phalanx"  # WL +2
PELTASTS = "ancient/Peltasts"  # WL +1
CITY_WALLS = "ancient/City Walls"  # DF +3
ARENAS = "ancient/Gladiatorial Arenas"  # WL +2, not a unit
INVASION = 1  # Ancient War sub-table: "You versus player to your left"
SEA_PEOPLES = 1  # Ancient Incursion sub-table: "Targets You"
BORDER_RAIDS = 6  # Ancient Raid sub-table: "Raid Rolls +4"


def played(players: int, seed: int) -> MankindState:
    game = ludoteca.load_game("mankind", players=players)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, state.random_action(seat, rng))
    assert isinstance(state, MankindState)
    return state


# ----------------------------------------------------------------------------------------- conflicts
def war() -> MankindState:
    """Seat 0 (Legions, Hoplites, City Walls: WL 6 + DF 3) against seat 1 (Phalanx, Peltasts: WL 3)."""
    dice = [
        2, 5,  # round 1: 2 + 1 = 3 against 5: seat 0 loses a unit
        4, 5,  # round 2: 4 + 1 = 5 against 5: a tie, rolled again
        1, 6,  # 1 + 1 = 2 against 6: seat 0 loses its last unit
        3, 2,  # spoils: 3 VP (of seat 0's 5) and 2 RP
    ]  # fmt: skip
    return start(
        2, [WAR, INVASION, *dice], players=[civ(LEGIONS, HOPLITES, CITY_WALLS, vp=5, rp=4), civ(PHALANX, PELTASTS)]
    )


def test_the_war_preview_shows_each_side_by_source_and_is_what_the_rolls_use() -> None:
    """War Events: "The player with the higher Warfare Level (WL) adds 1"; both sides use DF."""
    state = war()
    assert (step(state), state.to_act()) == ("war_loss", [0])
    shown = state.view(1)["conflict"]
    assert (shown["kind"], shown["step"]) == ("war", "war_loss")
    first, second = shown["sides"]
    assert (first["seat"], first["wl"], first["df"], first["level"], first["units"]) == (0, 6, 3, 9, 2)
    assert {(p["name"], p["wl"], p["df"]) for p in first["sources"]} == {
        ("Legions", 3, 0),
        ("Hoplites", 3, 0),
        ("City Walls", 0, 3),
    }
    assert (second["level"], second["units"], first["bonus"], second["bonus"]) == (3, 2, 1, 0)
    assert shown["odds"] == round(21 / 31, 3)
    # The round just lost, in the log the page reads: the die plus the bonus shown.
    assert [(e["rolls"], e["totals"]) for e in events(state, "war_roll")] == [([2, 5], [3, 5])]
    choose(state, "lose Legions")  # WL 3 + DF 3 = 6 against 3: still the +1
    assert step(state) == "war_ceasefire_offer"
    preview = state.view(0)["conflict"]
    bonuses = [side["bonus"] for side in preview["sides"]]
    assert bonuses == [1, 0] and preview["sides"][0]["level"] == 6
    choose(state, "fight on")
    rolled = events(state, "war_roll")[1:]
    assert [e["rolls"] for e in rolled] == [[4, 5], [1, 6]]
    for entry in rolled:  # every total is the die plus the bonus the preview showed
        assert entry["totals"] == [roll + bonus for roll, bonus in zip(entry["rolls"], bonuses, strict=True)]
    assert event_over(state)  # the last unit is lost without a choice
    assert state.view(None)["conflict"] is None  # no decision of the war waits: the log says how it ended
    assert events(state, "war_victory")[0]["text"] == (
        "Seat 1 wins the war: 1D6 rolls 3 for VP and 2 for RP, and it steals 3 VP and 2 RP from seat 0."
    )


def test_the_incursion_preview_is_what_the_next_attack_uses() -> None:
    """Incursion Events: the horde's WL 2D6, "Higher WL gets +1", "Player wins ties"."""
    dice = [
        2,  # two attacks
        2, 2,  # a horde of WL 4 against the player's WL 3 + DF 3 = 6
        1, 4,  # attack 1: 1 + 1 = 2 against 4: lost
        3, 4,  # attack 2: 3 + 1 = 4 against 4: won (ties to the player)
    ]  # fmt: skip
    state = start(2, [INCURSION, SEA_PEOPLES, *dice], players=[civ(LEGIONS, PHALANX, CITY_WALLS), civ()])
    assert step(state) == "incursion_loss"
    shown = state.view(1)["conflict"]
    player, horde = shown["sides"]
    assert (player["level"], player["bonus"], horde["seat"], horde["level"], horde["bonus"]) == (8, 1, None, 4, 0)
    assert shown["left"] == 1 and events(state, "incursion_lost")[0]["totals"] == [2, 4]
    preview = [player["bonus"], horde["bonus"]]
    choose(state, "lose Legions")  # WL 2 + DF 3 = 5 > 4: the player still adds 1, as the preview showed
    won = events(state, "incursion_won")
    assert len(won) == 1 and won[0]["rolls"] == [3, 4]
    assert won[0]["totals"] == [3 + preview[0], 4 + preview[1]] == [4, 4]
    assert event_over(state)


def test_a_raid_target_shows_what_each_target_holds_and_the_modifier() -> None:
    state = start(3, [RAID, BORDER_RAIDS], players=[civ(LEGIONS), civ(rp=3), civ(rp=12)])
    assert texts(state) == ["raid seat 1", "raid seat 2", "do not raid"]
    shown = state.view(2)["conflict"]
    assert shown["modifier"] == 4
    # 1D6 + 4 is 5 to 10: seat 1 loses its 3 RP every time; seat 2 loses 7.5 on average.
    assert shown["candidates"] == [{"seat": 1, "rp": 3, "expected": 3.0}, {"seat": 2, "rp": 12, "expected": 7.5}]


def test_the_odds_are_exact() -> None:
    assert conflicts.war_round_odds(0, 0) == 0.5
    assert Fraction(conflicts.war_round_odds(1, 0)).limit_denominator(100) == Fraction(21, 31)
    assert conflicts.incursion_attack_odds(3, 3) == 21 / 36  # equal WL: the player wins ties
    assert conflicts.incursion_attack_odds(5, 4) == 26 / 36


def test_the_conflict_view_holds_no_die_still_to_be_rolled() -> None:
    """Two games that differ only in the dice to come show every seat the same conflict (and the same view)."""
    base = [WAR, INVASION, 2, 5]
    views = []
    for future in ([1, 1, 6, 6], [6, 6, 1, 1]):
        state = start(2, [*base, *future], build_roll=None, players=[civ(LEGIONS, HOPLITES), civ(PHALANX, PELTASTS)])
        views.append([json.dumps(state.view(seat), sort_keys=True) for seat in (0, 1, None)])
    assert views[0] == views[1]


def test_warfare_sources_add_up_to_the_levels_in_whole_games() -> None:
    state = played(3, seed=5)
    for player in state.data["players"]:
        parts = conflicts.warfare_sources(player)
        lv = levels(player)
        assert (sum(p["wl"] for p in parts), sum(p["df"] for p in parts)) == (lv["WL"], lv["DF"])


# ----------------------------------------------------------------------------------------- the score breakdown
def test_the_breakdown_of_the_scripted_game_matches_the_hand_worked_scores() -> None:
    """End of Game Scoring Bonuses: the hand-worked game of test_game.py, source by source."""
    result = scripted_three_player_game().result()
    rows = {row["label"]: row for row in result["breakdown"]["rows"]}
    assert rows["Start"]["values"] == [2, 2, 2]
    assert rows["Boons"]["values"] == [7, 0, 0]  # Social Revolution: 3 + 4
    assert rows["Leaders"]["values"] == [8, 0, 0]  # Picasso in the Modern era
    assert rows["Wars"]["values"] == [0, 2, -2]
    assert rows["Limits"]["values"] == [-3, -2, 0]
    assert rows["Humanities (30 VP)"]["values"] == [30, 0, 0]
    warriors = rows["Warriors (10 VP)"]
    assert (
        warriors["values"] == [5, 5, 0]
        and warriors["note"] == "highest Warfare Level: seat 0 and seat 1 tie with 1 and share 10 VP"
    )
    assert rows["Monuments (25 VP)"]["note"] == "most Wonders: nobody has any, no bonus"
    assert rows["Humanities (30 VP)"]["note"] == "highest Culture Level: seat 0 with 2"
    assert "Wonders" not in rows  # nobody scored from a source: no row for it
    final = result["breakdown"]["rows"][-1]
    assert final == {"label": "Final score (VP)", "values": [74, 22, 15]} and final["values"] == result["scores"]
    columns = [sum(row["values"][seat] for row in result["breakdown"]["rows"][:-1]) for seat in range(3)]
    assert columns == result["scores"]


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2)])
def test_every_victory_point_of_a_whole_game_has_its_source(players: int, seed: int) -> None:
    state = played(players, seed)
    result = state.result()
    breakdown = result["breakdown"]
    known = set(VP_SOURCES) | {f"bonus:{b.name}" for b in state.content.bonuses}
    for player in state.data["players"]:
        assert set(player["vp_from"]) <= known  # nothing fell to "other"
        assert sum(player["vp_from"].values()) == player["vp"]
    assert breakdown["rows"][-1]["values"] == result["scores"]
    ranked = sorted(range(players), key=lambda s: -breakdown["rows"][-1]["values"][s])
    assert [s for group in result["ranking"] for s in group] == ranked or len(set(result["scores"])) < players
    json.dumps(result)


def test_a_tie_for_the_win_is_explained() -> None:
    state = played(2, seed=1)
    state.data["players"][1]["vp"] = state.data["players"][0]["vp"]  # a tie, written in for the note
    notes = state.result()["breakdown"]["notes"]
    assert any("share the win" in note for note in notes)


# ----------------------------------------------------------------------------------------- rules help
def test_the_rules_help_covers_every_trait_kind_event_and_build() -> None:
    help_ = static_data({})["help"]
    assert set(help_["traits"]) == set(TRAITS) and set(help_["kinds"]) == set(KINDS)
    assert set(help_["events"]) == set(EVENT_KINDS)
    assert set(help_["builds"]) == set(load_content().builds)
    assert help_["traits"]["CL"]["name"] == "Culture Level" and "Humanities, 30 VP" in help_["traits"]["CL"]["text"]
    assert "7 + FL" in help_["traits"]["FL"]["text"]
    assert help_["kinds"]["wonder"]["cost"] == {
        "resource": "RP",
        "text": "4X RP (X = the era: Ancient 1 ... Modern 4)",
        "per_era": 4,
    }
    assert help_["kinds"]["military"]["cost"]["per_era"] is None
    assert help_["builds"]["ancient/Caesar"] == {
        "name": "Caesar",
        "kind": "leader",
        "era": "ancient",
        "traits": "WL +1 GL +1",
        "tags": ["Military Leader"],
    }
    war = help_["event_tables"]["ancient"]["war"]
    assert war["die"] == "1D8" and war["rows"][0] == {
        "roll": "1",
        "name": "Invasion",
        "effect": "You versus player to your left",
    }
    assert help_["conquests"]["medieval/Sub-Continent"] == "Gain 10 VP"
    json.dumps(help_)


def test_a_help_file_with_a_missing_or_unknown_entry_is_refused(tmp_path: Path) -> None:
    text = HELP_FILE.read_text()
    missing = tmp_path / "missing.toml"
    missing.write_text(text.replace("[traits.HL]", "[traits.XX]"))
    with pytest.raises(ContentError, match=r"\[traits\] has unknown \['XX'\] and lacks \['HL'\]"):
        load_help(missing)
    empty = tmp_path / "empty.toml"
    empty.write_text(text.replace('name = "Wonder"', 'name = ""'))
    with pytest.raises(ContentError, match=r"kinds.wonder"):
        load_help(empty)
    assert load_help()["points"]["VP"]["name"] == "Victory Points"


# ----------------------------------------------------------------------------------------- the log
def test_the_log_says_each_thing_once_and_names_its_places() -> None:
    state = played(3, seed=3)
    kinds = {entry["type"] for entry in state.log}
    assert "build_vp" not in kinds  # a build and its VP are one line
    for entry in events(state, "build"):
        if entry["vp"]:
            assert entry["text"].endswith(f": +{entry['vp']} VP.")
    for entry in events(state, "gain", "limit"):
        assert entry["resource"] in ("VP", "RP", "IP"), entry
    for entry in events(state, "loss"):
        assert "resource" in entry or "build" in entry or "conquest" in entry, entry
    # No line says just what the line before it said; trades are separate choices and a roll-off that ties
    # again is a new roll, so both may repeat.
    said = [(entry["type"], entry["text"]) for entry in state.log]
    repeats = [a for a, b in itertools.pairwise(said) if a == b and a[0] not in ("trade", "roll_off")]
    assert repeats == []
