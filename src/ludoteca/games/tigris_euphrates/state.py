"""Tigris & Euphrates: set-up, scenarios, what each seat sees, and the result.

Hidden information: each seat sees its own hand (the others' only as counts) and, with the default
``scoring="hidden"``, only its own points; nobody sees the bag's order.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from ludoteca.core import Action, BadOptions, Game, OptionSpec, State, copy_plain
from ludoteca.core.machine import MachineState
from ludoteca.core.wording import count
from ludoteca.games.tigris_euphrates import conflicts, evaluation, judging, scoring, turn
from ludoteca.games.tigris_euphrates.board import Analysis, analyse, leader_squares
from ludoteca.games.tigris_euphrates.content import (
    CODE,
    HEIGHT,
    NAME,
    WIDTH,
    Board,
    Components,
    boards,
    components,
    square_index,
    square_name,
)
from ludoteca.games.tigris_euphrates.machine import RULES
from ludoteca.games.tigris_euphrates.prompts import prompt

_CELL_CODES = {"empty": "", "red": "r", "blue": "b", "black": "k", "green": "g", "monument": "m", "catastrophe": "x"}
# The fields of ``data`` as ``_setup`` makes them, which ``_copy_data`` copies knowing their shapes.
_FIELDS = frozenset(
    {
        "cells",
        "leaders",
        "hands",
        "bag",
        "catastrophes",
        "scores",
        "treasures",
        "monuments",
        "discarded",
        "unification",
        "current",
        "actions_left",
        "turn",
        "over",
        "end_reason",
        "stack",
    }
)
_SCENARIO_KEYS = {
    "cells",
    "leaders",
    "hands",
    "bag",
    "treasures",
    "scores",
    "catastrophes",
    "monuments",
    "current",
    "actions_left",
}


def _shuffle(items: list[str], rng: Any) -> None:
    """``rng.shuffle(items)``, the same permutation from the same generator, without a Python call per draw
    when ``rng`` is a ``random.Random``: search resamples the ~100 unseen tiles once per determinization and
    once per option it judges at the root, which made the shuffle cost as much as playing the option.

    ``random.Random.shuffle`` swaps item i (from the last down to the second) with item ``randbelow(i + 1)``,
    and ``randbelow(n)`` draws ``getrandbits(n.bit_length())`` until the draw is below n: this loop makes the
    same draws. Any other generator shuffles its own way."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    bits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        width = n.bit_length()
        j = bits(width)
        while j >= n:
            j = bits(width)
        items[i], items[j] = items[j], items[i]


