"""The Build Phase: the Build Table, costs by type and era, extra rolls, uniqueness and VP."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.core import IllegalAction, Rng
from ludoteca.games.mankind.civilization import levels
from tests.games.mankind.scripting import TRIBAL, act, new_game, options, player


@pytest.mark.parametrize(
    ("roll", "kind"),
    [
        (1, "infrastructure"),
        (2, "infrastructure"),
        (3, "military"),
        (4, "military"),
        (5, "leader"),
        (6, "wonder"),
        (7, "technology"),
        (8, "technology"),
        (9, "government"),
    ],
)
def test_build_table_rows(roll: int, kind: str) -> None:
    """Mankind: The Build Table — 1-2 Infrastructure, 3-4 Military Unit, 5 Leader, 6 Wonder, 7-8 Technology,
    9 Government; the offer is every build of that kind on the era's list."""
    state = new_game(2, [roll], players=[{"rp": 50, "ip": 50}])
    event = next(e for e in state.log if e["type"] == "build_roll")
    assert event["kind"] == kind
    content = state.content  # type: ignore[attr-defined]
    offered = [a.payload[0] for a in state.legal_actions(0) if a.text != "build nothing"]
    assert offered and all(content.builds[build].kind == kind for build in offered)
    expected = [b for b in content.era_builds[1] if content.builds[b].kind == kind]
    assert sorted(set(offered)) == sorted(expected)


@pytest.mark.parametrize(
    ("era", "build", "price"),
    [
        (1, "ancient/Irrigation", "2 RP"),  # Infrastructure 2X RP
        (2, "medieval/Windmills", "4 RP"),
        (1, "ancient/Plows", "2 IP"),  # Technology 2X IP
        (3, "revolution/Telescopes", "6 IP"),
        (1, "ancient/Stonehenge", "4 RP"),  # Wonder 4X RP
        (4, "modern/Internet", "16 RP"),
        (1, "ancient/Aristotle", "1 IP"),  # Leader 1X IP (docs/rulings.md, Mankind R1)
        (2, "medieval/Roger Bacon", "2 IP"),
        (1, "ancient/Empire", "4 IP"),  # Government 4X IP
        (3, "revolution/New Republic", "12 IP"),
        (1, "ancient/Legions", "3 RP"),  # Military Unit: RP = its WL bonus
        (4, "modern/Aircraft Carriers", "9 RP"),
    ],
)
def test_costs_by_type_and_era(era: int, build: str, price: str) -> None:
    """Mankind: Build Phase — costs, X = the current era."""
    state = new_game(2, [], era=era)
    content = state.content  # type: ignore[attr-defined]
    card = content.builds[build]
    roll = {"infrastructure": 1, "military": 3, "leader": 5, "wonder": 6, "technology": 7, "government": 9}[card.kind]
    state = new_game(2, [roll], era=era, players=[{"rp": 100, "ip": 100}])
    assert f"build {card.name} for {price}" in options(state)


def test_building_pays_and_records_and_changes_levels() -> None:
    """Mankind: Builds — "pick one off the Available list and record it on your Personal list"."""
    state = new_game(2, [1])
    act(state, "build Irrigation for 2 RP")
    p = player(state, 0)
    assert p["rp"] == 2 + 2 - 2 and p["builds"][-1] == "ancient/Irrigation" and levels(p)["FL"] == 6


def test_unaffordable_builds_are_not_offered_and_can_be_skipped() -> None:
    """Mankind: Builds — "If you cannot afford to do the build it, or just don't want to, you may skip it"."""
    state = new_game(2, [6])  # Wonder: 4 RP, the player has 4 after Gains
    assert "build Stonehenge for 4 RP" in options(state)
    state = new_game(2, [6], players=[{"rp": 0, "builds": [b for b in TRIBAL if b != "tribal/Stone & Wood"]}])
    assert state.to_act() == [0] and "build_none" in [e["type"] for e in state.log]
    state = new_game(2, [1])
    act(state, "build nothing")
    assert player(state, 0)["builds"] == TRIBAL


