"""A reference training run: masked policy gradient (REINFORCE) with numpy, through the Gymnasium wrapper.

    nice -n 10 python bench/train_reference.py [--episodes 600] [--game tigris-euphrates] [--players 2]
        [--opponents random] [--seed 0] [--out docs/images/train_reference.png] [--json FILE]

The policy is linear and softmax over the legal actions only: logits = W[a] . observation + b[a] for each
legal index a (the mask is applied by scoring only the legal rows, so an illegal action is never drawn).
After each episode, every decision's log-probability gradient is scaled by the episode's return (the learner's
win share, 0, 1/2 or 1) minus a running-mean baseline. The score reads the observation's small pieces (at
most 64 values each: the decision waiting, hands, scores, counters, the conflict's particulars), not its
board planes, which a linear score trained for a few hundred games cannot use, and only their non-zero values.
It is a check that the adapter carries a learning signal and a template to start from, not a strong agent
(docs/adapters.md has the curve and what it shows).

Writes the learning curve (the win share over a moving window, with the untrained policy's level) as a PNG,
and the per-episode returns as JSON. Everything is seeded: the same arguments give the same curve.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import numpy as np

from ludoteca.adapters.gym import LudotecaGymEnv


class LinearPolicy:
    """Softmax over the legal actions of a linear score; REINFORCE updates on the features seen."""

    def __init__(self, columns: np.ndarray, actions: int, rng: np.random.Generator) -> None:
        self.columns = columns
        self.weights = np.zeros((actions, len(columns)), dtype=np.float32)
        self.bias = np.zeros(actions, dtype=np.float32)
        self.rng = rng

    def act(self, observation: np.ndarray, mask: np.ndarray) -> tuple[int, tuple[np.ndarray, ...]]:
        """An action drawn from the policy, and what the update needs (legal rows, features, probabilities)."""
        legal = np.flatnonzero(mask)
        small = observation[self.columns]
        features = np.flatnonzero(small)
        values = small[features]
        logits = self.weights[np.ix_(legal, features)] @ values + self.bias[legal]
        logits -= logits.max()
        probabilities = np.exp(logits)
        probabilities /= probabilities.sum()
        choice = int(self.rng.choice(len(legal), p=probabilities))
        return int(legal[choice]), (legal, features, values, probabilities, np.array(choice))

    def update(self, trace: list[tuple[np.ndarray, ...]], advantage: float, rate: float) -> None:
        """Gradient ascent on advantage * log pi(a | s) for every decision of the episode."""
        if advantage == 0.0:
            return
        for legal, features, values, probabilities, choice in trace:
            direction = -probabilities
            direction[int(choice)] += 1.0
            step = (rate * advantage) * direction.astype(np.float32)
            self.weights[np.ix_(legal, features)] += np.outer(step, values)
            self.bias[legal] += step


def train(game: str, players: int, opponents: str, episodes: int, seed: int, rate: float) -> dict[str, Any]:
    env = LudotecaGymEnv(game, players=players, opponents=opponents)
    layout = env.encoding.layout
    columns = np.concatenate(
        [np.arange(layout.starts[p.name], layout.starts[p.name] + p.size) for p in layout.pieces if p.size <= 64]
    )
    policy = LinearPolicy(columns, int(env.action_space.n), np.random.default_rng(seed))
    returns: list[float] = []
    lengths: list[int] = []
    baseline = 0.0
    started = time.process_time()
    for episode in range(episodes):
        observation, info = env.reset(seed=seed * 1_000_003 + episode)
        trace = []
        reward, done = 0.0, False
        while not done:
            action, record = policy.act(observation["observation"], info["action_mask"])
            trace.append(record)
            observation, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        returns.append(float(reward))
        lengths.append(len(trace))
        policy.update(trace, reward - baseline, rate / max(1, len(trace)) ** 0.5)
        baseline += 0.05 * (reward - baseline)
    return {
        "game": game,
        "players": players,
        "opponents": opponents,
        "episodes": episodes,
        "seed": seed,
        "rate": rate,
        "cpu_seconds": round(time.process_time() - started, 1),
        "returns": returns,
        "decisions": lengths,
    }


def _wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion (win shares count as fractions of a win)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def plot(run: dict[str, Any], path: Path, window: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    returns = np.asarray(run["returns"])
    window = max(1, min(window, len(returns)))
    moving = np.convolve(returns, np.ones(window) / window, mode="valid")
    x = np.arange(window, len(returns) + 1)
    first = returns[:window]
    low, high = _wilson(float(first.sum()), len(first))
    figure, axes = plt.subplots(figsize=(7, 4))
    axes.plot(x, moving, label=f"win share, last {window} episodes")
    axes.axhspan(low, high, color="grey", alpha=0.25, label=f"first {window} episodes (95% CI)")
    axes.set_xlabel("episode")
    axes.set_ylabel("win share")
    axes.set_ylim(0, 1)
    axes.set_title(f"REINFORCE, linear masked policy: {run['game']}, {run['players']} players, vs {run['opponents']}")
    axes.legend(loc="lower right")
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=100)
    plt.close(figure)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="tigris-euphrates")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--episodes", type=int, default=600)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rate", type=float, default=0.5)
    parser.add_argument("--window", type=int, default=100)
    parser.add_argument("--out", type=Path, default=Path("docs/images/train_reference.png"))
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    run = train(args.game, args.players, args.opponents, args.episodes, args.seed, args.rate)
    plot(run, args.out, args.window)
    returns = run["returns"]
    half = min(args.window, len(returns))
    early, late = returns[:half], returns[-half:]
    lo_e, hi_e = _wilson(sum(early), len(early))
    lo_l, hi_l = _wilson(sum(late), len(late))
    print(
        f"{run['episodes']} episodes, {run['cpu_seconds']} CPU s: win share first {half} "
        f"{sum(early) / len(early):.3f} ({lo_e:.3f}-{hi_e:.3f}), last {half} {sum(late) / len(late):.3f} "
        f"({lo_l:.3f}-{hi_l:.3f}); curve in {args.out}"
    )
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(run) + "\n", encoding="utf-8")
    return run


if __name__ == "__main__":
    main()
