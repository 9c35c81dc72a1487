"""Advanced Civilization: set-up, scenarios, what each seat sees, the text display and the result.

All game data lives in ``state.data`` as plain values: the nation and per-player counters (stock,
treasury, advances held, A.S.T. space, trade-card hand), the board (``tokens``, ``cities``, ``ships``,
``barbarians``, ``pirates``), the nine trade-card ``stacks``, the pending ``trade``, the census and the rules
stack. Hidden: each hand (its owner sees it, the others its size), the order of the stacks (everyone sees
their sizes), and an offer's undeclared cards (only its maker sees them until the trade is done).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cached_property, lru_cache
from typing import Any, ClassVar

from ludoteca.core import Action, BadOptions, Game, OptionSpec, State, copy_plain
from ludoteca.core.machine import MachineState
from ludoteca.games.advanced_civilization import content, hand_knowledge
from ludoteca.games.advanced_civilization.content import Board, ContentError, Nation
from ludoteca.games.advanced_civilization.machine import RULES
from ludoteca.games.advanced_civilization.prompts import prompt

_SCENARIO_KEYS = {
    "map", "nations", "tokens", "cities", "new_cities", "ships", "players", "phases", "turn", "census",
    "stacks", "barbarians", "pirates",
}  # fmt: skip
_PLAYER_KEYS = {"stock", "treasury", "advances", "ast", "hand"}

# The shape of ``data`` that ``_copy_data`` knows: numbers, strings and flat lists or dicts of them, the
# per-area rows of pieces, and the few nested fields it copies by hand. A field outside these sets (one added
# later) is copied by the generic walk, so a clone stays independent whatever the data holds.
_SHARED = frozenset({"turn", "over", "end_reason"})  # immutable values: the twin may share them
_FLAT_LISTS = frozenset(
    {"nations", "census", "census_counts", "proposals", "locked", "support_penalty", "corrupted", "pirates"}
    | {"stacks_blind"}  # three numbers a stack (``cards.py``): one flat list, so a clone copies it at once
)
_FLAT_DICTS = frozenset({"calamity_from", "barbarians"})
_ROWS = frozenset({"tokens", "ships", "moved", "sailed"})  # area -> one count per seat
_NESTED = frozenset({"players", "cities", "stacks", "trade", "revolts", "stack", "held_known"})
_KNOWN = _SHARED | _FLAT_LISTS | _FLAT_DICTS | _ROWS | _NESTED
# Steps whose frames hold only numbers, strings, booleans and None (seats, areas, counts): most of the stack
# at any time (the turn's phases, each nation's movement). A clone copies them flat; the debug-mode
# invariants (``invariants.py``) check that they stay flat, so a list added to one of them is caught.
FLAT_STEPS = frozenset(
    {
        *("taxation", "expansion", "census", "ships", "movement", "conflict", "city_construction", "surplus"),
        *("acquisition", "trade", "calamities", "advances", "ast", "turn_end", "turn_start", "scenario_end"),
        *("deal_nations", "place_starts", "developed_start", "advances_end", "calamities_end", "tax_revolts"),
        "monotheism",
        *("choose_nation", "choose_start", "tax_rate", "revolt_take", "revolt_lose", "ship_turn", "ship_upkeep"),
        *("ship_build", "move_from", "move_to", "move_count", "sail_to", "sail_count", "build_city"),
        *("city_support", "reduce_city", "draw_cards", "buy_stack9", "trade_turn", "trade_answer"),
        *("trade_accept", "build_offer", "convert", "trim_hand", "trade_next", "hand_limit"),
    }
)


@lru_cache(maxsize=256)
def _ast_order(nations: tuple[str | None, ...]) -> tuple[int, ...]:
    """Seats in A.S.T. order for these nations (``CivState.ast_rank``): asked for by most phases, and it
    depends on nothing but the nations chosen, which never change after set-up."""
    slots = content.nations()

    def rank(seat: int) -> int:
        nation = nations[seat]
        return (slots[nation].ast if nation else 99) * 100 + seat

    return tuple(sorted(range(len(nations)), key=rank))


_MOVEMENT = frozenset({"move_from", "move_to", "move_count", "sail_to", "sail_count"})
"""Phase 5's decisions: while one is open the view carries the conflicts phase 6 would fight (``conflict.preview``)."""

_REDRAW_TRIES = 64
"""How often ``resample`` redraws the hands to find one where a pending deal's traders can still offer."""