def test_military_unit_upgrade_discards_an_older_unit_and_pays_the_difference() -> None:
    """Mankind: Build Phase — "You may Discard an older unit and pay the difference"."""
    state = new_game(2, [3], players=[{"rp": 0}])  # 2 RP after Gains: Legions (WL 3) only as an upgrade
    assert "build Legions for 3 RP" not in options(state)
    act(state, "build Legions replacing Warriors for 2 RP")
    p = player(state, 0)
    assert p["rp"] == 0 and "tribal/Warriors" not in p["builds"] and "ancient/Legions" in p["builds"]
    assert levels(p)["WL"] == 3


def test_a_unit_is_offered_only_in_exchange_for_a_weaker_one() -> None:
    """Build Phase: "You may Discard an older unit and pay the difference" — trading Legions (WL 3) for a unit no
    stronger pays nothing and changes nothing, so it is not offered; nor is any "for 0 RP" (Mankind R20)."""
    builds = ["tribal/Farms", "tribal/Warriors", "ancient/Legions"]
    state = new_game(2, [3], players=[{"rp": 2, "ip": 0, "builds": builds}])  # no Materials: 2 RP to spend
    offered = options(state)
    assert not any("replacing Legions" in text or "for 0 RP" in text for text in offered)
    assert "build Phalanx replacing Warriors for 1 RP" in offered
    assert "build Legions replacing Warriors for 2 RP" in offered
    assert "build Peltasts replacing Warriors for 0 RP" not in offered  # WL 1 for WL 1
    assert "build Peltasts for 1 RP" in offered
    content = state.content  # type: ignore[attr-defined]
    for action in state.legal_actions(0):
        if action.payload[0] != "nothing" and action.payload[3] is not None:
            new, price, _resource, old = action.payload
            strength = content.builds[new].trait("WL") - content.builds[old].trait("WL")
            assert strength > 0 and price == strength


def test_with_only_stronger_units_held_and_no_rp_there_is_nothing_to_build() -> None:
    """Build Phase: with 0 RP the only trades were equal or weaker units for 0 RP; none is a build (Mankind R20)."""
    state = new_game(2, [3], players=[{"rp": 0, "ip": 3, "builds": ["ancient/Legions", "ancient/Peltasts"]}])
    assert [e["type"] for e in state.log][-1] == "build_none"
    assert options(state) == ["end the Build Phase", "roll again for 3 IP"]


def test_a_lost_tribal_build_may_be_rebuilt_at_its_kinds_cost() -> None:
    """Setup: Tribal builds "do have build costs, but these only apply if they need to be rebuilt" — Farms lost,
    an Infrastructure roll offers it beside the era's list, at 2X RP with X the current era (Mankind R28)."""
    builds = [b for b in TRIBAL if b != "tribal/Farms"]
    state = new_game(2, [1], era=2, players=[{"rp": 4, "builds": builds}])
    assert "build Farms for 4 RP" in options(state)
    assert "build Hunting for 4 RP" not in options(state)  # still held: nothing to rebuild
    act(state, "build Farms for 4 RP")
    p = player(state, 0)
    assert sorted(p["builds"]) == sorted(TRIBAL) and p["rp"] == 4 + 2 - 4 and levels(p)["FL"] == 4


def test_a_tribal_build_is_rebuilt_once_per_copy_lost() -> None:
    """Setup: a Tribal build is rebuilt only while it "need[s] to be": Warriors back in the spread is no longer
    offered, and a Technology roll offers the lost Writing at 2X IP (Mankind R28)."""
    builds = [b for b in TRIBAL if b not in ("tribal/Warriors", "tribal/Writing")]
    state = new_game(2, [3, 7], players=[{"rp": 0, "ip": 5, "builds": builds}])  # no Writing: no Research
    assert "build Warriors for 1 RP" in options(state)
    act(state, "build Warriors for 1 RP")
    act(state, "roll again for 3 IP")
    assert "build Writing for 2 IP" in options(state)
    act(state, "build nothing")
    state = new_game(2, [3], players=[{"rp": 3, "builds": [*builds, "tribal/Warriors"]}])
    assert not any(text.startswith("build Warriors") for text in options(state))


