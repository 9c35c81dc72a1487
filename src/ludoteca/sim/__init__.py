"""Simulations: many games between agents, on local worker processes or a Ray cluster, and their reports.

``run_simulation`` plays the games and writes ``results.jsonl``; ``summarize`` turns those lines into
``summary.json``; ``write_report`` draws the plots and writes ``report.md``. Each game's seed derives
from (master seed, game index) and its seats rotate the agents, so the results do not depend on the
number of workers or on the backend.
"""

from ludoteca.sim.runner import GameSpec, plan_games, play_one, run_simulation
from ludoteca.sim.summary import load_results, summarize

__all__ = ["GameSpec", "load_results", "plan_games", "play_one", "run_simulation", "summarize"]
