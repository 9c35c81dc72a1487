"""Fixtures for the server tests: an app on a temporary SQLite database, bots moving without a pause."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server tests need the web extra: pip install -e '.[web]'")

with warnings.catch_warnings():  # Starlette's notice about its next HTTP client is not ours to act on
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from fastapi.testclient import TestClient

from ludoteca.server import create_app


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.sqlite3'}"


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with TestClient(create_app(database, bot_delay=0)) as test_client:
        yield test_client


@pytest.fixture
def new_game(client: TestClient) -> Callable[..., dict[str, Any]]:
    """Create a game through the API and return the response body (fails the test on any refusal)."""

    def make(
        game: str = "tigris-euphrates", seats: list[str] | None = None, seed: int | None = 5, **extra: Any
    ) -> dict[str, Any]:
        seats = seats or ["human", "human"]
        body = {"game": game, "players": len(seats), "seats": seats, **extra}
        if seed is not None:
            body["seed"] = seed
            # A chosen seed with several people is a practice game; the tests play every seat themselves.
            body.setdefault("practice", sum(seat == "human" for seat in seats) > 1)
        response = client.post("/api/games", json=body)
        assert response.status_code == 200, response.text
        created: dict[str, Any] = response.json()
        return claim_all(client, created)

    return make


def claim_all(client: Any, created: dict[str, Any]) -> dict[str, Any]:
    """Take every invited seat of a new game, putting each seat's token where the creator's is (``token``).

    A test plays all the people at the table; in real play each invitation goes to a different person.
    """
    for seat in created["seats"]:
        if seat.get("invite"):
            answer = client.post(f"/api/games/{created['id']}/claim", json={"invite": seat["invite"]})
            assert answer.status_code == 200, answer.text
            seat["token"] = answer.json()["token"]
    return created
