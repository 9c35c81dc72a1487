"""Turning a game's material count into win estimates, the shape every game's evaluation shares."""

from __future__ import annotations

import math
from collections.abc import Sequence


def lead_estimates(values: Sequence[float], scale: float) -> list[float]:
    """For each entry of ``values``, a win estimate in [0, 1] from its lead over the best of the others.

    The lead is squashed by a logistic curve: level is 0.5, a lead of one ``scale`` about 0.73. All the
    entries at once, because search scores a position for every seat (the best and second best are found
    once, not once per seat).
    """
    if len(values) < 2:
        raise ValueError("a lead needs at least two values")
    best = max(range(len(values)), key=values.__getitem__)
    runner_up = max(value for index, value in enumerate(values) if index != best)
    top = values[best]
    return [
        1.0 / (1.0 + math.exp(-(value - (runner_up if index == best else top)) / scale))
        for index, value in enumerate(values)
    ]
