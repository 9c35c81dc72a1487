"""What the browser table shows of Tigris & Euphrates (issue #20): the open conflict's stakes before anyone
commits, the places log events touched, a log that says each thing once, the end-of-game score breakdown
and the rules help data."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

import ludoteca
from ludoteca.games.tigris_euphrates.content import ContentError, help_texts, parse_help
from ludoteca.games.tigris_euphrates.presentation import static_data
from ludoteca.games.tigris_euphrates.scoring import standings
from tests.games.tigris_euphrates.helpers import act, cell, events, nonzero, start

# The red war of test_war.py's edge case 11: A (seat 0) has temples F4 F5 F6 E6 and its priest on E5;
# B (seat 1) has H5 (next to B's king on H6), I5 (a treasure) and J5 (next to B's priest on K5 only).
RED_WAR: dict[str, Any] = {
    "cells": {"F4": "red", "F5": "red", "F6": "red", "E6": "red", "H5": "red", "I5": "red", "J5": "red"},
    "treasures": ["I5"],
    "leaders": [{"priest": "E5"}, {"king": "H6", "priest": "K5"}],
}


def _red_war(hands: list[list[str]]):
    state = start(2, hands=hands, **RED_WAR)
    act(state, "place red on G5")
    return state


def test_war_preview_names_sides_strengths_and_stakes() -> None:
    """T&E: War — the view names attacker and defender, their leaders, the tiles on each side, and what each
    would lose: B's I5 (treasure) and H5 (next to B's king) stay, so B risks J5 alone; A risks all four."""
    state = _red_war([["red", "red"], ["red"]])
    conflict = state.view(0)["conflict"]
    assert conflict["kind"] == "war" and conflict["colour"] == "red" and conflict["leader"] == "priest"
    assert conflict["deciding"] == 0 and conflict["to_commit"] == "red" and conflict["reward"] == "red"
    attacker, defender = conflict["sides"]
    assert (attacker["seat"], attacker["role"], attacker["square"]) == (0, "attacker", "E5")
    assert (defender["seat"], defender["role"], defender["square"]) == (1, "defender", "K5")
    assert attacker["board"] == 4 and sorted(attacker["support"]) == ["E6", "F4", "F5", "F6"]
    assert defender["board"] == 3 and sorted(defender["support"]) == ["H5", "I5", "J5"]
    assert defender["removed_if_lost"] == ["J5"] and sorted(attacker["removed_if_lost"]) == ["E6", "F4", "F5", "F6"]
    assert attacker["points_if_won"] == 2 and defender["points_if_won"] == 5
    assert attacker["committed"] is None and defender["committed"] is None


@pytest.mark.parametrize(("attack", "defence"), [(0, 0), (1, 0), (0, 1), (1, 1)])
def test_war_preview_equals_the_resolution(attack: int, defence: int) -> None:
    """The numbers shown while committing are the ones the war is resolved with: strengths, the tiles
    removed and the points the winner gains."""
    state = _red_war([["red", "red"], ["red"] * 2])
    shown = state.view(None)["conflict"]
    act(state, f"commit {attack} red" if attack else "commit no tiles")
    assert state.view(None)["conflict"]["sides"][0]["committed"] == attack  # public once logged
    act(state, f"commit {defence} red" if defence else "commit no tiles")
    war = events(state, "war")[0]
    a, d = shown["sides"]
    assert war["board"] == [a["board"], d["board"]]
    assert war["strengths"] == [a["board"] + attack, d["board"] + defence]
    won = a if war["winner"] == 0 else d
    lost = d if won is a else a
    removed = events(state, "war_removal")
    assert (removed[0]["squares"] if removed else []) == lost["removed_if_lost"]
    assert all(cell(state, sq) == "empty" for sq in lost["removed_if_lost"])
    assert nonzero(state, won["seat"]).get("red") == won["points_if_won"]
    assert state.view(None)["conflict"] is None  # nothing open any more


def test_revolt_preview_equals_the_resolution() -> None:
    """T&E: Revolt — temples next to each leader, the leader at stake, 1 red point for the winner; the
    defender sees the attacker's commitment (it was logged) but nobody sees the defender's before it is made."""
    state = start(
        2,
        hands=[["red", "red", "black"], ["red", "red"]],
        cells={"F5": "red", "E6": "red", "H5": "red", "H6": "red"},
        leaders=[{}, {"king": "E5"}],
        bag=["green"] * 20,
    )
    act(state, "place king on G5")
    shown = state.view(1)["conflict"]
    assert shown["kind"] == "revolt" and shown["leader"] == "king" and shown["to_commit"] == "red"
    a, d = shown["sides"]
    # G5 touches the temples F5 and H5; E5 touches F5 and E6 (H6 is diagonal to G5: no help).
    assert (a["seat"], a["square"], a["board"], sorted(a["support"])) == (0, "G5", 2, ["F5", "H5"])
    assert (d["seat"], d["square"], sorted(d["support"])) == (1, "E5", ["E6", "F5"])
    assert d["board"] == 2 and a["removed_if_lost"] == [] and d["points_if_won"] == 1
    act(state, "commit 1 red")
    assert state.view(1)["conflict"]["sides"][0]["committed"] == 1
    assert state.view(1)["conflict"]["sides"][1]["committed"] is None
    act(state, "commit 2 red")
    revolt = events(state, "revolt")[0]
    assert revolt["board"] == [a["board"], d["board"]] and revolt["committed"] == [1, 2]
    assert revolt["strengths"] == [a["board"] + 1, d["board"] + 2]
    assert revolt["squares"] == ["G5", "E5"]


def test_the_conflict_view_is_the_same_for_every_seat() -> None:
    """The stakes are public: every seat and a spectator read the same conflict, and it holds no hand."""
    state = _red_war([["red", "red"], ["red"]])
    seen = [state.view(seat)["conflict"] for seat in (0, 1, None)]
    assert seen[0] == seen[1] == seen[2]
    assert "hand" not in str(seen[0]) and all(side["committed"] is None for side in seen[0]["sides"])


def test_war_order_lists_each_war_with_its_stakes() -> None:
    """Several wars: while the active player orders them, each one's sides and strengths are shown."""
    state = start(
        2,
        hands=[["green", "red", "red"], []],
        cells={"E5": "red", "F5": "black", "F4": "black", "F6": "black", "H5": "black", "I5": "black"}
        | {"J5": "red", "J6": "black", "H6": "red"},
        leaders=[{"king": "E4", "priest": "E6"}, {"king": "H7", "priest": "K5"}],
    )
    act(state, "place green on G5")
    conflict = state.view(1)["conflict"]
    assert conflict["kind"] == "war_order" and conflict["deciding"] == 0
    assert [war["colour"] for war in conflict["wars"]] == ["red", "black"]
    assert [[side["board"] for side in war["sides"]] for war in conflict["wars"]] == [[1, 2], [3, 3]]


