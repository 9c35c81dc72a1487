"""Advanced Civilization as integers and arrays.

Everything is indexed over the *largest* content a game can have, so that both sizes stay the same for
every player count, both maps and both calamity sets: areas are the 149 land areas of the main board
with the Western map (``map="main+western"``), in name order; a game on the main board alone simply
never uses the western ones. Trade cards are the 18 commodities then the 16 calamities of the Additional
Calamities variant (the standard twelve first), advances the 24 civilization cards, nations the ten of
the nation data, all in the content's order.

Actions are keyed by what they name (an area, a card, a nation, a relative seat), never by the text,
which carries prices, counts and hand positions. Where a decision continues one taken before it (the
destination of a move whose source was chosen a step earlier; the city a calamity reduces, destroys,
turns pirate or hands over) the key includes what the pending frame already fixed, because the view
shows only the decision's name and seat: keyed by (source, destination) the same integer means the same
move in every state, and a policy sees which move it is choosing.

An undeclared card of a trade offer is keyed by the card, which only the acting seat knows: the game names
it by its place in the hand so that an onlooker of the *text* learns nothing, but a place means a
different card in every state, which no policy could learn from. Observations never contain actions, so
no other seat's observation can see which undeclared card was added.

The view names a pending decision by its step and seat only; the public particulars of the frame (the
source and destination of a move whose count is chosen, the calamity resolving and the points still to
lose, direct or select, the areas a loss is confined to, the cities already picked, the advances chosen and
the amount due, where expansion is due) and a few public counters the view leaves out (ships sailed and
trades proposed this turn, Corruption's victims, the tokens a calamity took from city support) come from
the state (:meth:`AdvancedCivilizationEncoding.public_facts`). The trader of a calamity card becomes public
only when the calamity resolves: until then it is hidden, and it is read only from the resolving frames.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import cache
from typing import Any, cast

import numpy as np

from ludoteca.adapters.encoding import Block, Encoding, Part, Piece, Writer, bool_block
from ludoteca.core.game import Game, Seat, State
from ludoteca.games.advanced_civilization import calamities, content, trade
from ludoteca.games.advanced_civilization.calamities import CITY_EFFECTS
from ludoteca.games.advanced_civilization.machine import RULES
from ludoteca.games.advanced_civilization.state import CivState

MAPS = tuple(content.MAPS)  # ("main", "main+western")
FULL_MAP = MAPS[-1]
UPKEEP = ("treasury", "area", "scrap")
TRADE_SESSIONS = ("open", "turns")  # the option trade_session (AC-R22), in this order in the observation


@cache
def _universe() -> dict[str, Any]:
    """The fixed keys every block and piece is laid out on, computed once from the game's content."""
    board = content.standard_board(FULL_MAP)
    rules = content.rules()
    land = board.land
    coastal = tuple(area for area in land if area in board.coastal)
    # A land move reaches a neighbour, or (with Roadbuilding) a neighbour of a neighbour (§23.4).
    walks = []
    for source in land:
        reach = set(board.borders[source])
        for middle in board.borders[source]:
            reach.update(board.borders[middle])
        reach.discard(source)
        walks += [(source, target) for target in sorted(reach)]
    # A ship reaches coastal land within its longest range (Cloth Making), open sea allowed (Astronomy).
    longest = int(rules["ship_range"]) + 1
    sails = []
    for source in coastal:
        seen = {source}
        frontier = [source]
        for _ in range(longest):
            following = []
            for here in frontier:
                for there in board.ship_links.get(here, ()):
                    if there not in seen:
                        seen.add(there)
                        following.append(there)
            frontier = following
        sails += [(source, target) for target in sorted(seen) if target != source and board.areas[target].land]
    variant = content.cards("additional")
    goods = tuple(variant.commodities)
    calamities = tuple(variant.calamities)
    # The most cards a stack ever holds: its commodities and every calamity of the larger set.
    stack_cards = [0] * 9
    for good in variant.commodities.values():
        stack_cards[good.stack - 1] += good.count
    for calamity in variant.calamities.values():
        stack_cards[calamity.stack - 1] += 1
    printed = {**{c.name: c.count for c in variant.commodities.values()}, **{c: 1 for c in calamities}}
    return {
        "land": land,
        "coastal": coastal,
        "walks": tuple(walks),
        "sails": tuple(sails),
        "goods": goods,
        "cards": goods + calamities,
        "printed": printed,
        "stack_cards": tuple(stack_cards),
        "advances": tuple(content.advances()),
        "nations": tuple(content.nations()),
        "tokens": rules.tokens,
        "cities": rules.cities,
        "ships": rules.ships,
        "ship_cost": int(rules["ship_cost"]),
        "ship_capacity": int(rules["ship_capacity"]),
        "finish": max(n.finish for n in content.nations().values()),
    }


@cache
def _index(keys: tuple[Any, ...]) -> dict[Any, int]:
    return {key: i for i, key in enumerate(keys)}


FACTS = ("in_play", "limit", "black_site", "white_site", "flood_plain", "volcano", "coastal")


@cache
def _facts(map_name: str) -> tuple[tuple[float, ...], ...]:
    """The printed features of each land area (:data:`FACTS`), constant for a map.

    They never change in a game, but a policy given them can tell a city site or a flood plain from the
    numbers themselves instead of learning 149 positions by heart, and the map in play by ``in_play``.
    """
    board = content.standard_board(map_name)
    rows = []
    for area in _universe()["land"]:
        spec = board.areas.get(area)
        if spec is None:
            rows.append((0.0,) * len(FACTS))
            continue
        rows.append(
            (
                1.0,
                spec.limit / 5,
                float(spec.city_site == "black"),
                float(spec.city_site == "white"),
                float(spec.flood_plain),
                float(spec.volcano),
                float(area in board.coastal),
            )
        )
    return tuple(rows)


@cache
def _area_facts(map_name: str) -> np.ndarray:
    """:func:`_facts` as one flat array, pasted in one copy by the direct writer."""
    array = np.asarray(_facts(map_name), dtype=np.float32).reshape(-1)
    array.flags.writeable = False
    return array