def test_the_king_is_rebuilt_only_from_anarchy() -> None:
    """Setup and Anarchy: "If somehow, you ever lose your current Government" — the King is lost and may be rebuilt
    as a Government (4X IP, 2X VP); a player whose King was replaced by a new Government has lost nothing (R28)."""
    state = new_game(2, [9], players=[{"ip": 10, "government": None}])
    assert "build King for 4 IP" in options(state)
    act(state, "build King for 4 IP")
    p = player(state, 0)
    assert p["government"] == "tribal/King" and p["vp"] == 4 and levels(p)["GL"] == 3
    state = new_game(2, [9], players=[{"ip": 10, "government": "ancient/Empire"}])
    assert not any("King" in text for text in options(state))


def test_wonder_gives_3x_vp_and_is_unique() -> None:
    """Mankind: Wonder Builds — "immediately gain 3X Victory Points"; Wonders are Unique."""
    state = new_game(2, [6, 6], era=2, players=[{"rp": 20}, {"rp": 20}])
    act(state, "build Hagia Sophia for 8 RP")
    assert player(state, 0)["vp"] == 2 + 6 and "medieval/Hagia Sophia" in state.data["gone"]
    act(state, "end the Build Phase")
    # seat 1's first turn: Build roll 6 again; Hagia Sophia is no longer available
    assert not any("Hagia Sophia" in o for o in options(state))


def test_leader_gives_2x_vp() -> None:
    """Mankind: Leader Builds — "gain 2X Victory Points"."""
    state = new_game(2, [5], era=3, players=[{"ip": 3}])
    act(state, "build Newton for 3 IP")
    assert player(state, 0)["vp"] == 2 + 6 and player(state, 0)["ip"] == 3 + 1 - 3


def test_government_replaces_the_old_gives_2x_vp_and_ends_buying() -> None:
    """Mankind: Government Builds — one at a time, 2X VP, and "you cannot buy anything else during the turn"."""
    state = new_game(2, [9], players=[{"ip": 10}])
    act(state, "build Empire for 4 IP")
    p = player(state, 0)
    assert p["government"] == "ancient/Empire" and "tribal/King" not in p["builds"]
    assert p["vp"] == 4 and p["ip"] == 10 + 1 - 4 and levels(p)["GL"] == 4 and levels(p)["WL"] == 3
    # no extra Build roll is offered although 7 IP remain: the turn moved on to seat 1
    assert state.data["current"] == 1


def test_no_government_after_another_purchase_in_the_same_turn() -> None:
    """Mankind: Build Phase — Governments "and you cannot buy anything else during the turn" (Mankind R19)."""
    state = new_game(2, [1, 9], players=[{"ip": 10}])
    act(state, "build Irrigation for 2 RP")
    act(state, "roll again for 3 IP")
    assert [e["type"] for e in state.log][-1] == "build_none"
    assert options(state) == ["end the Build Phase", "roll again for 3 IP"]


def test_extra_rolls_cost_3_ip_each() -> None:
    """Mankind: Build Phase — "additional rolls on the Build Table at the cost of 3 IP each"."""
    state = new_game(2, [7, 7, 7], players=[{"ip": 6}])
    act(state, "build nothing")
    act(state, "roll again for 3 IP")
    assert player(state, 0)["ip"] == 7 - 3
    act(state, "build Plows for 2 IP")
    assert player(state, 0)["ip"] == 2
    with pytest.raises(IllegalAction, match="roll again"):
        act(state, "roll again for 3 IP")


def test_roll_of_10_picks_a_kind_or_gains_1d6_points() -> None:
    """Mankind: The Build Table — "10 Pick One of Above or gain 1D6 IP or RP or VP"."""
    state = new_game(2, [10])
    assert options(state) == [
        "build an Infrastructure",
        "build a Military Unit",
        "build a Leader",
        "build a Wonder",
        "build a Technology",
        "build a Government",
        "gain 1D6 IP",
        "gain 1D6 RP",
        "gain 1D6 VP",
    ]
    act(state, "build a Wonder")
    assert "build Stonehenge for 4 RP" in options(state)
    state = new_game(2, [10, 5])
    act(state, "gain 1D6 VP")
    assert player(state, 0)["vp"] == 7


