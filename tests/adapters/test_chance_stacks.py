"""Advanced Civilization under explicit chance: a chance node where a trade card is drawn, not a shuffle at the set-up.

Each trade-card stack is held in its printed order (commodities, tradable calamities, non-tradable calamities, then
the cards returned, AC §15.2, §29.7), and ``stacks_blind`` says which top cards lie in an order nobody knows: the
top N (N = players) are each one chance event over the commodities left, the next ones each over the commodities
and tradable calamities left, the rest are drawn in their known order with no chance event. So the draws below are
worked out by hand from the stacks' contents. The seeded (sampled) game still shuffles at the set-up and deals off
the top: its games are the ones it played before the change, checked against digests computed before it.
"""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel", reason="the OpenSpiel adapter needs the 'rl' extra: pip install ludoteca[rl]")

import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from typer.testing import CliRunner

from ludoteca.adapters import chance, openspiel
from ludoteca.adapters.encodings import encoding_for
from ludoteca.cli import app
from ludoteca.core import Rng, load_game, replay
from ludoteca.core.chance import ChanceNeeded, LockstepRng, ReplayRng, TapeRng, settle
from ludoteca.core.game import State
from ludoteca.games.advanced_civilization import cards
from ludoteca.games.advanced_civilization.state import _KNOWN
from tests.adapters.explicit import play_randomly, short_digest

GAME = "advanced-civilization"
SITES = [
    *("Aleppo", "Alexandria", "Ankara", "Antiochia", "Appolonia", "Argos", "Athens", "Babylon", "Buhen"),
    *("Bycantinum", "Carrhae", "Carthago", "Chalkis", "Charax", "Corinth", "Cyrene", "Damascus", "Eretria"),
    *("Fayum", "Gordium", "Ithaka", "Jericho", "Jerusalem", "Kanesh", "Knossos", "Mari", "Memphis", "Miletus"),
    *("Moesia", "Neapolis", "Niniveh", "Palermo", "Parthia", "Petra", "Phaestos", "Rhodes", "Roma", "Salamis"),
    *("Sardes", "Sardinia", "Sidon", "Sinope", "Sparta", "Susa", "Syracus"),
]
NATIONS = ["Africa", "Italy", "Iberia", "Illyria", "Thrace", "Crete", "Asia", "Assyria", "Babylon", "Egypt"]


def _cities(players: int) -> dict[str, Any]:
    """Eight cities a player, each with four tokens, and 30 treasury: phase 9 draws from every stack (AC §27),
    calamities strike and their cards go back under their stacks (§29.7). The stacks are not given: dealt."""
    cities = {SITES[i]: i % players for i in range(8 * players)}
    return {
        "nations": NATIONS[:players],
        "cities": cities,
        "players": [{"treasury": 30, "stock": 10} for _ in range(players)],
        "tokens": {area: [4 if seat == owner else 0 for seat in range(players)] for area, owner in cities.items()},
    }


# Digests of seeded games (record, log, every seat's view, data less stacks_blind, result of a random game to its
# end, 6 turns) computed in session 9 BEFORE draw-time chance for the stacks: the sampled game must not change by a
# byte. "cities" and "additional" start from ``_cities`` (the latter with the Additional Calamities); "random" and
# "choose" are new games by the nations option. (seed, players, setting, generator): digest.
BEFORE = {
    (50, 2, "cities", "splitmix64"): "4907236a8a80ca8d",
    (50, 3, "cities", "splitmix64"): "19f6b8a193e5486e",
    (50, 5, "cities", "splitmix64"): "161464d9ba16a95b",
    (51, 2, "cities", "splitmix64"): "095f42ff88323b1f",
    (51, 3, "cities", "splitmix64"): "1c5a014514a546ab",
    (51, 5, "cities", "splitmix64"): "ec19e0d34db4140d",
    (52, 2, "cities", "splitmix64"): "1ac0d69bbafdf821",
    (52, 3, "cities", "splitmix64"): "43b809f3da554b05",
    (52, 5, "cities", "splitmix64"): "50f2cdbbf15337e0",
    (53, 2, "cities", "splitmix64"): "33828b94d054c5f7",
    (53, 3, "cities", "splitmix64"): "c6c0f70c7785a952",
    (53, 5, "cities", "splitmix64"): "71a389451f8f039b",
    (60, 3, "cities", "blake2b"): "e2503ef1541bde46",
    (61, 5, "cities", "blake2b"): "45ec270cdcfa3f32",
    (62, 4, "additional", "splitmix64"): "f5ff0d37daabb4f9",
    (63, 3, "additional", "blake2b"): "0672d7e0352e9a44",
    (70, 3, "random", "splitmix64"): "818426571bbb7dc9",
    (71, 5, "random", "splitmix64"): "a97d241aeafdbe52",
    (72, 2, "choose", "splitmix64"): "561b19ce3112b515",
    (73, 4, "random", "blake2b"): "1b44c6da5062fd73",
}