class TigrisState(MachineState):
    """One game of Tigris & Euphrates (``data`` holds the board, hands, bag, points and the rules stack)."""

    machine = RULES
    # The analysis of the last position asked about (``board.Analysis``): derived from the board and
    # checked against it on every use, so it is never stale; shared with clones, being never changed.
    _analysed: Analysis | None = None

    @property
    def board(self) -> Board:
        return boards()[self.game.options["board"]]

    @property
    def components(self) -> Components:
        return components()

    def analysis(self) -> Analysis:
        """Kingdoms and the squares the rules offer in the current position, built once per position."""
        self._analysed = analyse(self.game.options["board"], self.data, self._analysed)
        return self._analysed

    def clone(self) -> TigrisState:
        twin = super().clone()
        assert isinstance(twin, TigrisState)
        twin._analysed = self._analysed
        return twin

    def score(self, seat: int, colour: str, amount: int, why: str) -> None:
        """Give ``seat`` points of one colour ("t" = treasure).

        With open scoring one line tells everyone. With hidden scoring everyone (spectators too) reads that
        the seat scored and why (TE-R8), and the scorer alone reads, on the next line, only what the first
        did not say: how many points of which colour — so no line repeats another."""
        self.data["scores"][seat][colour] += amount
        what = "treasure" if colour == "t" else f"{NAME[colour]} point"
        gained = f"{amount} {what}{'s' if amount > 1 else ''}"
        if self.game.options["scoring"] == "open" or colour == "t":
            self.emit("score", f"Seat {seat} gains {gained} for {why}.", seat=seat, colour=colour, amount=amount)
        else:
            self.emit("score", f"Seat {seat} scores for {why}.", seat=seat)
            self.emit("score_private", f"You gain {gained}.", seats=[seat], colour=colour, amount=amount)

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        board, parts = self.board, self.components
        cells = [""] * (WIDTH * HEIGHT)
        for square in board.temples:
            cells[square] = "r"
        bag = [
            code
            for code, count in parts.tiles.items()
            for _ in range(count - (len(board.temples) if code == "r" else 0))
        ]
        # T&E: Setup (reference §1.1) — the remaining tiles go in the bag, drawn blind (Rng.shuffle_bag: shuffled
        # now, or left in order with each draw a chance event under explicit chance).
        self.rng.shuffle_bag(bag)
        n = self.players
        self.data = {
            "cells": cells,
            "leaders": [dict.fromkeys("rbkg", -1) for _ in range(n)],
            "hands": [dict.fromkeys("rbkg", 0) for _ in range(n)],
            "bag": bag,
            "catastrophes": [parts.catastrophes] * n,
            "scores": [dict.fromkeys("rbkgt", 0) for _ in range(n)],
            "treasures": sorted(board.temples),
            "monuments": dict.fromkeys(parts.monuments, -1),
            # Tiles out of the game (committed, swapped away, lost in wars, under catastrophes), so the
            # invariants can check that board + hands + bag + out = the box (docs/reliability.md).
            "discarded": 0,
            "unification": -1,
            "current": 0,
            "actions_left": parts.actions_per_turn,
            "turn": 1,
            "over": False,
            "end_reason": "",
            "stack": [],
        }
        dealt = self._apply_scenario(self.scenario or {})
        for seat in range(n):
            if seat not in dealt:
                # T&E: Setup (reference §1.1) — each hand is six tiles drawn from the bag.
                hand = self.rng.draw_from(self.data["bag"], parts.hand, ordered=self.scripted_bag)
                for code in hand:
                    self.data["hands"][seat][code] += 1
        self.emit("turn", f"Turn 1: seat {self.data['current']} plays.", seat=self.data["current"])
        RULES.push(self, "action", seat=self.data["current"])
        RULES.advance(self)

    @property
    def scripted_bag(self) -> bool:
        """A scenario set the bag's order: its tiles are drawn in that order, by every generator (no chance)."""
        return self.scenario is not None and "bag" in self.scenario

    def _apply_scenario(self, scenario: dict[str, Any]) -> set[int]:
        """A fixed position for rulings and tests; returns the seats whose hands it sets."""
        unknown = sorted(set(scenario) - _SCENARIO_KEYS)
        if unknown:
            raise BadOptions(f"a Tigris & Euphrates scenario has no key {unknown[0]!r}")
        data = self.data
        try:
            for name, what in scenario.get("cells", {}).items():
                data["cells"][square_index(name)] = _CELL_CODES[what]
            if "treasures" in scenario:
                data["treasures"] = sorted(square_index(name) for name in scenario["treasures"])
            for seat, leaders in enumerate(scenario.get("leaders", [])):
                names = {v: k for k, v in self.components.leader_names.items()}
                for leader, square in leaders.items():
                    data["leaders"][seat][names[leader]] = square_index(square)
            if "bag" in scenario:
                data["bag"] = [CODE[colour] for colour in scenario["bag"]]
            dealt = set()
            for seat, hand in enumerate(scenario.get("hands", [])):
                if hand is None:
                    continue
                data["hands"][seat] = dict.fromkeys("rbkg", 0)
                for colour in hand:
                    data["hands"][seat][CODE[colour]] += 1
                dealt.add(seat)
            for seat, points in enumerate(scenario.get("scores", [])):
                for colour, value in points.items():
                    data["scores"][seat]["t" if colour == "treasure" else CODE[colour]] = int(value)
            if "catastrophes" in scenario:
                data["catastrophes"] = [int(c) for c in scenario["catastrophes"]]
            for monument, square in scenario.get("monuments", {}).items():
                data["monuments"][CODE[monument.split("-")[0]] + CODE[monument.split("-")[1]]] = square_index(square)
            data["current"] = int(scenario.get("current", 0))
            data["actions_left"] = int(scenario.get("actions_left", self.components.actions_per_turn))
        except (KeyError, ValueError, IndexError, AttributeError, TypeError) as error:
            raise BadOptions(f"bad Tigris & Euphrates scenario: {error}") from None
        if not 0 <= data["current"] < self.players:
            raise BadOptions(f"scenario current must be a seat 0-{self.players - 1}")
        return dealt

    # ------------------------------------------------------------------ the contract
    def _result(self) -> dict[str, Any]:
        result = scoring.standings(self.data["scores"])
        result["end"] = self.data["end_reason"]
        return result

    def random_action(self, seat: int, rng: Any) -> Action:
        """Uniform over the legal actions; the whole turn's list (~600 actions) is never built."""
        frame = RULES.pending(self)
        if frame is not None and frame["step"] == "action" and frame["seat"] == seat:
            return turn.random_action(self, seat, rng)
        return super().random_action(seat, rng)

    def _copy_data(self) -> dict[str, Any]:
        """Field by field (search clones thousands of times): the board, bag and counters are flat lists,
        the leaders, hands and points lists of flat dicts, the rest numbers, strings and bools (shared,
        being immutable) but for the rules stack. Data of any other shape is copied the generic way."""
        data = self.data
        if data.keys() != _FIELDS:
            copied: dict[str, Any] = copy_plain(data)
            return copied
        copied = dict(data)
        copied["cells"] = data["cells"][:]
        copied["bag"] = data["bag"][:]
        copied["catastrophes"] = data["catastrophes"][:]
        copied["treasures"] = data["treasures"][:]
        copied["leaders"] = [own.copy() for own in data["leaders"]]
        copied["hands"] = [hand.copy() for hand in data["hands"]]
        copied["scores"] = [points.copy() for points in data["scores"]]
        copied["monuments"] = data["monuments"].copy()
        copied["stack"] = copy_plain(data["stack"])
        return copied

    def _invariants(self) -> list[str]:
        """Tile, leader, treasure and catastrophe conservation and bounds (``invariants.py``), for debug mode."""
        from ludoteca.games.tigris_euphrates import invariants

        return invariants.check(self)

    def _evaluate(self, seat: int) -> float:
        return evaluation.evaluate_all(self)[seat]

    def _evaluate_all(self) -> list[float]:
        return evaluation.evaluate_all(self)

    def judge_actions(self, seat: int, actions: list[Action]) -> list[float]:
        """``seat``'s evaluation after each of ``actions``, as playing it on a clone would give, sooner
        (``judging``: search seeds hundreds of options a node this way)."""
        return judging.after_values(self, seat, actions)

    def _view(self, seat: int | None) -> dict[str, Any]:
        data = self.data
        open_scores = self.game.options["scoring"] == "open" or data["over"]
        frame = RULES.pending(self)
        return {
            "board": self.game.options["board"],
            "cells": list(data["cells"]),
            "leaders": [dict(leaders) for leaders in data["leaders"]],
            "treasures": list(data["treasures"]),
            "monuments": dict(data["monuments"]),
            "unification": data["unification"],
            "hands": [dict(hand) if other == seat else sum(hand.values()) for other, hand in enumerate(data["hands"])],
            "bag": len(data["bag"]),
            "catastrophes": list(data["catastrophes"]),
            "scores": [
                dict(points) if open_scores or other == seat else None for other, points in enumerate(data["scores"])
            ],
            "current": data["current"],
            "actions_left": data["actions_left"],
            "turn": data["turn"],
            "decision": None
            if frame is None
            else {"seat": frame["seat"], "step": frame["step"], "prompt": prompt(frame, data["actions_left"])},
            # The open revolt or war: sides, board strengths and stakes, all public (conflicts.Stakes).
            "conflict": conflicts.preview(self, frame),
            "over": data["over"],
        }

    def _resample_hidden(self, seat: int, rng: Any) -> None:
        """Redraw the other hands and the bag from every tile ``seat`` has not seen."""
        data = self.data
        pool = list(data["bag"])
        sizes = {}
        for other, hand in enumerate(data["hands"]):
            if other != seat:
                sizes[other] = sum(hand.values())
                pool += [code for code in "rbkg" for _ in range(hand[code])]
        _shuffle(pool, rng)
        for other, size in sizes.items():
            data["hands"][other] = dict.fromkeys("rbkg", 0)
            for code in pool[:size]:
                data["hands"][other][code] += 1
            del pool[:size]
        data["bag"] = pool

    def render(self, seat: int | None) -> str:
        """The board as a grid: ~ river, R/B/K/G tiles, digit+letter leaders, * treasure, M monument, X catastrophe."""
        data, board = self.data, self.board
        placed = leader_squares(data)
        treasures = set(data["treasures"])
        lines = ["    " + "".join(f"{chr(65 + c):>3}" for c in range(WIDTH))]
        for row in range(HEIGHT):
            cells = []
            for col in range(WIDTH):
                sq = row * WIDTH + col
                code = data["cells"][sq]
                if sq in placed:
                    owner, colour = placed[sq]
                    text = f"{owner}{colour.upper()}"
                elif code == "":
                    text = "~" if sq in board.river else "."
                else:
                    text = {"m": "M", "x": "X"}.get(code, code.upper())
                    if sq in treasures:
                        text += "*"
                    if sq == data["unification"]:
                        text += "u"
                cells.append(f"{text:>3}")
            lines.append(f"{row + 1:>3} " + "".join(cells))
        lines.append(
            "Tiles: R red (temple), B blue (farm), K black (settlement), G green (market); * treasure;"
            " leaders as seat+colour (0K = seat 0's king); M monument; X catastrophe; ~ river."
        )
        view = self.view(seat)
        for other in range(self.players):
            points = view["scores"][other]
            shown = (
                "hidden"
                if points is None
                else ", ".join(f"{NAME[c]} {points[c]}" for c in "rbkg") + f", treasures {points['t']}"
            )
            hand = view["hands"][other]
            tiles = ", ".join(f"{NAME[c]} {hand[c]}" for c in "rbkg") if isinstance(hand, dict) else f"{hand} tiles"
            lines.append(
                f"Seat {other}{' (you)' if other == seat else ''}: {tiles}; catastrophes "
                f"{data['catastrophes'][other]}; points {shown}"
            )
        free = [m for m, at in data["monuments"].items() if at < 0]
        lines.append(
            f"Bag: {len(data['bag'])} tiles. Monuments left: "
            + (", ".join("-".join(NAME[c] for c in m) for m in free) or "none")
            + f". Seat {data['current']} has {count(data['actions_left'], 'action')} left."
        )
        frame = RULES.pending(self)
        if frame is not None:
            lines.append(f"Seat {frame['seat']} decides. {prompt(frame, data['actions_left'])}")
        return "\n".join(lines)


class TigrisGame(Game):
    """Tigris & Euphrates, 2-4 players, on the standard or the advanced board."""

    id = "tigris-euphrates"
    title = "Tigris & Euphrates"
    # 2: a forced "commit no tiles" is asked (TE-R17), so older records no longer replay.
    version = "2"
    min_players = 2
    max_players = 4
    default_players = 4
    option_specs = (
        OptionSpec("board", "standard", choices=("standard", "advanced"), help="which side of the board"),
        OptionSpec("scoring", "hidden", choices=("hidden", "open"), help="whether points are secret"),
    )
    # A turn is two actions and a reply follows: the search judges both (grow) and spends its iterations on
    # the few best first actions of ~400 (little exploration). 200 iterations won 86 of 100 games against the
    # heuristic at about 0.33 reference seconds a move. Measured in docs/agents.md.
    search_defaults: ClassVar[Mapping[str, float | str]] = {"c": 0.15, "grow": 2, "iterations": 200}

    def _make_state(self) -> State:
        return TigrisState()


__all__ = ["TigrisGame", "TigrisState", "square_name"]