def test_move_events_carry_their_places() -> None:
    """What just happened: each move's log event names the squares it touched, in public events."""
    state = _red_war([["red", "red"], ["red"]])
    act(state, "commit no tiles", "commit no tiles")
    assert events(state, "tile")[0]["square"] == "G5"
    assert events(state, "unification")[0]["square"] == "G5"
    assert events(state, "war")[0]["squares"] == ["E5", "K5"]
    assert events(state, "war_removal")[0]["squares"] == ["J5"]
    assert events(state, "withdraw")[0]["square"] == "K5"
    state = start(2, hands=[["black"], []], cells={"F5": "red"}, leaders=[{"king": "E5"}], bag=["green"] * 9)
    act(state, "move king from E5 to G5")
    assert events(state, "leader")[0]["squares"] == ["E5", "G5"]
    assert all("seats" not in e for e in events(state, "leader", "tile", "war", "war_removal", "withdraw"))


def test_monument_event_names_its_four_squares() -> None:
    state = start(
        2, hands=[["black"], []], cells={"F5": "red", "G4": "black", "H4": "black", "H5": "black"}, keep=("K11",)
    )
    act(state, "place black on G5")
    act(state, "build the black-red monument on G4")
    assert events(state, "monument")[0]["squares"] == ["G4", "H4", "G5", "H5"]


