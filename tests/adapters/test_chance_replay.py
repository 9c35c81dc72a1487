"""Explicit-chance OpenSpiel games replay from their record (``state.to_record()``), like every other game.

For each game, a seeded random game of about 100 decisions with random chance outcomes: its record, through
JSON, replays with ``ludoteca.core.record.replay`` and with ``ludoteca replay FILE`` to the table the adapter
holds (every seat's view, the spectator's, the seats to act and their legal actions, the log).
"""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel", reason="the OpenSpiel adapter needs the 'rl' extra: pip install ludoteca[rl]")

import json
import re
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from typer.testing import CliRunner

from ludoteca.adapters import chance, openspiel
from ludoteca.cli import app
from ludoteca.core import BadRecord, LudotecaError, State, replay
from ludoteca.core.registry import game_class
from tests.adapters.cases import game_cases
from tests.adapters.explicit import chance_outcome

DECISIONS = 100


def _played(game_id: str, seed: int, decisions: int = DECISIONS) -> tuple[pyspiel.State, int]:
    """A random explicit-chance game of up to ``decisions`` decisions at the smallest player count, chance
    outcomes drawn from ``RandomState(seed)`` with their probabilities, stopped at a decision (or the end); and
    how many chance nodes it passed."""
    # Advanced Civilization's set-up draws only the nations dealt at random (its stacks are drawn in play, AC §27)
    options = {"nations": "random"} if game_id == "advanced-civilization" else {}
    game = openspiel.load(game_id, players=game_class(game_id).min_players, chance_mode="explicit", **options)
    state = game.new_initial_state()
    rng = np.random.RandomState(seed)
    nodes = taken = 0
    while not state.is_terminal() and (taken < decisions or state.is_chance_node()):
        if state.is_chance_node():
            state.apply_action(chance_outcome(state, rng))
            nodes += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            taken += 1
    return state, nodes


def _same_table(again: State, inner: State) -> None:
    """What every seat and a spectator see, who acts and with which actions, and the log, are the same."""
    for seat in [*range(inner.players), None]:
        assert again.view(seat) == inner.view(seat)
    assert again.is_over() == inner.is_over()
    assert again.to_act() == inner.to_act()
    for seat in inner.to_act():
        assert [a.text for a in again.legal_actions(seat)] == [a.text for a in inner.legal_actions(seat)]
    assert again.log == inner.log
    assert again.data == inner.data


@pytest.mark.parametrize("game_id", game_cases())
def test_an_explicit_chance_game_replays_from_its_record(game_id: str, tmp_path: Path) -> None:
    state, nodes = _played(game_id, seed=24)
    inner = state.ludoteca
    record = state.to_record()
    assert record == json.loads(json.dumps(record))  # plain JSON
    assert len(record["chance"]) == len(record["actions"]) + 1 and len(record["actions"]) > 50
    assert sum(len(step) for step in record["chance"]) == nodes > 0
    again = replay(json.loads(json.dumps(record)))
    _same_table(again, inner)
    assert chance.record_with_chance(again) == record
    # The seed dealt nothing: another seed in the record, the same game.
    _same_table(replay({**record, "seed": record["seed"] + 1}), inner)
    # ludoteca replay FILE prints the game's whole log from the record's chance outcomes.
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert f"{nodes} chance outcome(s) from the record" in result.output
    for event in inner.log:
        assert " ".join(event["text"].split()) in " ".join(result.output.split())


def test_ludoteca_replay_step_follows_the_chance_outcomes(tmp_path: Path) -> None:
    """Mankind rolls dice through the game (about 1.2 draws a decision): ``--step`` replays action by action
    from the same outcomes, and a damaged outcome stops it at its action with the draw named."""
    state, _ = _played("mankind", seed=3, decisions=30)
    record = state.to_record()
    path = tmp_path / "mankind.json"
    path.write_text(json.dumps(record))
    count = len(record["actions"])
    result = CliRunner().invoke(app, ["replay", "--step", str(path)], input="\n" * count)
    assert result.exit_code == 0, result.output
    assert result.output.count("Enter: next action") == count - 1
    for event in state.ludoteca.log:
        assert " ".join(event["text"].split()) in " ".join(result.output.split())
    rolled = next(i for i, step in enumerate(record["chance"]) if i and step)
    record["chance"][rolled][0] = 99
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(app, ["replay", "--step", str(path)], input="\n" * count)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert f"action {rolled - 1} " in result.output and "chance outcome 99 at draw" in result.output


