"""The reference training script runs a handful of episodes and writes its curve and its record (no learning
is asserted: a few episodes show none); its seeded runs repeat."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("gymnasium", reason="the RL adapters need the 'rl' extra: pip install ludoteca[rl]")
pytest.importorskip("matplotlib", reason="the learning curve needs matplotlib (the 'sim' extra)")

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "train_reference.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_reference", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_training_script_runs_and_writes_its_outputs(tmp_path: Path) -> None:
    script = _script()
    png, record = tmp_path / "curve.png", tmp_path / "run.json"
    args = ["--episodes", "3", "--window", "2", "--out", str(png), "--json", str(record), "--seed", "4"]
    run = script.main(args)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    saved = json.loads(record.read_text(encoding="utf-8"))
    assert len(saved["returns"]) == 3 and all(r in (0.0, 0.5, 1.0) for r in saved["returns"])
    assert saved["returns"] == run["returns"] and all(n > 0 for n in saved["decisions"])
    again = script.train("tigris-euphrates", 2, "random", 3, 4, 0.5)
    assert again["returns"] == run["returns"] and again["decisions"] == run["decisions"]


def test_the_policy_draws_only_legal_actions() -> None:
    import numpy as np

    script = _script()
    policy = script.LinearPolicy(np.arange(4), 10, np.random.default_rng(0))
    mask = np.zeros(10, dtype=np.int8)
    mask[[2, 7]] = 1
    observation = np.array([0.5, 0.0, -1.0, 0.25], dtype=np.float32)
    drawn = {policy.act(observation, mask)[0] for _ in range(50)}
    assert drawn == {2, 7}
    _, record = policy.act(observation, mask)
    policy.update([record], 1.0, 0.1)
    assert policy.weights[[0, 1, 3, 4, 5, 6, 8, 9]].sum() == 0  # only the legal rows learn
    assert policy.weights[:, 1].sum() == 0  # and only from features that were non-zero
