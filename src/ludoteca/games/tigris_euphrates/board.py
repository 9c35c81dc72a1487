"""Regions and kingdoms: the geometry every rule of Tigris & Euphrates leans on.

A *region* is a group of tiles and leaders joined along edges (face-down monument tiles included);
catastrophes break it. A *kingdom* is a region holding at least one leader. The board is plain data in
``state.data``: ``cells`` (one code per square: "" empty, "r"/"b"/"k"/"g" a face-up tile, "m" a face-down
monument tile, "x" a catastrophe) and ``leaders`` (per seat, colour code -> square or -1 in supply).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ludoteca.games.tigris_euphrates.content import Board

TILE_CODES = frozenset("rbkgm")
FACE_UP = frozenset("rbkg")


def leader_squares(data: dict[str, Any]) -> dict[int, tuple[int, str]]:
    """Square -> (seat, colour code) of every leader on the board."""
    placed = {}
    for seat, leaders in enumerate(data["leaders"]):
        for colour, square in leaders.items():
            if square >= 0:
                placed[square] = (seat, colour)
    return placed


@dataclass
class Regions:
    """A labelling of the board into regions, with the leaders found in each."""

    label: list[int]
    leaders: dict[int, list[tuple[int, str, int]]] = field(default_factory=dict)  # region -> (seat, colour, square)
    squares: dict[int, list[int]] = field(default_factory=dict)

    def is_kingdom(self, region: int) -> bool:
        return region >= 0 and bool(self.leaders.get(region))

    def kingdoms_around(self, board: Board, square: int) -> set[int]:
        """Distinct kingdoms orthogonally next to ``square``."""
        return {self.label[n] for n in board.neighbours[square] if self.is_kingdom(self.label[n])}


def regions(board: Board, data: dict[str, Any], skip: frozenset[int] = frozenset()) -> Regions:
    """Label every occupied square with its region; squares in ``skip`` are treated as empty.

    ``skip`` leaves out the unification tile during wars (it belongs to neither side) and a leader
    that is being moved (it is taken off the board before its new square is checked).
    """
    cells = data["cells"]
    placed = leader_squares(data)
    size = len(cells)
    occupied = [(cells[i] in TILE_CODES or i in placed) and i not in skip for i in range(size)]
    label = [-1] * size
    result = Regions(label)
    current = 0
    for start in range(size):
        if not occupied[start] or label[start] >= 0:
            continue
        label[start] = current
        queue = [start]
        members = []
        while queue:
            square = queue.pop()
            members.append(square)
            for n in board.neighbours[square]:
                if occupied[n] and label[n] < 0:
                    label[n] = current
                    queue.append(n)
        result.squares[current] = members
        result.leaders[current] = [
            (seat, colour, sq) for sq in sorted(members) if sq in placed for seat, colour in [placed[sq]]
        ]
        current += 1
    return result


def adjacent_temple(board: Board, data: dict[str, Any], square: int) -> bool:
    """True if a face-up red tile (a temple) is orthogonally next to ``square``."""
    cells = data["cells"]
    return any(cells[n] == "r" for n in board.neighbours[square])


def temples_next_to(board: Board, data: dict[str, Any], square: int) -> int:
    cells = data["cells"]
    return sum(1 for n in board.neighbours[square] if cells[n] == "r")
