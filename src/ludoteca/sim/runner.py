"""Plan, play and record the games of a simulation, locally or on Ray."""

from __future__ import annotations

import json
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ludoteca.agents import make_agent
from ludoteca.core import LudotecaError, derive_seed, load_game
from ludoteca.sim.measures import count_turns, seat_sides
from ludoteca.tournament import seat_agents

MAX_ACTIONS = 500_000


@dataclass(frozen=True)
class GameSpec:
    """Everything one game needs: the same spec always plays the same game."""

    game: str
    players: int
    options: dict[str, Any]
    agents: list[str]  # agent spec per seat
    seed: int
    index: int
    agent_seeds: list[int] | None = None
    """Each seat's agent seed; by default ``derive_seed(seed, seat)``. A ladder sets them when one spec is
    entered twice, or both entrants would make the same choices in the same games."""


def plan_games(game: str, players: int, agents: list[str], games: int, seed: int,
               options: dict[str, Any] | None = None) -> list[GameSpec]:
    """Game ``i`` gets seed ``derive_seed(seed, i)`` and the agents rotated by ``i``."""
    return [GameSpec(game, players, dict(options or {}), seat_agents(agents, players, i), derive_seed(seed, i), i)
            for i in range(games)]


def play_one(spec: GameSpec) -> dict[str, Any]:
    """Play one game; a game that raises comes back as a failure carrying its record."""
    started = time.perf_counter()
    state = None
    try:
        state = load_game(spec.game, spec.players, spec.options).new_state(seed=spec.seed)
        seeds = spec.agent_seeds or [derive_seed(spec.seed, seat) for seat in range(len(spec.agents))]
        bots = [make_agent(agent, seed=seeds[seat]) for seat, agent in enumerate(spec.agents)]
        actions = 0
        order: dict[int, None] = {}  # seats in the order of their first decision (an ordered set)
        while not state.is_over():
            if actions >= MAX_ACTIONS:
                raise RuntimeError(f"the game did not end within {MAX_ACTIONS} actions")
            seat = state.to_act()[0]
            order.setdefault(seat)
            state.apply(seat, bots[seat].choose(state, seat))
            actions += 1
        result = state.result()
        line: dict[str, Any] = {
            "index": spec.index, "seed": spec.seed, "agents": list(spec.agents), "result": result,
            "actions": actions, "turns": count_turns(spec.game, state, result),
            "order": [*order, *(seat for seat in range(spec.players) if seat not in order)],
        }
        sides = seat_sides(state, result)
        if sides is not None:
            line["side"], line["sides"] = sides
        line["seconds"] = round(time.perf_counter() - started, 4)
        return line
    except Exception as error:  # a failing game must not stop the run: it is recorded instead
        return {"index": spec.index, "seed": spec.seed, "agents": list(spec.agents), "error": repr(error),
                "traceback": traceback.format_exc(), "record": state.record() if state is not None else None,
                "seconds": round(time.perf_counter() - started, 4)}


def play_batch(specs: list[GameSpec]) -> list[dict[str, Any]]:
    return [play_one(spec) for spec in specs]


OUTPUTS = ("results.jsonl", "summary.json", "report.md", "run.json", "win_share.png", "scores.png", "length.png",
           "margins.png")
"""The files a simulation and its report write in their folder (and ``failures/``)."""


def prepare_output(out: Path, force: bool = False) -> None:
    """Make the folder ``out`` ready: create it, refuse a file or a folder that already holds a simulation's
    files, or, with ``force``, delete those files. Called before the first game: a run of hours must not
    fail at its first write.

    Only what a simulation writes is deleted, never anything else in the folder: ``--out .`` with
    ``--force`` must not empty a working directory. Stale ``failures/`` go too, or the next report
    would count the failed games of the previous run.
    """
    if out.exists() and not out.is_dir():
        raise LudotecaError(f"{out} is a file, not a folder: choose a folder for --out")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise LudotecaError(f"cannot create the folder {out}: {error.strerror or error}") from None
    present = [name for name in OUTPUTS if (out / name).exists()]
    failures = out / "failures"
    if failures.is_dir():
        present.append("failures/")
    if not present:
        return
    if not force:
        raise LudotecaError(f"{out} already holds a simulation ({', '.join(present)}); "
                            "choose another --out or pass --force to replace it")
    for name in OUTPUTS:
        (out / name).unlink(missing_ok=True)
    if failures.is_dir():
        for saved in failures.glob("*.json"):
            saved.unlink()
        if not any(failures.iterdir()):
            failures.rmdir()


def play_games(specs: list[GameSpec], jobs: int = 1) -> Iterator[dict[str, Any]]:
    """Each game's line (finished or failed), on ``jobs`` local processes, in plan order."""
    return _local(specs, jobs)