def _copy_frames(stack: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rules stack: a frame of a ``FLAT_STEPS`` step holds only numbers and strings, so a flat copy is
    enough; any other frame (a cart of advances, a loss's limits) is copied in depth."""
    return [frame.copy() if frame["step"] in FLAT_STEPS else copy_plain(frame) for frame in stack]


def _decision(state: CivState, frame: dict[str, Any]) -> dict[str, Any]:
    """The waiting decision as the view shows it: its step, seat and what it asks in words (``prompts``), and
    in an open trade session every seat still in it (``seats``: who has not said "done" is public)."""
    shown: dict[str, Any] = {"seat": frame["seat"], "step": frame["step"], "prompt": prompt(state, frame)}
    if frame["step"] == "trade_open":
        shown["seats"] = list(frame["open"])
    return shown


class CivState(MachineState):
    """One game of Advanced Civilization."""

    machine = RULES

    # ------------------------------------------------------------------ the open trade session (§28, AC-R22)
    def _open_frame(self) -> dict[str, Any] | None:
        stack = self.data["stack"]
        return stack[-1] if stack and stack[-1]["step"] == "trade_open" else None

    def _to_act(self) -> list[int]:
        """Every seat still in an open trade session decides at once; otherwise the waiting decision's seat."""
        frame = self._open_frame()
        if frame is not None:
            return list(frame["open"])
        return super()._to_act()

    def _legal_actions(self, seat: int) -> list[Action]:
        frame = self._open_frame()
        if frame is not None:
            from ludoteca.games.advanced_civilization import trade

            return trade.open_options(self, frame, seat)
        return super()._legal_actions(seat)

    def _warnings(self, seat: int) -> dict[str, str]:
        """Actions a person is asked to confirm: those that leave the nation nothing on the board (AC-R37)."""
        stack = self.data["stack"]
        if not stack or stack[-1]["step"] not in ("ship_build", "ship_upkeep"):
            return {}
        from ludoteca.games.advanced_civilization import ships

        return ships.stranding_warnings(self, stack[-1], self._legal_actions(seat))

    def _apply(self, seat: int, action: Action) -> None:
        frame = self._open_frame()
        if frame is None:
            super()._apply(seat, action)
            return
        from ludoteca.games.advanced_civilization import trade

        self.data["stack"].pop()
        trade.open_act(self, frame, seat, action)
        RULES.advance(self)

    # ------------------------------------------------------------------ lookups the chapters share
    @cached_property
    def board(self) -> Board:
        """The map of this game (the whole chosen map at every player count, AC-R19). Kept on the state on first
        use: it never changes, and the bots' plans ask for it millions of times in a search."""
        custom = (self.scenario or {}).get("map")
        if custom is not None:
            return content.custom_board(custom)
        return content.standard_board(self.game.options["map"])

    @property
    def rules(self) -> content.Rules:
        return content.rules()

    @property
    def cards(self) -> content.Cards:
        """This game's trade cards: the standard set, or with the variant's calamities (``calamities`` option)."""
        return content.cards(self.game.options["calamities"])

    @property
    def all_nations(self) -> dict[str, Nation]:
        return content.nations()

    def nation_data(self, name: str) -> Nation:
        return content.nations()[name]

    def who(self, seat: int) -> str:
        nation = self.data["nations"][seat]
        return f"{nation} (seat {seat})" if nation else f"seat {seat}"

    def has(self, seat: int, advance: str) -> bool:
        """Whether ``seat`` holds the civilization advance ``advance`` (§31)."""
        return advance in self.data["players"][seat]["advances"]

    def ast_rank(self, seat: int) -> int:
        """Position in the A.S.T. order (§14): the nation's slot, seats breaking a tie of unchosen nations."""
        nation = self.data["nations"][seat]
        return (self.nation_data(nation).ast if nation else 99) * 100 + seat

    def ast_order(self) -> list[int]:
        return list(_ast_order(tuple(self.data["nations"])))

    def stack_has(self, step: str) -> bool:
        return any(frame["step"] == step for frame in self.data["stack"])

    def end(self, reason: str) -> None:
        self.data["over"] = True
        self.data["end_reason"] = reason
        self.data["stack"].clear()
        self.emit("end", f"The game ends: {reason}.")

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        from ludoteca.games.advanced_civilization import turn

        n = self.players
        pieces = self.rules
        self.data = {
            "turn": 0,
            "nations": [None] * n,
            "players": [
                {"stock": pieces.tokens, "treasury": 0, "advances": [], "ast": 0, "hand": []} for _ in range(n)
            ],
            "tokens": {},
            "cities": {},
            "ships": {},
            "census": [],
            "census_counts": [],
            "moved": {},
            "sailed": {},
            "revolts": [],
            "stacks": [[] for _ in range(9)],
            # Per stack, which top cards lie in an order nobody knows (``cards.py``, three numbers a stack): none for
            # a scenario's stacks, drawn in the order it sets; ``cards.deal_stacks`` sets it for the stacks it deals.
            "stacks_blind": [0] * 27,
            "trade": None,
            "proposals": [0] * n,
            "calamity_from": {},
            "held_known": hand_knowledge.fresh(n),
            "locked": [0] * n,
            "support_penalty": [0] * n,
            "corrupted": [],
            "barbarians": {},
            "pirates": [],
            "over": False,
            "end_reason": "",
            "stack": [],
        }
        scenario = self.scenario or {}
        try:
            self.board  # noqa: B018  (validate a scenario's own map now, with a clear error)
        except ContentError as error:
            raise BadOptions(f"bad Advanced Civilization map: {error}") from None
        if "stacks" not in scenario:
            from ludoteca.games.advanced_civilization import cards

            self.data["stacks"] = cards.deal_stacks(self)
        if not scenario or set(scenario) <= {"map"}:
            if self.game.options["nations"] == "random":
                RULES.push(self, "deal_nations")
            else:
                RULES.push(self, "choose_nation", seat=0)
        else:
            self._apply_scenario(scenario)
            phases = tuple(scenario.get("phases", turn.PHASES))
            unknown = [p for p in phases if p not in turn.PHASES]
            if unknown:
                raise BadOptions(f"unknown phase {unknown[0]!r}; phases are {', '.join(turn.PHASES)}")
            turn.schedule_turn(self, phases, finish="phases" not in scenario)
        RULES.advance(self)

    def _apply_scenario(self, scenario: dict[str, Any]) -> None:
        """A fixed position (tests, rulings): nations, pieces, players, turn, and which phases to play."""
        unknown = sorted(set(scenario) - _SCENARIO_KEYS)
        if unknown:
            raise BadOptions(f"an Advanced Civilization scenario has no key {unknown[0]!r}")
        data, board, n = self.data, self.board, self.players
        try:
            nations = list(scenario.get("nations", []))
            if len(nations) != n or any(name not in self.all_nations for name in nations):
                raise ValueError(f"'nations' must name {n} nations of {sorted(self.all_nations)}")
            data["nations"] = nations
            data["turn"] = int(scenario.get("turn", 1))
            for key in ("tokens", "ships"):
                for area, counts in scenario.get(key, {}).items():
                    if area not in board.areas or (key == "tokens" and not board.areas[area].land):
                        raise ValueError(f"{key} in unknown or water area {area!r}")
                    if len(counts) != n or any(int(c) < 0 for c in counts):
                        raise ValueError(f"{key} in {area!r} needs {n} counts")
                    if any(counts):
                        data[key][area] = [int(c) for c in counts]
            new = set(scenario.get("new_cities", []))
            for area, seat in scenario.get("cities", {}).items():
                if area not in board.areas or not board.areas[area].land or not 0 <= int(seat) < n:
                    raise ValueError(f"bad city {area!r}: {seat!r}")
                data["cities"][area] = {"owner": int(seat), "built": data["turn"] if area in new else 0}
            players = list(scenario.get("players", []))
            for seat in range(n):
                given = players[seat] if seat < len(players) else {}
                bad = set(given) - _PLAYER_KEYS
                if bad:
                    raise ValueError(f"player key {sorted(bad)[0]!r}")
                player = data["players"][seat]
                player["treasury"] = int(given.get("treasury", 0))
                player["advances"] = sorted(given.get("advances", []))
                player["ast"] = int(given.get("ast", 0))
                player["hand"] = list(given.get("hand", []))
                on_board = sum(row[seat] for row in data["tokens"].values())
                player["stock"] = int(given.get("stock", self.rules.tokens - on_board - player["treasury"]))
                if player["stock"] < 0 and "stock" in given:
                    raise ValueError(f"seat {seat}: a stock of {player['stock']} tokens")
                if player["stock"] < 0:
                    raise ValueError(
                        f"seat {seat} has {on_board} tokens on the board and {player['treasury']} in the treasury: "
                        f"more than the box's {self.rules.tokens}"
                    )
                unknown = [a for a in player["advances"] if a not in content.advances()]
                if unknown:
                    raise ValueError(f"seat {seat}: there is no advance {unknown[0]!r}")
                cities = sum(1 for c in data["cities"].values() if c["owner"] == seat)
                ships = sum(row[seat] for row in data["ships"].values())
                if cities > self.rules.cities:
                    raise ValueError(f"seat {seat} has {cities} cities: the box holds {self.rules.cities}")
                if ships > self.rules.ships:
                    raise ValueError(f"seat {seat} has {ships} ships: the box holds {self.rules.ships}")
            data["census"] = [int(s) for s in scenario.get("census", [])]
            known = set(self.cards.commodities) | set(self.cards.calamities)
            if "stacks" in scenario:
                stacks = [list(pile) for pile in scenario["stacks"]]
                if len(stacks) != 9:
                    raise ValueError("'stacks' must list nine stacks, top card first")
                data["stacks"] = stacks
            for seat, player in enumerate(data["players"]):
                for card in [*player["hand"], *(c for pile in data["stacks"] for c in pile)]:
                    if card not in known:
                        raise ValueError(f"seat {seat}: unknown trade card {card!r}")
            for area, n in scenario.get("barbarians", {}).items():
                if area not in board.areas or not board.areas[area].land or int(n) < 0:
                    raise ValueError(f"barbarians in unknown or water area {area!r}")
                if int(n):
                    data["barbarians"][area] = int(n)
            for area in scenario.get("pirates", []):
                if area not in board.areas or not board.areas[area].land or area in data["cities"]:
                    raise ValueError(f"bad pirate city {area!r}")
                data["pirates"].append(area)
        except (KeyError, ValueError, TypeError, AttributeError) as error:
            raise BadOptions(f"bad Advanced Civilization scenario: {error}") from None

    # ------------------------------------------------------------------ the contract
    def _copy_data(self) -> dict[str, Any]:
        """Field by field, not the generic walk (search clones states thousands of times): numbers and
        strings are shared, being immutable; every list and dict is copied to the depth it holds data.

        A player's record and a city are copied one level deep, with a player's two lists: a list or dict
        added to either must be copied here too (``test_performance`` finds any container a clone shares).
        """
        data = self.data
        if not _KNOWN.issuperset(data):  # a field this copy does not know: the safe generic walk
            copied: dict[str, Any] = copy_plain(data)
            return copied
        copied = data.copy()
        for key in _FLAT_LISTS:
            copied[key] = data[key].copy()
        for key in _FLAT_DICTS:
            copied[key] = data[key].copy()
        for key in _ROWS:
            copied[key] = {area: row.copy() for area, row in data[key].items()}
        players: list[dict[str, Any]] = []
        for player in data["players"]:
            twin = player.copy()
            twin["advances"] = player["advances"].copy()
            twin["hand"] = player["hand"].copy()
            players.append(twin)
        copied["players"] = players
        copied["cities"] = {area: city.copy() for area, city in data["cities"].items()}
        copied["stacks"] = list(map(list.copy, data["stacks"]))
        copied["revolts"] = list(map(list.copy, data["revolts"]))
        copied["trade"] = copy_plain(data["trade"])
        copied["stack"] = _copy_frames(data["stack"])
        copied["held_known"] = [list(map(list.copy, row)) for row in data["held_known"]]
        return copied

    def _invariants(self) -> list[str]:
        """Piece conservation, population limits and card counts (``invariants.py``), for debug mode."""
        from ludoteca.games.advanced_civilization import invariants

        return invariants.check(self)

    def score_parts(self) -> list[dict[str, int]]:
        """§35, part by part for each seat: 100 per A.S.T. space, 50 per city, civilization cards at face value,
        trade cards as sets (``cards.hand_value``), treasury tokens; ``total`` is their sum, the score."""
        from ludoteca.games.advanced_civilization import cards

        data, costs, weights = self.data, content.advances(), content.cards().score
        parts = []
        for seat, player in enumerate(data["players"]):
            cities = sum(1 for c in data["cities"].values() if c["owner"] == seat)
            part = {
                "ast": weights["ast"] * player["ast"],
                "cities": weights["city"] * cities,
                "advances": sum(costs[a].cost for a in player["advances"]),
                "trade_cards": cards.hand_value(self, seat),
                "treasury": player["treasury"],
            }
            part["total"] = sum(part.values())
            parts.append(part)
        return parts

    def scores(self) -> list[int]:
        """§35: civilization cards at face value, trade cards as sets, treasury, 100 per A.S.T. space, 50 per city."""
        return [part["total"] for part in self.score_parts()]

    def _result(self) -> dict[str, Any]:
        """Highest score wins; ties: further on the A.S.T. (§35), then more tokens on the board (AC-R17)."""
        parts = self.score_parts()
        scores = [part["total"] for part in parts]
        on_board = [sum(row[s] for row in self.data["tokens"].values()) for s in range(self.players)]
        key = {s: (scores[s], self.data["players"][s]["ast"], on_board[s]) for s in range(self.players)}
        ranking: list[list[int]] = []
        for k in sorted(set(key.values()), reverse=True):
            ranking.append([s for s in range(self.players) if key[s] == k])
        return {
            "scores": scores,
            "ranking": ranking,
            "winners": ranking[0],
            "end": self.data["end_reason"],
            "turns": self.data["turn"],
            "breakdown": self._breakdown(parts, on_board),
        }

    def _breakdown(self, parts: list[dict[str, int]], on_board: list[int]) -> dict[str, Any]:
        """The §35 score as a table a player can check: each component per seat in the rulebook's order, the
        total last (what ranks the seats), and notes on how the game ended and how ties were broken."""
        players = self.data["players"]
        cities = [sum(1 for c in self.data["cities"].values() if c["owner"] == s) for s in range(self.players)]
        rows: list[dict[str, Any]] = [
            {"label": "A.S.T. space", "values": [p["ast"] for p in players], "note": "100 points each"},
            {"label": "A.S.T. points", "values": [p["ast"] for p in parts]},
            {"label": "Cities", "values": cities, "note": "50 points each"},
            {"label": "City points", "values": [p["cities"] for p in parts]},
            {"label": "Civilization cards", "values": [p["advances"] for p in parts], "note": "face value"},
            {"label": "Trade cards", "values": [p["trade_cards"] for p in parts], "note": "each set: cards² × value"},
            {"label": "Treasury", "values": [p["treasury"] for p in parts], "note": "1 point a token"},
            {"label": "Final score", "values": [p["total"] for p in parts]},
        ]
        notes = [f"The game ended: {self.data['end_reason']}."] if self.data["end_reason"] else []
        totals = [p["total"] for p in parts]
        for score in sorted(set(totals), reverse=True):
            tied = [s for s in range(self.players) if totals[s] == score]
            if len(tied) < 2:
                continue
            who = [self.who(s) for s in tied]
            names = f"{', '.join(who[:-1])} and {who[-1]}"
            spaces = {players[s]["ast"] for s in tied}
            if len(spaces) == len(tied):
                notes.append(f"{names} tie on {score}: the one further on the A.S.T. ranks higher (§35).")
            else:
                notes.append(
                    f"{names} tie on {score}: further on the A.S.T. ranks higher (§35), then more tokens on the"
                    f" board ({', '.join(str(on_board[s]) for s in tied)}; AC-R17)."
                )
        return {"rows": rows, "notes": notes}

    def _evaluate(self, seat: int) -> float:
        return self._evaluate_all()[seat]

    def _evaluate_all(self) -> list[float]:
        from ludoteca.games.advanced_civilization import evaluation

        return evaluation.evaluate_all(self)

    def heuristic_choice(self, seat: int, legal: list[Action]) -> Action | None:
        """Trading, paying and the like, which one move of look-ahead cannot judge (see ``evaluation``)."""
        from ludoteca.games.advanced_civilization import evaluation

        return evaluation.heuristic_choice(self, seat, legal)

    def planned_choice(self, seat: int, legal: list[Action], samples: int, rng: Any,
                       memo: dict[tuple[int, int, int], str], deadline: float | None = None) -> Action | None:
        """A board decision made by the plan a search chose for this turn (``planning``), else ``None``."""
        from ludoteca.games.advanced_civilization import planning

        return planning.planned_choice(self, seat, legal, samples, rng, memo, deadline)

    def _calamity_free(self) -> set[int]:
        """Seats everybody knows hold no calamity card: calamities are drawn only in phase 9 (§27) and all leave
        the hands in phase 11 (§29: the holder when trading ends suffers it, and the card goes back, §29.7).
        So no hand holds one before its owner's draw (phase 9 still to come, or his draw still pending) or
        after the calamities are taken from the hands (phase 11's resolution and phase 12 under way)."""
        steps = {frame["step"] for frame in self.data["stack"]}
        if steps & {"acquisition", "calamities_end", "advances_end"}:
            return set(range(self.players))
        return {frame["seat"] for frame in self.data["stack"] if frame["step"] == "draw_cards"}

    def _resample_hidden(self, seat: int, rng: Any) -> None:
        """Redraw what ``seat`` cannot see (``_redraw``), keeping what everybody knows of a pending deal: a seat
        that proposed it, or answered it with an offer, holds a hand that can make an offer (§28: it was only
        allowed to because it could, AC-R34), so its offer can still be finished. A redraw that breaks this is
        drawn again; after many tries (a hand the pools almost never make) the hands are left as they are."""
        from ludoteca.games.advanced_civilization import trade

        deal = self.data["trade"]
        traders = [] if deal is None else [owner for owner in trade.committed(self) if owner != seat]
        if not traders:
            self._redraw(seat, rng)
            return
        data = self.data
        hands = [list(player["hand"]) for player in data["players"]]
        stacks = [list(pile) for pile in data["stacks"]]
        sides = {"offer": list(deal["offer"]), "reply": list(deal["reply"])}
        for _ in range(_REDRAW_TRIES):
            self._redraw(seat, rng)
            if all(trade.can_trade(self, owner) for owner in traders):
                return
            for player, hand in zip(data["players"], hands, strict=True):
                player["hand"] = list(hand)
            data["stacks"] = [list(pile) for pile in stacks]
            deal["offer"], deal["reply"] = list(sides["offer"]), list(sides["reply"])

    def _redraw(self, seat: int, rng: Any) -> None:
        """Redraw the other hands and the stacks from the cards ``seat`` has not seen, keeping every size,
        the cards named in a pending offer, the cards ``seat`` saw go into a hand (``hand_knowledge``: a trade, a
        pillage) and each stack's card kinds (a stack holds only its own cards).

        The undeclared cards of a pending offer are redrawn too, but only from tradable cards of the same
        stacks (an offer can only hold tradable cards), so the offer keeps its size and stays legal. A hand
        everybody knows holds no calamity (``_calamity_free``) is redrawn from commodity cards only, so a
        redrawn world is never one the seat could rule out.
        """
        data = self.data
        spec = self.cards
        deal = data["trade"]
        named: dict[int, list[str]] = {}
        offered: dict[int, dict[int, int]] = {}  # owner -> stack -> undeclared cards of that stack
        sides: dict[int, str] = {}
        if deal is not None:
            declared = spec.trade["declared"]
            for side, owner in (("offer", deal["from"]), ("reply", deal["to"])):
                if owner != seat:
                    named[owner] = list(deal[side][:declared])
                    sides[owner] = side
                    offered[owner] = {}
                    for card in deal[side][declared:]:
                        offered[owner][spec.stack_of(card)] = offered[owner].get(spec.stack_of(card), 0) + 1
        free = self._calamity_free()
        # Per stack, the unseen cards: the stack itself and, for each other hand, its cards of that stack.
        pools: dict[int, list[str]] = {n: list(data["stacks"][n - 1]) for n in range(1, 10)}
        sizes: dict[int, dict[int, int]] = {}
        for other, player in enumerate(data["players"]):
            if other == seat:
                continue
            # Kept: the cards named in its pending offer, and those the seat saw go into the hand (a trade, a
            # pillage: ``hand_knowledge``), as one multiset (a known card may be the named one). Not while the
            # hand has undeclared cards on offer, which may be known ones and are redrawn from their stacks below.
            known = [] if other in offered else data["held_known"][seat][other]
            keep = list(named.get(other, []))
            for card, times in Counter(known).items():
                keep += [card] * (times - keep.count(card))
            rest = list(player["hand"])
            for card in keep:
                rest.remove(card)
            sizes[other] = {}
            for card in rest:
                pools[spec.stack_of(card)].append(card)
                sizes[other][spec.stack_of(card)] = sizes[other].get(spec.stack_of(card), 0) + 1
            player["hand"] = keep
        extras: dict[int, list[str]] = {owner: [] for owner in offered}
        for number, pool in pools.items():
            rng.shuffle(pool)
            # Offer slots first, from tradable cards: the true offered cards are in this pool, so enough exist.
            for owner in sorted(offered):
                for _ in range(offered[owner].get(number, 0)):
                    card = next(c for c in pool if spec.tradable(c))
                    pool.remove(card)
                    extras[owner].append(card)
                    data["players"][owner]["hand"].append(card)
            # Hands known to hold no calamity first, from the pool's commodity cards (the true hands took no
            # more, so enough exist); then the others from what is left.
            for other in sorted(sizes, key=lambda o: o not in free):
                take = sizes[other].get(number, 0) - offered.get(other, {}).get(number, 0)
                if other in free:
                    goods = [c for c in pool if c in spec.commodities][:take]
                    for card in goods:
                        pool.remove(card)
                    data["players"][other]["hand"] += goods
                else:
                    data["players"][other]["hand"] += pool[:take]
                    del pool[:take]
            data["stacks"][number - 1] = pool
        if deal is not None:
            for owner, side in sides.items():
                deal[side] = named[owner] + extras[owner]

    def _view(self, seat: int | None) -> dict[str, Any]:
        from ludoteca.games.advanced_civilization import calamities, conflict, trade

        data = self.data
        frame = RULES.pending(self)
        players = []
        for other, player in enumerate(data["players"]):
            shown = {k: v for k, v in player.items() if k != "hand"}
            shown["advances"] = list(player["advances"])
            shown["hand"] = list(player["hand"]) if other == seat else len(player["hand"])
            shown["cities"] = sum(1 for c in data["cities"].values() if c["owner"] == other)
            shown["ships"] = sum(row[other] for row in data["ships"].values())
            players.append(shown)
        return {
            "map": self.board.name,
            "turn": data["turn"],
            "nations": list(data["nations"]),
            "players": players,
            "tokens": {area: list(row) for area, row in data["tokens"].items()},
            "cities": {area: dict(city) for area, city in data["cities"].items()},
            "ships": {area: list(row) for area, row in data["ships"].items()},
            "census": list(data["census"]),
            "census_counts": list(data["census_counts"]),
            "moved": {area: list(row) for area, row in data["moved"].items()},
            "stacks": [len(pile) for pile in data["stacks"]],
            "trade": None if data["trade"] is None else trade.public_offer(data["trade"], seat),
            "barbarians": dict(data["barbarians"]),
            "pirates": list(data["pirates"]),
            "locked": list(data["locked"]),
            "decision": None if frame is None else _decision(self, frame),
            "over": data["over"],
            # What phase 6 would fight if movement ended now, and phase 11's calamities with their losses: public
            # numbers the rules compute, shown while the decisions that lead to them are open.
            "conflicts": conflict.preview(self) if frame is not None and frame["step"] in _MOVEMENT else [],
            "calamities": calamities.pending(self),
        }

    def render(self, seat: int | None) -> str:
        """Occupied areas by region with their units, each nation's public figures, and who decides now."""
        data, board = self.data, self.board
        occupied = sorted(set(data["tokens"]) | set(data["cities"]) | set(data["ships"]))
        by_region: dict[str, list[str]] = {}
        for area in occupied:
            spec = board.areas[area]
            by_region.setdefault(f"{spec.board} board, {spec.region or 'sea'}", []).append(area)
        limit = self.game.options["turn_limit"]  # §34.1B: the agreed limit, said so the A.S.T. is not read as it
        when = f"Turn {data['turn']}" if data["turn"] else "Set-up before turn 1"
        lines = [f"{when}{f' of {limit}' if limit else ''} on the {board.name} map."]
        for region in sorted(by_region):
            lines.append(f"[{region}]")
            for area in by_region[region]:
                spec = board.areas[area]
                parts = []
                city = data["cities"].get(area)
                if city is not None:
                    parts.append(f"city of {self._short(city['owner'])}")
                for other, n in enumerate(data["tokens"].get(area, [])):
                    if n:
                        parts.append(f"{self._short(other)} {n}")
                for other, n in enumerate(data["ships"].get(area, [])):
                    if n:
                        parts.append(f"{self._short(other)} ship{'s' if n > 1 else ''} {n}")
                marks = (f"limit {spec.limit}" if spec.land else spec.kind) + (
                    ", city site" if spec.city_site != "none" else ""
                )
                lines.append(f"  {area} ({marks}): " + "; ".join(parts))
        view = self.view(seat)
        for other, player in enumerate(view["players"]):
            nation = self.data["nations"][other]
            you = ", you" if other == seat else ""  # "Illyria (seat 0, you)", not "Illyria (seat 0) (you)"
            who = f"{nation} (seat {other}{you})" if nation else f"Seat {other}{' (you)' if you else ''}"
            line = (
                f"{who}: A.S.T. {player['ast']}, cities {player['cities']},"
                f" ships {player['ships']}, treasury {player['treasury']}, stock {player['stock']},"
                f" advances {', '.join(player['advances']) or 'none'}"
            )
            lines.append(line)
        for area, n in sorted(data["barbarians"].items()):
            lines.append(f"Barbarians: {n} in {area}.")
        if data["pirates"]:
            lines.append(f"Pirate cities: {', '.join(data['pirates'])}.")
        lines.append("Trade card stacks 1-9: " + " ".join(str(len(p)) for p in data["stacks"]) + " cards.")
        for other, player in enumerate(view["players"]):
            if other != seat:
                lines.append(f"{self.who(other)} holds {player['hand']} trade cards.")
        if seat is not None:
            me = data["players"][seat]
            lines.append(f"Your treasury: {me['treasury']}; your stock: {me['stock']} tokens.")
            hand = ", ".join(f"{i}:{card}" for i, card in enumerate(me["hand"], 1)) or "none"
            lines.append(f"Your hand (card numbers for trading): {hand}.")
        deal = view.get("trade")
        if deal is not None:
            for side, owner in (("offer", deal["from"]), ("reply", deal["to"])):
                shown = deal[side]
                if isinstance(shown, dict):
                    text = f"{shown['count']} cards, named {', '.join(shown['named']) or 'none yet'}"
                else:
                    text = ", ".join(shown) or "no cards yet"
                lines.append(f"Trade {side} of {self.who(owner)}: {text}.")
        frame = RULES.pending(self)
        if frame is not None:
            who = self.who(frame["seat"])  # "seat 0" before a nation is chosen: a sentence starts with a capital
            lines.append(f"{who[:1].upper()}{who[1:]} decides now. {prompt(self, frame)}")
        elif data["over"]:
            lines.append(f"The game is over: {data['end_reason']}.")
        return "\n".join(lines)

    def _short(self, seat: int) -> str:
        return self.data["nations"][seat] or f"seat {seat}"


class AdvancedCivilizationGame(Game):
    """Avalon Hill's Advanced Civilization for 2-8 players: the base game, all thirteen phases of a turn."""

    id = "advanced-civilization"
    title = "Advanced Civilization"
    # 4: forced trading and phase-12 choices are asked (AC-R34), so older records no longer replay.
    # 5: issue #22's choices (directed losses split, Civil War's faction, Pottery, Mining) and the open trade session.
    version = "5"
    min_players = 2
    max_players = 8
    default_players = 4
    # The search is not the stronger bot here: the session-22 ladder put it level with the heuristic (9 of 20 head
    # to head) and 41% of 100 paired games against it (docs/agents.md, "Issue #21's targets").
    bot_summaries: ClassVar[Mapping[str, str]] = {
        "ismcts": "searches moves ahead, and slower: in this game no stronger than the heuristic bot"
    }
    option_specs = (
        OptionSpec("map", "main", choices=("main", "main+western"), help="the main board, or with the Western map"),
        # 15 turns: a time limit agreed in advance (§34.1B; AC-R18), long enough that a default game sees trade,
        # calamities and advances (heuristic bots, 4 players: first trade turn 8-11, advances 10-12, calamities
        # 9-14; docs/advanced-civilization.md), and a cap that ends random games.
        OptionSpec("turn_limit", 15, kind=int, allow_none=True, help="end after this many turns (none: A.S.T. only)"),
        OptionSpec("calamities", "standard", choices=("standard", "additional"), help="additional: part 3's variant"),
        # AC-R5: seats choose in seat order, or the nations are dealt at random (a fair start for simulations).
        OptionSpec("nations", "choose", choices=("choose", "random"), help="choose in seat order, or deal at random"),
        # AC-R36: a research setting, not a variant of the rules: each nation begins turn 1 with the cities,
        # tokens and treasury of developed.toml, so that even random play meets trade, calamities and advances.
        OptionSpec(
            "start",
            "rulebook",
            choices=("rulebook", "developed"),
            help="rulebook: one token in a start area; developed: 4 cities each (a research setting, AC-R36)",
        ),
        # AC-R22: §28's open session (every seat at once, any number of proposals until all say "done"), or
        # trading as turns with proposals_per_turn (cards.toml) for bot-only games; the open session's public
        # bound on each seat's proposals, so that bots always finish.
        OptionSpec("trade_session", "open", choices=("open", "turns"), help="open: §28's session; turns: rounds"),
        OptionSpec("proposals_per_session", 20, kind=int, help="open session: most proposals a seat makes a turn"),
    )

    def __init__(self, players: int | None = None, options: dict[str, Any] | None = None) -> None:
        super().__init__(players, options)
        limit = self.options["turn_limit"]
        if limit is not None and limit < 1:
            raise BadOptions(f"turn_limit must be at least 1, not {limit}")
        if self.options["proposals_per_session"] < 1:
            raise BadOptions(f"proposals_per_session must be at least 1, not {self.options['proposals_per_session']}")
        self._load_content()

    def _load_content(self) -> None:
        """Read and validate the map, nations, advances and cards now, once per process (they are cached):
        a broken data file fails the loading of the game, and the first game played does not pay for it."""
        content.standard_board(self.options["map"])
        content.cards()
        content.cards(self.options["calamities"])
        content.nations()
        content.advances()
        content.nation_preference(self.options["map"])
        content.start_preference(self.options["map"])
        content.rules()
        content.help_texts()

    def _make_state(self) -> State:
        return CivState()


__all__ = ["AdvancedCivilizationGame", "CivState"]
