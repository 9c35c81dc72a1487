"""What the game page shows beyond the rules: conflicts and calamities before they resolve, the census figure,
the log's places, the §35 score breakdown and the rules help (issue #20)."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.games.advanced_civilization import content, presentation
from ludoteca.games.advanced_civilization.content import ContentError, load_help
from ludoteca.games.advanced_civilization.state import CivState
from tests.games.advanced_civilization.helpers import chain, position, tokens


# ------------------------------------------------------------------ conflicts before movement ends
def _moving(**scenario: object) -> CivState:
    return position(board=chain(3, 2), phases=["movement", "conflict"], **scenario)


def test_the_conflict_preview_is_what_phase_6_then_does() -> None:
    state = _moving(
        tokens={"L1": [4, 0], "L2": [0, 3], "L3": [8, 0]},
        cities={"L3": 1},
        players=[{}, {"hand": ["Ochre"]}],
    )
    # Seat 0 moves 3 into L2 (3 v 3 over a limit of 2); L3's 8 tokens will attack seat 1's city.
    for text in ("move from L1", "L1 to L2", "move 3 from L1 to L2"):
        state.apply(0, text)
    shown = {c["area"]: c for c in state.view(1)["conflicts"]}
    assert set(shown) == {"L2", "L3"}
    assert shown["L2"]["tokens"] == [3, 3] and shown["L2"]["limit"] == 2
    assert shown["L3"]["city"] == 1 and shown["L3"]["tokens"] == [8, 0]
    # Nobody's view of the coming pillage names the card it would take (a private event, and a future draw).
    for seat in (0, 1, None):
        assert "Ochre" not in str(state.view(seat)["conflicts"])
    expected = {area: c["after"] for area, c in shown.items()}
    texts = [text for c in shown.values() for text in c["events"]]
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, "end movement")
    for area, after in expected.items():
        assert tokens(state).get(area, [0, 0]) == after["tokens"]
        assert (state.data["cities"].get(area) or {}).get("owner") == after["city"]
    logged = [e["text"] for e in state.log if e["type"] in ("conflict", "assault", "pillage")]
    assert logged == texts  # the same sentences, in the same order
    assert state.view(0)["conflicts"] == []  # nothing open: no preview


def test_no_conflict_is_previewed_where_nations_fit_the_limit() -> None:
    state = _moving(tokens={"L1": [1, 0], "L2": [0, 1]})
    state.apply(0, "move from L1")
    state.apply(0, "L1 to L2")  # one token: its count is not asked
    assert state.to_act() == [1] and state.view(None)["conflicts"] == []


# ------------------------------------------------------------------ calamities before they resolve
def test_a_calamitys_announced_losses_are_the_losses_taken() -> None:
    state = position(
        seats=3,
        tokens={"B": [3, 4, 4], "E": [5, 3, 3]},
        players=[{"hand": ["Epidemic"], "advances": ["Medicine"]}, {}, {"advances": ["Roadbuilding"]}],
        phases=["calamities"],
    )
    shown = state.view(2)["calamities"]
    assert shown["current"] == {"name": "Epidemic", "victim": 0, "trader": None}
    # §30 Epidemic: 16 for the victim, 8 fewer with Medicine; the victim shares 25, at most 10 each.
    mods = {(m["advance"], m["figure"]): m for m in shown["modifiers"]}
    assert mods[("Medicine", "primary modifiers")]["amount"] == -8 and mods[("Medicine", "primary modifiers")][
        "holders"
    ] == [0]
    assert mods[("Roadbuilding", "secondary modifiers")]["holders"] == [2]
    before = [sum(row[s] for row in state.data["tokens"].values()) for s in range(3)]
    announced: dict[int, int] = {}
    while state.to_act():
        seat = state.to_act()[0]
        view = state.view(seat)["calamities"]
        if view is not None:
            for loss in view["losses"]:
                if loss["kind"] == "lose":
                    announced.setdefault(loss["seat"], loss["points"])
                elif loss["kind"] == "direct":
                    assert loss["each"] == 10
        state.apply(seat, state.legal_actions(seat)[0])
    after = [sum(row[s] for row in state.data["tokens"].values()) for s in range(3)]
    lost = {s: before[s] - after[s] for s in range(3) if before[s] != after[s]}
    assert announced[0] == 8  # 16 - 8 for Medicine
    # Each loss shown before it was taken is what the seat lost (tokens only here, so points are tokens),
    # unless the seat had too few units to give (at least one token stays in each area, §30).
    for seat, points in announced.items():
        assert lost[seat] == points or lost[seat] == before[seat] - 2
    assert state.view(0)["calamities"] is None


def test_a_due_calamitys_trader_is_not_told_before_it_strikes() -> None:
    state = position(
        seats=3,
        tokens={"B": [3, 4, 4], "E": [5, 3, 3]},
        players=[{"hand": ["Epidemic", "Civil Disorder"]}, {}, {}],
        phases=["calamities"],
    )
    for frame in state.data["stack"]:
        if frame["step"] == "calamity" and frame["name"] == "Civil Disorder":
            frame["trader"] = 1
    shown = state.view(2)["calamities"]
    assert shown["current"]["name"] == "Epidemic"
    assert shown["due"] == [{"name": "Civil Disorder", "victim": 0}]  # no trader until it strikes


# ------------------------------------------------------------------ the census figure
def test_the_view_carries_each_nations_census_count_beside_the_order() -> None:
    state = position(seats=3, tokens={"A": [1, 0, 0], "B": [0, 3, 0], "E": [0, 0, 2]}, phases=["census"])
    view = state.view(None)
    assert view["census"] == [1, 2, 0]  # the order: the largest first
    assert view["census_counts"] == [1, 3, 2]  # what each nation counted (§21)


# ------------------------------------------------------------------ the log's places
def test_move_and_expansion_events_name_their_areas_publicly() -> None:
    state = position(tokens={"B": [2, 0], "E": [0, 1]}, phases=["expansion", "movement"])
    for text in ("move from B", "B to C", "move 2 from B to C"):
        state.apply(0, text)
    grown = [e for e in state.log if e["type"] == "expansion"]
    assert [e["areas"] for e in grown] == [["B"], ["E"]] and all("seats" not in e for e in grown)
    move = next(e for e in state.log if e["type"] == "move")
    assert (move["source"], move["target"], move["n"]) == ("B", "C", 2) and "seats" not in move


def test_the_log_names_a_seats_drawn_cards_in_one_private_line_and_counts_them_in_one_public_line() -> None:
    state = position(cities={"A": 0, "D": 0}, phases=["acquisition"])
    draws = [e for e in state.log if e["type"] in ("draw", "acquire")]
    assert [(e["type"], e.get("seats")) for e in draws] == [("draw", [0]), ("acquire", None)]
    assert draws[0]["text"].count("stack") == 2 and draws[1]["text"].endswith("draws 2 trade cards.")


def test_a_tax_revolt_names_its_beneficiary_then_each_city_taken_once() -> None:
    state = position(cities={"A": 0, "D": 0, "F": 0}, players=[{"stock": 3}, {}], phases=["taxation"])
    state.apply(1, "take over the city in D")
    state.apply(1, "take over the city in F")
    revolts = [e["text"] for e in state.log if e["type"] == "revolt"]
    assert revolts[0].endswith("revolt; Crete (seat 1) is the beneficiary (§19.3).")
    assert revolts[1:] == ["Crete (seat 1) takes over the city in D.", "Crete (seat 1) takes over the city in F."]


# ------------------------------------------------------------------ §35 breakdown
def test_the_breakdown_lists_each_section_35_component_and_its_total_decides() -> None:
    state = position(
        cities={"A": 0, "D": 1},
        tokens={"B": [2, 0], "C": [0, 1]},
        players=[
            {"ast": 3, "treasury": 5, "advances": ["Pottery", "Mysticism"], "hand": ["Salt", "Salt", "Gold"]},
            {"ast": 4, "treasury": 12, "advances": ["Astronomy"], "hand": ["Ochre"]},
        ],
        phases=["census"],
    )
    result = state.result()
    rows = {row["label"]: row["values"] for row in result["breakdown"]["rows"]}
    assert rows["A.S.T. space"] == [3, 4] and rows["A.S.T. points"] == [300, 400]
    assert rows["Cities"] == [1, 1] and rows["City points"] == [50, 50]
    assert rows["Civilization cards"] == [45 + 50, 80]
    assert rows["Trade cards"] == [2 * 2 * 3 + 9, 1]  # a pair of Salt (stack 3) and a Gold (9); an Ochre (1)
    assert rows["Treasury"] == [5, 12]
    # Seat 0: 300 + 50 + 95 + 21 + 5 = 471; seat 1: 400 + 50 + 80 + 1 + 12 = 543.
    last = result["breakdown"]["rows"][-1]
    assert last["label"] == "Final score" and last["values"] == result["scores"] == [471, 543]
    parts = ("A.S.T. points", "City points", "Civilization cards", "Trade cards", "Treasury")
    assert [sum(rows[label][s] for label in parts) for s in (0, 1)] == result["scores"]
    assert result["ranking"] == [[1], [0]]
    assert result["breakdown"]["notes"] == [f"The game ended: {result['end']}."]  # and no tie to explain


def test_the_breakdown_says_how_a_tie_was_broken() -> None:
    tied = position(
        players=[{"ast": 4}, {"ast": 3, "treasury": 50}], cities={"A": 1}, tokens={"B": [1, 1]}, phases=["census"]
    )
    result = tied.result()
    assert result["scores"] == [400, 400] and result["ranking"] == [[0], [1]]
    assert any("tie on 400" in note and "A.S.T." in note for note in result["breakdown"]["notes"])


# ------------------------------------------------------------------ rules help
def test_rules_help_explains_every_advance_and_calamity_with_its_figures() -> None:
    static = presentation.static_data({"map": "main", "calamities": "additional"})
    found = static["help"]
    assert set(found["advances"]) == set(content.advances())
    assert set(found["calamities"]) == set(content.cards("additional").calamities)
    law = found["advances"]["Democracy"]
    assert law["cost"] == 200 and law["prerequisites"] == ["Law"] and law["text"]
    assert found["advances"]["Pottery"]["credit_groups"] == {"Crafts": 10}
    assert found["calamities"]["Famine"]["tradable"] is False and found["calamities"]["Epidemic"]["tradable"]
    assert {"Population limit", "City site", "Flood plain", "Volcano"} <= set(found["legend"])
    assert any("Early Iron" in text for text in found["ast"].values())
    assert found["epochs"][3] == {"name": "Early Iron Age", "cities": 4, "groups": 5, "cards": 9}
    standard = presentation.static_data({"map": "main"})["help"]["calamities"]
    assert "Drought" not in standard and len(standard) == 12


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda raw: raw["advances"].pop("Pottery"), "misses ['Pottery']"),
        (lambda raw: raw["calamities"].update({"Meteor": "boom"}), "unknown ['Meteor']"),
        (lambda raw: raw["legend"].update({"City site": " "}), "needs a text"),
        (lambda raw: raw.pop("ast"), "[ast] must be a table"),
    ],
)
def test_a_help_file_that_misses_or_invents_a_card_is_refused(change: object, reason: str) -> None:
    import tomllib

    raw = tomllib.loads((content.DATA / "help.toml").read_text(encoding="utf-8"))
    change(raw)  # type: ignore[operator]
    every = set().union(*(content.cards(option).calamities for option in content.CALAMITY_SETS))
    with pytest.raises(ContentError, match=reason.replace("[", r"\[").replace("]", r"\]")):
        load_help(raw, set(content.advances()), every)


def test_the_default_length_reaches_trade_calamities_and_advances() -> None:
    spec = next(o for o in ludoteca.load_game("advanced-civilization").option_specs if o.name == "turn_limit")
    assert spec.default == 15  # measured with heuristic bots (docs/advanced-civilization.md)


# ------------------------------------------------------------------ how the game ends
@pytest.mark.parametrize(("limit", "said"), [(4, "Turn 1 of 4 on the main map."), (None, "Turn 1 on the main map.")])
def test_the_turn_limit_is_said_beside_the_turn_so_the_ast_is_not_read_as_the_games_length(
    limit: int | None, said: str
) -> None:
    """§34.1B: a session may agree a turn limit. The page and the terminal say it; the A.S.T.'s "end" column is
    the other ending (a 4-turn game once looked 16 turns long in the browser)."""
    game = ludoteca.load_game("advanced-civilization", players=2, options={"map": "main", "turn_limit": limit})
    assert presentation.static_data(dict(game.options))["turn_limit"] == limit
    state = game.new_state(seed=3)
    assert state.render(0).splitlines()[0] == said.replace("Turn 1", "Set-up before turn 1")
    assert state.render(0).splitlines()[-1] == "Seat 0 decides now. Set-up (§4): choose your nation."
    while state.view(0)["turn"] < 1:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.render(0).splitlines()[0] == said


# ------------------------------------------------------------------ what a decision asks, in words
def test_every_decision_step_has_a_sentence_and_no_sentence_is_stale() -> None:
    from ludoteca.games.advanced_civilization import machine, prompts

    ludoteca.load_game("advanced-civilization", players=2)  # every phase module registers its steps
    assert set(prompts.PROMPTS) == set(machine.RULES.decisions)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_status_says_each_decision_in_words_filled_from_public_fields_only(players: int) -> None:
    """Seeded games of heuristic and random seats, both calamity sets: every waiting decision's prompt is its
    step's sentence with every field filled (no "{", no step name), and the steps whose frames hold what others
    may not see (the cards in a purchase, an offer's side, the area a player has picked to move from) say
    nothing of it: their sentence is the bare template."""
    from ludoteca.agents.base import make_agent
    from ludoteca.games.advanced_civilization import prompts

    private = {"choose_advance", "pay", "build_offer", "move_to", "move_count", "sail_to", "sail_count", "expand"}
    seen: set[str] = set()
    for game_no, calamities in enumerate(("standard", "additional")):
        options = {"nations": "random", "turn_limit": 14, "calamities": calamities}
        state = ludoteca.load_game("advanced-civilization", players=players, options=options).new_state(seed=game_no)
        agents = [make_agent("heuristic" if (seat + game_no) % 3 else "random", seed=seat) for seat in range(players)]
        while not state.is_over():
            decision = state.view(None)["decision"]
            if decision is not None:
                text = decision["prompt"]
                seen.add(decision["step"])
                assert "{" not in text and "_" not in text and text.endswith("."), text
                if decision["step"] in private:
                    assert text == prompts.PROMPTS[decision["step"]]
                assert state.view(decision["seat"])["decision"]["prompt"] == text
            seat = state.to_act()[0]
            state.apply(seat, agents[seat].choose(state, seat))
    assert {"move_from", "build_city", "choose_advance", "trade_open"} <= seen, seen
