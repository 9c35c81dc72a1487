"""ISMCTS with ``guided=1``: below the root, the choices the game settles itself (``heuristic_choice``) follow
its answer in the tree and in random rollouts, so the search never spends an iteration on a continuation no
good player (nor the opponent bot) would play."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from ludoteca.agents import IsmctsAgent, make_agent
from ludoteca.core import Action, BadOptions, Game, State
from tests.agents.points_game import PointsState


class DuelState(PointsState):
    """Duel, a test game: seat 0 plays ``bold`` (+2 points) or ``safe`` (+1); after ``bold`` seat 1 answers
    ``punish`` (+5 to itself) or ``blunder`` (+10 to seat 0), a choice the game settles (``punish``); then
    each seat takes one ``rest`` or ``work`` (+0 or +1 to itself), which is left to search. Most points win.

    ``played`` counts, over every clone, each action applied: a test reads whether a search ever played the
    blunder the game's own answer rules out."""

    SCALE = 2.0
    played: ClassVar[dict[str, int]] = {}

    def _setup(self) -> None:
        self.data = {"points": [0, 0], "step": "open", "rests": 0}

    def _to_act(self) -> list[int]:
        step = self.data["step"]
        if step == "answer":
            return [1]
        if step == "rest":
            return [self.data["rests"] % 2]
        return [0]

    def _legal_actions(self, seat: int) -> list[Action]:
        step = self.data["step"]
        if step == "open":
            return [Action("bold"), Action("safe")]
        if step == "answer":
            return [Action("punish"), Action("blunder")]
        return [Action("rest"), Action("work")]

    def heuristic_choice(self, seat: int, legal: list[Action]) -> Action | None:
        return next((a for a in legal if a.text == "punish"), None)

    def _apply(self, seat: int, action: Action) -> None:
        DuelState.played[action.text] = DuelState.played.get(action.text, 0) + 1
        points = self.data["points"]
        if action.text == "bold":
            points[0] += 2
            self.data["step"] = "answer"
        elif action.text == "safe":
            points[0] += 1
            self.data["step"] = "rest"
        elif action.text in ("punish", "blunder"):
            points[1 if action.text == "punish" else 0] += 5 if action.text == "punish" else 10
            self.data["step"] = "rest"
        else:
            points[seat] += action.text == "work"
            self.data["rests"] += 1

    def _is_over(self) -> bool:
        return bool(self.data["rests"] >= 2)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"points": list(self.data["points"]), "step": self.data["step"]}


class Duel(Game):
    id = "duel-test"
    title = "Duel (agent test game)"
    min_players = 2
    max_players = 2

    def _make_state(self) -> State:
        return DuelState()


def _search(spec: str) -> tuple[str, dict[str, int]]:
    state = Duel(players=2).new_state(seed=2)
    DuelState.played.clear()
    agent = make_agent(spec, seed=3)
    chosen = agent.choose(state, 0).text
    return chosen, dict(DuelState.played)


@pytest.mark.parametrize("depth", [0, 3])
def test_guided_search_never_plays_a_settled_choice_against_the_games_answer(depth: int) -> None:
    chosen, played = _search(f"ismcts:iterations=60,depth={depth},guided=1")
    assert played.get("blunder", 0) == 0
    assert played["punish"] > 0  # the answer was followed, without a node of its own
    assert chosen == "safe"  # bold is worth 2 - 5 once punished; safe 1


def test_without_guidance_the_tree_expands_the_settled_choice_at_random() -> None:
    """The same search unguided plays the blunder in its tree: what ``guided`` is there to stop."""
    _, played = _search("ismcts:iterations=60,depth=0")
    assert played.get("blunder", 0) > 0


def test_the_choices_left_to_search_still_branch() -> None:
    _, played = _search("ismcts:iterations=60,depth=0,guided=1")
    assert played.get("rest", 0) > 0 and played.get("work", 0) > 0


def test_guided_comes_from_the_spec_else_the_games_defaults() -> None:
    state = Duel(players=2).new_state(seed=2)
    assert make_agent("ismcts:guided=1").is_guided(state)  # type: ignore[attr-defined]
    assert not make_agent("ismcts").is_guided(state)  # type: ignore[attr-defined]
    Duel.search_defaults = {"guided": 1}
    try:
        assert make_agent("ismcts").is_guided(state)  # type: ignore[attr-defined]
        assert not make_agent("ismcts:guided=0").is_guided(state)  # type: ignore[attr-defined]
    finally:
        del Duel.search_defaults
    assert isinstance(make_agent("ismcts:guided=1"), IsmctsAgent)
    with pytest.raises(BadOptions, match="guided"):
        make_agent("ismcts:guided=yes")
