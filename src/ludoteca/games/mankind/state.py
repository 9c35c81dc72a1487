"""Mankind's Game and State: set-up, scenarios, what a seat sees, and the result.

Everything on a Personal Civilization Build List is "kept face up in front of you visible to all
players", so every seat sees the whole table; only the dice to come are hidden.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ludoteca.core import Action, BadOptions, Game, State, copy_plain
from ludoteca.core.machine import MachineState
from ludoteca.games.mankind import build, conflicts, evaluation, scoring
from ludoteca.games.mankind.civilization import conquest_label, label, levels, limit_count, new_player, spread_count
from ludoteca.games.mankind.content import ERAS, TRAITS, Amount, Content, EventRow, load_content
from ludoteca.games.mankind.machine import RULES
from ludoteca.games.mankind.prompts import prompt

_PLAYER_KEYS: dict[str, type | tuple[type, ...]] = {
    "vp": int,
    "rp": int,
    "ip": int,
    "builds": list,
    "government": (str, type(None)),
    "conquests": list,
    "mods": dict,
    "shields": int,
    "turns": int,
}


_loaded: list[Content] = []


def _content() -> Content:
    """The game's tables, loaded once (a list, not a cache call, because rules ask for them constantly)."""
    if not _loaded:
        _loaded.append(load_content())
    return _loaded[0]


