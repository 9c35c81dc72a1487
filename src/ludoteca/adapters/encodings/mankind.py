"""Mankind as integers and arrays.

Actions are indexed by *what* is chosen, never by the text, which carries prices ("build Archers for
2 RP"): a build by its card id (all 329 cards of every era, so the index of a card never moves), a
conquest by its ``era/name`` id, a seat by its place relative to the chooser, a yes/no by its answer.
A decision step has its own block even where two steps choose among the same things (losing a build
to the Food Limit is not losing one to a horde), so an index means one thing in every state.

The observation is the whole table (every Build List is public in Mankind): the era, the turn, whose
turn and decision it is, the unique builds gone, and for each seat its points, trait levels,
government, builds, conquests and event modifiers. Only the dice to come are hidden, and the view
never holds them.

The view names a pending decision by its step, its seat and a prompt sentence; the particulars behind the
prompt (the conquest on offer and the Warfare order it passes down, the kind of build to pick, the trade
picks left, the unit a conquest may rebuild, the sides of a war, the modifier to hand an opponent, why a
limit strikes, the horde attacking) come from the pending frame (:meth:`MankindEncoding.public_facts`).
Everything in Mankind is public but the dice to come.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import cache, lru_cache
from typing import Any, cast

import numpy as np

from ludoteca.adapters.encoding import Block, Encoding, Part, Piece, Writer, bool_block, squash
from ludoteca.core.game import Seat, State
from ludoteca.games.mankind.civilization import levels, limit_count, spread_count
from ludoteca.games.mankind.content import ERAS, KINDS, TRAITS, Trait, load_content
from ludoteca.games.mankind.machine import RULES
from ludoteca.games.mankind.state import MankindState

POINTS = ("IP", "RP", "VP")
# A seat's block by its spread (MankindEncoding._spread_block): the same at every player count (the layout
# pads to six seats), so every encoding shares it and a new environment starts with the blocks met before.
_SPREADS: dict[tuple[Any, ...], np.ndarray] = {}
# The war modes that leave a side to choose (the others pair the sides by rule or by dice).
WAR_CHOICES = ("choice_and_random", "two_choice")
LIMITS = ("starvation", "social unrest")


@cache
def _catalogue() -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(every build id, the governments, the military units, every conquest id), in content order."""
    content = load_content()
    builds = tuple(content.builds)
    governments = tuple(b for b in builds if content.builds[b].kind == "government")
    military = tuple(b for b in builds if content.builds[b].kind == "military")
    conquests = []
    for era in range(1, len(ERAS)):
        table = content.events.get((era, "conquest"))
        if table is not None:
            conquests += [f"{ERAS[era]}/{row.name}" for row in table.rows]
    return builds, governments, military, tuple(dict.fromkeys(conquests))


def _steps() -> tuple[str, ...]:
    return tuple(sorted(RULES.decisions))


