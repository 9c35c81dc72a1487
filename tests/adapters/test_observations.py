"""Observations hold every public fact a seat's view or its decision shows.

A policy sees only its observation, so two states a seat can tell apart (their views differ, or the seat's
legal actions read differently) must give it different observations. The generic check plays seeded random
games and, at each position it stops at, also every one of a few sampled moves (siblings share everything
but the consequences of one choice, which is where a fact the observation leaves out shows up); it groups
the states by each seat's observation and asserts that equal observations mean equal views and equal legal
actions. The particular facts the view names only in a prompt (or not at all) are then checked one by one.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the RL adapters need the 'rl' extra: pip install ludoteca[rl]")

from ludoteca.adapters.encoding import Encoding  # noqa: E402
from ludoteca.adapters.encodings import load_encoded  # noqa: E402
from ludoteca.core.game import Action, State  # noqa: E402

# (game, players, options, seeds, decisions per game, positions between stops, siblings per stop)
CASES = [
    pytest.param("tigris-euphrates", 2, {}, 1, 400, 1, 8, id="tigris-euphrates-2p"),
    pytest.param("mankind", 3, {}, 1, 600, 2, 3, id="mankind-3p"),
    pytest.param("mankind", 6, {}, 1, 500, 3, 3, id="mankind-6p"),
    pytest.param("arabian-struggle", 2, {}, 2, 400, 1, 3, id="arabian-struggle-2p"),
    pytest.param("arabian-struggle", 3, {"variant": "draft"}, 2, 400, 1, 3, id="arabian-struggle-3p-draft"),
    pytest.param("advanced-civilization", 3, {}, 2, 600, 1, 3, id="advanced-civilization-3p"),
]


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _normal_view(game_id: str, view: dict[str, Any]) -> dict[str, Any]:
    """The view with the orders no rule reads put in one order.

    A Mankind spread is a multiset: builds and conquests are listed in the order they came, and the game only
    memoises trait sums along that order. An Advanced Civilization hand is a multiset too (its order only
    numbers the places the undeclared-card texts name).
    """
    if game_id == "mankind":
        view = dict(view)
        view["players"] = [
            {**player, "builds": sorted(player["builds"]), "conquests": sorted(player["conquests"])}
            for player in view["players"]
        ]
    if game_id == "advanced-civilization":
        view = dict(view)
        view["players"] = [
            {**player, "hand": sorted(player["hand"])} if isinstance(player["hand"], list) else player
            for player in view["players"]
        ]
    return view


def _meaning(action: Action) -> str:
    """An action's text; an Advanced Civilization undeclared card by the card rather than its hand place."""
    if action.text.startswith("add hand card ") and action.text.endswith(", undeclared"):
        return f"add {action.payload}, undeclared"
    return action.text


def _positions(state: State, seed: int, limit: int, every: int, siblings: int) -> Iterator[State]:
    """The stops of one random game and, at each, the states after a few sampled moves."""
    rng = random.Random(seed)
    for step in range(limit):
        if state.is_over():
            return
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if step % every == 0:
            yield state
            for action in rng.sample(legal, min(siblings, len(legal))):
                twin = state.clone()
                twin.apply_legal(seat, action)
                yield twin
        state.apply_legal(seat, rng.choice(legal))


def check_observations_separate_views(
    encoding: Encoding, states: Iterator[State], normal: Callable[[dict[str, Any]], dict[str, Any]]
) -> int:
    """Group every seat's observations; equal ones must come with equal views and legal actions.

    Returns how many times an observation met again came from a different state (a different record):
    the number of comparisons that had something to compare.
    """
    met: dict[tuple[int, bytes], tuple[str, list[str], str]] = {}
    compared = 0
    for state in states:
        record = _canonical(state.record()["actions"])
        for seat in range(state.players):
            key = (seat, hashlib.blake2b(encoding.observe(state, seat).tobytes()).digest())
            legal = [] if state.is_over() else sorted(_meaning(a) for a in state.legal_actions(seat))
            seen = (_canonical(normal(state.view(seat))), legal, record)
            if key not in met:
                met[key] = seen
                continue
            first = met[key]
            if first[2] != record:
                compared += 1
            step = None if state.is_over() else encoding.pending_step(state)
            assert first[0] == seen[0], f"seat {seat}: different views, one observation (decision {step})"
            assert first[1] == seen[1], f"seat {seat}: different legal actions, one observation (decision {step})"
    return compared


