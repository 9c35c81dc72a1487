"""Tigris & Euphrates as integers and arrays.

Actions are kind × colour × square on the 16 × 11 board (squares numbered row by row from A1 = 0 to
P11 = 175): place or move a leader, place a civilization tile, place a catastrophe, build a monument,
take a treasure; plus withdrawing a leader, every multiset of tiles to swap, committing 0-6 tiles to a
revolt or a war, choosing the next war's colour, and passing. Colours are always in the order red,
blue, black, green (priest, farmer, king, trader).

The observation is board planes (one value per square for each plane) followed by the seat's own
hand and what it may know of the others: hand sizes, catastrophes left, and points only where the
view shows them (its own always; the others' with ``scoring="open"`` or once the game is over). The
bag's order and the other hands are hidden and never reach the array.

The view names a pending decision by its step and seat only, so the particulars of a conflict being fought
come from the rules stack (:meth:`TigrisEncoding.public_facts`): its colour, both sides and their
leaders' squares, each side's strength on the board and the tiles the attacker committed (announced in
the log), the wars still to come, and the square whose 2×2 may become a monument. All of it is public.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from itertools import combinations_with_replacement
from typing import Any, cast

import numpy as np

from ludoteca.adapters.encoding import Block, Encoding, IndexedLegal, Part, Piece, Writer
from ludoteca.core.game import Action, Seat, State
from ludoteca.games.tigris_euphrates.board import squares_of, temples_next_to
from ludoteca.games.tigris_euphrates.conflicts import sides, supporters
from ludoteca.games.tigris_euphrates.content import HEIGHT, WIDTH, boards, components
from ludoteca.games.tigris_euphrates.machine import RULES
from ludoteca.games.tigris_euphrates.state import TigrisState
from ludoteca.games.tigris_euphrates.turn import legal_groups

COLOURS = "rbkg"
SQUARES = WIDTH * HEIGHT
CELLS = ("", "r", "b", "k", "g", "m", "x")
CELL_NAMES = "empty, red, blue, black, green, monument, catastrophe"
CELL_AT = {code: i for i, code in enumerate(CELLS)}
SQUARE_RANGE = np.arange(SQUARES, dtype=np.intp)
_CELL_PLANE = np.zeros(256, dtype=np.intp)
"""A cell's character (its code, ``.`` for empty) -> the offset of its plane in ``cells``."""
for _plane, _code in enumerate(CELLS):
    _CELL_PLANE[ord(_code or ".")] = _plane * SQUARES
COLOUR_AT = {colour: i for i, colour in enumerate(COLOURS)}
SCORE_KEYS = (*COLOURS, "t")


