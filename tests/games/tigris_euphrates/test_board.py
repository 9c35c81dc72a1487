"""Board and component data against the reference (edge cases 18 and 19).

The expected grids are copied from ``../shared/reference/tigris-euphrates.md`` §1.2 (the standard board's
river list by row, its ten temples and four framed ones; the advanced board with BGA's I11 typo
corrected to J11), so a shifted row or a mistyped temple in ``data/boards.toml`` fails here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.games.tigris_euphrates import content
from ludoteca.games.tigris_euphrates.content import ContentError, boards, components, square_index, square_name
from tests.games.tigris_euphrates.helpers import FRAMED, STANDARD_TEMPLES, start

# Reference §1.2: "River squares by row (0-indexed row: columns)".
STANDARD_RIVERS = {
    0: [4, 5, 6, 7, 8, 12],
    1: [4, 12],
    2: [3, 4, 12, 13],
    3: [0, 1, 2, 3, 13, 14, 15],
    4: [14, 15],
    5: [14],
    6: [0, 1, 2, 3, 12, 13, 14],
    7: [3, 4, 5, 6, 12],
    8: [6, 7, 8, 9, 10, 11, 12],
    9: [],
    10: [],
}

# Reference §1.2, the standard grid as printed (T = temple with treasure).
STANDARD_GRID = [
    "....RRRRR.T.R...",
    ".T..R.......R..T",
    "...RRT......RR..",
    "RRRR.........RRR",
    ".............TRR",
    "..............R.",
    "RRRR....T...RRR.",
    ".T.RRRR.....R...",
    "......RRRRRRR.T.",
    ".....T..........",
    "..........T.....",
]

# Reference §1.2, the advanced grid as printed (C = framed temple, J11 not I11).
ADVANCED_GRID = [
    "..RRT....T.....R",
    "..RR..........TR",
    ".CRR...........R",
    "..R...T....TRRRR",
    "..R.........R...",
    "..RT........R..C",
    "..RR........RR..",
    "C..RRR.T....TR..",
    ".....RRR.....R..",
    "....C.RRRRRRRR..",
    "......R..C....C.",
]


def _marks(grid: list[str], marks: str) -> set[str]:
    return {f"{chr(65 + c)}{r + 1}" for r, line in enumerate(grid) for c, m in enumerate(line) if m in marks}


def _names(squares) -> set[str]:
    return {square_name(s) for s in squares}


def test_square_names_round_trip() -> None:
    assert square_index("A1") == 0 and square_index("P11") == 175
    assert square_name(square_index("K11")) == "K11" and square_index("k11") == square_index("K11")
    for bad in ("Q1", "A0", "A12", "", "11"):
        with pytest.raises(ValueError):
            square_index(bad)


def test_standard_board_rivers() -> None:
    """Edge case 18: the 41 river squares, row by row, as the reference lists them."""
    board = boards()["standard"]
    assert len(board.river) == 41
    expected = {row * 16 + col for row, cols in STANDARD_RIVERS.items() for col in cols}
    assert set(board.river) == expected
    assert _names(board.river) == _marks(STANDARD_GRID, "R")
    assert 176 - 41 == 135  # land squares, temples included


def test_standard_board_temples_and_framed() -> None:
    """Edge case 18: the ten temples K1 B2 P2 F3 N5 I7 B8 O9 F10 K11, framed B2 P2 B8 O9."""
    board = boards()["standard"]
    assert _names(board.temples) == set(STANDARD_TEMPLES) == _marks(STANDARD_GRID, "T")
    assert len(board.temples) == 10
    assert _names(board.framed) == set(FRAMED)
    assert not set(board.temples) & board.river


def test_advanced_board() -> None:
    """Edge case 18: the advanced board has 39 rivers, 14 temples, 6 framed (J11, not BGA's I11)."""
    board = boards()["advanced"]
    assert len(board.river) == 39 and len(board.temples) == 14 and len(board.framed) == 6
    assert _names(board.river) == _marks(ADVANCED_GRID, "R")
    assert _names(board.temples) == _marks(ADVANCED_GRID, "TC")
    assert _names(board.framed) == _marks(ADVANCED_GRID, "C") == {"B3", "P6", "A8", "E10", "J11", "O11"}
    assert "I11" not in _names(board.temples)


def test_neighbours_are_orthogonal() -> None:
    board = boards()["standard"]
    assert _names(board.neighbours[square_index("A1")]) == {"A2", "B1"}
    assert _names(board.neighbours[square_index("F4")]) == {"F3", "F5", "E4", "G4"}
    assert _names(board.neighbours[square_index("P11")]) == {"P10", "O11"}


def _write_board(tmp_path: Path, grid: list[str], rivers: int = 41, temples: int = 10, framed: int = 4) -> Path:
    rows = ",\n".join(f'  "{line}"' for line in grid)
    text = f"[standard]\nrivers = {rivers}\ntemples = {temples}\nframed = {framed}\ngrid = [\n{rows}\n]\n"
    (tmp_path / "boards.toml").write_text(text, encoding="utf-8")
    return tmp_path


def _framed(grid: list[str]) -> list[str]:
    out = [list(line) for line in grid]
    for name in FRAMED:
        index = square_index(name)
        out[index // 16][index % 16] = "C"
    return ["".join(line) for line in out]


def test_validator_accepts_a_faithful_copy(tmp_path: Path) -> None:
    folder = _write_board(tmp_path, _framed(STANDARD_GRID))
    board = content.boards(folder)["standard"]
    assert board.river == boards()["standard"].river and board.framed == boards()["standard"].framed


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        (lambda g: g[:10], "11 rows"),  # a row missing
        (lambda g: [g[0][:15], *g[1:]], "16 squares"),  # a short row
        (lambda g: [g[0].replace(".", "?", 1), *g[1:]], "unknown mark"),  # a typo in the legend
        (lambda g: [g[0], g[1].replace(".", "R", 1), *g[2:]], "rivers"),  # a stray river square
        (lambda g: [*g[:10], g[10].replace("T", ".")], "temples"),  # a temple lost
        (lambda g: [g[0], g[1].replace("C", "T", 1), *g[2:]], "framed"),  # a frame lost
    ],
)
def test_validator_rejects_broken_copies(tmp_path: Path, broken, message: str) -> None:
    """Edge case 18: a malformed board file is an error at load time, naming the problem."""
    grid = broken(_framed(STANDARD_GRID))
    folder = _write_board(tmp_path, grid)
    with pytest.raises(ContentError, match=message):
        content.boards(folder)