class MankindEncoding(Encoding):
    """Mankind: 2-6 players; the same action space and observation size at every player count."""

    game_id = "mankind"
    # Random play at 2-6 players ends within about 3,100 decisions; ten times that is a safe bound.
    max_game_length = 40_000

    def __init__(self, game: Any) -> None:
        self._step_at = _positions(_steps())  # every decision's place, sorted once (the rules are registered)
        super().__init__(game)

    # ------------------------------------------------------------------ actions
    def action_blocks(self) -> list[Block]:
        builds, governments, military, conquests = _catalogue()
        seats = self.seat_keys()
        replacing = tuple((new, old) for new in military for old in military)
        return [
            Block(
                "build_choice",
                (*(("kind", k) for k in KINDS), *(("points", p) for p in POINTS)),
                "Build Table 'choice': build one kind (6, in rulebook order) or gain 1D6 IP, RP or VP",
            ),
            Block("build", builds, "build this card (any kind) at its price"),
            Block("build_replacing", replacing, "build military unit (new, old), discarding old to pay the difference"),
            Block("build_nothing", (None,), "build nothing this roll"),
            bool_block("build_more", "after a build: end the Build Phase (+0) or pay IP to roll again (+1)"),
            Block("gain", builds, "gain this card from an event"),
            Block("gain_none", (None,), "decline the card an event offers"),
            Block("lose", builds, "lose this card to an event"),
            Block("government", governments, "change government to this one"),
            Block("limit_loss_build", builds, "Food/Stability Limit: lose this card"),
            Block("limit_loss_conquest", conquests, "Food/Stability Limit: lose this conquest"),
            Block("incursion_loss_build", builds, "incursion: lose this unit or discard this infrastructure"),
            Block("incursion_loss_conquest", conquests, "incursion: discard this conquest"),
            Block("war_loss", military, "war: lose this military unit"),
            Block("conquest_claim", builds, "claim the conquest, sacrificing this card"),
            Block("conquest_pass", (None,), "pass on the conquest"),
            bool_block("conquest_rebuild", "after a conquest: do not rebuild (+0) or rebuild the unit (+1)"),
            Block("raid_target", seats, "raid the seat at this relative slot"),
            Block("raid_none", (None,), "do not raid"),
            bool_block("raid_retaliate", "stop raiding (+0) or raid back (+1)"),
            Block("war_choose", seats, "choose the seat at this relative slot for the war"),
            bool_block("war_ceasefire_offer", "fight on (+0) or offer a ceasefire (+1)"),
            bool_block("war_ceasefire_reply", "refuse (+0) or accept (+1) the ceasefire"),
            Block("trade", POINTS, "trade for 1 IP, RP or VP"),
            Block("choose_opponent", seats, "give the event's effect to the seat at this relative slot"),
            Block("incursion_target", seats, "send the horde against the seat at this relative slot"),
        ]

    def action_key(self, step: str, seat: Seat, payload: Any, context: Any = None) -> tuple[str, Hashable]:
        if step == "build_choice":
            return "build_choice", tuple(payload)
        if step == "build_pick":
            # "build nothing" has been None and ("nothing", could-build); a build is (id, price, resource, old).
            if payload is None or payload[0] == "nothing":
                return "build_nothing", None
            build_id, _price, _resource, old = payload
            return ("build", build_id) if old is None else ("build_replacing", (build_id, old))
        if step == "gain_build":
            return ("gain_none", None) if payload is None else ("gain", payload)
        if step in ("limit_loss", "incursion_loss"):
            what, which = payload
            return f"{step}_{what}", which
        if step == "conquest_offer":
            return ("conquest_pass", None) if payload is None else ("conquest_claim", payload)
        if step == "raid_target":
            return ("raid_none", None) if payload is None else ("raid_target", self.slot(seat, payload))
        if step in ("war_choose", "choose_opponent", "incursion_target"):
            return step, self.slot(seat, payload)
        if step in ("build_more", "conquest_rebuild", "raid_retaliate", "war_ceasefire_offer", "war_ceasefire_reply"):
            return step, bool(payload)
        simple = {"lose_build": "lose", "set_government": "government", "war_loss": "war_loss", "trade_pick": "trade"}
        return simple[step], payload

    # ------------------------------------------------------------------ observation
    def observation_pieces(self) -> list[Piece]:
        builds, governments, _military, conquests = _catalogue()
        steps = _steps()
        pieces = [
            Piece("era", 4, "one-hot era 1-4 (Ancient, Medieval, Revolution, Modern)"),
            Piece("turn", 1, "turn number, squashed: t/(t+50)"),
            Piece("current", self.slots, "one-hot relative slot of the seat whose turn it is"),
            Piece("era_ending", 1, "1 if the era ends after this turn"),
            Piece("negate_war", 1, "wars still negated, /3 (clipped)"),
            Piece("over", 1, "1 once the game is over"),
            Piece("decision", len(steps), "one-hot decision waiting: " + ", ".join(steps)),
            Piece("decider", self.slots, "one-hot relative slot of the seat that must decide"),
            Piece("gone", len(builds), "1 per card id: Leaders and Wonders taken, lost or dead (never available)"),
        ]
        for slot in range(self.slots):
            p = f"seat+{slot}."
            pieces += [
                Piece(p + "present", 1, "1 if this slot holds a seat at this player count"),
                Piece(p + "points", 3, "VP, RP, IP, each squashed p/(p+20)"),
                Piece(p + "shields", 1, "Negotiations shields, /3 (clipped)"),
                Piece(p + "turns", 1, "turns played, squashed t/(t+20)"),
                Piece(p + "limit_count", 1, "builds counted by the Food and Stability Limits, squashed n/(n+10)"),
                Piece(p + "spread", 1, "cards in the spread, squashed n/(n+20)"),
                Piece(p + "levels", len(TRAITS), "trait levels " + " ".join(TRAITS) + ", squashed l/(|l|+10)"),
                Piece(p + "mods", len(TRAITS), "permanent event modifiers per trait, /5 (clipped)"),
                Piece(p + "government", len(governments) + 1, "one-hot government (the last position is Anarchy)"),
                Piece(p + "builds", len(builds), "copies held of each card id, /4 (clipped)"),
                Piece(p + "conquests", len(conquests), "copies held of each conquest id, /4 (clipped)"),
            ]
        slots = self.slots
        pieces += [
            Piece("build_kind", len(KINDS), "one-hot kind to build, gain or lose: " + ", ".join(KINDS)),
            Piece("gain_from_opponent", 1, "1 when the card to gain is one an opponent holds (else one available)"),
            Piece("lose_era", len(ERAS), "one-hot era the card to lose must come from (all 0: any era)"),
            Piece("trade_left", 1, "Trade Phase picks left, squashed n/(n+3)"),
            Piece("conquest", len(conquests), "one-hot conquest on offer (`era/name`)"),
            Piece(
                "conquest_order",
                slots,
                f"per relative slot: its place in the conquest's Warfare order, 1 - place/{slots} (0: not in it)",
            ),
            Piece("rebuild_unit", len(_units()), "one-hot military unit a conquest sacrificed, to rebuild"),
            Piece("rebuild_cost", 1, "RP to rebuild it, squashed c/(c+5)"),
            Piece("raid_modifier", 1, "the raid's modifier to every roll, squashed m/(|m|+3)"),
            Piece("raid_other", slots, "one-hot relative slot of the raider to raid back"),
            Piece("war_mode", len(WAR_CHOICES), "one-hot way the war's sides are chosen: " + ", ".join(WAR_CHOICES)),
            Piece("war_first", slots, "one-hot relative slot already chosen as the war's first side"),
            Piece("war_sides", 2 * slots, "one-hot relative slot of the war's side a, then of side b"),
            Piece("modifier", len(TRAITS), "modifiers to give an opponent, " + " ".join(TRAITS) + ", /5 (clipped)"),
            Piece("limit_why", len(LIMITS), "one-hot limit that strikes: " + ", ".join(LIMITS)),
            Piece("horde", 2, "the attacking horde's WL, squashed w/(w+6); its attacks still to come, /3 (clipped)"),
        ]
        return pieces

    def write(self, out: Writer, view: dict[str, Any], seat: Seat) -> None:
        """The fast path: the histograms of cards held (329 values a seat) come from a cache keyed by the list
        itself, since a seat's cards change only when it builds or loses one."""
        self._write(out, view, seat, fast=True)

    def write_reference(self, out: Writer, view: dict[str, Any], seat: Seat) -> None:
        self._write(out, view, seat, fast=False)

    def _write(self, out: Writer, view: dict[str, Any], seat: Seat, fast: bool) -> None:
        build_at = _positions(_catalogue()[0])
        out.onehot("era", view["era"] - 1)
        out.squashed("turn", view["turn"], 50)
        out.onehot("current", self.slot(seat, view["current"]))
        out.flag("era_ending", view["era_ending"])
        out.scaled("negate_war", view["negate_war"], 3)
        out.flag("over", view["over"])
        decision = view["decision"]
        if decision is not None:
            out.onehot("decision", _positions(_steps())[decision["step"]])
            out.onehot("decider", self.slot(seat, decision["seat"]))
        if fast:
            _paste(out, "gone", _histogram(tuple(view["gone"]), "builds", 1))
        else:
            out.counts("gone", (build_at[b] for b in view["gone"]), 1)
        for other, player in enumerate(view["players"]):
            self._write_seat(out, f"seat+{self.slot(seat, other)}.", player, fast)

    def _write_seat(self, out: Writer, p: str, player: dict[str, Any], fast: bool) -> None:
        """One seat's block (``p`` names its relative slot) from its entry in the view."""
        builds, governments, _military, conquests = _catalogue()
        build_at = _positions(builds)
        government_at = _positions(governments)
        conquest_at = _positions(conquests)
        array, start = out.array, out.start
        array[start[p + "present"]] = 1.0
        at = start[p + "points"]
        for i, key in enumerate(("vp", "rp", "ip")):
            array[at + i] = squash(player[key], 20)
        out.scaled(p + "shields", player["shields"], 3)
        out.squashed(p + "turns", player["turns"], 20)
        out.squashed(p + "limit_count", player["limit_count"], 10)
        out.squashed(p + "spread", player["spread"], 20)
        level_of, mods = player["levels"], player["mods"]
        at_levels, at_mods = start[p + "levels"], start[p + "mods"]
        for i, code in enumerate(TRAITS):
            array[at_levels + i] = squash(level_of.get(code, 0), 10)
            if code in mods:
                array[at_mods + i] = max(-1.0, min(1.0, mods[code] / 5))
        government = player["government"]
        out.onehot(p + "government", len(governments) if government is None else government_at[government])
        if fast:
            _paste(out, p + "builds", _histogram(tuple(player["builds"]), "builds", 4))
            _paste(out, p + "conquests", _histogram(tuple(player["conquests"]), "conquests", 4))
        else:
            out.counts(p + "builds", (build_at[b] for b in player["builds"]), 4)
            out.counts(p + "conquests", (conquest_at[c] for c in player["conquests"]), 4)

    direct = True

    def observation_parts(self) -> list[Part]:
        """The direct writer: :meth:`write_reference` of ``state.view(seat)`` read from the state's data instead
        (Mankind's whole table is public; the view leaves out only the dice to come, which this never reads), in
        parts: the table's figures and the pending decision's facts (rewritten at every observation), the cards
        gone, and one part per seat, rewritten only when that seat's spread or points change.

        Each seat's block apart from its points, shields and turns (levels, limit count, spread size, event
        modifiers, government, builds and conquests: 414 of its 420 values) is a function of its spread alone
        (builds, government, conquests, modifiers), which changes only when the seat builds, loses or is
        handed a modifier, so it is kept by that spread and pasted in one copy.
        """
        names = [piece.name for piece in self.layout.pieces]
        top = ("era", "turn", "current", "era_ending", "negate_war", "over", "decision", "decider")
        seats = [tuple(n for n in names if n.startswith(f"seat+{slot}.")) for slot in range(self.slots)]
        facts = tuple(names[names.index("build_kind") :])
        parts = [
            Part("top", top, _state, self._write_top, always=True),
            Part("gone", ("gone",), _gone, self._write_gone, copy=list),
        ]
        for slot in range(self.players):
            parts.append(Part(f"seat+{slot}", seats[slot], self._seat_reader(slot), self._seat_writer(slot), copy=None))
        padding = tuple(name for slot in range(self.players, self.slots) for name in seats[slot])
        if padding:
            parts.append(Part("padding", padding, _nothing, _write_nothing, copy=None))
        parts.append(Part("facts", facts, self._facts_of, self._write_facts_part, always=True))
        return parts

    def _write_top(self, out: Writer, state: State, seat: Seat) -> None:
        """The era, the turn, whose turn, the era's end, negated wars, the game's end and the decision waiting."""
        data = state.data
        array, start = out.array, out.start
        players = self.players
        array[start["era"] + data["era"] - 1] = 1.0
        array[start["turn"]] = squash(data["turn"], 50)
        array[start["current"] + (data["current"] - seat) % players] = 1.0
        if data["era_ending"]:
            array[start["era_ending"]] = 1.0
        array[start["negate_war"]] = max(-1.0, min(1.0, data["negate_war"] / 3))
        if data["over"]:
            array[start["over"]] = 1.0
        frame = RULES.pending(cast(MankindState, state))  # the view's decision: the waiting frame's step and seat
        if frame is not None:
            array[start["decision"] + self._step_at[frame["step"]]] = 1.0
            array[start["decider"] + (frame["seat"] - seat) % players] = 1.0

    def _write_gone(self, out: Writer, gone: list[str], _seat: Seat) -> None:
        _paste(out, "gone", _histogram(tuple(gone), "builds", 1))

    def _seat_reader(self, slot: int) -> Any:
        """The read of relative slot ``slot``'s part: the spread of the seat there, then its VP, RP, IP, shields
        and turns."""
        players = self.players

        def read(state: State, seat: Seat) -> tuple[Any, ...]:
            player = state.data["players"][(seat + slot) % players]
            builds, conquests, mods = tuple(player["builds"]), tuple(player["conquests"]), tuple(player["mods"].items())
            spread = (builds, player["government"], conquests, mods)
            return (spread, player["vp"], player["rp"], player["ip"], player["shields"], player["turns"])

        return read

    def _seat_writer(self, slot: int) -> Any:
        """The writer of relative slot ``slot``'s part: the block its spread decides, then the points."""

        def write(out: Writer, values: tuple[Any, ...], _seat: Seat) -> None:
            spread, vp, rp, ip, shields, turns = values
            array, width = out.array, self._seat_width
            at = out.start["seat+0.present"] + slot * width
            array[at : at + width] = self._spread_block(spread)
            array[at + 1] = squash(vp, 20)
            array[at + 2] = squash(rp, 20)
            array[at + 3] = squash(ip, 20)
            array[at + 4] = max(-1.0, min(1.0, shields / 3))
            array[at + 5] = squash(turns, 20)

        return write

    def _facts_of(self, state: State, _seat: Seat) -> Any:
        return self.public_facts(state)

    def _write_facts_part(self, out: Writer, facts: Any, seat: Seat) -> None:
        if facts is not None:
            self.write_facts(out, facts, seat)

    @property
    def _seat_width(self) -> int:
        starts = self.layout.starts
        return starts["seat+1.present"] - starts["seat+0.present"]

    def _spread_block(self, spread: tuple[Any, ...]) -> np.ndarray:
        """A seat's block with present = 1 and everything its spread decides (the points left 0), cached by the
        spread: (builds, government, conquests, modifiers' items)."""
        cache = _SPREADS
        block = cache.get(spread)
        if block is None:
            if len(cache) > 4096:
                cache.clear()
            builds, government, conquests, mods = spread
            player = {"builds": list(builds), "government": government, "conquests": list(conquests)}
            player["mods"] = dict(mods)
            scratch = self.layout.writer()
            view_of = {
                "vp": 0,
                "rp": 0,
                "ip": 0,
                "shields": 0,
                "turns": 0,
                "builds": player["builds"],
                "government": government,
                "conquests": player["conquests"],
                "mods": player["mods"],
                "levels": levels(player),
                "limit_count": limit_count(player),
                "spread": spread_count(player),
            }
            self._write_seat(scratch, "seat+0.", view_of, fast=True)
            at = self.layout.starts["seat+0.present"]
            block = scratch.array[at : at + self._seat_width].copy()
            block.flags.writeable = False
            cache[spread] = block
        return block

    def public_facts(self, state: State) -> Any:
        """The pending frame's public particulars, with the horde's for an incursion loss (``None``: none)."""
        stack = state.data["stack"]
        if not stack:
            return None
        frame = stack[-1]
        if frame["step"] == "choose_opponent":
            effects = load_content().events[(frame["era"], frame["kind"])].rows[frame["row"]].effect
            given: dict[str, int] = {}
            for effect in effects[frame["first"] : frame["last"]]:
                if isinstance(effect, Trait):
                    given[effect.trait] = given.get(effect.trait, 0) + effect.delta
            return {"step": "choose_opponent", "modifier": given}
        if frame["step"] == "incursion_loss":
            # The horde was announced in the log; its next attack, if any, waits below on the stack.
            horde = next((e["horde"] for e in reversed(state.log) if e["type"] == "incursion"), 0)
            attack = next((f for f in reversed(stack) if f["step"] == "incursion_attack"), None)
            return {"step": "incursion_loss", "horde": horde, "left": 0 if attack is None else attack["left"]}
        return frame

    def write_facts(self, out: Writer, facts: Any, seat: Seat) -> None:
        step = facts["step"]
        slots = self.slots
        if step in ("build_pick", "gain_build", "lose_build"):
            out.onehot("build_kind", KINDS.index(facts["kind"]))
            out.flag("gain_from_opponent", facts.get("source") == "opponent")
            if facts.get("era") is not None:
                out.onehot("lose_era", facts["era"])
        elif step == "trade_pick":
            out.squashed("trade_left", facts["left"], 3)
        elif step == "conquest_offer":
            out.onehot("conquest", _positions(_catalogue()[3])[facts["conquest"]])
            for place, other in enumerate(facts["order"]):
                out.scaled("conquest_order", 1 - place / slots, 1, at=self.slot(seat, other))
        elif step == "conquest_rebuild":
            out.onehot("rebuild_unit", _positions(_units())[facts["unit"]])
            out.squashed("rebuild_cost", facts["cost"], 5)
        elif step in ("raid_target", "raid_retaliate"):
            out.squashed("raid_modifier", facts["modifier"], 3)
            if step == "raid_retaliate":
                out.onehot("raid_other", self.slot(seat, facts["other"]))
        elif step == "war_choose":
            out.onehot("war_mode", WAR_CHOICES.index(facts["mode"]))
            if facts["first"] is not None:
                out.onehot("war_first", self.slot(seat, facts["first"]))
        elif step in ("war_loss", "war_ceasefire_offer", "war_ceasefire_reply"):
            out.add("war_sides", self.slot(seat, facts["a"]))
            out.add("war_sides", slots + self.slot(seat, facts["b"]))
        elif step == "choose_opponent":
            for trait, delta in facts["modifier"].items():
                out.scaled("modifier", delta, 5, at=TRAITS.index(trait))
        elif step == "limit_loss":
            out.onehot("limit_why", LIMITS.index(facts["why"]))
        elif step == "incursion_loss":
            out.squashed("horde", facts["horde"], 6)
            out.scaled("horde", facts["left"], 3, at=1)