def test_a_treasure_is_told_once() -> None:
    """The log says each thing once: taking a treasure is one line (it used to be followed by "gains 1
    treasure for a treasure")."""
    state = start(
        2,
        hands=[[], []],
        keep=("F10", "K11"),
        cells={"G10": "red", "H10": "red", "I10": "red", "J10": "red", "K10": "red"},
    )
    act(state, "place trader on G11", "take the treasure on F10")
    lines = [e["text"] for e in state.visible_log(None)]
    taken = [line for line in lines if "treasure" in line]
    assert taken == ["Seat 0 takes the treasure on F10."], lines
    assert state.data["scores"][0]["t"] == 1


def test_hidden_scoring_tells_the_scorer_without_repeating() -> None:
    """TE-R8 keeps "seat 1 scores for ..." for everyone; the scorer's own line adds only what it gained."""
    state = start(2, scoring="hidden", hands=[["black"], []], cells={"F5": "red"}, leaders=[{}, {"king": "E5"}])
    act(state, "place black on G5")
    mine = [e["text"] for e in state.visible_log(1)][-2:]
    assert mine == ["Seat 1 scores for the black tile.", "You gain 1 black point."]


@pytest.mark.parametrize("scoring", ["hidden", "open"])
def test_a_whole_game_log_has_no_repeated_line(scoring: str) -> None:
    """Read as each seat reads it, a whole bot game's log never says the same sentence twice in a row, and
    a line counting tiles says "no tiles"/"1 tile", not "0 tile(s)"."""
    game = ludoteca.load_game("tigris-euphrates", players=3, options={"scoring": scoring})
    state = game.new_state(seed=8)
    rng = random.Random(1)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, state.random_action(seat, rng))
    for seat in (0, 1, 2, None):
        seen = state.visible_log(seat)
        # Two lines of different kinds in a row never say the same sentence (the same action twice may).
        assert all(a["text"] != b["text"] for a, b in itertools.pairwise(seen) if a["type"] != b["type"])
        assert not any("(s)" in e["text"] or "commits 0" in e["text"] for e in seen)
        # A private score line adds what its public line did not say, and never names the seat again.
        assert all(e["text"].startswith("You gain") for e in seen if e["type"] == "score_private")
    assert not [e for e in state.log if e["type"] == "score" and e.get("colour") == "t"]  # told by "treasure"


def test_breakdown_explains_a_finished_game() -> None:
    """T&E: Game end — a scripted game ends (the bag cannot refill) and its breakdown shows each colour, the
    treasures and where they went, the colours weakest first, and last the score that ranks the seats."""
    state = start(
        3,
        hands=[["red"] * 5, ["red"] * 6, ["red"] * 6],
        bag=[],
        scores=[
            {"red": 5, "blue": 3, "black": 4, "green": 3, "treasure": 2},  # 5 4 4 4 with the treasures
            {"red": 4, "blue": 4, "black": 6, "green": 4},  # 4 4 4 6: equal score 4, ahead on the 4th colour
            {"red": 9, "blue": 1, "black": 9, "green": 9, "treasure": 1},  # 2 9 9 9
        ],
        keep=("K11",),
    )
    act(state, "pass", "pass")  # seat 0 must draw 1 from an empty bag: the game ends
    assert state.is_over()
    result = state.result()
    rows = {row["label"]: row["values"] for row in result["breakdown"]["rows"]}
    assert rows["Red (temples)"] == [5, 4, 9] and rows["Blue (farms)"] == [3, 4, 1]
    assert rows["Treasures (wild)"] == [2, 0, 1]
    assert rows["Treasures added to"] == ["+1 blue, +1 green", "—", "+1 blue"]
    assert rows["Colours with treasures, weakest first"] == ["4 · 4 · 4 · 5", "4 · 4 · 4 · 6", "2 · 9 · 9 · 9"]
    last = result["breakdown"]["rows"][-1]
    assert last["label"] == "Final score (weakest colour)" and last["values"] == result["scores"] == [4, 4, 2]
    assert result["ranking"] == [[1], [0], [2]]
    notes = " ".join(result["breakdown"]["notes"])
    assert "Seat 1 and seat 0 both score 4; seat 1 is ahead on the fourth-weakest colour (6 against 5)." in notes


