"""Advanced Civilization's encoding on the decisions random play never reaches.

Random games rarely build the cities that bring trade cards, so trading, calamities and advances would go
unchecked by the generic round-trip test. Here games are driven by the game's own heuristic choices
(``state.heuristic_choice``, the moves its bots trust) mixed with random ones, from the usual set-up and
from rich positions on the standard maps: many cities, full hands holding every calamity, treasuries,
ships and a spread of advances. Every legal action of every decision met is mapped to its index and
back, and seats' observations are checked against resampling while offers hide undeclared cards.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the RL adapters need the 'rl' extra: pip install ludoteca[rl]")

from ludoteca.adapters.encoding import Encoding  # noqa: E402
from ludoteca.adapters.encodings import load_encoded  # noqa: E402
from ludoteca.core.game import Action, State  # noqa: E402
from ludoteca.games.advanced_civilization import content  # noqa: E402

GAME = "advanced-civilization"
# The rulebook's set-up (the adapters' default for this game is the developed start, AC-R36).
OPTIONS = [
    pytest.param({"map": "main", "calamities": "standard", "start": "rulebook"}, id="main-standard"),
    pytest.param({"map": "main+western", "calamities": "additional", "start": "rulebook"}, id="western-additional"),
]
MOVES = ("move_from", "move_to", "move_count", "sail_to")


def _choose(state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The game's heuristic where it has one; otherwise build what can be built, else a random choice.

    Movement follows the heuristic only half the time: it never sails, so ships would go unchecked. Nations
    are drawn at random: the bots' table would seat the same nations, on the same corner of the map, every game.
    """
    step = state.data["stack"][-1]["step"]
    if step != "choose_nation" and (step not in MOVES or rng.random() < 0.5):
        hint = state.heuristic_choice(seat, legal)  # type: ignore[attr-defined]
        if hint is not None:
            return hint  # type: ignore[no-any-return]
    if step in ("build_city", "convert"):
        return legal[0]
    return rng.choice(legal)


def _play(encoding: Encoding, state: State, seed: int, limit: int, resample_every: int = 0) -> Counter[str]:
    """Play ``state`` on with :func:`_choose`, round-tripping every legal action; returns the blocks met.

    With ``resample_every`` it also checks resampling at about one trade decision in that many, and counts
    under the key ``"(others changed)"`` the checks where some other seat's observation did move.
    """
    rng = random.Random(seed)
    blocks: Counter[str] = Counter()
    for _ in range(limit):
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        by_index = encoding.legal(state, seat)  # raises if two actions share an index or one has none
        assert sorted(a.text for a in by_index.values()) == sorted(a.text for a in legal)
        for index, action in by_index.items():
            assert encoding.index_of(state, seat, action) == index
            block, key = encoding.actions.decode(index)
            assert encoding.actions.index(block, key) == index
            blocks[block] += 1
        if resample_every and state.data["trade"] is not None and rng.randrange(resample_every) == 0:
            blocks["(others changed)"] += _check_resampling(encoding, state, rng)
        state.apply_legal(seat, _choose(state, seat, legal, rng))
    return blocks


def _check_resampling(encoding: Encoding, state: State, rng: random.Random) -> bool:
    """Mid-trade, redrawing what a seat cannot see (other hands, undeclared cards) leaves its view and its
    observation as they were (the game redraws undeclared offer cards from tradable cards only, so an offer
    keeps its size). Returns whether some other seat's observation moved (the check has teeth).
    """
    before = [encoding.observe(state, seat) for seat in range(state.players)]
    others_changed = False
    for seat in range(state.players):
        assert np.all(np.abs(before[seat]) <= 1.0)
        twin = state.clone()
        twin.resample(seat, rng)
        assert twin.view(seat) == state.view(seat)
        assert np.array_equal(encoding.observe(twin, seat), before[seat])
        others_changed |= any(
            not np.array_equal(encoding.observe(twin, other), before[other])
            for other in range(state.players)
            if other != seat
        )
    return others_changed


@pytest.mark.parametrize("options", OPTIONS)
def test_games_driven_by_the_heuristic_round_trip_every_decision(options: dict[str, str]) -> None:
    met: Counter[str] = Counter()
    for players in range(2, 9):
        encoding = load_encoded(GAME, players, options)
        state = encoding.game.new_state(seed=players)
        met += _play(encoding, state, players, 5_000, resample_every=4)
        assert state.is_over()
    for block in ("offer_name", "offer_add", "trade_accept", "advance", "pay_set", "build_city", "move_to"):
        assert met[block], f"heuristic games never met {block}: {sorted(met)}"


# ------------------------------------------------------------------ rich positions
NATIONS = ["Africa", "Crete", "Egypt", "Asia", "Thrace", "Babylon", "Illyria", "Assyria"]
ADVANCES = [
    ["Coinage", "Architecture", "Monotheism", "Astronomy"],
    ["Cloth Making", "Roadbuilding", "Pottery", "Engineering"],
    ["Philosophy", "Mining", "Military"],
    ["Agriculture", "Metalworking", "Coinage", "Law"],
]


