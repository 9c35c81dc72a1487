"""Random plies per second through the generic path and the sampler path, as ratios to python-chess.

Run:  python bench/generic_path.py [GAME ...] [--players N] [--seeds K] [--rounds R] [--clock wall|cpu]
          [--option KEY=VALUE ...]

For each game (all four by default): random playouts through ``legal_actions`` then ``apply_legal``
(the generic path every agent and adapter takes) and through ``random_action`` then ``apply_legal``
(the sampler path of rollouts), each divided by python-chess random playouts measured in the same
process just before and after it, the median over ``--rounds`` rounds (``ludoteca.speed.measure``).
``--option`` sets a game option (e.g. Arabian Struggle's ``variant=draft``) for every game named.
``--clock cpu`` times both in process time, steadier on a loaded machine. Issue #21's targets: Tigris &
Euphrates at least 0.5x on the generic path, every other game at least 1.0x.
"""

from __future__ import annotations

import argparse

from ludoteca.core import list_games
from ludoteca.speed import measure


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seeds", type=int, default=10, help="games per path")
    parser.add_argument("--chess-seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    args = parser.parse_args()
    options = dict(option.split("=", 1) for option in args.option)
    shown = "".join(f", {key}={value}" for key, value in options.items())
    print(f"clock: {args.clock}, {args.rounds} rounds of {args.seeds} games per path, medians{shown}")
    print(f"{'game':<24}{'players':>8}{'generic/s':>12}{'sampler/s':>12}{'chess/s':>10}{'generic':>9}{'sampler':>9}")
    for game in args.games or list_games():
        row = measure(
            game,
            args.players,
            range(args.seeds),
            options,
            chess_seconds=args.chess_seconds,
            rounds=args.rounds,
            clock=args.clock,
        )
        print(
            f"{row.game:<24}{row.players:>8}{row.generic_plies_per_s:>12.0f}{row.sampler_plies_per_s:>12.0f}"
            f"{row.chess_plies_per_s:>10.0f}{row.generic_ratio:>8.2f}x{row.sampler_ratio:>8.2f}x",
            flush=True,
        )


if __name__ == "__main__":
    main()