def test_shifted_row_is_caught_by_the_reference_grid() -> None:
    """Edge case 18 (0b01's shifted rows): a shift keeps every count, so the reference grid catches it."""
    shifted = [STANDARD_GRID[0][1:] + ".", *STANDARD_GRID[1:]]
    assert _marks(shifted, "R") != _marks(STANDARD_GRID, "R")
    assert len(_marks(shifted, "R")) == 41  # the counts alone would not notice
    assert _names(boards()["standard"].river) == _marks(STANDARD_GRID, "R")


def test_validator_rejects_wrong_declared_counts(tmp_path: Path) -> None:
    for counts in ({"rivers": 42}, {"temples": 9}, {"framed": 5}):
        folder = tmp_path / "_".join(f"{k}{v}" for k, v in counts.items())
        folder.mkdir()
        _write_board(folder, _framed(STANDARD_GRID), **counts)
        with pytest.raises(ContentError, match=next(iter(counts))):
            content.boards(folder)


def test_components_validator(tmp_path: Path) -> None:
    good = (content.DATA / "components.toml").read_text(encoding="utf-8")
    (tmp_path / "components.toml").write_text(good.replace('["black", "green"]', '["black", "black"]'))
    with pytest.raises(ContentError, match="two different colours"):
        content.components(tmp_path)
    other = tmp_path / "missing"
    other.mkdir()
    (other / "components.toml").write_text(good.replace("hand = 6\n", ""))
    with pytest.raises(ContentError, match="missing"):
        content.components(other)


def test_components() -> None:
    """Reference §1.1: 153 tiles (57 red, 36 blue, 30 black, 30 green), hands of 6, 2 catastrophes, 6 monuments."""
    parts = components()
    assert parts.tiles == {"r": 57, "b": 36, "k": 30, "g": 30}
    assert sum(parts.tiles.values()) == 153
    assert parts.hand == 6 and parts.catastrophes == 2 and parts.actions_per_turn == 2
    assert sorted(parts.monuments) == sorted(["kg", "kb", "kr", "rb", "rg", "bg"])
    assert parts.leader_names == {"k": "king", "r": "priest", "b": "farmer", "g": "trader"}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(("board", "temples"), [("standard", 10), ("advanced", 14)])