def _units() -> tuple[str, ...]:
    return _catalogue()[2]


@cache
def _positions(keys: tuple[str, ...]) -> dict[str, int]:
    return {key: i for i, key in enumerate(keys)}


@lru_cache(maxsize=8192)
def _histogram(ids: tuple[str, ...], catalogue: str, top: int) -> np.ndarray | None:
    """The counts of ``ids`` over the build or conquest catalogue, /``top`` clipped to 1, exactly as
    :meth:`Writer.counts` writes them one by one (``None`` when there is nothing to count)."""
    if not ids:
        return None
    builds, _governments, _military, conquests = _catalogue()
    keys = builds if catalogue == "builds" else conquests
    at = _positions(keys)
    vector = np.zeros(len(keys), dtype=np.float32)
    for key in ids:
        vector[at[key]] = min(1.0, vector[at[key]] + 1.0 / top)
    vector.flags.writeable = False
    return vector


def _paste(out: Writer, piece: str, vector: np.ndarray | None) -> None:
    if vector is not None:
        start = out.start[piece]
        out.array[start : start + vector.shape[0]] = vector


def _state(state: State, _seat: Seat) -> State:
    """The read of an ``always`` part: the state itself, which its writer reads."""
    return state


def _gone(state: State, _seat: Seat) -> Any:
    return state.data["gone"]


def _nothing(_state: State, _seat: Seat) -> int:
    """The read of the slots beyond the player count: nothing changes there."""
    return 0


def _write_nothing(_out: Writer, _values: Any, _seat: Seat) -> None:
    """Slots beyond the player count stay 0."""
