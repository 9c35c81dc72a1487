"""Reinforcement-learning adapters: every Ludoteca game behind PettingZoo's, OpenSpiel's and Gymnasium's APIs.

Install them with ``pip install ludoteca[rl]``. Nothing here is imported by ``import ludoteca``:
numpy, PettingZoo and OpenSpiel are optional, so the engine itself never pays for them.

* :mod:`ludoteca.adapters.encoding` — the fixed-size action space and observation every adapter shares;
* :mod:`ludoteca.adapters.encodings` — one module per game saying how its decisions and views become numbers;
* :mod:`ludoteca.adapters.pettingzoo` — ``env(game_id, players=N, **options)``, a PettingZoo AEC environment;
* :mod:`ludoteca.adapters.openspiel` — ``register()``, every game in OpenSpiel's Python game API;
* :mod:`ludoteca.adapters.gym` — ``LudotecaGymEnv``, one learning seat against fixed Ludoteca agents (Gymnasium);
* :mod:`ludoteca.adapters.vector` — ``VectorEnv``, N games stepped at once, stacked numpy arrays, auto-reset.

``docs/adapters.md`` documents each game's action space and observation, piece by piece.
"""