def test_breakdown_names_a_shared_victory() -> None:
    result = standings([dict(r=3, b=3, k=3, g=4, t=0), dict(r=3, b=4, k=3, g=3, t=0), dict(r=1, b=1, k=1, g=1, t=0)])
    assert result["ranking"] == [[0, 1], [2]]
    assert "Seats 0 and 1 are equal in every colour and share place 1." in result["breakdown"]["notes"]
    assert result["breakdown"]["rows"][-1]["values"] == result["scores"]


def test_help_covers_every_piece_and_reaches_the_page() -> None:
    texts = help_texts()
    assert set(texts["leaders"]) >= {"king", "priest", "farmer", "trader"}
    assert set(texts["tiles"]) == {"red", "blue", "black", "green"}
    assert {"treasure", "monument", "catastrophe"} <= set(texts["pieces"])
    assert {"river", "temple"} <= set(texts["squares"]) and {"revolt", "war"} <= set(texts["conflicts"])
    assert all(entry["title"] and entry["text"] for section in texts.values() for entry in section.values())
    assert static_data({"board": "advanced"})["help"] == texts


def test_help_data_is_validated() -> None:
    raw = {section: {key: dict(entry) for key, entry in entries.items()} for section, entries in help_texts().items()}
    del raw["tiles"]["blue"]
    with pytest.raises(ContentError, match="tiles"):
        parse_help(raw)
    raw = {section: {key: dict(entry) for key, entry in entries.items()} for section, entries in help_texts().items()}
    raw["pieces"]["treasure"]["text"] = "  "
    with pytest.raises(ContentError, match="pieces.treasure"):
        parse_help(raw)


# ------------------------------------------------------------------ what a decision asks, in words
def test_every_decision_step_has_a_sentence_and_no_sentence_is_stale() -> None:
    from ludoteca.games.tigris_euphrates import machine, prompts

    ludoteca.load_game("tigris-euphrates", 2)  # every rules module registers its steps
    assert set(prompts.PROMPTS) == set(machine.RULES.decisions)


def test_the_status_says_each_decision_in_words_from_public_fields() -> None:
    """Random games at 2-4 players: every waiting decision's prompt has every field filled, is the same for
    every viewer, and a commitment names its war's colour and the side deciding."""
    seen: dict[str, str] = {}
    for players in (2, 3, 4):
        state = ludoteca.load_game("tigris-euphrates", players).new_state(seed=players)
        chooser = random.Random(players)
        while not state.is_over():
            decision = state.view(None)["decision"]
            if decision is not None:
                text = decision["prompt"]
                assert "{" not in text and "_" not in text and text.endswith("."), text
                assert all(state.view(s)["decision"]["prompt"] == text for s in range(players))
                seen.setdefault(decision["step"], text)
            seat = state.to_act()[0]
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
    assert seen["action"].endswith("; 2 actions left.") or seen["action"].endswith("; 1 action left.")
    for step in ("war_commit", "revolt_commit"):
        if step in seen:
            assert "the attacker may commit" in seen[step] or "the defender may commit" in seen[step]
    assert {"action", "war_commit", "revolt_commit"} <= set(seen), seen


def test_a_war_asks_each_side_in_turn_by_its_colour() -> None:
    state = _red_war([["red", "red"], ["red"]])
    asked = state.view(None)["decision"]["prompt"]
    assert asked == "War over the red leaders: the attacker may commit red tiles from hand."
    act(state, "commit no tiles")
    assert state.view(None)["decision"]["prompt"].endswith("the defender may commit red tiles from hand.")
    assert "Seat 1 decides. War over the red leaders" in state.render(0)
