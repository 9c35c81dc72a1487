"""A tiny game with hidden cards and dice, used only to exercise the core contract.

"Blind Draw": a 15-card deck (1..5, three of each) is shuffled. Players take turns; on a turn a
player draws a hidden card, rolls a public d6 bonus once per game, or stops. The game ends when
everyone has stopped or the deck is empty. Score = hand + bonus, or 0 above 21.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core import Action, Game, OptionSpec, State


class BlindDrawState(State):
    def _setup(self) -> None:
        deck = [value for value in range(1, 6) for _ in range(3)]
        self.rng.shuffle(deck)
        n = self.players
        self.data = {
            "deck": deck,
            "hands": [[] for _ in range(n)],
            "bonus": [0] * n,
            "stopped": [False] * n,
            "current": 0,
        }

    def _to_act(self) -> list[int]:
        return [self.data["current"]]

    def _legal_actions(self, seat: int) -> list[Action]:
        actions = [Action("stop")]
        if self.data["deck"]:
            actions.append(Action("draw"))
        if self.data["bonus"][seat] == 0:
            actions.append(Action("roll"))
        return actions

    def _apply(self, seat: int, action: Action) -> None:
        d = self.data
        if action.text == "draw":
            d["hands"][seat].append(d["deck"].pop())
            self.emit("draw", f"Seat {seat} draws a card.")
        elif action.text == "roll":
            d["bonus"][seat] = self.rng.roll(6)
            self.emit("roll", f"Seat {seat} rolls {d['bonus'][seat]}.")
        else:
            d["stopped"][seat] = True
            self.emit("stop", f"Seat {seat} stops.")
        if self._is_over():
            return
        nxt = (seat + 1) % self.players
        while d["stopped"][nxt]:
            nxt = (nxt + 1) % self.players
        d["current"] = nxt

    def _is_over(self) -> bool:
        return all(self.data["stopped"]) or not self.data["deck"]

    def _scores(self) -> list[int]:
        totals = [sum(h) + b for h, b in zip(self.data["hands"], self.data["bonus"], strict=True)]
        return [t if t <= 21 else 0 for t in totals]

    def _result(self) -> dict[str, Any]:
        scores = self._scores()
        levels = sorted(set(scores), reverse=True)
        ranking = [[s for s in range(self.players) if scores[s] == v] for v in levels]
        return {"scores": scores, "ranking": ranking, "winners": ranking[0]}

    def _view(self, seat: int | None) -> dict[str, Any]:
        d = self.data
        return {
            "deck": len(d["deck"]),
            "hands": [list(h) if s == seat else len(h) for s, h in enumerate(d["hands"])],
            "bonus": list(d["bonus"]),
            "stopped": list(d["stopped"]),
            "current": d["current"],
        }

    def _resample_hidden(self, seat: int, rng: Any) -> None:
        d = self.data
        pool = list(d["deck"])
        for other, hand in enumerate(d["hands"]):
            if other != seat:
                pool.extend(hand)
        rng.shuffle(pool)
        for other, hand in enumerate(d["hands"]):
            if other != seat:
                hand[:] = [pool.pop() for _ in hand]
        d["deck"] = pool


class BlindDraw(Game):
    id = "blind-draw"
    title = "Blind Draw (core test game)"
    min_players = 2
    max_players = 4
    option_specs = (OptionSpec("limit", 21, kind=int, help="bust limit"),)

    def _make_state(self) -> State:
        return BlindDrawState()