def test_set_up_tile_counts(players: int, board: str, temples: int) -> None:
    """Edge case 19: the starting temples come out of the 57 red; the rest is the bag, less the hands."""
    state = start(players, board=board, seed=players, clear=False)
    data = state.data
    assert len(data["bag"]) == 153 - temples - 6 * players
    if board == "standard":
        assert len(data["bag"]) == 143 - 6 * players
    on_board = {code: data["cells"].count(code) for code in "rbkg"}
    assert on_board == {"r": temples, "b": 0, "k": 0, "g": 0}
    for code, total in components().tiles.items():
        held = sum(h[code] for h in data["hands"])
        assert data["bag"].count(code) + held + on_board[code] == total
    assert all(sum(h.values()) == 6 for h in data["hands"])
    assert sorted(data["treasures"]) == sorted(boards()[board].temples)
    assert data["catastrophes"] == [2] * players
    assert all(square < 0 for leaders in data["leaders"] for square in leaders.values())
    assert all(square < 0 for square in data["monuments"].values()) and len(data["monuments"]) == 6


def test_the_bit_mask_analysis_agrees_with_a_full_recount() -> None:
    """The fast analysis (board.analyse: kingdoms, leader and tile squares on bit masks, a moving leader's
    kingdom split locally, each position's kingdoms derived from the last position's) agrees with
    regions() and the rules written out square by square, over random games on both boards."""
    import ludoteca
    from ludoteca.core import Rng
    from ludoteca.games.tigris_euphrates.board import analyse, leader_squares, mask_of, regions, squares_of

    def kingdoms_next_to(geometry: object, neighbours: tuple[int, ...]) -> set[int]:
        label, leaders = geometry.label, geometry.leaders  # type: ignore[attr-defined]
        return {label[n] for n in neighbours if label[n] in leaders}

    checked = 0
    for seed, players, board in ((0, 3, "standard"), (1, 2, "advanced"), (2, 4, "standard")):
        state = ludoteca.load_game("tigris-euphrates", players, {"board": board}).new_state(seed=seed)
        chooser = Rng(seed)
        while not state.is_over():
            data, geometry, fast = state.data, regions(state.board, state.data), state.analysis()
            expected = [(mask_of(geometry.squares[r]), tuple(geometry.leaders[r])) for r in sorted(geometry.leaders)]
            assert [(k.mask, k.leaders) for k in fast.kingdoms] == expected
            assert analyse(board, data).kingdoms == fast.kingdoms  # built afresh, not from the last position
            placed = leader_squares(data)
            cells, around = data["cells"], state.board.neighbours
            empty = [sq for sq in range(176) if not cells[sq] and sq not in placed]
            free = [sq for sq in empty if len(kingdoms_next_to(geometry, around[sq])) < 3]
            assert squares_of(fast.open) == free
            candidates = [
                sq for sq in empty if sq not in state.board.river and any(cells[n] == "r" for n in around[sq])
            ]
            assert squares_of(fast.candidates) == candidates
            for square in [-1, *placed]:
                lifted = regions(state.board, data, frozenset({square})) if square >= 0 else geometry
                targets = [sq for sq in candidates if len(kingdoms_next_to(lifted, around[sq])) <= 1]
                assert squares_of(fast.leader_targets(square)) == targets
                checked += 1
            seat = state.to_act()[0]
            state.apply_legal(seat, state.random_action(seat, chooser))
    assert checked > 500


def test_the_analysis_never_outlives_its_board() -> None:
    """The analysis a state keeps (and shares with its clones) is used only for the board it was built
    from: moves on a clone, or a board edited by hand, get their own analysis, and the original keeps its."""
    from ludoteca.games.tigris_euphrates.board import analyse, squares_of
    from tests.games.tigris_euphrates.helpers import sq

    state = start(2, keep=["F3"], clear=True, leaders=[{"king": "F4"}], hands=[["black"] * 6, ["red"] * 6])
    first = state.analysis()
    twin = state.clone()
    assert twin.analysis() is first  # the same board: shared, never changed
    twin.apply(0, "place black on G4")
    assert twin.analysis() is not first and twin.analysis().kingdoms[0].mask >> sq("G4") & 1
    assert state.analysis() is first
    assert not first.kingdoms[0].mask >> sq("G4") & 1
    state.data["cells"][sq("G4")] = "k"  # an edit no rule made still shows at once
    edited = state.analysis()
    assert edited is not first and sq("G4") not in squares_of(edited.open)
    assert edited.kingdoms == analyse("standard", state.data).kingdoms
    assert edited.kingdoms[0].mask >> sq("G4") & 1