def _planes(
    array: np.ndarray,
    base: int,
    n_land: int,
    order: tuple[int, ...],
    land_at: dict[str, int],
    table: dict[str, list[int]],
    half: float | None,
    top: float = 1.0,
) -> list[int]:
    """Per-seat counts by area (``table``: area -> one count per seat) into planes of relative slots, each
    squashed n/(n+``half``) or, without ``half``, /``top`` clipped to 1, as :meth:`write` writes them; returns
    each seat's total. A plain loop: a table holds a few dozen areas, fewer than numpy's cost per call repays."""
    totals = [0] * len(order)
    rows = [base + k * n_land for k in order]
    for area, counts in table.items():
        i = land_at[area]
        for other, n in enumerate(counts):
            if n:
                totals[other] += n
                array[rows[other] + i] = n / (n + half) if half is not None else min(1.0, n / top)
    return totals


# The decisions whose action keys read the pending frame or the offer being built (action_context).
_CONTEXT_STEPS = frozenset(("move_to", "sail_to", "pick_city", "build_offer"))

# The most unit points one direction can send (a calamity's loss with its modifiers stays well below).
DIRECT_MOST = 64


class AdvancedCivilizationEncoding(Encoding):
    """Advanced Civilization, 2-8 players, either map, either calamity set."""

    game_id = "advanced-civilization"
    # Games end at the turn limit by default (10 turns when measured, 15 now): random play took under 400
    # decisions in 10 turns, play driven by the game's heuristic about 2,000 at 8 players; ten times that is
    # the bound, 2,000 decisions per turn of the limit (see length_bound; this figure is the 10-turn one).
    max_game_length = 20_000
    # Without a turn limit a game lasts until an A.S.T. marker finishes: heuristic games (mixed with random
    # moves, as the tests play them) took up to 30,156 decisions (96 turns) at 8 players and 4; at 2 players
    # they had not ended after 100,000 (turn 1,030), and random play may never end one. Ten times the
    # longest finished game is the bound.
    unlimited_game_length = 300_000

    def length_bound(self) -> int:
        """2,000 decisions per turn of the turn limit (30,000 for the default 15); 300,000 without a limit."""
        limit = self.game.options["turn_limit"]
        return self.unlimited_game_length if limit is None else 2_000 * int(limit)

    def __init__(self, game: Game) -> None:
        self.steps = tuple(sorted(RULES.decisions))
        self._orders: dict[Seat, tuple[int, ...]] = {}
        self.declared = int(content.cards().trade["declared"])
        super().__init__(game)

    # ------------------------------------------------------------------ actions
    def action_blocks(self) -> list[Block]:
        u = _universe()
        land, coastal, seats = u["land"], u["coastal"], self.seat_keys()
        return [
            Block("nation", u["nations"], "set-up: play this nation"),
            Block("start", land, "set-up: place the first token in this start area"),
            Block("tax_rate", (1, 2, 3), "taxation: collect 1, 2 or 3 per city (more than 2 only with Coinage)"),
            Block("revolt_take", land, "tax revolt: take over the revolting city in this area"),
            Block("revolt_lose", land, "tax revolt: lose the city in this area"),
            Block("expand", land, "expansion with too little stock: grow by one token in this area"),
            Block("ship_upkeep", UPKEEP, "maintain the ship from the treasury, with a token in its area, or let it go"),
            Block(
                "ship_build",
                tuple((area, t) for area in coastal for t in range(u["ship_cost"] + 1)),
                "build a ship in coastal area a paying t from the treasury, the rest from the area: (a, t)",
            ),
            Block("ship_build_stop", (None,), "build no more ships"),
            Block("move_from", land, "movement: move tokens out of this area by land"),
            Block("sail_from", coastal, "movement: sail a ship out of this area"),
            Block("move_stop", (None,), "end movement"),
            Block("move_to", u["walks"], "move from source s (chosen before) to land area t: (s, t)"),
            Block("move_back", (None,), "move: choose another source instead"),
            Block("move_count", tuple(range(1, u["tokens"] + 1)), "move this many tokens (1-55)"),
            Block("sail_to", u["sails"], "sail the ship from s (chosen before) to coastal area t: (s, t)"),
            Block("sail_back", (None,), "sail: choose another source instead"),
            Block("sail_count", tuple(range(u["ship_capacity"] + 1)), "carry this many tokens on the ship (0-5)"),
            Block("build_city", land, "build a city in this area with tokens alone"),
            Block("build_city_treasury", land, "build a city here, the treasury paying the rest (Architecture)"),
            Block("build_city_stop", (None,), "build no more cities"),
            Block("reduce_city", land, "city support: reduce the city in this area"),
            bool_block("buy_stack9", "buy no card (+0) or buy a card from stack 9 (+1)"),
            Block("trade_propose", seats, "trade: propose a trade to the seat at this relative slot"),
            Block("trade_pass", (None,), "trade: pass (trade rounds) or done trading (the open session)"),
            Block("offer_name", u["goods"], "offer: name this commodity (one of the two declared cards)"),
            Block("offer_add", u["cards"], "offer: add this card of the hand, undeclared"),
            Block("offer_done", (None,), "offer: offer (or answer with) the cards chosen"),
            bool_block("trade_answer", "refuse the proposal (+0) or answer with an offer (+1)"),
            bool_block("trade_accept", "refuse the answer (+0) or accept the trade (+1)"),
            Block("lose_token", land, "calamity loss: lose a token in this area"),
            Block("lose_city", land, "calamity loss: reduce the city in this area"),
            Block("direct", seats, "calamity: direct losses at the seat at this relative slot"),
            Block(
                "pick_city",
                tuple((effect, area) for effect in CITY_EFFECTS for area in land),
                "calamity: reduce, destroy, turn pirate or hand to the trader (effect e) the city in area a: (e, a)",
            ),
            Block("earthquake", land, "Earthquake: lose the city in this area"),
            Block("faction_token", land, "Civil War: select a token of the victim in this area for the faction"),
            Block("faction_city", land, "Civil War: select the victim's city in this area for the faction"),
            Block("piracy_victim", seats, "Piracy: name the seat at this relative slot to lose a coastal city"),
            Block(
                "convert",
                tuple((area, slot) for area in land for slot in seats),
                "Monotheism: convert the units of the seat at relative slot k in area a: (a, k)",
            ),
            Block("convert_none", (None,), "Monotheism: convert no area"),
            Block("advance", u["advances"], "buy this civilization advance (added to the purchase)"),
            Block("advance_done", (None,), "stop choosing advances: pay for those chosen, or buy none"),
            Block("pay_set", u["goods"], "pay with every free card of this commodity (as a set)"),
            Block("pay_treasury", (None,), "pay what is still due from the treasury"),
            Block("trim_hand", u["goods"], "over the hand limit: return a card of this commodity"),
            # Decisions the game gained on 2026-12-01 (#22), appended so that no earlier index moves.
            Block(
                "pottery",
                tuple(range(u["printed"]["Grain"] + 1)),
                "Famine under Pottery: show this many Grain cards (each saves unit points)",
            ),
            bool_block("civil_war_keep", "Civil War: continue with the other faction (+0) or the first (+1)"),
            Block(
                "direct_amount",
                tuple(range(1, DIRECT_MOST + 1)),
                f"direct this many unit points (1-{DIRECT_MOST}) at the seat named just before",
            ),
            Block("pay_set_mining", u["goods"], "pay with every free card of this commodity, raised by Mining"),
        ]

    def action_context(self, state: State, seat: Seat) -> Any:
        """The pending frame (public: what earlier public choices fixed) and the size of a trade side being built.

        An offer's size is public (every seat sees the count), and tells the two named cards from the rest.
        """
        frame = state.data["stack"][-1]
        if frame["step"] not in _CONTEXT_STEPS:
            return None  # the key is a function of the payload alone: the adapters may keep it (Encoding.legal)
        deal = state.data["trade"]
        size = len(deal[frame["side"]]) if frame["step"] == "build_offer" and deal is not None else 0
        return frame, size

    def action_key(self, step: str, seat: Seat, payload: Any, context: Any) -> tuple[str, Hashable]:
        frame: dict[str, Any] = {} if context is None else context[0]
        size: int = 0 if context is None else context[1]
        if step == "move_from":
            if payload is None:
                return "move_stop", None
            kind, area = payload
            return ("move_from" if kind == "land" else "sail_from"), area
        if step in ("move_to", "sail_to"):
            back = "move_back" if step == "move_to" else "sail_back"
            return (back, None) if payload is None else (step, (frame["source"], payload))
        if step == "ship_build":
            return ("ship_build_stop", None) if payload is None else ("ship_build", (payload[0], int(payload[1])))
        if step == "build_city":
            if payload is None:
                return "build_city_stop", None
            area, extra = payload
            return ("build_city_treasury" if extra else "build_city"), area
        if step in ("trade_turn", "trade_open"):  # AC §28: trade rounds, or the open session (every seat at once)
            return ("trade_pass", None) if payload is None else ("trade_propose", self.slot(seat, int(payload)))
        if step == "build_offer":
            if payload is None:
                return "offer_done", None
            return ("offer_name" if size < self.declared else "offer_add"), payload
        if step in ("lose", "faction"):
            kind, area = payload
            return f"{step}_{kind}", area
        if step in ("direct", "piracy_victims"):
            return ("direct" if step == "direct" else "piracy_victim"), self.slot(seat, int(payload))
        if step == "pick_city":
            return "pick_city", (frame["effect"], payload)
        if step == "convert":
            if payload is None:
                return "convert_none", None
            area, other = payload
            return "convert", (area, self.slot(seat, int(other)))
        if step == "choose_advance":
            return ("advance_done", None) if payload is None else ("advance", payload)
        if step == "pay":
            if payload is None:
                return "pay_treasury", None
            if isinstance(payload, list | tuple):  # [commodity, "Mining"]: the set raised by Mining (§28.53)
                return "pay_set_mining", payload[0]
            return "pay_set", payload
        if step in ("buy_stack9", "trade_answer", "trade_accept"):
            return step, bool(payload)
        simple = {
            "choose_nation": "nation",
            "choose_start": "start",
            "tax_rate": "tax_rate",
            "revolt_take": "revolt_take",
            "revolt_lose": "revolt_lose",
            "expand": "expand",
            "ship_upkeep": "ship_upkeep",
            "move_count": "move_count",
            "sail_count": "sail_count",
            "reduce_city": "reduce_city",
            "earthquake": "earthquake",
            "trim_hand": "trim_hand",
            "pottery": "pottery",
            "direct_amount": "direct_amount",
        }
        if step == "civil_war_keep":
            return step, bool(payload)
        return simple[step], payload

    # ------------------------------------------------------------------ observation
    def observation_pieces(self) -> list[Piece]:
        u = _universe()
        n_land, n_cards, slots = len(u["land"]), len(u["cards"]), self.slots
        per_area = f"{n_land} values, one per land area of the full map in name order"
        per_slot_area = f"{slots} planes (relative slot 0-{slots - 1}) × {n_land} land areas"
        cards = f"{n_cards} values: the 18 commodities then the 16 calamities"
        pieces = [
            Piece("map", len(MAPS), "one-hot map: " + ", ".join(MAPS)),
            Piece("options", 2, "1 with the Additional Calamities variant; the turn limit /20 (0: none)"),
            Piece("turn", 1, "turn number, squashed t/(t+10)"),
            Piece("over", 1, "1 once the game is over"),
            Piece("decision", len(self.steps), "one-hot decision waiting: " + ", ".join(self.steps)),
            Piece("decider", slots, "one-hot relative slot of the seat that must decide"),
            Piece("areas", n_land * len(FACTS), f"per land area ({per_area}): " + ", ".join(FACTS)),
            Piece("tokens", slots * n_land, f"tokens, squashed n/(n+3): {per_slot_area}"),
            Piece("moved", slots * n_land, f"tokens moved in this turn, squashed n/(n+3): {per_slot_area}"),
            Piece("cities", slots * n_land, f"1 where the slot has a city: {per_slot_area}"),
            Piece("new_cities", n_land, f"1 on a city built this turn: {per_area}"),
            Piece("ships", slots * n_land, f"ships, /{u['ships']}: {per_slot_area}"),
            Piece("barbarians", n_land, f"barbarian tokens, squashed n/(n+5): {per_area}"),
            Piece("pirates", n_land, f"1 on a pirate city: {per_area}"),
            Piece("present", slots, "1 per relative slot that holds a seat"),
            Piece("nation", slots * len(u["nations"]), "per slot: one-hot nation, " + ", ".join(u["nations"])),
            Piece("stock", slots, f"tokens in stock per slot, /{u['tokens']}"),
            Piece("treasury", slots, f"treasury tokens per slot, /{u['tokens']}"),
            Piece("ast", slots, f"A.S.T. space per slot, /{u['finish']}"),
            Piece("city_count", slots, f"cities on the board per slot, /{u['cities']}"),
            Piece("ship_count", slots, f"ships on the board per slot, /{u['ships']}"),
            Piece("hand_size", slots, "trade cards held per slot, squashed n/(n+8)"),
            Piece("locked", slots, "Grain shown against Famine under Pottery this turn per slot, /8"),
            Piece("advances", slots * len(u["advances"]), "per slot: 1 per advance held, " + ", ".join(u["advances"])),
            Piece("census", slots * slots, "per slot: one-hot place in the census order (0 = largest population)"),
            Piece("hand", n_cards, f"the observer's trade cards ({cards}): copies / copies printed"),
            Piece("stacks", 9, "cards left in stacks 1-9, each / the most it can hold"),
            Piece("trade", 1, "1 while a trade is being negotiated"),
            Piece("trade_from", slots, "one-hot relative slot of the proposer"),
            Piece("trade_to", slots, "one-hot relative slot of the seat proposed to"),
        ]
        for side in ("offer", "reply"):
            who = "proposer's offer" if side == "offer" else "answer"
            pieces += [
                Piece(f"{side}_count", 1, f"cards in the {who}, squashed n/(n+3)"),
                Piece(f"{side}_named", n_cards, f"the two declared cards of the {who} ({cards}), counts /2"),
                Piece(f"{side}_cards", n_cards, f"every card of the {who} if the observer made it: copies / printed"),
            ]
        n_calamities = len(u["cards"]) - len(u["goods"])
        most = int(content.cards().trade["proposals_per_turn"])
        pieces += [
            Piece(
                "sailed", slots * n_land, f"ships that sailed into an area this turn, /{u['ships']}: {per_slot_area}"
            ),
            Piece(
                "proposals",
                slots,
                f"trades proposed this turn per slot, /{most}",
            ),
            Piece("corrupted", slots, "1 per slot hit by Corruption this turn (a lower hand limit)"),
            Piece("support_penalty", slots, "tokens a calamity took from city support per slot, squashed n/(n+3)"),
            Piece("trade_passes", 1, f"passes in a row in the trade round, /{slots}"),
            Piece(
                "calamity",
                n_calamities,
                "one-hot calamity being resolved (the `hand` piece's calamities, in order)",
            ),
            Piece(
                "amount",
                1,
                "what the decision still has to settle, squashed n/(n+10): unit points to lose, direct or select, "
                "cities to pick, revolting cities, Piracy victims to name, the price still due for advances",
            ),
            Piece("each", 1, "the most points one seat may be directed, squashed n/(n+10)"),
            Piece("engineering_cap", 1, "most points a seat with Engineering may be directed, squashed n/(n+10)"),
            Piece("city_effect", len(CITY_EFFECTS), "one-hot effect on the picked city: " + ", ".join(CITY_EFFECTS)),
            Piece(
                "limits",
                6,
                "1 each: losses confined to some areas; cities confined to some areas; no city may be lost; one "
                "token kept in each area; coastal cities only; the offer being built is the answer",
            ),
            Piece("architect", 1, "1 once Architecture's treasury help was used this phase"),
            Piece("source", n_land, f"the area a move or sailing starts from: {per_area}"),
            Piece("target", n_land, f"the area a move or sailing goes to: {per_area}"),
            Piece("pending_area", n_land, f"the ship to maintain, or the city whose neighbour is picked: {per_area}"),
            Piece("allowed", n_land, f"where losses may be taken, when confined: {per_area}"),
            Piece("allowed_cities", n_land, f"where cities may be lost, when confined: {per_area}"),
            Piece("spared", n_land, f"tokens a reduced city left, not to be taken again, squashed n/(n+3): {per_area}"),
            Piece("expand_due", n_land, f"tokens of growth still due, squashed n/(n+2): {per_area}"),
            Piece(
                "marked",
                2 * n_land,
                f"Civil War: victim's tokens selected, squashed n/(n+3), then cities: 2 × {per_area}",
            ),
            Piece("cart", len(u["advances"]), "the advances chosen in this purchase, " + ", ".join(u["advances"])),
            Piece("victim", slots, "one-hot relative slot of the calamity's or revolt's victim whose units are picked"),
            Piece("trader", slots, "one-hot relative slot of the calamity's trader (or the beneficiary taking cities)"),
            Piece("owners", slots, "1 per relative slot whose cities may be picked"),
            Piece("exempt", slots, "1 per relative slot that losses may not be directed at"),
            Piece("named", slots, "1 per relative slot already named for Piracy"),
            Piece("directed", slots, "points already directed at each relative slot, squashed n/(n+10)"),
            Piece("taken", slots, "cities already picked per relative slot, /3 (clipped)"),
            Piece("cap", slots, "the most cities that may be picked per relative slot, /3 (clipped; 0: no cap)"),
            Piece(
                "due",
                n_calamities * slots,
                "the view's calamity preview: 1 per calamity still due this turn at its victim's relative slot: "
                f"{n_calamities} calamities (the `hand` piece's order) × {slots} slots",
            ),
            Piece(
                "queued_loss",
                3 * slots,
                "the preview's losses waiting to be taken, per relative slot of the seat that takes them: unit "
                "points to lose, points to direct, cities to pick, each squashed n/(n+10)",
            ),
            Piece(
                "queued_each",
                slots,
                "the most points one seat may be directed in a waiting direction, squashed n/(n+10)",
            ),
            Piece(
                "queued_effect",
                slots * len(CITY_EFFECTS),
                "1 per effect of a waiting city pick (" + ", ".join(CITY_EFFECTS) + ") at the picker's slot",
            ),
            Piece("queued_owners", slots * slots, "1 per owner slot whose cities a waiting pick may take, per picker"),
            Piece("session", slots, "1 per relative slot still in the open trade session (not done trading)"),
            Piece("direct_at", slots, "one-hot relative slot named to take directed losses, whose amount is asked"),
            Piece("mined", 1, "1 once Mining has raised a set in the purchase being paid"),
            # Appended 2026-12-01 (session 6) so that no earlier piece moves: the trade options (AC-R22).
            Piece("trade_session", len(TRADE_SESSIONS), "one-hot trade option: " + ", ".join(TRADE_SESSIONS)),
            Piece(
                "proposal_cap",
                1,
                "the most proposals a seat makes in a trade phase (the open session's `proposals_per_session`, or "
                f"{most} when trading as turns), squashed n/(n+10)",
            ),
            Piece("proposals_left", slots, "proposals each relative slot may still make this trade phase, / the cap"),
            Piece("nations_random", 1, "1 when nations are dealt at random (option `nations`), 0 when chosen"),
        ]
        return pieces

    def public_facts(self, state: State) -> Any:
        """The pending frame and the public counters of the turn that the view leaves out.

        Frames hold earlier public choices and announced results; the calamity's trader enters a frame only
        when the calamity resolves, when it is announced (the hidden record of who traded which calamity,
        ``calamity_from``, is never read).
        """
        data = state.data
        return {
            "frame": data["stack"][-1] if data["stack"] else None,
            "sailed": data["sailed"],
            "proposals": data["proposals"],
            "cap": trade.proposal_cap(state),  # type: ignore[arg-type]  # AC-R22: an option, public
            "corrupted": data["corrupted"],
            "support_penalty": data["support_penalty"],
            "directed": data.get("directed"),
            "marked": data.get("faction"),
        }

    def write_facts(self, out: Writer, facts: dict[str, Any], seat: Seat) -> None:
        self._write_counters(out, facts, seat)
        frame = facts["frame"]
        if frame is not None:
            self._write_frame(out, frame, seat, _universe())

    def _write_counters(self, out: Writer, facts: dict[str, Any], seat: Seat) -> None:
        """The public counters of the turn the view leaves out: ships sailed, proposals made and the cap, the
        corrupted, the support penalties, the directed losses, the areas marked."""
        u = _universe()
        land_at = _index(u["land"])
        n_land = len(u["land"])
        array, start = out.array, out.start
        for area, row in facts["sailed"].items():
            for other, n in enumerate(row):
                if n:
                    array[start["sailed"] + self.slot(seat, other) * n_land + land_at[area]] = min(1.0, n / u["ships"])
        top = int(content.cards().trade["proposals_per_turn"])
        cap = facts["cap"]
        out.squashed("proposal_cap", cap, 10)
        for other, n in enumerate(facts["proposals"]):
            k = self.slot(seat, other)
            out.scaled("proposals", n, top, at=k)
            out.scaled("proposals_left", max(0, cap - n), cap, at=k)  # AC-R22: the public bound per seat
        for other in facts["corrupted"]:
            out.flag("corrupted", True, at=self.slot(seat, other))
        for other, n in enumerate(facts["support_penalty"]):
            out.squashed("support_penalty", n, 3, at=self.slot(seat, other))
        for other, n in (facts["directed"] or {}).items():
            out.squashed("directed", n, 10, at=self.slot(seat, int(other)))
        if facts["marked"] is not None:
            for area, n in facts["marked"]["tokens"].items():
                out.squashed("marked", n, 3, at=land_at[area])
            for area in facts["marked"]["cities"]:
                out.flag("marked", True, at=n_land + land_at[area])

    def _write_frame(self, out: Writer, frame: dict[str, Any], seat: Seat, u: dict[str, Any]) -> None:
        """The particulars of the pending decision, field by field (a field means the same in every step)."""
        land_at = _index(u["land"])
        step = frame["step"]
        name = frame.get("calamity", frame.get("name"))
        if name is not None:
            out.onehot("calamity", _index(u["cards"])[name] - len(u["goods"]))
        for key in ("points", "left", "n", "due"):
            if isinstance(frame.get(key), int):
                out.squashed("amount", frame[key], 10)
        if step == "expand":
            for area, n in frame["due"].items():
                out.squashed("expand_due", n, 2, at=land_at[area])
        if step == "trade_turn":
            out.scaled("trade_passes", frame["passes"], self.slots)
        if step == "direct_amount":
            out.onehot("direct_at", self.slot(seat, int(frame["at"])))
        out.flag("mined", bool(frame.get("mined")))
        if step == "build_offer":
            out.flag("limits", frame["side"] == "reply", at=5)
        out.flag("architect", bool(frame.get("architect")))
        if "effect" in frame:
            out.onehot("city_effect", CITY_EFFECTS.index(frame["effect"]))
        for key, piece in (("source", "source"), ("target", "target"), ("near", "pending_area")):
            if frame.get(key) is not None:
                out.onehot(piece, land_at[frame[key]])
        if step == "ship_upkeep":
            out.onehot("pending_area", land_at[frame["area"]])
        limits = frame.get("limits", frame) if step == "direct" else frame
        if step in ("lose", "direct"):
            areas = limits.get("areas")
            cities = limits.get("city_areas", areas)
            for flag, confined in enumerate((areas, cities)):
                if confined is not None:
                    out.flag("limits", True, at=flag)
                    for area in confined:
                        out.flag("allowed" if flag == 0 else "allowed_cities", True, at=land_at[area])
            out.flag("limits", not limits.get("cities", True), at=2)
            out.flag("limits", bool(limits.get("keep_one")), at=3)
        out.flag("limits", bool(frame.get("coastal")), at=4)
        for area, n in frame.get("spared", {}).items():
            out.squashed("spared", n, 3, at=land_at[area])
        if step == "direct":
            out.squashed("each", frame["each"], 10)
            if limits.get("engineering_cap") is not None:
                out.squashed("engineering_cap", int(limits["engineering_cap"]), 10)
            for other in limits.get("exempt", ()):
                out.flag("exempt", True, at=self.slot(seat, other))
        for advance in frame.get("cart", ()):
            out.flag("cart", True, at=_index(u["advances"])[advance])
        if frame.get("victim") is not None:
            out.onehot("victim", self.slot(seat, frame["victim"]))
        trader = frame.get("taker", frame.get("trader"))
        if trader is not None:
            out.onehot("trader", self.slot(seat, trader))
        for other in frame.get("owners", ()):
            out.flag("owners", True, at=self.slot(seat, other))
        for other in frame.get("named", ()):
            out.flag("named", True, at=self.slot(seat, other))
        for other, n in frame.get("taken", {}).items():
            out.scaled("taken", n, 3, at=self.slot(seat, int(other)))
        for other, n in frame.get("cap", {}).items():
            out.scaled("cap", n, 3, at=self.slot(seat, int(other)))

    direct = True

    def observation_parts(self) -> list[Part]:
        """The direct writer: :meth:`write` of ``state.view(seat)`` and :meth:`write_facts`, read from the state's
        data instead, in parts: what the game's options fix (the printed features of the 149 areas, one constant
        array per map, pasted once per kept observation); the board's tokens, tokens moved, cities, ships, and
        barbarians with pirates; the seats' figures; a trade under negotiation; the turn's public counters (each
        rewritten only when what it reads changes); and the rest (the decision, its frame and the calamity
        preview), rewritten at every observation.

        It reads what the view copies (the board, the public figures, the stacks' sizes, the seat's own hand and
        every other hand's size, a trade as :func:`trade.public_offer` shows it to the seat, the calamity preview
        as the view computes it) and skips what the observation never held (the conflict preview).
        """
        fixed = ("map", "options", "areas", "trade_session", "nations_random")
        seats: tuple[str, ...] = ("present", "nation", "stock", "treasury", "ast", "hand_size", "locked", "advances")
        seats += ("census", "hand")
        seats += ("stacks",)
        dealing: tuple[str, ...] = (
            "trade",
            "trade_from",
            "trade_to",
            "offer_count",
            "offer_named",
            "offer_cards",
            "reply_count",
        )
        dealing += ("reply_named", "reply_cards")
        counters: tuple[str, ...] = (
            "sailed",
            "proposal_cap",
            "proposals",
            "proposals_left",
            "corrupted",
            "support_penalty",
        )
        counters += ("directed", "marked")
        cities = ("cities", "new_cities", "city_count")
        taken = {*fixed, "tokens", "moved", *cities, "ships", "ship_count", "barbarians", "pirates"}
        taken |= {*seats, *dealing, *counters}
        rest = tuple(piece.name for piece in self.layout.pieces if piece.name not in taken)
        return [
            Part("fixed", fixed, _map_name, self._write_fixed, copy=None),
            # The board in five parts, each compared on its own: a move changes tokens and tokens moved only.
            Part("tokens", ("tokens",), _tokens_read, self._write_tokens, copy=_areas_copy),
            Part("moved", ("moved",), _moved_read, self._write_tokens, copy=_areas_copy),
            Part("cities", cities, _cities_read, self._write_cities, copy=_cities_copy),
            Part("ships", ("ships", "ship_count"), _ships_read, self._write_ships, copy=_areas_copy),
            Part("wild", ("barbarians", "pirates"), _wild_read, self._write_wild),
            Part("seats", seats, _seats_read, self._write_seats, copy=_seats_copy),
            Part("trade", dealing, _trade_read, self._write_trade_part),
            Part("counters", counters, self._counters_read, self._write_counters),
            Part("rest", rest, _state, self._write_rest_part, always=True),
        ]

    def _write_fixed(self, out: Writer, map_name: str, _seat: Seat) -> None:
        """The map, the options (AC-R22: the trade session; AC-R5: nations dealt or chosen) and the areas' features."""
        options = self.game.options
        out.onehot("map", MAPS.index(map_name))
        out.flag("options", options["calamities"] == "additional")
        out.scaled("options", options["turn_limit"] or 0, 20, at=1)
        out.onehot("trade_session", TRADE_SESSIONS.index(options["trade_session"]))  # AC-R22
        out.flag("nations_random", options["nations"] == "random")  # AC-R5
        facts = _area_facts(map_name)
        at = out.start["areas"]
        out.array[at : at + facts.shape[0]] = facts

    def _write_tokens(self, out: Writer, values: tuple[str, dict[str, list[int]]], seat: Seat) -> None:
        """Tokens on the board, or the tokens moved this turn (``values``: the piece, then area -> per-seat
        counts): one plane per relative slot, squashed n/(n+3)."""
        piece, table = values
        u = _universe()
        _planes(out.array, out.start[piece], len(u["land"]), self._relative(seat), _index(u["land"]), table, 3.0)

    def _write_cities(self, out: Writer, values: tuple[dict[str, Any], int], seat: Seat) -> None:
        """Cities by owner, those built this turn, and each seat's count of cities."""
        cities, turn = values
        u = _universe()
        land_at, n_land = _index(u["land"]), len(u["land"])
        array, start = out.array, out.start
        order = self._relative(seat)
        cities_of = [0] * self.players
        for area, city in cities.items():
            i = land_at[area]
            owner = city["owner"]
            cities_of[owner] += 1
            array[start["cities"] + order[owner] * n_land + i] = 1.0
            if city["built"] == turn:
                array[start["new_cities"] + i] = 1.0
        for other, n in enumerate(cities_of):
            array[start["city_count"] + order[other]] = max(-1.0, min(1.0, n / u["cities"]))

    def _write_ships(self, out: Writer, ships: dict[str, list[int]], seat: Seat) -> None:
        """Ships by owner and area (/ the ships a seat has), and each seat's count of ships."""
        u = _universe()
        order = self._relative(seat)
        array, start = out.array, out.start
        ships_of = _planes(array, start["ships"], len(u["land"]), order, _index(u["land"]), ships, None, u["ships"])
        for other, n in enumerate(ships_of):
            array[start["ship_count"] + order[other]] = max(-1.0, min(1.0, n / u["ships"]))

    def _write_wild(self, out: Writer, values: list[Any], _seat: Seat) -> None:
        """Barbarian tokens (squashed n/(n+5)) and pirate cities by area."""
        barbarians, pirates = values
        land_at = _index(_universe()["land"])
        array, start = out.array, out.start
        at = start["barbarians"]
        for area, n in barbarians.items():
            array[at + land_at[area]] = n / (abs(n) + 5)
        at = start["pirates"]
        for area in pirates:
            array[at + land_at[area]] = 1.0

    def _write_seats(self, out: Writer, values: list[Any], seat: Seat) -> None:
        """Each seat's nation, stock, treasury, A.S.T. position, hand size, locked cards and advances, the census
        order, the seat's own hand (the others' are sizes), and the trade card stacks' sizes."""
        players_of, nations, locked, census, stacks = values
        u = _universe()
        card_at = _index(u["cards"])
        nation_at, advance_at = _index(u["nations"]), _index(u["advances"])
        slots, players = self.slots, self.players
        array, start = out.array, out.start
        order = self._relative(seat)
        n_nations, n_advances = len(u["nations"]), len(u["advances"])
        tokens, finish = u["tokens"], u["finish"]
        for other, player in enumerate(players_of):
            k = order[other]
            array[start["present"] + k] = 1.0
            nation = nations[other]
            if nation is not None:
                array[start["nation"] + k * n_nations + nation_at[nation]] += 1.0
            array[start["stock"] + k] = max(-1.0, min(1.0, player["stock"] / tokens))
            array[start["treasury"] + k] = max(-1.0, min(1.0, player["treasury"] / tokens))
            array[start["ast"] + k] = max(-1.0, min(1.0, player["ast"] / finish))
            n = len(player["hand"])
            array[start["hand_size"] + k] = n / (n + 8)
            array[start["locked"] + k] = max(-1.0, min(1.0, locked[other] / 8))
            for name in player["advances"]:
                array[start["advances"] + k * n_advances + advance_at[name]] += 1.0
        for place, other in enumerate(census):
            array[start["census"] + order[other] * slots + place] += 1.0
        if 0 <= seat < players:
            printed = u["printed"]
            for card in players_of[seat]["hand"]:
                array[start["hand"] + card_at[card]] += 1.0 / printed[card]
        at, most = start["stacks"], u["stack_cards"]
        for number, size in enumerate(stacks):
            array[at + number] = max(-1.0, min(1.0, size / most[number]))

    def _write_trade_part(self, out: Writer, deal: Any, seat: Seat) -> None:
        """A trade under negotiation, as :func:`trade.public_offer` shows it to the seat (AC §28)."""
        if deal is not None:
            self._write_trade(out, trade.public_offer(deal, seat), seat, _universe())

    def _counters_read(self, state: State, _seat: Seat) -> dict[str, Any]:
        facts: dict[str, Any] = self.public_facts(state)
        del facts["frame"]
        return facts

    def _write_rest_part(self, out: Writer, state: State, seat: Seat) -> None:
        """Everything the other parts leave: the turn, the decision, the calamity preview and the particulars of
        the decision waiting (its frame), all of which change with nearly every decision."""
        civ = cast(CivState, state)
        data = civ.data
        u = _universe()
        out.squashed("turn", data["turn"], 10)
        out.flag("over", data["over"])
        frame = RULES.pending(civ)  # the view's decision: the waiting frame's step and seat
        if frame is not None:
            out.onehot("decision", self.steps.index(frame["step"]))
            if frame["seat"] is not None:
                out.onehot("decider", self.slot(seat, frame["seat"]))
            if frame["step"] == "trade_open":  # AC §28: the open session's seats, public
                for other in frame["open"]:
                    out.flag("session", True, at=self.slot(seat, other))
        preview = calamities.pending(civ)
        if preview:
            self._write_preview(out, preview, seat, u)
        stack = data["stack"]
        if stack:
            self._write_frame(out, stack[-1], seat, u)

    def _relative(self, seat: Seat) -> tuple[int, ...]:
        """Each absolute seat's relative slot as seen from ``seat`` (kept per seat: it never changes)."""
        order = self._orders.get(seat)
        if order is None:
            order = self._orders[seat] = tuple(self.slot(seat, other) for other in range(self.players))
        return order

    def write(self, out: Writer, view: dict[str, Any], seat: Seat) -> None:
        u = _universe()
        self._write_view(out, view, seat, u)
        preview = view.get("calamities")
        if preview:
            self._write_preview(out, preview, seat, u)
        decision = view.get("decision") or {}
        for other in decision.get("seats", ()):  # AC §28: the open session's seats, public
            out.flag("session", True, at=self.slot(seat, other))

    def _write_preview(self, out: Writer, preview: dict[str, Any], seat: Seat, u: dict[str, Any]) -> None:
        """The view's calamity preview (AC §29-30, public once trading ends): the calamities still due and
        their victims, and the losses set for every seat and not yet taken. The one resolving now, its
        trader and the modifiers of advances follow from the pending frame and the advances held."""
        card_at, slots = _index(u["cards"]), self.slots
        goods = len(u["goods"])
        for entry in preview.get("due", ()):
            if entry.get("victim") is None:
                continue
            out.flag("due", True, at=(card_at[entry["name"]] - goods) * slots + self.slot(seat, entry["victim"]))
        totals: dict[tuple[int, int], float] = {}
        for loss in preview.get("losses", ()):
            k = self.slot(seat, loss["seat"])
            kind = loss["kind"]
            if kind == "pick_city":
                totals[(2, k)] = totals.get((2, k), 0) + loss["cities"]
                out.flag("queued_effect", True, at=k * len(CITY_EFFECTS) + CITY_EFFECTS.index(loss["effect"]))
                for owner in loss["owners"]:
                    out.flag("queued_owners", True, at=k * slots + self.slot(seat, owner))
            else:
                row = 0 if kind == "lose" else 1
                totals[(row, k)] = totals.get((row, k), 0) + loss["points"]
                if kind == "direct":
                    out.squashed("queued_each", loss["each"], 10, at=k)
        for (row, k), n in totals.items():
            out.squashed("queued_loss", n, 10, at=row * slots + k)

    def _write_view(self, out: Writer, view: dict[str, Any], seat: Seat, u: dict[str, Any]) -> None:
        land_at, card_at = _index(u["land"]), _index(u["cards"])
        nation_at, advance_at = _index(u["nations"]), _index(u["advances"])
        n_land, slots = len(u["land"]), self.slots
        array, start = out.array, out.start

        out.onehot("map", MAPS.index(view["map"]))
        out.flag("options", self.game.options["calamities"] == "additional")
        limit = self.game.options["turn_limit"]
        out.scaled("options", limit or 0, 20, at=1)
        options = self.game.options
        out.onehot("trade_session", TRADE_SESSIONS.index(options["trade_session"]))  # AC-R22
        out.flag("nations_random", options["nations"] == "random")  # AC-R5
        out.squashed("turn", view["turn"], 10)
        out.flag("over", view["over"])
        decision = view["decision"]
        if decision is not None:
            out.onehot("decision", self.steps.index(decision["step"]))
            if decision["seat"] is not None:
                out.onehot("decider", self.slot(seat, decision["seat"]))

        at = start["areas"]
        for row in _facts(view["map"]):
            array[at : at + len(row)] = row
            at += len(row)
        for piece, table in (("tokens", view["tokens"]), ("moved", view["moved"])):
            base = start[piece]
            for area, counts in table.items():
                i = land_at[area]
                for other, n in enumerate(counts):
                    if n:
                        array[base + self.slot(seat, other) * n_land + i] = n / (n + 3)
        for area, city in view["cities"].items():
            i = land_at[area]
            array[start["cities"] + self.slot(seat, city["owner"]) * n_land + i] = 1.0
            if city["built"] == view["turn"]:
                array[start["new_cities"] + i] = 1.0
        for area, counts in view["ships"].items():
            i = land_at[area]
            for other, n in enumerate(counts):
                if n:
                    array[start["ships"] + self.slot(seat, other) * n_land + i] = min(1.0, n / u["ships"])
        for area, n in view["barbarians"].items():
            out.squashed("barbarians", n, 5, at=land_at[area])
        for area in view["pirates"]:
            out.flag("pirates", True, at=land_at[area])

        n_nations, n_advances = len(u["nations"]), len(u["advances"])
        for other, player in enumerate(view["players"]):
            k = self.slot(seat, other)
            out.flag("present", True, at=k)
            nation = view["nations"][other]
            if nation is not None:
                out.add("nation", k * n_nations + nation_at[nation])
            out.scaled("stock", player["stock"], u["tokens"], at=k)
            out.scaled("treasury", player["treasury"], u["tokens"], at=k)
            out.scaled("ast", player["ast"], u["finish"], at=k)
            out.scaled("city_count", player["cities"], u["cities"], at=k)
            out.scaled("ship_count", player["ships"], u["ships"], at=k)
            hand = player["hand"]
            out.squashed("hand_size", len(hand) if isinstance(hand, list) else hand, 8, at=k)
            out.scaled("locked", view["locked"][other], 8, at=k)
            for name in player["advances"]:
                out.add("advances", k * n_advances + advance_at[name])
        for place, other in enumerate(view["census"]):
            out.add("census", self.slot(seat, other) * slots + place)

        mine = view["players"][seat]["hand"] if 0 <= seat < len(view["players"]) else []
        printed = u["printed"]
        for card in mine if isinstance(mine, list) else ():
            out.add("hand", card_at[card], 1.0 / printed[card])
        for number, size in enumerate(view["stacks"]):
            out.scaled("stacks", size, u["stack_cards"][number], at=number)

        deal = view["trade"]
        if deal is not None:
            self._write_trade(out, deal, seat, u)

    def _write_trade(self, out: Writer, deal: dict[str, Any], seat: Seat, u: dict[str, Any]) -> None:
        """A trade under negotiation as the seat sees it (AC §28: its own side whole, the other's count and the
        two named cards)."""
        card_at, printed = _index(u["cards"]), u["printed"]
        out.flag("trade", True)
        out.onehot("trade_from", self.slot(seat, deal["from"]))
        out.onehot("trade_to", self.slot(seat, deal["to"]))
        for side in ("offer", "reply"):
            shown = deal[side]
            if isinstance(shown, dict):
                count, named, full = shown["count"], shown["named"], ()
            else:
                count, named, full = len(shown), shown[: self.declared], shown
            out.squashed(f"{side}_count", count, 3)
            for card in named:
                out.add(f"{side}_named", card_at[card], 0.5)
            for card in full:
                out.add(f"{side}_cards", card_at[card], 1.0 / printed[card])


