"""How a good Advanced Civilization player weighs a position: the heuristic the bots search with.

Strategy, in a player's words: §35's score wins, so the A.S.T., cities, civilization cards, trade cards and
treasury count at their scoring weights; cities are also income (taxes and a trade card a stack every turn),
so each is worth more the more turns are left; tokens gathered on empty city sites are cities to come;
holding a calamity when trading ends is a loss to come, so a tradable one should be traded away hidden in an
offer; and sets grow as n², so a trade that adds to a set one already holds is worth making.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ludoteca.core import Action, lead_estimates
from ludoteca.games.advanced_civilization import cards, content, strategy

if TYPE_CHECKING:
    from ludoteca.games.advanced_civilization.state import CivState


def potentials(state: CivState) -> list[float]:
    """Every nation's worth in §35 points, counting what its position will earn."""
    data = state.data
    board = state.board
    turns_left = max(1, (state.game.options["turn_limit"] or 16) - data["turn"])
    scores = state.scores()
    values = [float(score) for score in scores]
    city_count = [0] * state.players
    for city in data["cities"].values():
        city_count[city["owner"]] += 1
    for area, row in data["tokens"].items():
        site = board.areas[area].city_site != "none" and area not in data["cities"]
        for seat, n in enumerate(row):
            if n:
                values[seat] += 1.5 * n + (3.0 * min(n, 6) if site else 0.0)
    calamity_names = state.cards.calamities
    for seat, player in enumerate(data["players"]):
        values[seat] += city_count[seat] * min(turns_left, 6) * 8.0
        values[seat] -= 40.0 * sum(1 for card in player["hand"] if card in calamity_names)
    return values


def evaluate_all(state: CivState) -> list[float]:
    """Win estimates in [0, 1]: each seat's lead over its best rival, squashed by a scale that grows with the turn."""
    return lead_estimates(potentials(state), 80.0 + 40.0 * state.data["turn"])


def _worth_to_me(hand: Counter[str], card: str) -> int:
    """What one more ``card`` adds to the sets of ``hand`` (n² growth), 0 for a calamity."""
    if card not in content.cards().commodities:
        return 0
    n = hand[card]
    return cards.set_value(card, n + 1) - cards.set_value(card, n)


def heuristic_choice(state: CivState, seat: int, legal: list[Action]) -> Action | None:
    """Choices whose worth one move of look-ahead cannot see: the nation and its start area, trading, buying and
    paying, trimming a hand; and the board play of ``strategy`` (movement toward city sites, which cities to build,
    ships, stack-9 cards), whose worth shows only at the end of the turn."""
    frame = state.data["stack"][-1]
    step = frame["step"]
    player = state.data["players"][seat]
    hand = Counter(player["hand"])
    spec = state.cards
    if step == "choose_nation":  # worth showing only turns later: the bots' table (data/bots.toml)
        order = content.nation_preference(state.game.options["map"])
        return min(legal, key=lambda a: order.index(a.payload) if a.payload in order else len(order))
    if step == "choose_start":  # the first token's area tells only turns later (data/bots.toml, §4.4)
        preferred = content.start_preference(state.game.options["map"]).get(state.data["nations"][seat])
        return next((a for a in legal if a.payload == preferred), None)
    if step in ("trade_turn", "trade_open"):
        proposals = [a for a in legal if a.payload is not None]
        # Two proposals a turn, as when trading as turns: an open session allows more, which bots do not need.
        if not proposals or state.data["proposals"][seat] >= 2:
            return legal[-1]
        dump = any(card in spec.calamities and spec.calamities[card].tradable for card in hand)
        if dump:  # pass a calamity on to the strongest rival; refused, to the next strongest
            scores = strategy.public_scores(state)
            ranked = sorted(proposals, key=lambda a: (-scores[a.payload], a.payload))
            return ranked[min(int(state.data["proposals"][seat]), len(ranked) - 1)]
        if any(n == 1 for c, n in hand.items() if c in spec.commodities):
            made = int(state.data["proposals"][seat])
            return proposals[(seat + int(state.data["turn"]) + made) % len(proposals)]
        return legal[-1]
    if step == "build_offer":
        finish = next((a for a in legal if a.payload is None), None)
        chosen = state.data["trade"][frame["side"]]
        if finish is not None and not any(a.payload in spec.calamities for a in legal if a.payload is not None):
            return finish
        hidden = [a for a in legal if a.payload in spec.calamities]
        if hidden:
            return hidden[0]
        # Give away what one's own sets miss least (§35: n² growth): the cheapest card still in hand.
        cheapest = strategy.cheapest_give(state, seat, hand - Counter(chosen), 1)
        cards_out = [a for a in legal if a.payload is not None]
        return next((a for a in cards_out if a.payload in cheapest), cards_out[0])
    if step in ("trade_answer", "trade_accept"):
        # A deal is made when what the seat can see of it adds to its sets (§28) by more than the calamity the
        # other side may hide in it may cost; passing a calamity on (in the offer the seat made) is worth a deal by
        # itself (§29: its holder when trading ends suffers it).
        dumping = step == "trade_accept" and any(c in spec.calamities for c in state.data["trade"]["offer"])
        wanted = dumping or strategy.deal_gain(state, seat, step) > strategy.hidden_risk(state, seat, step)
        # A hand that cannot answer has only the refusal (AC-R34).
        return next((a for a in legal if bool(a.payload) == wanted), legal[-1])
    if step == "choose_advance":
        buys = [a for a in legal if a.payload is not None and a.text.startswith("buy ")]
        if not buys:
            return legal[-1]
        cart = list(frame["cart"])

        def merit(action: Action) -> float:
            price = int(action.text.rsplit(" ", 1)[1])
            return strategy.advance_merit(state, seat, cart, str(action.payload), price)

        return max(buys, key=lambda a: (merit(a), a.text))
    if step == "pay":  # the treasury first while the stock is short, else sets (strategy.pay, §32, §19.1)
        return strategy.pay(state, seat, frame, legal)
    if step == "trim_hand":
        return min(legal, key=lambda a: (_worth_to_me(hand - Counter([a.payload]), a.payload), a.text))
    if step in ("move_from", "move_to", "move_count", "sail_to", "sail_count"):
        return strategy.movement(state, seat, frame, legal)
    if step == "build_city":
        return strategy.build_city(state, seat, legal)
    if step == "buy_stack9":
        return strategy.buy_stack9(state, seat, legal)
    if step in ("ship_build", "ship_upkeep"):
        return strategy.ships(state, seat, frame, legal)
    if step == "direct":  # losses go to the leaders first...
        scores = strategy.public_scores(state)
        return max(legal, key=lambda a: scores[a.payload])
    if step == "civil_war_keep":  # the faction with more cities (income, the A.S.T.), then more unit points
        from ludoteca.games.advanced_civilization.calamity_cards import factions

        split = factions(state, seat)
        return max(legal, key=lambda a: (len(split[bool(a.payload)][1]), sum(split[bool(a.payload)][0].values())))
    if step == "pottery":  # units are income and the A.S.T.: a Grain card saves 4 of them; show all that help
        return max(legal, key=lambda a: int(a.payload))
    if step == "direct_amount":  # ...as many as each can take (the options run from the most down)
        return max(legal, key=lambda a: int(a.payload))
    return None