class MankindState(MachineState):
    """One game of Mankind. ``data`` holds the era, the players' lists and the rules stack."""

    machine = RULES

    @property
    def content(self) -> Content:
        return _loaded[0] if _loaded else _content()  # the rules ask for it constantly: no call once loaded

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        content = self.content
        self.data = {
            "era": 1,
            "turn": 0,
            "current": 0,
            "players": [new_player(content) for _ in range(self.players)],
            "gone": [],  # Leaders and Wonders taken, lost or dead: unique, never available again
            "negate_war": 0,
            "era_ending": False,
            "bought": False,
            "government_bought": False,
            "over": False,
            "bonuses": {},
            "stack": [],
        }
        first = self._apply_scenario(self.scenario or {})
        if first is None:
            RULES.push(self, "choose_first_player")
        else:
            self.data["current"] = first
            RULES.push(self, "begin_turn")
        RULES.advance(self)

    def _apply_scenario(self, scenario: dict[str, Any]) -> int | None:
        """A fixed set-up for rulings and tests: era, first player, and any player's list and points."""
        content = self.content
        unknown = sorted(set(scenario) - {"era", "first_player", "players", "gone", "negate_war"})
        if unknown:
            raise BadOptions(f"a Mankind scenario has no key {unknown[0]!r}")
        era = scenario.get("era", 1)
        if era not in (1, 2, 3, 4):
            raise BadOptions(f"scenario era must be 1-4, not {era!r}")
        self.data["era"] = era
        self.data["negate_war"] = int(scenario.get("negate_war", 0))
        for build_id in scenario.get("gone", []):
            self._check_build(build_id, "gone")
        self.data["gone"] = list(scenario.get("gone", []))
        overrides = scenario.get("players", [])
        if len(overrides) > self.players:
            raise BadOptions(f"the scenario describes {len(overrides)} players for a {self.players}-player game")
        for seat, override in enumerate(overrides):
            player = self.data["players"][seat]
            for key, value in override.items():
                if key not in _PLAYER_KEYS:
                    raise BadOptions(f"scenario player {seat} has no key {key!r}")
                if not isinstance(value, _PLAYER_KEYS[key]) or isinstance(value, bool):
                    raise BadOptions(f"scenario player {seat}: {key!r} cannot be {value!r}")
                if isinstance(value, int) and value < 0:  # points, shields and turns are counts
                    raise BadOptions(f"scenario player {seat}: {key!r} cannot be negative ({value})")
                player[key] = (
                    list(value) if isinstance(value, list) else (dict(value) if isinstance(value, dict) else value)
                )
            if "vp" in override:
                player["vp_from"] = {"start": player["vp"]}  # the scenario's points are where this game starts
            for build_id in player["builds"]:
                self._check_build(build_id, f"player {seat}'s builds")
                if content.builds[build_id].kind == "government":
                    raise BadOptions(f"scenario player {seat}: put the government {build_id!r} under 'government'")
            if player["government"] is not None:
                self._check_build(player["government"], f"player {seat}'s government")
            for conquest in player["conquests"]:
                era_name, _, name = conquest.partition("/")
                table = content.events.get((ERAS.index(era_name), "conquest")) if era_name in ERAS[1:] else None
                if table is None or name not in {row.name for row in table.rows}:
                    raise BadOptions(f"scenario player {seat}: no conquest {conquest!r}")
            for code, modifier in player["mods"].items():
                if code not in TRAITS:
                    raise BadOptions(f"scenario player {seat}: no trait {code!r}")
                if not isinstance(modifier, int) or isinstance(modifier, bool):
                    whole = "must be a whole number"
                    raise BadOptions(f"scenario player {seat}: the {code} modifier {whole}, not {modifier!r}")
        # Leaders and Wonders held at the start are unique: nobody else can have them.
        for player in self.data["players"]:
            for build_id in player["builds"]:
                if content.builds[build_id].kind in ("leader", "wonder") and build_id not in self.data["gone"]:
                    self.data["gone"].append(build_id)
        first = scenario.get("first_player")
        if first is not None and (not isinstance(first, int) or not 0 <= first < self.players):
            raise BadOptions(f"scenario first_player must be a seat 0-{self.players - 1}, not {first!r}")
        return first

    def _check_build(self, build_id: Any, where: str) -> None:
        if build_id not in self.content.builds:
            raise BadOptions(f"scenario {where}: no build {build_id!r} (ids look like 'ancient/Archers')")

    # ------------------------------------------------------------------ helpers for the rules
    def event_row(self, era: int, kind: str, index: int) -> EventRow:
        return self.content.events[(era, kind)].rows[index]

    def roll_amount(self, amount: Amount) -> int:
        """Roll an amount such as 2D6 (each die from the state's generator) plus its fixed part."""
        return sum(self.rng.roll(amount.sides) for _ in range(amount.dice)) + amount.flat

    # ------------------------------------------------------------------ the contract
    def _result(self) -> dict[str, Any]:
        scores = [player["vp"] for player in self.data["players"]]
        levels_desc = sorted(set(scores), reverse=True)
        ranking = [[seat for seat, vp in enumerate(scores) if vp == value] for value in levels_desc]
        return {
            "scores": scores,
            "ranking": ranking,
            "winners": ranking[0],
            "bonuses": {name: list(seats) for name, seats in self.data["bonuses"].items()},
            "turns": self.data["turn"],
            "breakdown": scoring.breakdown(self),
        }

    def random_action(self, seat: int, rng: Any) -> Action:
        """Uniform over the legal actions; a Build Phase pick (dozens of unit upgrades) builds only the one drawn.

        When ``seat`` is the one the waiting decision names, its legal actions are that decision's
        options, so they are read from the frame at once rather than through ``legal_actions``' checks
        (which find the same frame twice); anything else goes the general way.
        """
        frame = RULES.pending(self)
        if frame is None or frame["seat"] != seat or self.data["over"]:
            return super().random_action(seat, rng)
        if frame["step"] == "build_pick":
            return build.random_pick(self, frame, rng)
        legal: list[Action] = RULES.options_of(self, frame)
        index: int = rng.randrange(len(legal))
        return legal[index]

    def _copy_data(self) -> dict[str, Any]:
        """Field by field: players' lists and dicts are copied, strings and numbers shared (immutable)."""
        data = self.data
        copied = dict(data)
        copied["players"] = [
            {
                **p,
                "builds": list(p["builds"]),
                "conquests": list(p["conquests"]),
                "mods": dict(p["mods"]),
                "vp_from": dict(p["vp_from"]),
            }
            for p in data["players"]
        ]
        copied["gone"] = list(data["gone"])
        copied["bonuses"] = copy_plain(data["bonuses"])
        copied["stack"] = copy_plain(data["stack"])
        return copied

    def _invariants(self) -> list[str]:
        """Uniqueness of Leaders/Wonders, points and era bounds (``invariants.py``), for debug mode."""
        from ludoteca.games.mankind import invariants

        return invariants.check(self)

    def _evaluate(self, seat: int) -> float:
        return evaluation.evaluate_all(self)[seat]

    def _evaluate_all(self) -> list[float]:
        return evaluation.evaluate_all(self)

    def heuristic_choice(self, seat: int, legal: list[Action]) -> Action | None:
        """Game knowledge for the ``heuristic`` agent where one move of look-ahead is blind."""
        return evaluation.heuristic_choice(self, seat, legal)

    def _view(self, seat: int | None) -> dict[str, Any]:
        data = self.data
        frame = RULES.pending(self)
        players = []
        for player in data["players"]:
            players.append(
                {
                    "vp": player["vp"],
                    "rp": player["rp"],
                    "ip": player["ip"],
                    "builds": list(player["builds"]),
                    "government": player["government"],
                    "conquests": list(player["conquests"]),
                    "mods": dict(player["mods"]),
                    "shields": player["shields"],
                    "turns": player["turns"],
                    "levels": levels(player),
                    "limit_count": limit_count(player),
                    "spread": spread_count(player),
                }
            )
        decision = None if frame is None else {"seat": frame["seat"], "step": frame["step"], "prompt": prompt(frame)}
        return {
            "era": data["era"],
            "era_name": ERAS[data["era"]],
            "turn": data["turn"],
            "current": data["current"],
            "players": players,
            "gone": list(data["gone"]),
            "era_ending": data["era_ending"],
            "negate_war": data["negate_war"],
            "decision": decision,
            "conflict": conflicts.conflict_view(self),
            "over": data["over"],
        }

    def render(self, seat: int | None) -> str:
        """Every civilization's points, levels and spread, as the paper Build Lists show them."""
        data = self.data
        lines = [
            f"{ERAS[data['era']].title()} era, turn {data['turn']}, seat {data['current']} to play"
            + (" (the era ends after this turn)" if data["era_ending"] else "")
        ]
        for index, player in enumerate(data["players"]):
            lv = levels(player)
            me = " (you)" if index == seat else ""
            government = "Anarchy" if player["government"] is None else label(player["government"])
            lines.append(f"Seat {index}{me}: {player['vp']} VP, {player['rp']} RP, {player['ip']} IP — {government}")
            lines.append("  " + " ".join(f"{code} {lv[code]}" for code in TRAITS))
            spread = [label(b) for b in player["builds"]] + [conquest_label(c) for c in player["conquests"]]
            lines.append("  " + (", ".join(spread) or "no builds"))
        frame = RULES.pending(self)
        if frame is not None:
            lines.append(f"Seat {frame['seat']} decides — {prompt(frame)}")
        return "\n".join(lines)


class MankindGame(Game):
    """Mankind: a dice-and-table civilization game for 2-6 players over four eras."""

    id = "mankind"
    title = "Mankind"
    # 2: build kinds are named in action texts ("take no Military Unit"), so older records no longer replay.
    version = "2"
    min_players = 2
    max_players = 6
    default_players = 4
    # Rollouts of random builds and event choices swing the evaluation more than the move being judged: score
    # the position the tree reaches (depth 0). 1,500 iterations won 65 of 100 games against the heuristic (300:
    # 46 of 80 on the same seeds), at about 0.34 reference seconds a move. Judged by the `soft` weight set (the
    # hand weights, three times the lead scale: the default's win estimate saturates once a lead snowballs),
    # the same search won 69 of the same 100 games at 0.33 s. Measured in docs/agents.md.
    search_defaults: ClassVar[Mapping[str, float | str]] = {"depth": 0, "iterations": 1500, "weights": "soft"}

    def _make_state(self) -> State:
        return MankindState()