def _map_name(state: State, _seat: Seat) -> str:
    """The ``fixed`` part's read: the map (the options it also writes are the game's, fixed)."""
    return cast(CivState, state).board.name


def _tokens_read(state: State, _seat: Seat) -> tuple[str, dict[str, list[int]]]:
    return ("tokens", state.data["tokens"])


def _moved_read(state: State, _seat: Seat) -> tuple[str, dict[str, list[int]]]:
    return ("moved", state.data["moved"])


def _areas_copy(values: Any) -> Any:
    """A copy of a read holding area -> per-seat counts (alone, or after its piece's name)."""
    if isinstance(values, tuple):
        piece, table = values
        return (piece, {area: list(counts) for area, counts in table.items()})
    return {area: list(counts) for area, counts in values.items()}


def _cities_read(state: State, _seat: Seat) -> tuple[dict[str, Any], int]:
    """Cities and the turn (a city built this turn is marked new)."""
    return (state.data["cities"], state.data["turn"])


def _cities_copy(values: tuple[dict[str, Any], int]) -> tuple[dict[str, Any], int]:
    cities, turn = values
    return ({area: dict(city) for area, city in cities.items()}, turn)


def _ships_read(state: State, _seat: Seat) -> dict[str, list[int]]:
    ships: dict[str, list[int]] = state.data["ships"]
    return ships


def _wild_read(state: State, _seat: Seat) -> list[Any]:
    return [state.data["barbarians"], state.data["pirates"]]


def _state(state: State, _seat: Seat) -> State:
    """The read of an ``always`` part: the state itself, which its writer reads."""
    return state


def _seats_read(state: State, _seat: Seat) -> list[Any]:
    """The ``seats`` part's read: the players' figures, hands and advances (compared only: the writer writes
    the other hands' sizes), nations, locked cards, the census, the stacks' sizes."""
    data = state.data
    stacks = tuple(len(pile) for pile in data["stacks"])
    return [data["players"], data["nations"], data["locked"], data["census"], stacks]


def _seats_copy(values: list[Any]) -> list[Any]:
    players, nations, locked, census, stacks = values
    kept = [dict(player, hand=list(player["hand"]), advances=list(player["advances"])) for player in players]
    return [kept, list(nations), list(locked), list(census), stacks]


def _trade_read(state: State, _seat: Seat) -> Any:
    return state.data["trade"]