@pytest.mark.parametrize(
    ("change", "error"),
    [
        (lambda r: r["chance"][0].__setitem__(1, 17), "chance outcome 17 at draw 1 is out of range 0..9 (d10)"),
        (lambda r: r["chance"][0].__setitem__(1, "7"), "chance outcome '7' at draw 1 (the set-up) is not an integer"),
        (lambda r: r["chance"].pop(), "the record's 'chance' has 30 step(s), but a record of 30 action(s) needs 31"),
        (lambda r: r["chance"][0].append(4), "the step drew 3 chance outcomes, not the 4 given"),
    ],
)
def test_a_damaged_chance_list_is_refused_by_name(change: Any, error: str) -> None:
    """Mankind at 2 players makes three draws before its first decision, each a D10: one per seat for the first
    player (MK: Set-up), then the first player's first Build roll; a damaged list names its fault."""
    state, _ = _played("mankind", seed=5, decisions=30)
    record = state.to_record()
    assert [len(step) for step in record["chance"][:1]] == [3] and len(record["actions"]) == 30
    change(record)
    with pytest.raises(BadRecord, match=re.escape(error)):
        replay(record)


def test_records_at_chance_nodes_resampled_copies_and_the_sampled_mode() -> None:
    """At a chance node the record is the table's before the step waiting for chance; before the set-up is dealt
    there is none; a resampled copy (its hidden cards redrawn) has none; a sampled game's record is the Ludoteca
    state's own, with no chance outcomes, and replays from its seed."""
    game = openspiel.load("arabian-struggle", players=2, chance_mode="explicit")
    fresh = game.new_initial_state()
    with pytest.raises(LudotecaError, match="set-up is still being dealt"):
        fresh.to_record()
    state, _ = _played("arabian-struggle", seed=8, decisions=40)
    rng = np.random.RandomState(8)
    while not state.is_chance_node():  # on to the next step that draws
        state.apply_action(int(rng.choice(state.legal_actions())))
    record = state.to_record()
    _same_table(replay(record), state.ludoteca)
    sampler = pyspiel.UniformProbabilitySampler(8, 0.0, 1.0)
    while state.is_chance_node():
        state.apply_action(0)
    assert not state.is_terminal()
    with pytest.raises(chance.ChanceError, match="resampled"):
        state.resample_from_infostate(state.current_player(), sampler).to_record()
    sampled = openspiel.load("arabian-struggle", players=2, seed=8).new_initial_state()
    for _ in range(20):
        sampled.apply_action(int(rng.choice(sampled.legal_actions())))
    plain = sampled.to_record()
    assert "chance" not in plain and plain == sampled.ludoteca.record()
    _same_table(replay(plain), sampled.ludoteca)


def test_lines_of_play_branching_from_one_state_keep_their_own_records() -> None:
    """Search walks many lines from one state: the generators of a line share the earlier steps' outcomes and a
    line that branches off copies them (``ReplayRng.next_step``). Each line's record replays to its own table,
    and playing one line never changes another's record, the common start's included."""
    start, _ = _played("mankind", seed=9, decisions=20)
    before = start.to_record()
    lines = []
    for first in (0, 9, 0):  # the third line repeats the first's outcomes after the first was played
        line = start.clone()
        rng = np.random.RandomState(first)
        taken = 0
        while not line.is_terminal() and (taken < 15 or line.is_chance_node()):
            if line.is_chance_node():
                size = len(line.chance_outcomes())
                line.apply_action(first % size if not taken else int(rng.randint(size)))
            else:
                line.apply_action(int(rng.choice(line.legal_actions())))
                taken += 1
        lines.append((line, line.to_record()))
    for line, record in lines:
        assert line.to_record() == record
        assert record["chance"][: len(before["chance"])] == before["chance"]
        _same_table(replay(record), line.ludoteca)
    assert lines[0][1] == lines[2][1] and lines[0][1] != lines[1][1]
    assert start.to_record() == before