class TigrisEncoding(Encoding):
    """Tigris & Euphrates, 2-4 players, either board, either scoring."""

    game_id = "tigris-euphrates"
    # Random play ends within about 250 decisions (the bag runs out); far more is a safe bound.
    max_game_length = 5_000

    def __init__(self, game: Any) -> None:
        parts = components()
        self.hand_size = parts.hand
        self.monuments = parts.monuments
        self.catastrophes = parts.catastrophes
        self.tiles = sum(parts.tiles.values())
        self.actions_per_turn = parts.actions_per_turn
        self.river = boards()[game.options["board"]].river
        self.steps = tuple(sorted(RULES.decisions))
        self._river_at: np.ndarray | None = None
        super().__init__(game)

    # ------------------------------------------------------------------ actions
    def swaps(self) -> tuple[tuple[str, ...], ...]:
        """Every multiset of 1..hand tiles, each as a tuple in red, blue, black, green order."""
        return tuple(
            combo for size in range(1, self.hand_size + 1) for combo in combinations_with_replacement(COLOURS, size)
        )

    def action_blocks(self) -> list[Block]:
        squares = tuple(range(SQUARES))
        by_colour = tuple((c, sq) for c in COLOURS for sq in squares)
        commits = tuple(range(self.hand_size + 1))
        return [
            Block("leader", by_colour, "place or move the leader of colour c to square s: index c*176 + s"),
            Block("withdraw", tuple(COLOURS), "withdraw the leader of this colour"),
            Block("tile", by_colour, "place a tile of colour c on square s: index c*176 + s"),
            Block("catastrophe", squares, "place a catastrophe on this square"),
            Block("swap", self.swaps(), "discard this multiset of tiles and draw as many"),
            Block("pass", (None,), "pass (the action, not the turn)"),
            Block("take_treasure", squares, "take the treasure on this square"),
            Block("revolt_commit", commits, "commit this many red tiles to a revolt"),
            Block("war_commit", commits, "commit this many tiles of the war's colour"),
            Block("war_order", tuple(COLOURS), "resolve the war of this colour next"),
            Block(
                "monument",
                tuple((m, sq) for m in self.monuments for sq in squares),
                "build monument m (" + ", ".join(self.monuments) + ") with its top-left corner on square s",
            ),
            Block("monument_none", (None,), "build no monument"),
        ]

    def action_key(self, step: str, seat: Seat, payload: Any, context: Any = None) -> tuple[str, Hashable]:
        if step == "action":
            kind = payload[0]
            if kind in ("leader", "tile"):
                return kind, (payload[1], payload[2])
            if kind == "withdraw":
                return "withdraw", payload[1]
            if kind == "catastrophe":
                return "catastrophe", payload[1]
            if kind == "swap":
                return "swap", tuple(sorted(payload[1], key=COLOURS.index))
            if kind == "pass":
                return "pass", None
            raise ValueError(f"unknown action kind {kind!r}")
        if step == "monument_check":
            return ("monument_none", None) if payload is None else ("monument", tuple(payload))
        if step in ("take_treasure", "revolt_commit", "war_commit", "war_order"):
            return step, payload
        raise ValueError(f"unknown decision {step!r}")

    def legal(self, state: State, seat: Seat) -> Mapping[int, Action]:
        """The turn's action decision from the game's groups (``turn.legal_groups``: bit masks of squares), without
        listing its 300-700 actions: see :class:`_TurnLegal`. Every other decision takes the generic path."""
        stack = state.data["stack"]
        if not stack or stack[-1]["step"] != "action" or stack[-1]["seat"] != seat or state.is_over():
            return super().legal(state, seat)  # also what refuses a seat the game lacks
        return _TurnLegal(self, seat, legal_groups(cast(TigrisState, state), seat))

    def turn_index(self, seat: Seat, action: Action) -> int:
        """The index of one action of the turn decision (kept per payload in the shared memo, as :meth:`legal`)."""
        memo = self._index_memo.get(("action", seat))
        if memo is None:
            memo = self._index_memo[("action", seat)] = {}
        index = memo.get(action.payload)
        if index is None:
            block, key = self.action_key("action", seat, action.payload)
            index = memo[action.payload] = self.actions.index(block, key)
        return index

    # ------------------------------------------------------------------ observation
    def observation_pieces(self) -> list[Piece]:
        slots = self.slots
        plane = f"{SQUARES} values, one per square (A1, B1, ... P11)"
        pieces = [
            Piece("cells", len(CELLS) * SQUARES, f"one-hot content of each square ({CELL_NAMES}): 7 planes of {plane}"),
            Piece("river", SQUARES, f"1 on river squares: {plane}"),
            Piece("treasures", SQUARES, f"1 where a treasure lies: {plane}"),
            Piece("unification", SQUARES, f"1 on the unification tile of a war in progress: {plane}"),
            Piece(
                "leaders",
                slots * 4 * SQUARES,
                f"1 where the leader stands: planes for relative slot 0-{slots - 1} × colour r,b,k,g, each {plane}",
            ),
            Piece(
                "monuments",
                len(self.monuments) * SQUARES,
                "1 on the top-left square of each built monument: planes " + ", ".join(self.monuments),
            ),
            Piece("hand", 4, f"own tiles of each colour r,b,k,g, /{self.hand_size}"),
            Piece("present", slots, "1 per relative slot that holds a seat"),
            Piece("hand_sizes", slots, f"tiles in hand per relative slot, /{self.hand_size}"),
            Piece("catastrophes", slots, f"catastrophe tiles left per relative slot, /{self.catastrophes}"),
            Piece("scores_known", slots, "1 where that slot's points are visible"),
            Piece("scores", slots * 5, "points r,b,k,g,treasure per relative slot, squashed p/(p+10); 0 if unknown"),
            Piece("bag", 1, f"tiles left in the bag, /{self.tiles}"),
            Piece("current", slots, "one-hot relative slot of the active player"),
            Piece("actions_left", 1, f"actions left this turn, /{self.actions_per_turn}"),
            Piece("turn", 1, "turn number, squashed t/(t+50)"),
            Piece("decision", len(self.steps), "one-hot decision waiting: " + ", ".join(self.steps)),
            Piece("decider", slots, "one-hot relative slot of the seat that must decide"),
            Piece("over", 1, "1 once the game is over"),
            Piece("conflict_colour", 4, "one-hot colour r,b,k,g of the revolt or war whose commitment is decided"),
            Piece("conflict_sides", 2 * slots, "one-hot relative slot of the attacker, then of the defender"),
            Piece("conflict_squares", 2 * SQUARES, f"the attacker's leader square, then the defender's: 2 × {plane}"),
            Piece(
                "conflict_strength",
                2,
                "attacker's and defender's strength on the board (revolt: temples next to the leader; war: the "
                "colour's tiles on its side), squashed s/(s+5)",
            ),
            Piece("conflict_attack", 1, f"tiles the attacker has committed, /{self.hand_size}"),
            Piece("wars_left", 4, "1 per colour r,b,k,g of a war still to be fought (or ordered) after this one"),
            Piece("monument_square", SQUARES, f"the tile just placed, whose 2×2 may become a monument: {plane}"),
        ]
        return pieces

    def write(self, out: Writer, view: dict[str, Any], seat: Seat) -> None:
        """The fast path: the 176 cells' one-hot planes in one numpy assignment, the river (fixed for the game)
        from positions computed once; the rest as :meth:`write_reference` writes it."""
        array, start = out.array, out.start["cells"]
        codes = np.array(list(map(CELL_AT.__getitem__, view["cells"])), dtype=np.intp)
        array[start + codes * SQUARES + SQUARE_RANGE] = 1.0
        if self._river_at is None:
            self._river_at = out.start["river"] + np.asarray(sorted(set(self.river)), dtype=np.intp)
        if len(self.river) == len(self._river_at):  # a river listing a square twice would add up: plain path
            array[self._river_at] = 1.0
        else:
            for square in self.river:
                out.add("river", square)
        self._write_rest_fast(out, view, seat)

    def _write_rest_fast(self, out: Writer, view: dict[str, Any], seat: Seat) -> None:
        """:meth:`_write_rest` writing the array directly (no method call per value): the same values, written by
        the parts' writers from the reads the parts take of the state (:meth:`observation_parts`)."""
        self._write_leaders(out, view["leaders"], seat)
        self._write_marks(out, (view["treasures"], view["unification"], tuple(view["monuments"].items())), seat)
        hands, scores = view["hands"], view["scores"]
        self._write_seats(out, (hands, view["catastrophes"], scores), seat)
        decision = view["decision"]
        self._write_turn(
            out,
            (
                view["bag"],
                view["current"],
                view["actions_left"],
                view["turn"],
                None if decision is None else decision["step"],
                None if decision is None else decision["seat"],
                view["over"],
            ),
            seat,
        )

    def _write_leaders(self, out: Writer, leaders_of: Any, seat: Seat) -> None:
        """Every seat's leaders, one plane per relative slot and colour; ``leaders_of`` holds each seat's
        leaders as colour -> square, -1 for a leader off the board."""
        array, players = out.array, self.players
        at = out.start["leaders"]
        for other, leaders in enumerate(leaders_of):
            base = at + ((other - seat) % players) * 4 * SQUARES
            for colour, square in leaders.items():
                if square >= 0:
                    array[base + COLOUR_AT[colour] * SQUARES + square] += 1.0

    def _update_leaders(self, out: Writer, kept: list[dict[str, int]], leaders_of: Any, seat: Seat) -> None:
        """Each leader that moved since ``kept``: off its old square's plane, onto its new one (a move changes
        one leader, or a few when a conflict sends some home)."""
        array, players = out.array, self.players
        at = out.start["leaders"]
        for other, leaders in enumerate(leaders_of):
            before = kept[other]
            if leaders == before:
                continue
            base = at + ((other - seat) % players) * 4 * SQUARES
            for colour, square in before.items():
                if square >= 0:
                    array[base + COLOUR_AT[colour] * SQUARES + square] -= 1.0
            for colour, square in leaders.items():
                if square >= 0:
                    array[base + COLOUR_AT[colour] * SQUARES + square] += 1.0

    def _write_marks(self, out: Writer, values: Any, _seat: Seat) -> None:
        """Treasures, the unification tile and monuments (``(name, square)`` pairs, -1 for one not built)."""
        treasures, unification, monuments = values
        array, start = out.array, out.start
        at = start["treasures"]
        for square in treasures:
            array[at + square] += 1.0
        if unification >= 0:
            array[start["unification"] + unification] += 1.0
        at = start["monuments"]
        if len(monuments) == len(self.monuments):  # every monument listed (unbuilt at -1): its rank is its index
            for monument, square in monuments:
                if square >= 0:
                    array[at + self.monuments.index(monument) * SQUARES + square] += 1.0
        else:
            for m, (_monument, square) in enumerate(sorted(monuments, key=self._monument_order)):
                if square >= 0:
                    array[at + m * SQUARES + square] += 1.0

    def _write_seats(self, out: Writer, values: Any, seat: Seat) -> None:
        """Hands as the seat's view shows them (its own a dict of counts, the others' sizes), catastrophes left,
        and points where the view shows them (``None`` where hidden)."""
        hands, catastrophes, scores = values
        array, start = out.array, out.start
        players, hand_size = self.players, self.hand_size
        for other, hand in enumerate(hands):
            slot = (other - seat) % players
            array[start["present"] + slot] = 1.0
            if isinstance(hand, dict):  # only the seat's own hand is a dict in its view
                at = start["hand"]
                for c, colour in enumerate(COLOURS):
                    array[at + c] = max(-1.0, min(1.0, hand[colour] / hand_size))
                size = sum(hand.values())
            else:
                size = hand
            array[start["hand_sizes"] + slot] = max(-1.0, min(1.0, size / hand_size))
            array[start["catastrophes"] + slot] = max(-1.0, min(1.0, catastrophes[other] / self.catastrophes))
            points = scores[other]
            if points is not None:
                array[start["scores_known"] + slot] = 1.0
                at = start["scores"] + slot * 5
                for i, key in enumerate(SCORE_KEYS):
                    p = points[key]
                    array[at + i] = p / (abs(p) + 10)

    def _write_turn(self, out: Writer, values: Any, seat: Seat) -> None:
        """The bag's size, whose turn, actions left, the turn number, the decision waiting and the game's end."""
        bag, current, actions_left, turn, step, decider, over = values
        array, start, players = out.array, out.start, self.players
        array[start["bag"]] = max(-1.0, min(1.0, bag / self.tiles))
        array[start["current"] + (current - seat) % players] = 1.0
        array[start["actions_left"]] = max(-1.0, min(1.0, actions_left / self.actions_per_turn))
        array[start["turn"]] = turn / (abs(turn) + 50)
        if step is not None:
            array[start["decision"] + self.steps.index(step)] = 1.0
            array[start["decider"] + (decider - seat) % players] = 1.0
        if over:
            array[start["over"]] = 1.0

    def write_reference(self, out: Writer, view: dict[str, Any], seat: Seat) -> None:
        for square, code in enumerate(view["cells"]):
            out.add("cells", CELLS.index(code) * SQUARES + square)
        for square in self.river:
            out.add("river", square)
        self._write_rest(out, view, seat)

    def _write_rest(self, out: Writer, view: dict[str, Any], seat: Seat) -> None:
        for square in view["treasures"]:
            out.add("treasures", square)
        if view["unification"] >= 0:
            out.add("unification", view["unification"])
        for other, leaders in enumerate(view["leaders"]):
            base = self.slot(seat, other) * 4
            for colour, square in leaders.items():
                if square >= 0:
                    out.add("leaders", (base + COLOURS.index(colour)) * SQUARES + square)
        for m, (_monument, square) in enumerate(sorted(view["monuments"].items(), key=self._monument_order)):
            if square >= 0:
                out.add("monuments", m * SQUARES + square)
        for other, hand in enumerate(view["hands"]):
            slot = self.slot(seat, other)
            out.flag("present", True, at=slot)
            if isinstance(hand, dict):  # only the seat's own hand is a dict in its view
                for c, colour in enumerate(COLOURS):
                    out.scaled("hand", hand[colour], self.hand_size, at=c)
                size = sum(hand.values())
            else:
                size = hand
            out.scaled("hand_sizes", size, self.hand_size, at=slot)
            out.scaled("catastrophes", view["catastrophes"][other], self.catastrophes, at=slot)
            points = view["scores"][other]
            if points is not None:
                out.flag("scores_known", True, at=slot)
                for i, key in enumerate((*COLOURS, "t")):
                    out.squashed("scores", points[key], 10, at=slot * 5 + i)
        out.scaled("bag", view["bag"], self.tiles)
        out.onehot("current", self.slot(seat, view["current"]))
        out.scaled("actions_left", view["actions_left"], self.actions_per_turn)
        out.squashed("turn", view["turn"], 50)
        decision = view["decision"]
        if decision is not None:
            out.onehot("decision", self.steps.index(decision["step"]))
            out.onehot("decider", self.slot(seat, decision["seat"]))
        out.flag("over", view["over"])

    direct = True

    def observation_parts(self) -> list[Part]:
        """The direct writer: :meth:`write` of the fields of ``state.view(seat)`` it reads, taken from the state's
        data without the view's copies (and without the conflict preview the observation never held), then
        :meth:`write_facts`, in parts that are rewritten only when what they read changes.

        The private fields are read as the view reads them: the seat's own hand (every other hand is a size)
        and the points of the seat, or of every seat once scoring is open or the game is over (T&E: Game
        End; the option ``scoring``).
        """
        return [
            Part("river", ("river",), _nothing, self._write_river, copy=None),
            Part("cells", ("cells",), _cells, self._write_cells, copy=list, update=self._update_cells),
            Part("leaders", ("leaders",), _leaders, self._write_leaders, copy=_dicts_copy, update=self._update_leaders),
            Part("marks", ("treasures", "unification", "monuments"), _marks, self._write_marks, copy=None),
            Part(
                "seats",
                ("hand", "present", "hand_sizes", "catastrophes", "scores_known", "scores"),
                _state,
                self._write_seats_part,
                always=True,
            ),
            Part(
                "turn",
                ("bag", "current", "actions_left", "turn", "decision", "decider", "over"),
                _turn,
                self._write_turn,
                always=True,  # the actions left or the decision change at every step
            ),
            Part(
                "facts",
                (
                    "conflict_colour",
                    "conflict_sides",
                    "conflict_squares",
                    "conflict_strength",
                    "conflict_attack",
                    "wars_left",
                    "monument_square",
                ),
                lambda state, seat: self.public_facts(state),
                self._write_facts_part,
                copy=None,  # a new dictionary of numbers, tuples and new lists each time
            ),
        ]

    def _write_river(self, out: Writer, _values: Any, _seat: Seat) -> None:
        if self._river_at is None:
            self._river_at = out.start["river"] + np.asarray(sorted(set(self.river)), dtype=np.intp)
        if len(self.river) == len(self._river_at):  # a river listing a square twice would add up: plain path
            out.array[self._river_at] = 1.0
        else:
            for square in self.river:
                out.add("river", square)

    def _write_cells(self, out: Writer, cells: Any, _seat: Seat) -> None:
        """The 7 one-hot planes of the cells: the board as one string of a character per square (what the game's
        own analysis builds its bit masks from), its bytes turned into plane offsets by a table in numpy."""
        layout = "".join([code or "." for code in cells]).encode("ascii")
        codes = _CELL_PLANE[np.frombuffer(layout, dtype=np.uint8)]
        out.array[out.start["cells"] + codes + SQUARE_RANGE] = 1.0

    def _update_cells(self, out: Writer, kept: list[str], cells: list[str], _seat: Seat) -> None:
        """The squares whose content changed since ``kept``: found a block of 16 squares at a time (whole slices
        compared in C, square by square only inside a block that differs, as the game's analysis patches its
        masks), each moved from its old plane to its new one."""
        array, at = out.array, out.start["cells"]
        for first in range(0, SQUARES, 16):
            if cells[first : first + 16] != kept[first : first + 16]:
                for square in range(first, min(first + 16, SQUARES)):
                    old, new = kept[square], cells[square]
                    if old != new:
                        array[at + CELL_AT[old] * SQUARES + square] = 0.0
                        array[at + CELL_AT[new] * SQUARES + square] = 1.0

    def _write_seats_part(self, out: Writer, state: State, seat: Seat) -> None:
        """The ``seats`` part (rewritten at every observation: a hand changes with most actions), from the state
        as the view shows it to ``seat``: its own hand, the others' sizes; its own points, or everyone's once
        scoring is open or the game is over (T&E: Game End; the option ``scoring``)."""
        data = state.data
        open_scores = self.game.options["scoring"] == "open" or data["over"]
        hands, scores = data["hands"], data["scores"]
        self._write_seats(
            out,
            (
                [hand if other == seat else sum(hand.values()) for other, hand in enumerate(hands)],
                data["catastrophes"],
                [points if open_scores or other == seat else None for other, points in enumerate(scores)],
            ),
            seat,
        )

    def _write_facts_part(self, out: Writer, facts: Any, seat: Seat) -> None:
        if facts is not None:
            self.write_facts(out, facts, seat)

    def public_facts(self, state: State) -> Any:
        """The public particulars of the pending conflict, war order or monument check (``None`` otherwise).

        Strengths are what the game will count when it resolves the conflict: in a revolt the temples next
        to each leader, in a war the tiles of the war's colour on each leader's side of the unification
        tile. The attacker's commitment is announced in the log as it is made.
        """
        tigris = cast(TigrisState, state)
        stack = tigris.data["stack"]
        if not stack:
            return None
        frame = stack[-1]
        step = frame["step"]
        if step == "monument_check":
            return {"monument_square": frame["square"]}
        if step == "war_order":
            return {"wars_left": list(frame["remaining"])}
        if step not in ("revolt_commit", "war_commit"):
            return None
        colour, board, data = frame["colour"], tigris.board, tigris.data
        a_square, d_square = frame["attacker_square"], frame["defender_square"]
        if step == "revolt_commit":
            strengths = (temples_next_to(board, data, a_square), temples_next_to(board, data, d_square))
            later: list[str] = []
        else:
            geometry, _ = sides(tigris)
            strengths = (
                len(supporters(tigris, geometry, a_square, colour)),
                len(supporters(tigris, geometry, d_square, colour)),
            )
            below = [f for f in stack[:-1] if f["step"] == "war_next"]
            later = list(below[-1]["remaining"] or ()) if below else []
        return {
            "colour": colour,
            "attacker": frame["attacker"],
            "defender": frame["defender"],
            "squares": (a_square, d_square),
            "strengths": strengths,
            "attack": frame["attack"] if frame["role"] == "defender" else 0,
            "wars_left": later,
        }

    def write_facts(self, out: Writer, facts: Any, seat: Seat) -> None:
        for colour in facts.get("wars_left", ()):
            out.flag("wars_left", True, at=COLOURS.index(colour))
        if "monument_square" in facts:
            out.onehot("monument_square", facts["monument_square"])
        if "colour" not in facts:
            return
        out.onehot("conflict_colour", COLOURS.index(facts["colour"]))
        out.add("conflict_sides", self.slot(seat, facts["attacker"]))
        out.add("conflict_sides", self.slots + self.slot(seat, facts["defender"]))
        a_square, d_square = facts["squares"]
        out.add("conflict_squares", a_square)
        out.add("conflict_squares", SQUARES + d_square)
        for i, strength in enumerate(facts["strengths"]):
            out.squashed("conflict_strength", strength, 5, at=i)
        out.scaled("conflict_attack", facts["attack"], self.hand_size)

    def _monument_order(self, item: tuple[str, int]) -> int:
        return self.monuments.index(item[0])


