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
    """A labelling of the board into regions, with the leaders found in each.

    ``label[square]`` is the square's region (-1 when nothing is there); ``squares[region]`` lists a
    region's squares; ``leaders`` holds only the regions that have leaders — the kingdoms — each with
    its (seat, colour, square) in square order.
    """

    label: list[int]
    leaders: dict[int, list[tuple[int, str, int]]] = field(default_factory=dict)
    squares: dict[int, list[int]] = field(default_factory=dict)

    def is_kingdom(self, region: int) -> bool:
        return region in self.leaders

    def kingdoms_around(self, board: Board, square: int) -> set[int]:
        """Distinct kingdoms orthogonally next to ``square``."""
        label, leaders = self.label, self.leaders
        return {label[n] for n in board.neighbours[square] if label[n] in leaders}


def regions(board: Board, data: dict[str, Any], skip: frozenset[int] = frozenset()) -> Regions:
    """Label every occupied square with its region; squares in ``skip`` are treated as empty.

    ``skip`` leaves out the unification tile during wars (it belongs to neither side) and a leader
    that is being moved (it is taken off the board before its new square is checked). This runs
    several times per action, so it is written for speed: one pass, an explicit stack.
    """
    cells = data["cells"]
    placed = leader_squares(data)
    neighbours = board.neighbours
    occupied = [code in TILE_CODES for code in cells]
    for square in placed:
        occupied[square] = True
    for square in skip:
        occupied[square] = False
    label = [-1] * len(cells)
    squares: dict[int, list[int]] = {}
    current = 0
    for start, filled in enumerate(occupied):
        if not filled or label[start] >= 0:
            continue
        label[start] = current
        stack = [start]
        members = [start]
        while stack:
            square = stack.pop()
            for n in neighbours[square]:
                if occupied[n] and label[n] < 0:
                    label[n] = current
                    stack.append(n)
                    members.append(n)
        squares[current] = members
        current += 1
    leaders: dict[int, list[tuple[int, str, int]]] = {}
    for square in sorted(placed):
        if occupied[square]:
            seat, colour = placed[square]
            leaders.setdefault(label[square], []).append((seat, colour, square))
    return Regions(label, leaders, squares)


def lift(base: Regions, board: Board, square: int) -> Regions:
    """The regions of ``base`` with the leader on ``square`` taken off the board.

    Only the leader's own region can change (it may split), so only it is relabelled: far cheaper
    than a whole new labelling, and this runs for every leader on the board on every turn.
    """
    region = base.label[square]
    label = list(base.label)
    members = base.squares[region]
    for member in members:
        label[member] = -1
    squares = {r: m for r, m in base.squares.items() if r != region}
    leaders = {r: m for r, m in base.leaders.items() if r != region}
    inside = set(members)
    inside.discard(square)
    neighbours = board.neighbours
    current = max(base.squares, default=-1) + 1
    for start in members:
        if start not in inside or label[start] >= 0:
            continue
        label[start] = current
        stack = [start]
        piece = [start]
        while stack:
            here = stack.pop()
            for n in neighbours[here]:
                if n in inside and label[n] < 0:
                    label[n] = current
                    stack.append(n)
                    piece.append(n)
        squares[current] = piece
        current += 1
    for seat, colour, at in base.leaders.get(region, []):
        if at != square:
            leaders.setdefault(label[at], []).append((seat, colour, at))
    return Regions(label, leaders, squares)


def adjacent_temple(board: Board, data: dict[str, Any], square: int) -> bool:
    """True if a face-up red tile (a temple) is orthogonally next to ``square``."""
    cells = data["cells"]
    return any(cells[n] == "r" for n in board.neighbours[square])


def temples_next_to(board: Board, data: dict[str, Any], square: int) -> int:
    cells = data["cells"]
    return sum(1 for n in board.neighbours[square] if cells[n] == "r")