def test_a_build_pick_is_asked_only_with_something_to_build() -> None:
    """The pick is always asked (its list is long), so an offer with nothing affordable must log "cannot
    build" itself rather than push a pick whose only option is "build nothing"."""
    for seed in range(4):
        state = ludoteca.load_game("mankind", players=3).new_state(seed=seed)
        chooser = Rng(seed)
        while not state.is_over():
            (seat,) = state.to_act()
            legal = state.legal_actions(seat)
            if state.data["stack"][-1]["step"] == "build_pick":
                assert len(legal) > 1 and legal[-1].text == "build nothing" and legal[-1].payload == ("nothing", True)
            state.apply_legal(seat, legal[chooser.randrange(len(legal))])


class _Index:
    """A stand-in generator whose draw is fixed, to ask the sampler for one index of its list."""

    def __init__(self, index: int) -> None:
        self.index = index

    def randrange(self, n: int) -> int:
        assert 0 <= self.index < n
        return self.index


@pytest.mark.parametrize("players", [2, 5])
def test_the_build_pick_sampler_draws_index_i_as_the_ith_legal_action(players: int) -> None:
    """``random_action`` counts a pick's options without listing them: drawing index i must give exactly
    the i-th legal action (text and payload), so the draw is uniform over the very list players see."""
    picks = 0
    for seed in range(3):
        state = ludoteca.load_game("mankind", players=players).new_state(seed=seed)
        chooser = Rng(seed)
        while not state.is_over():
            (seat,) = state.to_act()
            legal = state.legal_actions(seat)
            if state.data["stack"][-1]["step"] == "build_pick":
                picks += 1
                for index, action in enumerate(legal):
                    drawn = state.random_action(seat, _Index(index))
                    assert (drawn.text, drawn.payload) == (action.text, action.payload)
            state.apply_legal(seat, legal[chooser.randrange(len(legal))])
    assert picks > 50


@pytest.mark.parametrize("rp", [0, 1, 3, 40])
def test_the_pick_sampler_follows_scenario_removals_and_any_points(rp: int) -> None:
    """A scenario may remove any build (``gone``) and set any RP (not below 0: refused since session 26): the
    sampler still gives index i as the i-th legal action, "build nothing" last."""
    gone = ["ancient/Legions", "ancient/Fishing Boats"]
    for roll in (1, 3):  # an Infrastructure pick, a Military Unit pick with upgrades
        state = new_game(2, [roll], players=[{"rp": rp, "ip": 0}], gone=gone)
        if state.data["stack"][-1]["step"] != "build_pick":
            assert [e["type"] for e in state.log][-1] == "build_none"
            continue
        (seat,) = state.to_act()
        legal = state.legal_actions(seat)
        assert not any("Legions" in a.text or "Fishing Boats" in a.text for a in legal)
        for index, action in enumerate(legal):
            drawn = state.random_action(seat, _Index(index))
            assert (drawn.text, drawn.payload) == (action.text, action.payload)


def test_a_roll_of_10_says_which_kinds_would_bring_nothing_now() -> None:
    """Every kind stays a pick, but the prompt warns of those that would build nothing: a player picked a Government
    with 6 IP (a Medieval Government costs 8), got "cannot build" and lost the roll without knowing why."""
    from tests.games.mankind.test_eras import _all

    state = new_game(2, [10], era=2, gone=_all(2, "wonder"), players=[{"ip": 6, "rp": 0}])
    assert len(options(state)) == 9  # all still offered; 2 RP from the Gains Phase buy a unit, not a building
    assert state.view(0)["decision"]["prompt"] == (
        "Build roll 10: pick a kind of build, or gain 1D6 points (nothing you can build now: Infrastructure, "
        "Government; no Wonder left: picking one ends the era)."
    )
    act(state, "build a Government")
    assert state.log[-1]["text"] == "Seat 0 cannot build any Government now." and player(state, 0)["ip"] == 7  # +1 RL
    rich = new_game(2, [10], players=[{"ip": 50, "rp": 50}])
    assert rich.view(0)["decision"]["prompt"] == "Build roll 10: pick a kind of build, or gain 1D6 points."