class _TurnLegal(IndexedLegal):
    """The legal actions of a turn's action decision, by index, from the game's groups.

    A group of squares (place or move a leader of one colour, a tile of one colour, a catastrophe) is a bit mask
    over the board; its actions' indices are one block's base plus the square (``leader``, ``tile`` and
    ``catastrophe`` are laid out colour × square), so the group's bits shifted to that base are its part of the
    mask, and the whole mask is one integer unpacked by numpy. The base is read from the index of the group's
    first action, so the layout is checked, not assumed (``tests/adapters/test_fast_paths.py`` compares the
    whole mapping with the generic one at every decision). Listed groups (a withdrawal, the swaps, the pass)
    are keyed one by one, the swaps' indices kept per shared tuple of the game.
    """

    def __init__(self, encoding: TigrisEncoding, seat: Seat, groups: list[Any]) -> None:
        self._groups: list[tuple[int, int | None, Any]] = []
        self._squares: list[tuple[int, int, Any]] = []  # (base index, squares, table)
        self._single: dict[int, Action] = {}
        self._listed: dict[int, Action] | None = None
        bits = 0
        for count, squares, table in groups:
            if not count:
                continue
            if squares is None:
                indices = _listed_indices(encoding, seat, table)
                self._single.update(zip(indices, table, strict=True))
                self._groups.append((count, None, indices))
                continue
            base = _base_of(encoding, seat, table, squares)
            bits |= squares << base
            self._squares.append((base, squares, table))
            self._groups.append((count, squares, (base, table)))
        self._bits = bits
        self._count = bits.bit_count() + len(self._single)

    def mask_into(self, row: np.ndarray) -> None:
        bits = self._bits
        if bits:
            raw = bits.to_bytes((bits.bit_length() + 7) // 8, "little")
            ones = np.unpackbits(np.frombuffer(raw, dtype=np.uint8), bitorder="little")
            row[: len(ones)] |= ones.view(np.int8)
        if self._single:
            row[list(self._single)] = 1

    def get(self, index: int, default: Any = None) -> Any:
        found = self._single.get(index)
        if found is not None:
            return found
        for base, squares, table in self._squares:
            square = index - base
            if 0 <= square < SQUARES and squares >> square & 1:
                return table[square]
        return default

    def listed(self) -> dict[int, Action]:
        if self._listed is None:
            listed: dict[int, Action] = {}
            for _count, squares, part in self._groups:
                if squares is None:
                    for index in part:
                        listed[index] = self._single[index]
                else:
                    base, table = part
                    for square in squares_of(squares):
                        listed[base + square] = table[square]
            self._listed = listed
        return self._listed

    def __len__(self) -> int:
        return self._count

    def __contains__(self, index: object) -> bool:
        return isinstance(index, int) and not isinstance(index, bool) and self.get(index) is not None


_BASES: dict[tuple[int, int], tuple[Any, int]] = {}
"""The base index of each of the game's shared tables of square actions (see :func:`_base_of`)."""


def _base_of(encoding: TigrisEncoding, seat: Seat, table: Any, squares: int) -> int:
    """The index of a square group's action on square 0 (its index is this plus its square), read from the index
    of the action on the group's first square; kept per shared table (held alongside its identity), whose
    actions name one kind and colour, and per layout (the ``tile`` block's offset)."""
    key = (id(table), encoding.actions._offset["tile"])
    kept = _BASES.get(key)
    if kept is not None and kept[0] is table:
        return kept[1]
    first = (squares & -squares).bit_length() - 1
    base = encoding.turn_index(seat, table[first]) - first
    if len(_BASES) > 4096:
        _BASES.clear()
    _BASES[key] = (table, base)
    return base


_SWAP_INDICES: dict[tuple[int, int], tuple[Any, tuple[int, ...]]] = {}
"""The indices of the game's shared swap tuples (one per hand's counts), by the tuple's identity and the swap
block's offset, shared by every encoding: a game meets dozens of hands, each worth 1-60 swaps."""


def _listed_indices(encoding: TigrisEncoding, seat: Seat, table: Any) -> tuple[int, ...]:
    """The indices of a listed group's actions. The swap tuples are kept by identity (the tuple held alongside,
    so that the identity cannot be reused); a one-action group (a withdrawal, the pass) is keyed directly."""
    if len(table) == 1:
        return (encoding.turn_index(seat, table[0]),)
    key = (id(table), encoding.actions._offset["swap"])
    kept = _SWAP_INDICES.get(key)
    if kept is not None and kept[0] is table:
        return kept[1]
    indices = tuple(encoding.turn_index(seat, action) for action in table)
    if len(_SWAP_INDICES) > 4096:
        _SWAP_INDICES.clear()
    _SWAP_INDICES[key] = (table, indices)
    return indices


def _nothing(_state: State, _seat: Seat) -> int:
    """The read of a part that never changes in a game (the river)."""
    return 0


def _cells(state: State, _seat: Seat) -> Any:
    return state.data["cells"]


def _leaders(state: State, _seat: Seat) -> list[dict[str, int]]:
    return cast(list[dict[str, int]], state.data["leaders"])


def _dicts_copy(values: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A copy of a list of flat dictionaries (each seat's leaders), kept to compare the next read with."""
    return [dict(value) for value in values]


def _marks(state: State, _seat: Seat) -> tuple[Any, ...]:
    data = state.data
    return (tuple(data["treasures"]), data["unification"], tuple(data["monuments"].items()))


def _state(state: State, _seat: Seat) -> State:
    """The read of an ``always`` part: the state itself, which its writer reads."""
    return state


def _turn(state: State, _seat: Seat) -> tuple[Any, ...]:
    """The turn part's read; the decision is the waiting frame's step and seat, as the view names it."""
    data = state.data
    frame = RULES.pending(cast(TigrisState, state))
    return (
        len(data["bag"]),
        data["current"],
        data["actions_left"],
        data["turn"],
        None if frame is None else frame["step"],
        None if frame is None else frame["seat"],
        data["over"],
    )