def _rich_scenario(players: int, options: dict[str, str], seed: int) -> dict[str, Any]:
    """Each nation spreads out from its start areas: cities on the nearest free sites, tokens at the limits
    of the free areas around, ships on its coasts, a treasury, advances and a hand with two calamities;
    the stacks hold the remaining cards. Seat 0 keeps almost its whole supply in its treasury, so its
    cities revolt at taxation."""
    rng = random.Random(seed)
    board = content.standard_board(options["map"])
    spec = content.cards(options["calamities"])
    nations = NATIONS[:players]
    claimed: set[str] = set()
    tokens: dict[str, list[int]] = {}
    cities: dict[str, int] = {}
    ships: dict[str, list[int]] = {}
    on_board = [0] * players
    for seat, nation in enumerate(nations):
        frontier = [a for a in content.nations()[nation].start if a in board.areas]
        mine: list[str] = []
        while frontier and len(mine) < 16:
            area = frontier.pop(0)
            if area in claimed:
                continue
            claimed.add(area)
            mine.append(area)
            frontier += [o for o in board.borders[area] if o not in claimed]
        sites = [a for a in mine if board.areas[a].city_site != "none"][:6]
        for area in mine:
            if area in sites:
                cities[area] = seat
            else:
                tokens[area] = [0] * players
                tokens[area][seat] = board.areas[area].limit
                on_board[seat] += board.areas[area].limit
        coast = [a for a in mine if a in board.coastal and a in tokens][:2]
        for area in coast:
            ships[area] = [0] * players
            ships[area][seat] = 1
    goods = [c.name for c in spec.commodities.values() for _ in range(c.count)]
    rng.shuffle(goods)
    calamities = list(spec.calamities)
    rng.shuffle(calamities)
    hands = [
        [goods.pop() for _ in range(7 + 2 * (seat % 3))] + calamities[2 * seat : 2 * seat + 2]
        for seat in range(players)
    ]
    player_rows = [
        {
            "treasury": 55 - on_board[0] - 3 if seat == 0 else 12,
            "advances": ADVANCES[seat % len(ADVANCES)],
            "hand": hand,
        }
        for seat, hand in enumerate(hands)
    ]
    held = Counter(card for hand in hands for card in hand)
    stacks: list[list[str]] = [[] for _ in range(9)]
    for card in [c.name for c in spec.commodities.values() for _ in range(c.count)] + list(spec.calamities):
        if held[card]:
            held[card] -= 1
        else:
            stacks[spec.stack_of(card) - 1].append(card)
    for pile in stacks:
        rng.shuffle(pile)
    return {
        "nations": nations,
        "turn": 7,
        "tokens": tokens,
        "cities": cities,
        "ships": ships,
        "players": player_rows,
        "stacks": stacks,
    }


@pytest.mark.parametrize("options", OPTIONS)
def test_rich_positions_reach_calamities_trade_and_advances(options: dict[str, str]) -> None:
    met: Counter[str] = Counter()
    for players in (3, 6, 8):  # 6 players hold enough cards to pass the hand limit (trim_hand) on these seeds
        encoding = load_encoded(GAME, players, options)
        for seed in range(2):
            scenario = _rich_scenario(players, options, seed)
            state = encoding.game.new_state(seed=seed, scenario=scenario)
            met += _play(encoding, state, seed, 4_000, resample_every=6)
            assert state.is_over()
    assert met["(others changed)"], "resampling never changed another seat's hand: the check has no teeth"
    expected = ("tax_rate", "revolt_take", "ship_upkeep", "sail_to", "lose_token", "direct", "pick_city", "trim_hand")
    missing = [block for block in expected if not met[block]]
    assert not missing, f"rich positions never met {missing}"


def test_revolting_cities_nobody_can_take_over_are_lost_by_choice() -> None:
    """The beneficiary of a tax revolt has no city piece to spare, so the victim chooses which cities go."""
    encoding = load_encoded(GAME, 2)
    land = content.standard_board("main").land
    cities = {area: 0 for area in land[:3]} | {area: 1 for area in land[3:12]}
    scenario = {"nations": NATIONS[:2], "cities": cities, "players": [{"treasury": 54}, {}], "phases": ["taxation"]}
    state = encoding.game.new_state(seed=1, scenario=scenario)
    blocks = _play(encoding, state, 1, 20)
    assert blocks["revolt_lose"] == 3 + 2  # three cities to choose from, then two
    assert state.is_over() and not any(city["owner"] == 0 for city in state.data["cities"].values())


def test_trade_options_and_proposals_left_change_the_observation() -> None:
    """AC-R22: the trade option, the public bound on proposals and what each seat has left of it, and how
    nations are given (AC-R5) change a seat's decisions, so states differing only in them observe differently;
    the pieces are laid out as documented."""
    base = {"trade_session": "open", "proposals_per_session": 20, "nations": "choose"}
    variants = [
        {**base, "trade_session": "turns"},
        {**base, "proposals_per_session": 5},
        {**base, "nations": "random"},
    ]
    reference = load_encoded(GAME, 3, base)
    first = reference.game.new_state(seed=4)
    seen = [reference.observe(first, 0)]
    for options in variants:
        encoding = load_encoded(GAME, 3, options)
        assert encoding.layout.size == reference.layout.size
        seen.append(encoding.observe(encoding.game.new_state(seed=4), 0))
    assert all(not np.array_equal(seen[i], seen[j]) for i in range(len(seen)) for j in range(i))
    at = reference.layout.slice
    assert list(seen[0][at("trade_session")]) == [1.0, 0.0] and list(seen[1][at("trade_session")]) == [0.0, 1.0]
    # Three and four proposals of an open session: the clipped count reads 1 for both; what is left tells them apart.
    three, four = first.clone(), first.clone()
    three.data["proposals"] = [3, 0, 0]
    four.data["proposals"] = [4, 0, 0]
    a, b = reference.observe(three, 0), reference.observe(four, 0)
    assert a[at("proposals")][0] == b[at("proposals")][0] == 1.0
    assert a[at("proposals_left")][0] == pytest.approx(17 / 20) and b[at("proposals_left")][0] == pytest.approx(16 / 20)
    # Seen from seat 1, seat 0 is relative slot 2 (of 3): the count follows the seat, not the place.
    assert reference.observe(four, 1)[at("proposals_left")][2] == pytest.approx(16 / 20)
