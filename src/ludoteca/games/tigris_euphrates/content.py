"""The boards and components of Tigris & Euphrates, loaded from ``data/`` and validated.

A board is a 16 × 11 grid of squares: land, river, starting temple or framed starting temple. The
loader checks the grid's size, its legend, and the published counts of rivers, temples and framed
temples, so a typo in the data is an error at start-up rather than a wrong game.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

WIDTH, HEIGHT = 16, 11
COLOURS = ("red", "blue", "black", "green")
CODE = {"red": "r", "blue": "b", "black": "k", "green": "g"}
NAME = {code: colour for colour, code in CODE.items()}
LEGEND = {".": "land", "R": "river", "T": "temple", "C": "framed"}
DATA = Path(__file__).parent / "data"


class ContentError(ValueError):
    """The board or component data is malformed (names the file, board and problem)."""


def _name(index: int) -> str:
    row, col = divmod(index, WIDTH)
    return f"{chr(ord('A') + col)}{row + 1}"


SQUARE_NAMES = tuple(_name(index) for index in range(WIDTH * HEIGHT))


def square_name(index: int) -> str:
    """BGA notation: column letter A-P, row number 1-11 (row 1 at the top)."""
    return SQUARE_NAMES[index]


def square_index(name: str) -> int:
    """The index of a square named like ``"F4"``; ValueError for a name off the board."""
    name = name.strip().upper()
    if len(name) < 2 or not "A" <= name[0] <= chr(ord("A") + WIDTH - 1) or not name[1:].isdigit():
        raise ValueError(f"{name!r} is not a square (columns A-P, rows 1-11)")
    row = int(name[1:]) - 1
    if not 0 <= row < HEIGHT:
        raise ValueError(f"{name!r} is not a square (columns A-P, rows 1-11)")
    return row * WIDTH + ord(name[0]) - ord("A")


@dataclass(frozen=True)
class Board:
    """One board: which squares are rivers, which hold starting temples, and which are framed."""

    name: str
    provenance: str
    river: frozenset[int]
    temples: tuple[int, ...]
    framed: frozenset[int]
    neighbours: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Components:
    tiles: dict[str, int]  # colour code -> tiles in the box
    leader_names: dict[str, str]  # colour code -> "king", ...
    hand: int
    catastrophes: int
    actions_per_turn: int
    monuments: tuple[str, ...]  # two-letter ids, e.g. "kg" for black/green
    treasures_left: int


def _neighbours() -> tuple[tuple[int, ...], ...]:
    result = []
    for index in range(WIDTH * HEIGHT):
        row, col = divmod(index, WIDTH)
        around = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            r, c = row + dr, col + dc
            if 0 <= r < HEIGHT and 0 <= c < WIDTH:
                around.append(r * WIDTH + c)
        result.append(tuple(around))
    return tuple(result)


def parse_board(name: str, raw: dict[str, Any], where: str = "boards.toml") -> Board:
    """Build and validate one board from its TOML table."""
    grid = raw.get("grid")
    if not isinstance(grid, list) or len(grid) != HEIGHT:
        raise ContentError(f"{where} [{name}]: the grid must have {HEIGHT} rows")
    river, temples, framed = set(), [], set()
    for row, line in enumerate(grid):
        if not isinstance(line, str) or len(line) != WIDTH:
            raise ContentError(f"{where} [{name}]: row {row + 1} must have {WIDTH} squares, not {line!r}")
        for col, mark in enumerate(line):
            if mark not in LEGEND:
                raise ContentError(f"{where} [{name}]: unknown mark {mark!r} at {square_name(row * WIDTH + col)}")
            index = row * WIDTH + col
            if mark == "R":
                river.add(index)
            elif mark in "TC":
                temples.append(index)
                if mark == "C":
                    framed.add(index)
    for key, found in (("rivers", len(river)), ("temples", len(temples)), ("framed", len(framed))):
        if raw.get(key) != found:
            raise ContentError(f"{where} [{name}]: the grid has {found} {key}, the data says {raw.get(key)}")
    return Board(
        name, str(raw.get("provenance", "")), frozenset(river), tuple(temples), frozenset(framed), _neighbours()
    )


def parse_components(raw: dict[str, Any], where: str = "components.toml") -> Components:
    try:
        tiles = {CODE[colour]: int(raw["tiles"][colour]) for colour in COLOURS}
        leaders = {CODE[colour]: str(raw["leaders"][colour]) for colour in COLOURS}
        player = raw["player"]
        monuments = []
        for pair in player["monuments"]:
            if len(pair) != 2 or any(colour not in CODE for colour in pair) or pair[0] == pair[1]:
                raise ContentError(f"{where}: a monument is two different colours, not {pair!r}")
            monuments.append(CODE[pair[0]] + CODE[pair[1]])
        if len(set(monuments)) != len(monuments):
            raise ContentError(f"{where}: a monument is listed twice")
        return Components(
            tiles,
            leaders,
            int(player["hand"]),
            int(player["catastrophes"]),
            int(player["actions_per_turn"]),
            tuple(monuments),
            int(raw["end"]["treasures_left"]),
        )
    except KeyError as missing:
        raise ContentError(f"{where}: missing {missing}") from None


@cache
def boards(folder: Path = DATA) -> dict[str, Board]:
    raw = tomllib.loads((folder / "boards.toml").read_text(encoding="utf-8"))
    return {name: parse_board(name, table) for name, table in raw.items()}


@cache
def components(folder: Path = DATA) -> Components:
    return parse_components(tomllib.loads((folder / "components.toml").read_text(encoding="utf-8")))


# The rules help entries the browser shows (data/help.toml), section by section; the renderer looks them up.
HELP_KEYS: dict[str, frozenset[str]] = {
    "leaders": frozenset({"king", "priest", "farmer", "trader", "placing"}),
    "tiles": frozenset(COLOURS),
    "pieces": frozenset({"treasure", "framed", "monument", "catastrophe", "unification"}),
    "squares": frozenset({"river", "land", "temple", "kingdom"}),
    "actions": frozenset({"leader", "tile", "catastrophe", "swap", "pass", "end_of_turn"}),
    "conflicts": frozenset({"revolt", "war", "score"}),
}


def parse_help(raw: dict[str, Any], where: str = "help.toml") -> dict[str, dict[str, dict[str, str]]]:
    """Validate the rules help: exactly the sections and entries of ``HELP_KEYS``, each a non-empty title
    and text (so the page never shows a blank tip, and a typo is an error at start-up, not a missing tip)."""
    if set(raw) != set(HELP_KEYS):
        raise ContentError(f"{where}: sections must be {sorted(HELP_KEYS)}, not {sorted(raw)}")
    texts: dict[str, dict[str, dict[str, str]]] = {}
    for section, keys in HELP_KEYS.items():
        entries = raw[section]
        if not isinstance(entries, dict) or set(entries) != keys:
            found = sorted(entries) if isinstance(entries, dict) else entries
            raise ContentError(f"{where} [{section}]: entries must be {sorted(keys)}, not {found}")
        texts[section] = {}
        for key, entry in entries.items():
            if not isinstance(entry, dict) or set(entry) != {"title", "text"}:
                raise ContentError(f"{where} [{section}.{key}]: an entry has a title and a text, nothing else")
            if not all(isinstance(entry[f], str) and entry[f].strip() for f in ("title", "text")):
                raise ContentError(f"{where} [{section}.{key}]: the title and text must be non-empty strings")
            texts[section][key] = {"title": entry["title"].strip(), "text": " ".join(entry["text"].split())}
    return texts


@cache
def help_texts(folder: Path = DATA) -> dict[str, dict[str, dict[str, str]]]:
    return parse_help(tomllib.loads((folder / "help.toml").read_text(encoding="utf-8")))
