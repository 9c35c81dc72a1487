"""Arabian Struggle as integers and arrays.

The game is asymmetric (each seat plays a Faction: Hashemite, Rasheedi or Saudi; with two players the
Rasheedi are run by the rules), so unlike the other games the observation is laid out by Faction, not
by relative seat, with one-hots saying which Faction is the observer's and which relative seat plays
each. Actions are indexed by what they name: a card by its number (1-48), an area by its place in the
map data (56 areas), a piece owner by name, a place in the turn order by its rank.

A Nomad is named in its move by its position in the list of Nomads, which changes as Nomads move; its
index here is the area it stands in (public) and the area it moves to, so the same move always has the
same number.

The view names a pending decision by its step, its seat and a prompt sentence; the particulars behind it
come from the pending frame (:meth:`ArabianStruggleEncoding.public_facts`): whose pieces, how many OP,
pieces or moves are left, the event being executed (card and effect), the area a piece moves from or
retreats from, the areas recruitment started from, the pieces and Nomads already moved, the attacks
chosen. All of it is public: announced as it happens, or on the table.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import cache
from typing import Any, cast

from ludoteca.adapters.encoding import Block, Encoding, Part, Piece, Writer, bool_block
from ludoteca.core.game import Seat, State
from ludoteca.games.arabian_struggle.board import EMPIRES, ERA_NAMES, FACTIONS
from ludoteca.games.arabian_struggle.content import load_content
from ludoteca.games.arabian_struggle.machine import RULES
from ludoteca.games.arabian_struggle.state import ArabianStruggleState

OWNERS = (*FACTIONS, *EMPIRES)
STOCK_OWNERS = (*OWNERS, "Nomad")
OP_USES = ("recruit", "move", "attack", None)
PILES = ("discard", "removed", "tc")
# The most effects one card's event has (cards.toml): an effect is named by its place on the card.
EFFECTS = 3


@cache
def _map() -> tuple[tuple[str, ...], tuple[tuple[str, str], ...], tuple[int, ...], tuple[int, ...]]:
    """(areas in map order, every (area, adjacent area) pair, card numbers, the Rasheedi cards)."""
    content = load_content()
    areas = tuple(content.areas)
    links = tuple((a, b) for a in areas for b in content.areas[a].adjacent)
    cards = tuple(sorted(content.cards))
    rasheedi = tuple(n for n in cards if content.cards[n].faction == "Rasheedi")
    return areas, links, cards, rasheedi


@cache
def _index(keys: tuple[Any, ...]) -> dict[Any, int]:
    return {key: i for i, key in enumerate(keys)}


_CARD_SETS = ("conference_cards", "hand", "discard", "removed", "rasheedi_display")
"""The card-set pieces of the ``cards`` part, after the Nomads, in the order of its read."""


def _stocks(data: dict[str, Any], on_map: dict[str, int]) -> dict[str, int]:
    """Each owner's pieces in stock, as ``board.stock`` counts them (AS: set-up, the piece limits: the limit less
    the pieces on the map, in the Tribal Conference or out of the game), from ``on_map``, each owner's pieces on
    the map counted in the one pass that writes them (the view counts each owner's with a pass of its own; the
    direct writer's test compares the two)."""
    setup = load_content().setup
    stocks = {}
    for owner in FACTIONS:
        stocks[owner] = int(setup["faction_pieces"]) - on_map[owner] - int(data["tc"].get(owner, 0))
    for owner in EMPIRES:
        stocks[owner] = int(setup["empire_pieces"][owner]) - on_map[owner] - int(data["out_of_game"].get(owner, 0))
    stocks["Nomad"] = int(setup["nomad_pieces"]) - len(data["nomads"])
    return stocks


class ArabianStruggleEncoding(Encoding):
    """Arabian Struggle, 2-3 players, any variant."""

    game_id = "arabian-struggle"
    # Random play ends within about 300 decisions; ten times more is a safe bound.
    max_game_length = 5_000

    def __init__(self, game: Any) -> None:
        self.steps = tuple(sorted(RULES.decisions))
        setup = load_content().setup
        self.faction_pieces = int(setup["faction_pieces"])
        self.piece_top = max(self.faction_pieces, *(int(n) for n in setup["empire_pieces"].values()))
        super().__init__(game)

    # ------------------------------------------------------------------ actions
    def action_blocks(self) -> list[Block]:
        areas, links, cards, rasheedi = _map()
        return [
            Block("play_conference", cards, "play this card for a Tribal Conference attempt"),
            Block("play_event", cards, "play this card for its event"),
            Block("play_op", cards, "play this card for its OP"),
            Block(
                "play_rasheedi",
                tuple((n, shown) for n in cards for shown in rasheedi),
                "2 players: discard card n to execute the face-up Rasheedi event shown (n, shown)",
            ),
            Block("event_order", ("op_first", "event_first"), "spend the OP first, or let the opponent decide first"),
            bool_block("event_offer", "decline (+0) or execute (+1) the opponent's event"),
            Block("op_use", OP_USES, "spend the OP to recruit, move, attack, or not at all"),
            Block("attack_select", areas, "attack the Empire pieces in this area"),
            Block("attack_stop", (None,), "stop choosing attacks"),
            Block("combat", areas, "resolve the combat in this area next"),
            Block("retreat", areas, "retreat to this area"),
            Block("retreat_none", (None,), "retreat with nowhere to go (the pieces are lost)"),
            Block("conference_stock", (None,), "place a piece from stock in the Tribal Conference"),
            Block("conference_from", areas, "move a piece from this area to the Tribal Conference"),
            Block("conference_none", (None,), "place no piece in the Tribal Conference"),
            Block("event_place", areas, "event: place a piece in this area"),
            Block("event_place_stop", (None,), "event: stop placing"),
            Block("event_remove", tuple((a, o) for a in areas for o in STOCK_OWNERS), "event: remove (area, owner)"),
            Block("event_remove_stop", (None,), "event: stop removing"),
            Block("event_conference", STOCK_OWNERS, "event: add a piece of this owner to the Tribal Conference"),
            Block("event_conference_stop", (None,), "event: stop adding to the Tribal Conference"),
            bool_block("event_lasting", "leave the lasting effect out (+0) or put it in play (+1)"),
            Block("move_from", areas, "move a piece from this area"),
            Block("move_stop", (None,), "stop moving"),
            Block("move_to", areas, "move the chosen piece to this area"),
            Block("nomad_move", links, "move the Nomad in area a to adjacent area b: (a, b)"),
            Block("nomad_stop", (None,), "stop moving Nomads"),
            Block("recruit", areas, "recruit a piece in this area"),
            Block("recruit_stop", (None,), "stop recruiting"),
            Block("turn_order", (0, 1, 2), "take the first, second or third place in the turn order"),
            Block("draft_keep", cards, "keep this card from the draft pool"),
            Block("rasheedi_reinforce", areas, "add a Rasheedi piece in this area"),
        ]

    def action_context(self, state: State, seat: Seat) -> Any:
        """The Nomads' areas (public: every seat sees where the Nomads are) for the one decision whose actions
        name a Nomad by its place in that list, ``nomad_move``; ``None`` for every other, so that their indices
        are kept from one step to the next (a context turns the memo of :meth:`Encoding.legal` off)."""
        stack = state.data["stack"]
        if stack and stack[-1]["step"] == "nomad_move":
            return state.data["nomads"]
        return None

    def action_key(self, step: str, seat: Seat, payload: Any, context: Any = None) -> tuple[str, Hashable]:
        if step == "play_card":
            kind, number, *shown = payload
            if kind == "rasheedi":
                return "play_rasheedi", (number, shown[0])
            return {"tc": "play_conference", "event": "play_event", "op": "play_op"}[kind], number
        if step == "nomad_move":
            if payload is None:
                return "nomad_stop", None
            index, target = payload
            return "nomad_move", (context[index], target)
        if step == "event_remove":
            return ("event_remove_stop", None) if payload is None else ("event_remove", tuple(payload))
        if step == "conference_place":
            if payload is None:
                return "conference_stock", None
            return ("conference_none", None) if payload is False else ("conference_from", payload)
        if step in ("event_offer", "event_lasting"):
            return step, bool(payload)
        if step in ("event_order", "op_use", "combat_choose", "move_to", "recruit", "turn_order_pick"):
            block = {"combat_choose": "combat", "turn_order_pick": "turn_order", "recruit": "recruit"}.get(step, step)
            if step == "recruit" and payload is None:
                return "recruit_stop", None
            return block, payload
        stops = {
            "attack_select": ("attack_select", "attack_stop"),
            "retreat": ("retreat", "retreat_none"),
            "event_place": ("event_place", "event_place_stop"),
            "event_conference": ("event_conference", "event_conference_stop"),
            "move_piece": ("move_from", "move_stop"),
        }
        if step in stops:
            chosen, stop = stops[step]
            return (stop, None) if payload is None else (chosen, payload)
        simple = {"draft_pick": "draft_keep", "rasheedi_reinforce": "rasheedi_reinforce"}
        return simple[step], payload

    # ------------------------------------------------------------------ observation
    def observation_pieces(self) -> list[Piece]:
        areas, _links, cards, _rasheedi = _map()
        n_areas, n_cards, slots = len(areas), len(cards), self.slots
        card_set = f"{n_cards} values, one per card number 1-{n_cards}"
        return [
            Piece("you", 3, "one-hot the observer's Faction: " + ", ".join(FACTIONS)),
            Piece(
                "played_by", 3 * (slots + 1), f"per Faction: one-hot relative seat 0-{slots - 1} playing it, or none"
            ),
            Piece("era", len(ERA_NAMES), "one-hot era: " + ", ".join(ERA_NAMES)),
            Piece("round", 1, "Action Round, squashed r/(r+5)"),
            Piece("turn_order", 3 * 3, "per place first, second, third: one-hot Faction"),
            Piece("active", 3, "one-hot Faction taking its Action Round"),
            Piece("vp", 3, "VP per Faction, squashed v/(|v|+5)"),
            Piece(
                "pieces",
                n_areas * len(OWNERS),
                f"pieces per area (map order) × owner {', '.join(OWNERS)}, squashed n/(n+3)",
            ),
            Piece("nomads", n_areas, "1 where a Nomad stands"),
            Piece("stock", len(STOCK_OWNERS), f"pieces in stock per {', '.join(STOCK_OWNERS)}, /{self.piece_top}"),
            Piece("out_of_game", len(OWNERS), f"pieces out of the game per owner, /{self.piece_top}"),
            Piece("conference", 3, f"pieces in the Tribal Conference per Faction, /{self.faction_pieces}"),
            Piece("conference_cards", n_cards, f"cards in the Tribal Conference: {card_set}"),
            Piece("conference_attempted", 3, "1 per Faction that attempted a Tribal Conference this era"),
            Piece("hand", n_cards, f"the observer's hand: {card_set}"),
            Piece("hand_sizes", 3, "cards in hand per Faction, /12"),
            Piece("draft_pool", n_cards, f"the observer's draft pool (Draft Variant): {card_set}"),
            Piece("draft_kept", n_cards, f"the cards the observer kept in the draft: {card_set}"),
            Piece("draft_sizes", 3, "draft cards (pool + kept) per Faction, /12"),
            Piece("deck", 1, f"cards in the draw deck, /{n_cards}"),
            Piece("discard", n_cards, f"discard pile: {card_set}"),
            Piece("removed", n_cards, f"cards removed from the game: {card_set}"),
            Piece("lasting", n_cards * 3, "lasting events in play: per card number × owning Faction"),
            Piece("rasheedi_display", n_cards, f"2 players: the face-up Rasheedi events: {card_set}"),
            Piece("rasheedi_deck", 1, "2 players: cards in the Rasheedi deck, /12"),
            Piece("card_in_play", n_cards, f"the card being played this Action Round: {card_set}"),
            Piece("decision", len(self.steps), "one-hot decision waiting: " + ", ".join(self.steps)),
            Piece("decider", slots, "one-hot relative seat that must decide"),
            Piece("over", 1, "1 once the game is over"),
            Piece("winner", 3, "one-hot winning Faction"),
            Piece(
                "card_pile",
                len(PILES),
                "where the card in play goes: discard, removed, Tribal Conference",
            ),
            Piece("pending_faction", len(STOCK_OWNERS), "one-hot owner decided for: " + ", ".join(STOCK_OWNERS)),
            Piece("pending_left", 1, "OP, pieces or moves left in the decision, squashed n/(n+3)"),
            Piece("pending_op", 1, "OP of the card being used (OP use, event order), squashed n/(n+3)"),
            Piece("opponent", 3, "one-hot Faction whose event the OP card carries (event order)"),
            Piece("event_card", n_cards, f"the card whose event is offered or executed: {card_set}"),
            Piece("event_effect", EFFECTS, f"one-hot effect of that card being executed (1-{EFFECTS})"),
            Piece("pending_area", n_areas, "1 on the area a piece moves from, or retreats from"),
            Piece("start_areas", n_areas, "1 on each area the Faction held when its OP use began (recruitment)"),
            Piece("placed_in", n_areas, "1 on the area recruitment placed in (one area only in the home region)"),
            Piece("moved", n_areas, "pieces moved into each area by this move action, squashed n/(n+3)"),
            Piece("nomads_moved", n_areas, "1 where a Nomad moved by this decision stands"),
            Piece("attacks", n_areas, "1 on each area chosen for an attack and not resolved yet"),
            Piece("retreat_side", len(OWNERS), "one-hot owner of the pieces that must retreat: " + ", ".join(OWNERS)),
            Piece("combat_attacker", 3, "one-hot Faction attacking (combat order)"),
        ]

    def write(self, out: Writer, view: dict[str, Any], seat: Seat) -> None:
        """:meth:`write_reference` with the loops over pieces and card sets writing the array directly (the
        same values: a set of cards is 1 per card present, a count n/(n+3))."""
        self._write_fast(out, view, seat, None)

    def _write_fast(self, out: Writer, view: dict[str, Any], seat: Seat, data: dict[str, Any] | None) -> None:
        """:meth:`write`: the map, the stocks, the card sets, then the rest. Given the state's ``data`` (the direct
        writer's parts), the stocks are counted from the pass over the map's pieces (:func:`_stocks`)."""
        on_map = self._write_map(out, view["pieces"])
        self._write_stock(out, view["stock"] if data is None else _stocks(data, on_map))
        self._write_card_sets(
            out,
            [
                view["nomads"],
                view["tribal_conference_cards"],
                view["hand"] or (),
                view["discard"],
                view["removed"],
                view["rasheedi_display"],
            ],
            seat,
        )
        self._write_rest_fast(out, view, seat)

    def _write_map(self, out: Writer, pieces: dict[str, dict[str, int]]) -> dict[str, int]:
        """The pieces on the map, area by area; returns each owner's total (what the stocks are counted from)."""
        area_at, owner_at = _index(_map()[0]), _index(OWNERS)
        array = out.array
        base, width = out.start["pieces"], len(OWNERS)
        on_map = dict.fromkeys(OWNERS, 0)
        for area, cell in pieces.items():
            at = base + area_at[area] * width
            for owner, n in cell.items():
                array[at + owner_at[owner]] = n / (abs(n) + 3)
                on_map[owner] += n
        return on_map

    def _write_stock(self, out: Writer, stocks: dict[str, int]) -> None:
        array, at, top = out.array, out.start["stock"], self.piece_top
        for i, owner in enumerate(STOCK_OWNERS):
            array[at + i] = max(-1.0, min(1.0, stocks.get(owner, 0) / top))

    def _write_card_sets(self, out: Writer, sets: Any, _seat: Seat) -> None:
        """The Nomads' areas, then the Tribal Conference's cards, the hand, the discard pile, the removed cards
        and the Rasheedi display, each a set of card numbers."""
        areas, _links, cards, _rasheedi = _map()
        area_at, card_at = _index(areas), _index(cards)
        array, start = out.array, out.start
        nomads, *numbered = sets
        at = start["nomads"]
        for area in nomads:
            array[at + area_at[area]] += 1.0
        for piece, numbers in zip(_CARD_SETS, numbered, strict=True):
            at = start[piece]
            for number in numbers:
                array[at + card_at[number]] = 1.0

    def _write_rest_fast(self, out: Writer, view: dict[str, Any], seat: Seat) -> None:
        """:meth:`_write_rest` writing the array directly (no method call per value): the same values, as the
        ``table`` and ``now`` parts write them."""
        self._write_table(out, view, seat)
        self._write_now(out, view, seat)

    def _write_table(self, out: Writer, view: dict[str, Any], seat: Seat) -> None:
        """Who plays which Faction, the era, the turn order, VP, pieces out of the game and in the Tribal
        Conference, Conferences attempted, the seat's draft, the draft's sizes, lasting events, the winner."""
        _areas, _links, cards, _rasheedi = _map()
        card_at, faction_at, owner_at = _index(cards), _index(FACTIONS), _index(OWNERS)
        array, start = out.array, out.start
        slots, players, top, most = self.slots, self.players, self.piece_top, self.faction_pieces
        if view["you"] is not None:
            array[start["you"] + faction_at[view["you"]]] = 1.0
        at = start["played_by"]
        factions = view["factions"]
        for other, faction in enumerate(factions):
            array[at + faction_at[faction] * (slots + 1) + (other - seat) % players] += 1.0
        for f, faction in enumerate(FACTIONS):
            if faction not in factions:
                array[at + f * (slots + 1) + slots] += 1.0
        array[start["era"] + view["era"] - 1] = 1.0
        at = start["turn_order"]
        for place, faction in enumerate(view["turn_order"]):
            if faction is not None:
                array[at + place * 3 + faction_at[faction]] += 1.0
        at = start["vp"]
        for faction, vp in view["vp"].items():
            array[at + faction_at[faction]] = vp / (abs(vp) + 5)
        at = start["out_of_game"]
        for owner, n in view["out_of_game"].items():
            array[at + owner_at[owner]] = max(-1.0, min(1.0, n / top))
        at = start["conference"]
        for faction, n in view["tribal_conference"].items():
            array[at + faction_at[faction]] = max(-1.0, min(1.0, n / most))
        at = start["conference_attempted"]
        for faction in view["tc_attempted"]:
            array[at + faction_at[faction]] = 1.0
        if view["draft"] is not None:
            for piece, numbers in (("draft_pool", view["draft"]["pool"]), ("draft_kept", view["draft"]["kept"])):
                at = start[piece]
                for number in numbers:
                    array[at + card_at[number]] = 1.0
        at = start["draft_sizes"]
        for faction, n in (view["draft_sizes"] or {}).items():
            array[at + faction_at[faction]] = max(-1.0, min(1.0, n / 12))
        at = start["lasting"]
        for entry in view["lasting"]:
            array[at + card_at[entry["card"]] * 3 + faction_at[entry["owner"]]] = 1.0
        if view["winner"] is not None:
            array[start["winner"] + faction_at[view["winner"]]] = 1.0

    def _write_now(self, out: Writer, view: dict[str, Any], seat: Seat) -> None:
        """The Action Round, the active Faction, hand sizes, the decks' sizes, the card in play and where it
        goes, the decision waiting, the game's end: what changes with nearly every decision."""
        _areas, _links, cards, _rasheedi = _map()
        card_at, faction_at = _index(cards), _index(FACTIONS)
        array, start = out.array, out.start
        array[start["round"]] = view["round"] / (abs(view["round"]) + 5)
        if view["active"] is not None:
            array[start["active"] + faction_at[view["active"]]] = 1.0
        at = start["hand_sizes"]
        for faction, n in view["hand_sizes"].items():
            array[at + faction_at[faction]] = max(-1.0, min(1.0, n / 12))
        array[start["deck"]] = max(-1.0, min(1.0, view["deck_size"] / len(cards)))
        array[start["rasheedi_deck"]] = max(-1.0, min(1.0, view["rasheedi_deck_size"] / 12))
        in_play = view["card_in_play"]
        if in_play is not None:
            array[start["card_in_play"] + card_at[in_play["card"]]] = 1.0
            array[start["card_pile"] + PILES.index(in_play["pile"])] = 1.0
        decision = view["decision"]
        if decision is not None:
            array[start["decision"] + self.steps.index(decision["step"])] = 1.0
            if decision["seat"] is not None:
                array[start["decider"] + (decision["seat"] - seat) % self.players] = 1.0
        if view["over"]:
            array[start["over"]] = 1.0

    def write_reference(self, out: Writer, view: dict[str, Any], seat: Seat) -> None:
        areas, _links, cards, _rasheedi = _map()
        area_at, card_at = _index(areas), _index(cards)
        owner_at = _index(OWNERS)
        for area, cell in view["pieces"].items():
            for owner, n in cell.items():
                out.squashed("pieces", n, 3, at=area_at[area] * len(OWNERS) + owner_at[owner])
        for area in view["nomads"]:
            out.add("nomads", area_at[area])
        out.counts("conference_cards", (card_at[n] for n in view["tribal_conference_cards"]), 1)
        out.counts("hand", (card_at[n] for n in view["hand"] or ()), 1)
        out.counts("discard", (card_at[n] for n in view["discard"]), 1)
        out.counts("removed", (card_at[n] for n in view["removed"]), 1)
        out.counts("rasheedi_display", (card_at[n] for n in view["rasheedi_display"]), 1)
        self._write_rest(out, view, seat)

    def _write_rest(self, out: Writer, view: dict[str, Any], seat: Seat) -> None:
        """Everything but the pieces, the Nomads and the card sets, the same on both paths."""
        _areas, _links, cards, _rasheedi = _map()
        card_at, faction_at = _index(cards), _index(FACTIONS)
        slots = self.slots
        if view["you"] is not None:
            out.onehot("you", faction_at[view["you"]])
        for other, faction in enumerate(view["factions"]):
            out.add("played_by", faction_at[faction] * (slots + 1) + self.slot(seat, other))
        for f, faction in enumerate(FACTIONS):
            if faction not in view["factions"]:
                out.add("played_by", f * (slots + 1) + slots)
        out.onehot("era", view["era"] - 1)
        out.squashed("round", view["round"], 5)
        for place, faction in enumerate(view["turn_order"]):
            if faction is not None:
                out.add("turn_order", place * 3 + faction_at[faction])
        if view["active"] is not None:
            out.onehot("active", faction_at[view["active"]])
        for faction, vp in view["vp"].items():
            out.squashed("vp", vp, 5, at=faction_at[faction])
        owner_at = _index(OWNERS)
        for i, owner in enumerate(STOCK_OWNERS):
            out.scaled("stock", view["stock"].get(owner, 0), self.piece_top, at=i)
        for owner, n in view["out_of_game"].items():
            out.scaled("out_of_game", n, self.piece_top, at=owner_at[owner])
        for faction, n in view["tribal_conference"].items():
            out.scaled("conference", n, self.faction_pieces, at=faction_at[faction])
        for faction in view["tc_attempted"]:
            out.flag("conference_attempted", True, at=faction_at[faction])
        for faction, n in view["hand_sizes"].items():
            out.scaled("hand_sizes", n, 12, at=faction_at[faction])
        if view["draft"] is not None:
            out.counts("draft_pool", (card_at[n] for n in view["draft"]["pool"]), 1)
            out.counts("draft_kept", (card_at[n] for n in view["draft"]["kept"]), 1)
        for faction, n in (view["draft_sizes"] or {}).items():
            out.scaled("draft_sizes", n, 12, at=faction_at[faction])
        out.scaled("deck", view["deck_size"], len(cards))
        for entry in view["lasting"]:
            out.flag("lasting", True, at=card_at[entry["card"]] * 3 + faction_at[entry["owner"]])
        out.scaled("rasheedi_deck", view["rasheedi_deck_size"], 12)
        if view["card_in_play"] is not None:
            out.onehot("card_in_play", card_at[view["card_in_play"]["card"]])
        decision = view["decision"]
        if decision is not None:
            out.onehot("decision", self.steps.index(decision["step"]))
            if decision["seat"] is not None:
                out.onehot("decider", self.slot(seat, decision["seat"]))
        out.flag("over", view["over"])
        if view["winner"] is not None:
            out.onehot("winner", faction_at[view["winner"]])
        if view["card_in_play"] is not None:
            out.onehot("card_pile", PILES.index(view["card_in_play"]["pile"]))

    direct = True

    def observation_parts(self) -> list[Part]:
        """The direct writer: :meth:`write` of the fields of ``state.view(seat)`` it reads, taken from the state's
        data without the view's copies and without what the observation never held (the combat and Conference
        previews, the prompt sentence), then :meth:`write_facts`; in parts rewritten only when what they read
        changes (the map, the card sets), or at every observation (the small rest and the decision's facts).

        The seat's own hand and draft are the only private fields, read for the seat's own Faction as the view
        reads them; every other hand and pool is a size.
        """
        facts: tuple[str, ...] = ("pending_faction", "pending_left", "pending_op", "opponent", "event_card")
        facts += ("event_effect", "pending_area", "start_areas", "placed_in", "moved", "nomads_moved", "attacks")
        facts += ("retreat_side", "combat_attacker")
        now: tuple[str, ...] = ("round", "active", "hand_sizes", "deck", "rasheedi_deck", "card_in_play", "card_pile")
        now += ("decision",)
        now += ("decider", "over")
        taken = {"pieces", "stock", "nomads", *_CARD_SETS, *facts, *now}
        table = tuple(piece.name for piece in self.layout.pieces if piece.name not in taken)
        return [
            Part("map", ("pieces", "stock"), _map_read, self._write_map_part, copy=_map_copy),
            Part("cards", ("nomads", *_CARD_SETS), _cards_read, self._write_card_sets, copy=_lists_copy),
            # The read holds every draft pool: compared only; the writer writes the seat's own and the sizes.
            Part("table", table, _table_read, self._write_table_part),
            Part("now", now, _state, self._write_now_part, always=True),
            # The pending frame changes with nearly every decision: compared and kept, it would cost more than it saves.
            Part("facts", facts, lambda state, seat: self.public_facts(state), self._write_facts_part, always=True),
        ]

    def _write_map_part(self, out: Writer, values: Any, _seat: Seat) -> None:
        pieces, tc, out_of_game, nomads = values
        on_map = self._write_map(out, pieces)
        self._write_stock(out, _stocks({"tc": tc, "out_of_game": out_of_game, "nomads": nomads}, on_map))

    def _write_table_part(self, out: Writer, values: list[Any], seat: Seat) -> None:
        """The ``table`` part from its read, the draft as the view shows it to ``seat`` (its own pool and kept
        cards, every Faction's count)."""
        factions, era, turn_order, vp, out_of_game, tc, tc_attempted, draft, lasting, winner = values
        mine = factions[seat]
        view = {
            "factions": factions,
            "you": mine,
            "era": era,
            "turn_order": turn_order,
            "vp": vp,
            "out_of_game": out_of_game,
            "tribal_conference": tc,
            "tc_attempted": tc_attempted,
            "draft": None if draft is None else {"pool": draft["pools"][mine], "kept": draft["kept"][mine]},
            "draft_sizes": (
                None if draft is None else {f: len(draft["pools"][f]) + len(draft["kept"][f]) for f in factions}
            ),
            "lasting": lasting,
            "winner": winner,
        }
        self._write_table(out, view, seat)

    def _write_now_part(self, out: Writer, state: State, seat: Seat) -> None:
        """The ``now`` part, read from the state as the view shows it."""
        data = state.data
        view = {
            "round": data["round"],
            "active": data["active"],
            "hand_sizes": {f: len(h) for f, h in data["hands"].items()},
            "deck_size": len(data["deck"]),
            "rasheedi_deck_size": len(data["rasheedi_deck"]),
            "card_in_play": data["turn"],
            "decision": RULES.pending(cast(ArabianStruggleState, state)),  # the view's decision: the waiting frame
            "over": data["over"],
        }
        self._write_now(out, view, seat)

    def _write_facts_part(self, out: Writer, facts: Any, seat: Seat) -> None:
        if facts is not None:
            self.write_facts(out, facts, seat)

    def public_facts(self, state: State) -> Any:
        """The pending frame, with the attacks chosen and where the Nomads it moved now stand.

        Frames hold only public choices: counts, areas, card numbers and Factions announced as they happened.
        """
        data = state.data
        if not data["stack"]:
            return None
        facts = dict(data["stack"][-1])
        facts["attacks"] = list(data["attacks"])
        if facts["step"] == "nomad_move":
            facts["nomads_moved"] = [data["nomads"][i] for i in facts["moved"]]
        return facts

    def write_facts(self, out: Writer, facts: dict[str, Any], seat: Seat) -> None:
        areas, _links, cards, _rasheedi = _map()
        area_at, card_at, faction_at, owner_at = _index(areas), _index(cards), _index(FACTIONS), _index(OWNERS)
        step = facts["step"]
        for area in facts["attacks"]:
            out.add("attacks", area_at[area])
        if "faction" in facts:
            out.onehot("pending_faction", _index(STOCK_OWNERS)[facts["faction"]])
        if isinstance(facts.get("left"), int):
            out.squashed("pending_left", facts["left"], 3)
        if "op" in facts:
            out.squashed("pending_op", facts["op"], 3)
        if "opponent" in facts:
            out.onehot("opponent", faction_at[facts["opponent"]])
        if "card" in facts:
            out.onehot("event_card", card_at[facts["card"]])
        if "index" in facts:
            out.onehot("event_effect", facts["index"])
        if "area" in facts:
            out.onehot("pending_area", area_at[facts["area"]])
        for area in facts.get("start_areas", ()):
            out.add("start_areas", area_at[area])
        if facts.get("placed_in") is not None:
            out.onehot("placed_in", area_at[facts["placed_in"]])
        if step in ("move_piece", "move_to"):
            for area, n in facts["moved"].items():
                out.squashed("moved", n, 3, at=area_at[area])
        for area in facts.get("nomads_moved", ()):
            out.add("nomads_moved", area_at[area])
        if step == "retreat":
            out.onehot("retreat_side", owner_at[facts["side"]])
        if step == "combat_choose":
            out.onehot("combat_attacker", faction_at[facts["attacker"]])


def _state(state: State, _seat: Seat) -> State:
    """The read of an ``always`` part: the state itself, which its writer reads."""
    return state


def _table_read(state: State, _seat: Seat) -> list[Any]:
    data = state.data
    return [
        data["players"],
        data["era"],
        data["turn_order"],
        data["vp"],
        data["out_of_game"],
        data["tc"],
        data["tc_attempted"],
        data["draft"],
        data["lasting"],
        data["winner"],
    ]


def _map_read(state: State, _seat: Seat) -> list[Any]:
    data = state.data
    return [data["pieces"], data["tc"], data["out_of_game"], data["nomads"]]


def _cards_read(state: State, seat: Seat) -> list[Any]:
    """The Nomads' areas and the card sets the ``cards`` part writes; the hand is the seat's own only."""
    data = state.data
    hand = data["hands"][data["players"][seat]]
    return [data["nomads"], data["tc_cards"], hand, data["discard"], data["removed"], data["rasheedi_display"]]


def _map_copy(values: list[Any]) -> list[Any]:
    """A copy of the ``map`` part's read, made for its known shape (areas of owners' counts): twice as fast as
    the generic plain-data copy, and a map changes at most moves."""
    pieces, tc, out_of_game, nomads = values
    return [{area: cell.copy() for area, cell in pieces.items()}, tc.copy(), out_of_game.copy(), nomads.copy()]


def _lists_copy(values: list[list[Any]]) -> list[list[Any]]:
    """A copy of the ``cards`` part's read: lists of areas and card numbers, copied one level down."""
    return [list(numbers) for numbers in values]