def _options(setting: str) -> dict[str, Any]:
    options: dict[str, Any] = {"turn_limit": 6}
    if setting == "additional":
        options["calamities"] = "additional"
    if setting == "random":
        options["nations"] = "random"
    return options


def _without_start(value: Any) -> Any:
    """``value`` without the option ``start`` at its default (AC-R36, session 10), which the records and views
    name since it was added, after these digests were recorded: the games themselves are unchanged."""
    if isinstance(value, dict):
        return {k: _without_start(v) for k, v in value.items() if not (k == "start" and v == "rulebook")}
    if isinstance(value, list):
        return [_without_start(v) for v in value]
    return value


def _worded_as_then(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log as these digests were taken: a city reduced for want of support says why since session 26
    ("...reduced to 2 tokens: 1 token on the board cannot support 2 cities (2 a city, §26.31)."), the only
    wording changed since; every other byte is still pinned."""
    then = r": [^:]* cannot support .*\)\.$"
    return [{**e, "text": re.sub(then, ".", e["text"])} if e["type"] == "reduce" else e for e in log]


def _digest(seed: int, players: int, setting: str, generator: str) -> str:
    game = load_game(GAME, players, _options(setting))
    given = _cities(players) if setting in ("cities", "additional") else None
    state = game.new_state(seed=seed, generator=generator, scenario=given)
    play_randomly(state, seed)
    # Both added after these digests: what nobody knows of the stacks' order, what each seat knows of the others'
    # hands (``hand_knowledge``, session 26): bookkeeping for redraws, the games themselves unchanged.
    data = {key: value for key, value in state.data.items() if key not in ("stacks_blind", "held_known")}
    views = [_without_start(state.view(seat)) for seat in (*range(players), None)]
    return short_digest(_without_start(state.record()), _worded_as_then(state.log), data, views, state.result())


def test_seeded_games_are_the_ones_played_before_draw_time_chance() -> None:
    assert {key: _digest(*key) for key in BEFORE} == BEFORE


def test_the_digest_sees_a_changed_game() -> None:
    """The digest can fail: the same seed at another player count hashes differently."""
    assert _digest(50, 3, "cities", "splitmix64") != BEFORE[(50, 2, "cities", "splitmix64")]


def _shuffle_draws(game_players: int) -> int:
    """The draws the set-up's two shuffles a stack made when explicit chance walked them (before session 9's
    change): G - 1 for the commodities, then G - N + T - 1 for the rest with the tradable calamities."""
    spec = load_game(GAME, game_players).new_state(seed=0).cards  # type: ignore[attr-defined]
    total = 0
    for number in range(1, 10):
        goods = sum(c.count for c in spec.commodities.values() if c.stack == number)
        tradable = sum(1 for c in spec.calamities.values() if c.stack == number and c.tradable)
        total += max(goods - 1, 0) + max(goods - game_players + tradable - 1, 0)
    return total


@pytest.mark.parametrize(("players", "nations"), [(2, "choose"), (3, "random"), (5, "random")])
def test_the_set_up_deals_no_stack_by_chance(players: int, nations: str) -> None:
    """AC §15.2: the stacks are left in their printed order, so the set-up's only chance nodes are the nations
    dealt (option nations=random: one pick a seat), where the two shuffles of every stack were before."""
    game = openspiel.load(GAME, players=players, chance_mode="explicit", nations=nations)
    state = game.new_initial_state()
    labels = []
    while state.is_chance_node():
        labels.append(state.action_to_string(pyspiel.PlayerId.CHANCE, 0))
        state.apply_action(0)
    if nations == "choose":
        assert labels == []
    else:
        assert len(labels) == players and all(label.startswith("pick 1 of ") for label in labels)
    before = _shuffle_draws(players) + (players if nations == "random" else 0)
    assert _shuffle_draws(players) == {2: 200, 3: 191, 5: 173}[players]  # as docs/adapters.md gave them
    assert len(labels) < before
    data = state.ludoteca.data
    spec = state.ludoteca.cards  # type: ignore[attr-defined]
    for number, pile in enumerate(data["stacks"], 1):
        goods = [c.name for c in spec.commodities.values() if c.stack == number for _ in range(c.count)]
        tradable = [c.name for c in spec.calamities.values() if c.stack == number and c.tradable]
        assert pile[: len(goods) + len(tradable)] == goods + tradable
        blind = data["stacks_blind"][3 * number - 3 : 3 * number]
        assert blind == [min(players, len(goods)), len(goods), len(goods) + len(tradable)]


def _dealt(players: int) -> State:
    """The Ludoteca table after the set-up (nations chosen: the set-up draws nothing under explicit chance)."""
    state = chance.run_setup(load_game(GAME, players), 0, [])
    assert isinstance(state, State)
    return state


def test_outcome_k_draws_card_k_of_the_cards_it_could_be() -> None:
    """3 players, stack 2: 8 Iron, 7 Papyrus, then Treachery (tradable), then Volcanic Eruption / Earthquake. The
    first three draws are over the commodities left (15, 14, 13: the top N, AC §15.2): outcome 14 takes the last
    Papyrus, outcome 0 an Iron; the fourth is over the 12 commodities and Treachery (13), outcome 12 taking
    Treachery; the non-tradable calamity and a card returned under the stack (§29.7) are drawn with no chance."""
    state = _dealt(3)
    assert state.data["stacks"][1][15:] == ["Treachery", "Volcanic Eruption / Earthquake"]
    state.rng = ReplayRng(())
    with pytest.raises(ChanceNeeded) as needed:
        cards.draw(state, 0, 2)
    assert (needed.value.size, needed.value.label) == (15, "bag of 15")
    state.rng = ReplayRng([14, 0, 0])
    assert [cards.draw(state, 0, 2) for _ in range(3)] == ["Papyrus", "Iron", "Iron"]
    assert state.data["stacks_blind"][3:6] == [0, 12, 13]
    state.rng = ReplayRng(())
    with pytest.raises(ChanceNeeded) as needed:
        cards.draw(state, 1, 2)
    assert needed.value.size == 13  # a commodity or Treachery: no longer the commodities only
    state.rng = ReplayRng([12] + [0] * 12)
    assert cards.draw(state, 1, 2) == "Treachery"
    drawn = [cards.draw(state, 1, 2) for _ in range(12)]
    assert drawn == ["Iron"] * 6 + ["Papyrus"] * 6
    settle(state.rng)
    cards.to_bottom(state, "Iron")
    state.rng = ReplayRng(())  # no outcome given: a draw that needed one would raise
    assert [cards.draw(state, 2, 2), cards.draw(state, 2, 2), cards.draw(state, 2, 2)] == [
        "Volcanic Eruption / Earthquake",
        "Iron",
        None,
    ]
    settle(state.rng)
    assert state.data["stacks_blind"][3:6] == [0, 0, 0]


def test_a_stack_draw_lists_one_outcome_a_commodity() -> None:
    """The same stack 2 of 3 players: the first draw's 15 outcomes are two, an Iron (8 of 15, listed at outcome 0)
    and a Papyrus (7 of 15, at outcome 8); after a Papyrus and two Irons, the draw among the 12 commodities and
    Treachery lists three: 6 Iron, 6 Papyrus and Treachery alone (a card with no equal keeps its own outcome)."""
    state = _dealt(3)
    state.rng = ReplayRng(())
    with pytest.raises(ChanceNeeded) as needed:
        cards.draw(state, 0, 2)
    alike = needed.value.alike
    assert alike is not None and alike.outcomes() == [(0, 8 / 15), (8, 7 / 15)]
    assert alike.name == {0: "Iron", 8: "Papyrus"} and alike.first[14] == 8
    state.rng = ReplayRng([8, 0, 0])
    assert [cards.draw(state, 0, 2) for _ in range(3)] == ["Papyrus", "Iron", "Iron"]
    state.rng = ReplayRng(())
    with pytest.raises(ChanceNeeded) as needed:
        cards.draw(state, 1, 2)
    alike = needed.value.alike
    assert alike is not None and alike.outcomes() == [(0, 6 / 13), (6, 6 / 13), (12, 1 / 13)]
    assert alike.name[12] == "Treachery"


def test_the_seeded_generator_deals_off_the_shuffled_top() -> None:
    """Sampled play: the same draws take the stack's front card, whatever ``stacks_blind`` says (the top N of the
    shuffled stack are commodities, AC §15.2)."""
    state = load_game(GAME, 3).new_state(seed=9)
    pile = list(state.data["stacks"][1])
    assert [cards.draw(state, 0, 2) for _ in range(5)] == pile[:5]
    assert all(card in ("Iron", "Papyrus") for card in pile[:3])


def test_a_scenarios_stacks_are_drawn_as_set() -> None:
    """A scenario that gives the stacks: every generator draws them in that order, with no chance event."""
    given = [["Hides", "Ochre"], *([] for _ in range(8))]
    scenario = {**_cities(2), "stacks": given}
    state = load_game(GAME, 2).new_state(seed=1, scenario=scenario, rng=ReplayRng(()))
    settle(state.rng)  # type: ignore[arg-type]
    assert state.data["stacks_blind"] == [0] * 27
    state.rng = ReplayRng(())
    assert [cards.draw(state, 0, 1), cards.draw(state, 0, 1)] == ["Hides", "Ochre"]


def test_a_clone_takes_the_fast_copy_and_owns_its_counts() -> None:
    """``stacks_blind`` is a field the fast copy knows (an unknown one sends every clone down the generic walk)."""
    state = _dealt(3)
    assert _KNOWN.issuperset(state.data)
    twin = state.clone()
    twin.data["stacks_blind"][0] = 0
    assert state.data["stacks_blind"][:3] == [3, 14, 14]


def _acquisition(outcomes: list[int]) -> State:
    """2 players: seat 0 has one city, seat 1 two, and only phase 9 is played (AC §27: seat 0 draws from stack 1,
    then seat 1 from stacks 1 and 2), its draws given by ``outcomes``."""
    scenario = {
        "nations": ["Africa", "Italy"],
        "cities": {"Athens": 0, "Roma": 1, "Sparta": 1},
        "phases": ["acquisition"],
    }
    rng = ReplayRng(outcomes)
    state = load_game(GAME, 2).new_state(seed=0, scenario=scenario, rng=rng)
    settle(rng)
    return state


def test_a_card_drawn_shows_only_to_its_drawer() -> None:
    """Seat 1's stack-1 card is an Ochre (outcome 0) or a Hides (outcome 12 of the 6 Ochre and 7 Hides left):
    seat 1's hand, view and observation tell them apart; seat 0's view, log and observation, and the spectator's
    view, do not."""
    one, two = _acquisition([0, 0, 0]), _acquisition([0, 12, 0])
    assert one.data["players"][1]["hand"] == ["Ochre", "Iron"]
    assert two.data["players"][1]["hand"] == ["Hides", "Iron"]
    encoding = encoding_for(one.game)
    assert one.view(1) != two.view(1)
    assert not np.array_equal(encoding.observe(one, 1, fresh=True), encoding.observe(two, 1, fresh=True))
    assert one.visible_log(1) != two.visible_log(1)
    for seat in (0, None):
        assert one.view(seat) == two.view(seat)
        assert one.visible_log(seat) == two.visible_log(seat)
    assert np.array_equal(encoding.observe(one, 0, fresh=True), encoding.observe(two, 0, fresh=True))


def _hand_and_stack_cards(data: dict[str, Any]) -> tuple[Any, ...]:
    """What the two modes must agree on: hands; per stack, the unknown-order top as a multiset and the rest in order."""
    stacks = []
    for pile, blind in zip(data["stacks"], data["stacks_blind"][2::3], strict=True):
        stacks.append((sorted(Counter(pile[:blind]).items()), pile[blind:]))
    return [player["hand"] for player in data["players"]], stacks, data["stacks_blind"]


def test_a_seeded_game_with_many_draws_is_followed_in_lockstep() -> None:
    """The mechanism of ``seeded_outcomes`` on a game that draws from every stack for six turns (calamities sent
    back under their stacks): the explicit game, answered from the seed's tape, holds the same hands, the same
    stacks (their unknown tops as multisets), the same log; its outcomes replay it through ``ReplayRng``."""
    game = load_game(GAME, 3, {"turn_limit": 6})
    tape, lock = TapeRng(52), LockstepRng()
    seeded = game.new_state(seed=52, scenario=_cities(3), rng=tape)
    lock.load(tape.tape)
    explicit = game.new_state(seed=52, scenario=_cities(3), rng=lock)
    steps = [lock.finish()]
    pick = random.Random(52)
    while not seeded.is_over():
        seat = seeded.to_act()[0]
        action = seeded.random_action(seat, pick)
        tape.tape.clear()
        seeded.apply_legal(seat, action)
        lock.load(tape.tape)
        explicit.apply(seat, action.text)
        steps.append(lock.finish())
    assert explicit.log == seeded.log
    assert _hand_and_stack_cards(explicit.data) == _hand_and_stack_cards(seeded.data)
    labels = Counter(label.split(" of ")[0] for step in steps for _, _, label in step)
    assert labels["bag"] > 40
    record = {**seeded.record(), "chance": [[outcome for _, outcome, _ in step] for step in steps]}
    again = replay(json.loads(json.dumps(record)))
    assert again.log == seeded.log and again.result() == seeded.result()
    assert again.data == explicit.data


def test_seeded_outcomes_replay_a_new_seeded_game() -> None:
    """``seeded_outcomes`` of a sampled 5-player game to its end (nations dealt at random, cards drawn in play)
    replay it through a record with ``"chance"``: the same log, result, hands and stacks."""
    game = load_game(GAME, 5, {"nations": "random", "turn_limit": 8})
    played = game.new_state(seed=4)
    play_randomly(played, 4)
    record = played.record()
    steps = chance.seeded_outcomes(game, 4, [(seat, text) for seat, text in record["actions"]])
    assert any(label.startswith("bag of") for step in steps[1:] for _, _, label in step)
    again = replay({**record, "chance": [[outcome for _, outcome, _ in step] for step in steps]})
    assert again.log == played.log and again.result() == played.result()
    assert _hand_and_stack_cards(again.data) == _hand_and_stack_cards(played.data)


def _explicit_play(seed: int) -> State:
    """A 3-player game from ``_cities`` under explicit chance, each step walked draw by draw as the OpenSpiel
    adapter does (``chance.run_decision``), actions and outcomes uniformly at random, to its end."""
    game = load_game(GAME, 3, {"turn_limit": 3})
    rng = np.random.RandomState(seed)
    outcomes: list[int] = []
    while True:
        replaying = ReplayRng(outcomes)
        try:
            state = game.new_state(seed=0, scenario=_cities(3), rng=replaying)
            settle(replaying)
            break
        except ChanceNeeded as needed:
            outcomes.append(int(rng.randint(needed.size)))
    pick = Rng(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        action = state.random_action(seat, pick)
        outcomes = []
        while isinstance(step := chance.run_decision(state, seat, action, outcomes), ChanceNeeded):
            outcomes.append(int(rng.randint(step.size)))
        state = step
    return state


def test_an_explicit_game_replays_from_its_record(tmp_path: Path) -> None:
    """The explicit game's record lists every card drawn, and replays with ``replay`` and ``ludoteca replay``."""
    state = _explicit_play(3)
    record = state.record()
    assert sum(len(step) for step in record["chance"]) > 20
    again = replay(json.loads(json.dumps(record)))
    assert again.log == state.log and again.data == state.data and again.result() == state.result()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert state.log[-1]["text"] in result.output


def test_openspiels_random_simulation() -> None:
    """OpenSpiel's own checks (probabilities summing to 1, serialisation) on AC with nations dealt by chance."""
    game = openspiel.load(GAME, players=3, chance_mode="explicit", nations="random", seed=2, max_game_length=120)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
