"""bench/strength.py (issue #21): it plays the tournament's games, and it reports each agent's CPU seconds a move
beside the wall clock, so a loaded or paused machine still gives a fair "≤ 0.5 s a move", and as reference seconds,
so a machine slower or faster on the day (python-chess timed in the same worker) gives the same verdict."""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from ludoteca import tournament
from ludoteca.agents import RandomAgent
from ludoteca.agents.base import Agent
from ludoteca.core import Action, State
from ludoteca.tournament import play_game


def load_strength() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "bench" / "strength.py"
    spec = importlib.util.spec_from_file_location("bench_strength", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass and its worker processes look it up by name
    spec.loader.exec_module(module)
    return module


strength = load_strength()


def test_the_timed_game_is_the_tournaments_game() -> None:
    """The benchmark seeds, seats and plays exactly as ``play_game``: the same record, and a wall and a CPU time
    for each open decision (random agents in Mankind, which settles some choices itself)."""
    state, timed = strength.timed_game("mankind", 2, {}, ["random", "heuristic"], seed=3)
    thinking: list[list[float]] = [[], []]
    same, _ = play_game("mankind", 2, {}, ["random", "heuristic"], seed=3, thinking=thinking)
    assert state.record() == same.record()
    assert [len(times) for times in timed.cpus] == [len(times) for times in thinking]
    assert [len(times) for times in timed.walls] == [len(times) for times in thinking]
    assert timed.winners == same.result()["winners"]


class Dozing(Agent):
    """Sleeps before each random choice: wall time without CPU time, as a worker kept off the CPU has."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomAgent(seed=seed)

    def choose(self, state: State, seat: int) -> Action:
        time.sleep(0.005)
        return self.inner.choose(state, seat)


def test_cpu_seconds_leave_out_the_time_a_move_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    """A move that waits 5 ms costs 5 ms of wall clock and (nearly) no CPU: the CPU figure is the fair one."""

    def make(spec: str, seed: int = 0) -> Agent:
        return Dozing(seed) if spec == "dozing" else RandomAgent(seed=seed)

    monkeypatch.setattr(tournament, "make_agent", make)
    _, timed = strength.timed_game("arabian-struggle", 2, {}, ["dozing", "random"], seed=1)
    table = strength.summary(["dozing", "random"], [timed])
    dozing = table["dozing"]
    assert dozing["open_decisions"] > 0
    assert dozing["wall_s_per_move"] >= 0.005
    assert dozing["cpu_s_per_move"] < 0.0025


def test_summary_pools_games_by_agent_whatever_its_seat() -> None:
    """Wins (a shared win split), Wilson intervals and per-move means are per agent across seat rotations."""
    first = strength.Timed(["a", "b"], [0], 1.0, 1.0, [[1.0], [3.0, 3.0]], [[0.5], [1.5, 1.5]])
    second = strength.Timed(["b", "a"], [0, 1], 1.0, 1.0, [[2.0], [4.0]], [[1.0], [2.0]])
    table = strength.summary(["a", "b"], [first, second])
    assert table["a"]["wins"] == pytest.approx(1.5) and table["b"]["wins"] == pytest.approx(0.5)
    assert table["a"]["cpu_s_per_move"] == pytest.approx((0.5 + 2.0) / 2)
    assert table["b"]["wall_s_per_move"] == pytest.approx((3.0 + 3.0 + 2.0) / 3)
    assert table["a"]["ci95"][0] < 0.75 < table["a"]["ci95"][1]
    assert table["a"]["reference_s_per_move"] is None  # python-chess was not timed around these games


def test_reference_seconds_scale_cpu_seconds_by_the_machines_chess_speed() -> None:
    """A machine running python-chess at half the reference speed takes twice the CPU seconds for the same search:
    its reference seconds are half its CPU seconds, and a game timed on a machine at twice the speed counts double."""
    reference = strength.REFERENCE_CHESS
    slow = strength.Timed(["a", "b"], [0], 1.0, 1.0, [[1.0], [1.0]], [[0.8, 0.4], [0.2]], chess=reference / 2)
    fast = strength.Timed(["b", "a"], [1], 1.0, 1.0, [[1.0], [1.0]], [[0.1], [0.3]], chess=reference * 2)
    table = strength.summary(["a", "b"], [slow, fast])
    assert table["a"]["cpu_s_per_move"] == pytest.approx((0.8 + 0.4 + 0.3) / 3)
    assert table["a"]["reference_s_per_move"] == pytest.approx((0.4 + 0.2 + 0.6) / 3)
    assert table["b"]["reference_s_per_move"] == pytest.approx((0.1 + 0.2) / 2)


def test_the_json_report_carries_cpu_and_wall_seconds_and_the_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "strength.json"
    argv = ["strength.py", "mankind", "--agents", "heuristic,random", "--games", "2", "--jobs", "1", "--json", str(out),
            "--chess-seconds", "0.05"]
    monkeypatch.setattr(sys, "argv", argv)
    strength.main()
    report = json.loads(out.read_text())
    assert report["games"] == 2 and len(report["per_game"]) == 2
    heuristic = report["agents"]["heuristic"]
    assert heuristic["open_decisions"] > 0 and heuristic["cpu_s_per_move"] > 0 and heuristic["wall_s_per_move"] > 0
    assert heuristic["reference_s_per_move"] > 0 and report["reference_chess_plies_per_s"] == strength.REFERENCE_CHESS
    assert all(game["chess_plies_per_s"] > 0 for game in report["per_game"])  # timed in the worker, per game
    assert len(report["load_average"]["start"]) == 3
    assert len(report["load_average"]["after_each_game"]) == 2  # the file is rewritten after every game
    printed = capsys.readouterr().out
    assert "CPU s" in printed and "reference s" in printed and "load average" in printed


def test_paired_games_deal_each_seed_in_both_seatings() -> None:
    """With ``--paired`` two agents play each deal twice, seats swapped: games 2k and 2k+1 share a seed, so in
    Advanced Civilization with ``nations=random`` each agent plays both nations of the deal."""
    assert [strength.deal_of(index, 2) for index in range(6)] == [0, 0, 1, 1, 2, 2]
    assert [strength.deal_of(index, 1) for index in range(3)] == [0, 1, 2]
    options = {"nations": "random", "turn_limit": "2"}
    args = [("advanced-civilization", 2, options, ["heuristic", "random"], 0, index, 0.0, 2) for index in (2, 3)]
    first, second = (strength.one(work) for work in args)
    assert first.deal == second.deal == 1
    assert first.specs == ["heuristic", "random"] and second.specs == ["random", "heuristic"]
    seed = strength.derive_seed(0, 1)
    dealt = [strength.timed_game("advanced-civilization", 2, options, specs, seed)[0].data["nations"]
             for specs in (first.specs, second.specs)]
    assert dealt[0] == dealt[1]


def test_the_paired_summary_counts_whole_deals() -> None:
    """Deals won in both seatings, split and lost in both; the share over the deals as units; a deal short of its
    second game left out. When the deal decides (most deals split) the interval is narrower than the games' Wilson
    interval, and when every deal went the same way it falls back to Wilson's over the deals."""
    def game(deal: int, specs: list[str], winner: int) -> Any:
        return strength.Timed(specs, [winner], 1.0, 1.0, [[], []], [[], []], deal=deal)

    results = []
    for deal in range(20):  # 15 split deals (seat 0 always wins: the deal decides), 5 won twice by "a"
        if deal < 15:
            results += [game(deal, ["a", "b"], 0), game(deal, ["b", "a"], 0)]
        else:
            results += [game(deal, ["a", "b"], 0), game(deal, ["b", "a"], 1)]
    results.append(game(20, ["a", "b"], 0))  # a deal stopped after its first game
    table = strength.paired(["a", "b"], results, 2)
    a, b = table["a"], table["b"]
    assert (a["deals"], a["won_every_game"], a["lost_every_game"]) == (20, 5, 0)
    assert (b["deals"], b["won_every_game"], b["lost_every_game"]) == (20, 0, 5)
    assert a["share"] == pytest.approx(25 / 40) and b["share"] == pytest.approx(15 / 40)
    low, high = a["ci95"]
    wilson_low, wilson_high = strength.wilson(25, 40)
    assert low < 25 / 40 < high and high - low < wilson_high - wilson_low
    # The progress line of a paired run says the same counts as the final report, for the first agent.
    assert strength.deal_counts(["a", "b"], results, 2) == "  deals won/split/lost 5/15/0"
    assert strength.deal_counts(["a", "b"], results, 1) == ""
    sweep = strength.paired(["a", "b"], [game(d, ["a", "b"] if i == 0 else ["b", "a"], i) for d in range(5)
                                          for i in (0, 1)], 2)
    assert sweep["a"]["share"] == 1.0 and sweep["a"]["ci95"] == pytest.approx(list(strength.wilson(5, 5)))


def test_paired_runs_refuse_a_count_that_splits_a_deal(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["strength.py", "mankind", "--agents", "a;b", "--games", "3", "--paired"])
    with pytest.raises(SystemExit):
        strength.main()
    assert "--paired plays deals of 2 games" in capsys.readouterr().err
