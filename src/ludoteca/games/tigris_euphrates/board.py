"""Regions and kingdoms: the geometry every rule of Tigris & Euphrates leans on.

A *region* is a group of tiles and leaders joined along edges (face-down monument tiles included);
catastrophes break it. A *kingdom* is a region holding at least one leader. The board is plain data in
``state.data``: ``cells`` (one code per square: "" empty, "r"/"b"/"k"/"g" a face-up tile, "m" a face-down
monument tile, "x" a catastrophe) and ``leaders`` (per seat, colour code -> square or -1 in supply).

Two ways to look at it: ``regions`` labels every square, square by square, for the rare procedures that
need a region's squares in the order they were found (wars) and for checks; ``analyse`` answers the
questions every action asks (which kingdoms touch a square, where leaders and tiles may go) on bit
masks, once per position.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any, NamedTuple

from ludoteca.games.tigris_euphrates.content import HEIGHT, WIDTH, Board, boards

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


def regions(board: Board, data: dict[str, Any], skip: frozenset[int] = frozenset()) -> Regions:
    """Label every occupied square with its region; squares in ``skip`` are treated as empty.

    ``skip`` leaves out the unification tile during wars (it belongs to neither side). One pass, an
    explicit stack; a region's squares are listed in the order the stack finds them (war removals
    are logged in that order).
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


# ---------------------------------------------------------------------------------------------- analysis
# The rules ask the same questions of a position many times per action — which kingdoms touch this
# square, where may a leader go, where may a tile go — so they are answered on bit masks: bit i of an
# int stands for square i, so one shift moves every square at once and a mask's squares, read from the
# lowest bit, come in board order. ``analyse`` builds the answers once per position; the state keeps
# the last one, which holds copies of the board it describes and is used only while the board is
# equal to them, so it can never go stale.

