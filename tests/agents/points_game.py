"""What the small test games of the agent tests share: two seats scoring points, most points win, and the
evaluation every seat's lead in points squashed by ``SCALE`` (``lead_estimates``)."""

from __future__ import annotations

from typing import Any

from ludoteca.core import State, lead_estimates


class PointsState(State):
    """A two-seat game whose ``data["points"]`` decide it; subclasses set ``SCALE`` and the rules."""

    SCALE = 3.0  # the scale ``lead_estimates`` squashes a lead in points by

    def _result(self) -> dict[str, Any]:
        points = self.data["points"]
        winners = [seat for seat in (0, 1) if points[seat] == max(points)]
        return {"scores": list(points), "ranking": [winners], "winners": winners}

    def _evaluate(self, seat: int) -> float:
        return self._evaluate_all()[seat]

    def _evaluate_all(self) -> list[float]:
        return lead_estimates([float(p) for p in self.data["points"]], self.SCALE)