@dataclass
class Outcome:
    """What a run did. Finished games are counted, not kept: their lines are in ``results.jsonl``, so a
    run of millions of games holds no more memory at the end than at the start."""

    finished: int = 0
    failures: list[dict[str, Any]] = field(default_factory=list)
    interrupted: bool = False


class _InOrderWriter:
    """Writes result lines in game order as they arrive out of order.

    A line waits only until every game before it has come back (finished or failed), so what is held
    is the window of games still running, never the whole run.
    """

    def __init__(self, stream: Any, indexes: list[int]) -> None:
        self.stream = stream
        self.order = sorted(indexes)
        self.position = 0  # order[position] is the next game to write
        self.waiting: dict[int, dict[str, Any] | None] = {}  # None: that game failed, nothing to write

    def add(self, index: int, line: dict[str, Any] | None) -> None:
        self.waiting[index] = line
        while self.position < len(self.order) and self.order[self.position] in self.waiting:
            self._write(self.order[self.position])
            self.position += 1
        self.stream.flush()

    def flush_all(self) -> None:
        """On interruption: write whatever came back, still in order, gaps and all."""
        for index in sorted(self.waiting):
            self._write(index)
        self.stream.flush()

    def _write(self, index: int) -> None:
        line = self.waiting.pop(index)
        if line is not None:
            self.stream.write(json.dumps(line) + "\n")


def _local(specs: list[GameSpec], jobs: int) -> Iterator[dict[str, Any]]:
    if jobs <= 1:
        for spec in specs:
            yield play_one(spec)
        return
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        chunk = max(1, len(specs) // (jobs * 8))
        yield from pool.map(play_one, specs, chunksize=chunk)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _ray(specs: list[GameSpec], address: str | None, batch: int | None) -> Iterator[dict[str, Any]]:
    try:
        import ray
    except ImportError:
        raise LudotecaError("the ray backend needs Ray: pip install 'ludoteca[ray]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        ray.init(address=address, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]  # Ray ships no types for it
        size = batch or max(1, len(specs) // (int(resources.get("CPU", 1)) * 4))
        remote = ray.remote(play_batch)
        pending = [remote.remote(specs[i : i + size]) for i in range(0, len(specs), size)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield from ray.get(done[0])
    finally:
        if started_here:
            ray.shutdown()


def run_simulation(specs: list[GameSpec], out: Path, jobs: int = 1, backend: str = "local",
                   ray_address: str | None = None, batch: int | None = None,
                   progress: Callable[[int], None] | None = None, force: bool = False,
                   agents: Sequence[str] | None = None) -> Outcome:
    """Play every game, writing each one to ``out/results.jsonl`` as soon as those before it are in.

    The file is in game order whatever the workers or backend. Failures go to
    ``out/failures/<index>.json``. On Ctrl-C the run stops and keeps what finished. Memory stays flat:
    finished games are written, not kept. A folder holding an earlier run is refused unless ``force``
    (:func:`prepare_output`): hours of results must not vanish to a repeated command. ``agents``, the
    specs the seats rotate through, go into ``run.json``: the first game's seats alone cannot name them
    (three agents at a two-player table), and ``ludoteca report`` titles the run with them.
    """
    if backend not in ("local", "ray"):
        raise LudotecaError(f"there is no backend {backend!r} (choose local or ray)")
    prepare_output(out, force)
    failures_dir = out / "failures"
    outcome = Outcome()
    source = _local(specs, jobs) if backend == "local" else _ray(specs, ray_address, batch)
    with (out / "results.jsonl").open("w", encoding="utf-8") as stream:
        writer = _InOrderWriter(stream, [spec.index for spec in specs])
        try:
            for line in source:
                if "error" in line:
                    failures_dir.mkdir(exist_ok=True)
                    (failures_dir / f"{line['index']}.json").write_text(json.dumps(line, indent=1), encoding="utf-8")
                    outcome.failures.append({key: line[key] for key in ("index", "seed", "agents", "error")})
                    writer.add(line["index"], None)
                else:
                    writer.add(line["index"], line)
                    outcome.finished += 1
                if progress is not None:
                    progress(outcome.finished + len(outcome.failures))
        except KeyboardInterrupt:
            outcome.interrupted = True
        writer.flush_all()
    run: dict[str, Any] = {"games": [asdict(s) for s in specs[:1]], "planned": len(specs),
                           "failures": len(outcome.failures), "interrupted": outcome.interrupted}
    if agents is not None:
        run["agents"] = list(agents)
    (out / "run.json").write_text(json.dumps(run, indent=1), encoding="utf-8")
    return outcome