@pytest.mark.parametrize(("game_id", "players", "options", "seeds", "limit", "every", "siblings"), CASES)
def test_equal_observations_mean_equal_views_and_choices(
    game_id: str, players: int, options: dict[str, str], seeds: int, limit: int, every: int, siblings: int
) -> None:
    encoding = load_encoded(game_id, players, options)

    def states() -> Iterator[State]:
        for seed in range(seeds):
            yield from _positions(encoding.game.new_state(seed=seed), seed, limit, every, siblings)

    compared = check_observations_separate_views(encoding, states(), lambda view: _normal_view(game_id, view))
    assert compared > 0, "no two states ever shared an observation: the check compared nothing"


RICH_GAMES, RICH_DECISIONS = 1, 800


def _choose_sailing(state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """``test_advanced_civilization._choose``, but ships are kept at upkeep and built half the time they can be:
    the game's heuristic lets ships go, and a table without ships never reaches the sailing decisions."""
    from tests.adapters.test_advanced_civilization import _choose

    step = state.data["stack"][-1]["step"]
    if step == "ship_upkeep":
        kept = [action for action in legal if action.payload != "scrap"]
        if kept:
            return kept[0]
    if step == "ship_build" and legal[0].payload is not None and rng.random() < 0.5:
        return legal[0]
    return _choose(state, seat, legal, rng)


def test_advanced_civilization_rich_positions_separate_views_too() -> None:
    """Trading, calamities, advances and sailing, which random games never reach, from the rich positions of
    ``test_advanced_civilization`` played by the game's heuristic (keeping its ships: :func:`_choose_sailing`)."""
    from tests.adapters.test_advanced_civilization import _rich_scenario

    options = {"map": "main+western", "calamities": "additional"}
    encoding = load_encoded("advanced-civilization", 4, options)
    met: set[str] = set()

    def states() -> Iterator[State]:
        for seed in range(RICH_GAMES):
            state = encoding.game.new_state(seed=seed, scenario=_rich_scenario(4, options, seed))
            rng = random.Random(seed)
            for _ in range(RICH_DECISIONS):
                if state.is_over():
                    return
                seat = state.to_act()[0]
                legal = state.legal_actions(seat)
                met.add(encoding.pending_step(state))
                yield state
                for action in rng.sample(legal, min(2, len(legal))):
                    twin = state.clone()
                    twin.apply_legal(seat, action)
                    yield twin
                state.apply_legal(seat, _choose_sailing(state, seat, legal, rng))

    view = lambda v: _normal_view("advanced-civilization", v)  # noqa: E731
    assert check_observations_separate_views(encoding, states(), view) > 0
    wanted = {"build_offer", "lose", "direct", "pick_city", "pay", "expand", "revolt_take", "sail_count"}
    assert wanted <= met, f"the rich positions never met {sorted(wanted - met)}"


# ------------------------------------------------------------------ the facts named in a prompt or nowhere
def _piece(encoding: Encoding, observation: np.ndarray, name: str) -> np.ndarray:
    return observation[encoding.layout.slice(name)]


def _first(game_id: str, players: int, wanted: Callable[[State], bool], options: dict[str, Any] | None = None) -> State:
    """The first position of seeded random games where ``wanted`` holds."""
    encoding = load_encoded(game_id, players, options)
    for seed in range(40):
        state = encoding.game.new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(3_000):
            if state.is_over():
                break
            if wanted(state):
                return state
            seat = state.to_act()[0]
            state.apply_legal(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError(f"no {game_id} game reached the position wanted")


def _frame(state: State) -> dict[str, Any]:
    return state.data["stack"][-1] if state.data["stack"] else {"step": None}  # type: ignore[no-any-return]


def test_tigris_conflicts_show_colour_sides_squares_strengths_and_commitment() -> None:
    """At the attacker's commitment: after committing 0 or 1 tiles, the defender's observations differ by
    the commitment itself (not only by the attacker's hand size), and both show the war's particulars."""
    encoding = load_encoded("tigris-euphrates", 2)

    def attacker_with_tiles(state: State) -> bool:
        frame = _frame(state)
        if frame["step"] not in ("war_commit", "revolt_commit") or frame["role"] != "attacker":
            return False
        colour = frame["colour"] if frame["step"] == "war_commit" else "r"
        return bool(state.data["hands"][frame["seat"]][colour])

    state = _first("tigris-euphrates", 2, attacker_with_tiles)
    frame = _frame(state)
    attacker, defender = frame["attacker"], frame["defender"]
    after = []
    for commit in (0, 1):
        twin = state.clone()
        twin.apply_legal(attacker, next(a for a in twin.legal_actions(attacker) if a.payload == commit))
        after.append(encoding.observe(twin, defender))
        assert _frame(twin)["role"] == "defender"
    assert _piece(encoding, after[0], "conflict_attack")[0] == 0.0
    assert _piece(encoding, after[1], "conflict_attack")[0] == pytest.approx(1 / 6)
    for observation in after:
        colour = _piece(encoding, observation, "conflict_colour")
        assert colour.sum() == 1 and "rbkg"[int(np.argmax(colour))] == frame["colour"]
        sides = _piece(encoding, observation, "conflict_sides")
        assert sides[encoding.slot(defender, attacker)] == 1 and sides[4 + encoding.slot(defender, defender)] == 1
        squares = _piece(encoding, observation, "conflict_squares")
        assert squares[frame["attacker_square"]] == 1 and squares[176 + frame["defender_square"]] == 1
        facts = encoding.public_facts(state)
        strengths = _piece(encoding, observation, "conflict_strength")
        assert list(strengths) == pytest.approx([s / (s + 5) for s in facts["strengths"]])
    other = encoding.observe(state, defender)
    assert _piece(encoding, other, "conflict_colour").sum() == 1  # the defender sees the war before it decides


def test_tigris_war_order_shows_the_wars_to_order() -> None:
    encoding = load_encoded("tigris-euphrates", 3)
    state = _first("tigris-euphrates", 3, lambda s: _frame(s)["step"] == "war_order")
    observation = encoding.observe(state, _frame(state)["seat"])
    wars = _piece(encoding, observation, "wars_left")
    assert sorted("rbkg"[i] for i in np.flatnonzero(wars)) == sorted(_frame(state)["remaining"])


def test_mankind_conquest_on_offer_and_warfare_order() -> None:
    encoding = load_encoded("mankind", 3)
    state = _first("mankind", 3, lambda s: _frame(s)["step"] == "conquest_offer")
    frame = _frame(state)
    for seat in range(3):
        observation = encoding.observe(state, seat)
        conquest = _piece(encoding, observation, "conquest")
        assert conquest.sum() == 1
        assert encoding.layout.sizes["conquest"] == 40
        order = _piece(encoding, observation, "conquest_order")
        first = frame["order"][0]
        assert order[encoding.slot(seat, first)] == 1.0
    # Another conquest on offer, all else equal, is another observation (conquest_claim is keyed by the card).
    twin = state.clone()
    others = [c for c in _conquests() if c != frame["conquest"]]
    twin.data["stack"][-1] = {**frame, "conquest": others[0]}
    assert not np.array_equal(encoding.observe(twin, frame["seat"]), encoding.observe(state, frame["seat"]))


def _conquests() -> tuple[str, ...]:
    from ludoteca.adapters.encodings.mankind import _catalogue

    return _catalogue()[3]


def test_arabian_struggle_shows_the_op_left() -> None:
    """Spending OP attack by attack: the OP left is in the observation, as in the prompt."""
    encoding = load_encoded("arabian-struggle", 3)
    state = _first("arabian-struggle", 3, lambda s: _frame(s)["step"] == "op_use")
    frame = _frame(state)
    observation = encoding.observe(state, frame["seat"])
    assert _piece(encoding, observation, "pending_op")[0] == pytest.approx(frame["op"] / (frame["op"] + 3))
    state = _first("arabian-struggle", 3, lambda s: _frame(s)["step"] == "attack_select" and _frame(s)["left"] > 1)
    frame = _frame(state)
    left = _piece(encoding, encoding.observe(state, frame["seat"]), "pending_left")[0]
    assert left == pytest.approx(frame["left"] / (frame["left"] + 3))
    assert f"({frame['left']} OP left)" in state.view(frame["seat"])["decision"]["prompt"]