SQUARES = WIDTH * HEIGHT
_BLOCK = 16  # squares compared at once when looking for the ones an action changed
FULL = (1 << SQUARES) - 1
_FIRST_COLUMN = sum(1 << (row * WIDTH) for row in range(HEIGHT))
_NOT_FIRST_COLUMN = FULL & ~_FIRST_COLUMN
_NOT_LAST_COLUMN = FULL & ~(_FIRST_COLUMN << (WIDTH - 1))
# _BYTE_SQUARES[k][byte]: the squares of bits set in ``byte`` when it is byte k of a mask.
_BYTE_SQUARES = tuple(
    tuple(tuple(8 * k + bit for bit in range(8) if byte >> bit & 1) for byte in range(256))
    for k in range((SQUARES + 7) // 8)
)


def mask_of(squares: Iterable[int]) -> int:
    mask = 0
    for square in squares:
        mask |= 1 << square
    return mask


def squares_of(mask: int) -> list[int]:
    """The squares of ``mask`` in ascending order (a byte at a time, from a table)."""
    found: list[int] = []
    for table, byte in zip(_BYTE_SQUARES, mask.to_bytes(len(_BYTE_SQUARES), "little"), strict=True):
        if byte:
            found += table[byte]
    return found


def spread(mask: int) -> int:
    """``mask`` and every square orthogonally next to one of its squares (never wrapping round a row's end)."""
    return (
        mask | ((mask << 1) & _NOT_FIRST_COLUMN) | ((mask >> 1) & _NOT_LAST_COLUMN) | (mask << WIDTH) | (mask >> WIDTH)
    ) & FULL


def flood(seed: int, within: int) -> int:
    """The squares of ``within`` joined to the squares of ``seed`` along edges (``seed``'s region)."""
    region = seed
    while True:
        grown = spread(region) & within
        if grown == region:
            return region
        region = grown


def _counted(reaches: Iterable[int], once: int = 0, twice: int = 0, thrice: int = 0) -> tuple[int, int, int]:
    """(squares in at least one of ``reaches``, in at least two, in at least three), counted bitwise,
    on top of the counts ``once``, ``twice`` and ``thrice`` already made."""
    for reach in reaches:
        thrice |= twice & reach
        twice |= once & reach
        once |= reach
    return once, twice, thrice


class Kingdom(NamedTuple):
    """A region with leaders: its squares, those squares and their neighbours, and its leaders as
    (seat, colour, square) in square order."""

    mask: int
    reach: int
    leaders: tuple[tuple[int, str, int], ...]


class Analysis:
    """One position's kingdoms and the squares the rules offer, as bit masks (never changed once built,
    so states may share one: it keeps copies of the ``cells`` and ``leaders`` it was built from, and
    is used only for a board equal to them).

    ``bare``: no tile or catastrophe (leaders aside); ``tiles``: a tile, face up or down; ``red``: a face-up
    temple; ``standing``: a leader. ``empty``: no tile, leader or catastrophe. ``candidates``: empty land
    squares next to a face-up temple, where any leader may go (seed note 1). ``open``: empty squares
    touching at most two kingdoms, where a tile may go (§1.6). ``kingdoms`` come in the order of their
    lowest square, the order ``regions`` labels them in; ``once``/``twice``/``thrice``: the squares in
    or next to at least one, two, three of them.

    Built from ``base``, the analysis of another position (usually the one before), it keeps the
    kingdoms that no changed square touches — a change elsewhere cannot alter a kingdom — and looks
    for the others afresh; any ``base`` gives the same result, only faster or slower.
    """

    __slots__ = (
        "_targets",
        "bare",
        "candidates",
        "cells",
        "empty",
        "faceup",
        "kingdoms",
        "leader_at",
        "leaders",
        "occupied",
        "once",
        "open",
        "red",
        "standing",
        "thrice",
        "tiles",
        "twice",
    )
    bare: int
    tiles: int
    faceup: int
    red: int
    standing: int
    leader_at: dict[int, tuple[int, str]]
    empty: int
    occupied: int
    candidates: int
    open: int

    def __init__(
        self, land: int, cells: list[str], leaders: list[dict[str, int]], base: Analysis | None = None
    ) -> None:
        self.cells, self.leaders = list(cells), [dict(own) for own in leaders]
        if base is None:
            layout = "".join([code or "." for code in cells])
            bare, tiles, faceup, red = (
                _bits(layout, "."),
                _bits(layout, "rbkgm"),
                _bits(layout, "rbkg"),
                _bits(layout, "r"),
            )
        else:
            # One action changes a few squares: find them (whole lists, then blocks of 16 squares, compared
            # in C; square by square only inside a block that differs) and patch the base's masks there.
            bare, tiles, faceup, red = base.bare, base.tiles, base.faceup, base.red
            before = base.cells
            if cells != before:
                for start in range(0, len(cells), _BLOCK):
                    end = start + _BLOCK
                    if cells[start:end] == before[start:end]:
                        continue
                    for square in range(start, min(end, len(cells))):
                        code = cells[square]
                        if code == before[square]:
                            continue
                        bit = 1 << square
                        bare = bare | bit if code == "" else bare & ~bit
                        tiles = tiles | bit if code in TILE_CODES else tiles & ~bit
                        faceup = faceup | bit if code in FACE_UP else faceup & ~bit
                        red = red | bit if code == "r" else red & ~bit
        self.bare, self.tiles, self.faceup, self.red = bare, tiles, faceup, red
        if base is not None and base.leaders == leaders:
            self.leader_at, self.standing = base.leader_at, base.standing
        else:
            self.leader_at = {
                square: (seat, colour)
                for seat, own in enumerate(leaders)
                for colour, square in own.items()
                if square >= 0
            }
            self.standing = mask_of(self.leader_at)
        self.empty = bare & ~self.standing
        self.occupied = tiles | self.standing
        self.kingdoms = self._kingdoms(base)
        self.once, self.twice, self.thrice = _counted(kingdom.reach for kingdom in self.kingdoms)
        self.candidates = spread(red) & self.empty & land
        self.open = self.empty & ~self.thrice
        self._targets: dict[int, int] = {}

    def _kingdoms(self, base: Analysis | None) -> tuple[Kingdom, ...]:
        """Every kingdom: the ones of ``base`` that no change touches, the others flooded from their leaders."""
        leader_at, occupied = self.leader_at, self.occupied
        found = []
        covered = 0
        if base is not None:
            changed = occupied ^ base.occupied
            if leader_at is not base.leader_at:
                changed |= _moved(leader_at, base.leader_at)
            for kingdom in base.kingdoms:
                if not kingdom.reach & changed:
                    found.append(kingdom)
                    covered |= kingdom.mask
        kept = len(found)
        placed = sorted(leader_at)
        for square in placed:
            if covered >> square & 1:
                continue
            mask = flood(1 << square, occupied)
            covered |= mask
            members = tuple((*leader_at[at], at) for at in placed if mask >> at & 1)
            found.append(Kingdom(mask, spread(mask), members))
        if len(found) > kept:
            found.sort(key=lambda kingdom: kingdom.mask & -kingdom.mask)
        return tuple(found)

    def describes(self, cells: list[str], leaders: list[dict[str, int]]) -> bool:
        """Whether this is the analysis of the board ``cells`` with ``leaders``."""
        return self.cells == cells and self.leaders == leaders

    def kingdom_of(self, square: int) -> Kingdom | None:
        """The kingdom ``square`` belongs to, if any."""
        for kingdom in self.kingdoms:
            if kingdom.mask >> square & 1:
                return kingdom
        return None

    def kingdoms_next_to(self, square: int) -> list[Kingdom]:
        """The distinct kingdoms orthogonally next to the empty ``square``."""
        return [kingdom for kingdom in self.kingdoms if kingdom.reach >> square & 1]

    def leader_targets(self, square: int) -> int:
        """Where the leader now on ``square`` (-1: in supply) may go: a candidate square it would not
        make touch two kingdoms (§1.5).

        A leader on the board is taken off first, which changes only its own kingdom: it no longer
        counts (a square it reached is in one kingdom fewer), and what is left of it is split into
        pieces, of which those with leaders count as kingdoms."""
        targets = self._targets.get(square)
        if targets is not None:
            return targets
        if square < 0:
            blocked = self.twice
        else:
            own = self.kingdom_of(square)
            assert own is not None, "a leader always stands in a kingdom"
            reach = own.reach
            once = (self.once & ~reach) | (self.twice & reach)
            twice = (self.twice & ~reach) | (self.thrice & reach)
            rest = own.mask & ~(1 << square)
            covered = 0
            for _, _, at in own.leaders:
                if at != square and not covered >> at & 1:
                    piece = flood(1 << at, rest)
                    covered |= piece
                    piece_reach = spread(piece)
                    twice |= once & piece_reach
                    once |= piece_reach
            blocked = twice
        targets = self._targets[square] = self.candidates & ~blocked
        return targets


_TRANSLATIONS: dict[str, dict[int, str]] = {}


def _bits(layout: str, codes: str) -> int:
    """The mask of the squares whose code (``.`` for empty) is one of ``codes``."""
    table = _TRANSLATIONS.get(codes)
    if table is None:
        table = _TRANSLATIONS[codes] = str.maketrans({code: "1" if code in codes else "0" for code in ".rbkgmx"})
    return int(layout.translate(table)[::-1], 2)


@cache
def land_mask(board_name: str) -> int:
    """The squares of a board that are not rivers."""
    return FULL & ~mask_of(boards()[board_name].river)


def _moved(now: dict[int, tuple[int, str]], before: dict[int, tuple[int, str]]) -> int:
    """The squares whose leader is not the one ``before`` had there (arrived, left or replaced)."""
    mask = 0
    for square, who in now.items():
        if before.get(square) != who:
            mask |= 1 << square
    for square in before:
        if square not in now:
            mask |= 1 << square
    return mask


def analyse(board_name: str, data: dict[str, Any], last: Analysis | None = None) -> Analysis:
    """The analysis of the position in ``data`` on the board named ``board_name``: ``last`` itself if it
    describes this very board, else a new one built from it."""
    cells, leaders = data["cells"], data["leaders"]
    if last is not None and last.describes(cells, leaders):
        return last
    return Analysis(land_mask(board_name), cells, leaders, last)


def adjacent_temple(board: Board, data: dict[str, Any], square: int) -> bool:
    """True if a face-up red tile (a temple) is orthogonally next to ``square``."""
    cells = data["cells"]
    return any(cells[n] == "r" for n in board.neighbours[square])


def temples_next_to(board: Board, data: dict[str, Any], square: int) -> int:
    cells = data["cells"]
    return sum(1 for n in board.neighbours[square] if cells[n] == "r")
