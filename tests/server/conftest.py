"""Fixtures for the server tests: an app on a temporary database, bots moving without a pause.

Every test that takes ``database`` (directly or through ``client``) runs twice: on a SQLite file in its
temporary directory, and on a fresh PostgreSQL database created for it on the server that
``LUDOTECA_TEST_POSTGRES`` names (``postgresql+psycopg://USER:PASS@HOST:PORT/DB``, an account that may
``CREATE DATABASE``; ``.ci/run`` starts a throwaway one). Without that variable the PostgreSQL runs are
skipped with the reason, except in CI (``CI=true``), where they fail: CI must never pass by skipping them.
"""

from __future__ import annotations

import os
import time
import uuid
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server tests need the web extra: pip install -e '.[web]'")

with warnings.catch_warnings():  # Starlette's notice about its next HTTP client is not ours to act on
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from fastapi.testclient import TestClient

from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine

from ludoteca.server import create_app

DATABASES = ["sqlite", "postgresql"]
"""The kinds of database every storage-touching server test runs on (the ``database`` fixture's ids)."""

POSTGRES_VARIABLE = "LUDOTECA_TEST_POSTGRES"


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"true", "1", "yes"}


def _unavailable(reason: str) -> None:
    """Skip the PostgreSQL run with the reason; in CI, fail it instead."""
    if _in_ci():
        pytest.fail(f"CI=true but {reason}: .ci/run must start PostgreSQL for the server tests", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def postgres_admin() -> Iterator[Engine]:
    """An autocommit connection to ``LUDOTECA_TEST_POSTGRES``'s server, to create and drop each test's database."""
    url = os.environ.get(POSTGRES_VARIABLE, "").strip()
    if not url:
        _unavailable(
            f"{POSTGRES_VARIABLE} is not set (postgresql+psycopg://USER:PASS@127.0.0.1:PORT/DB, an account that "
            "may CREATE DATABASE; .ci/run starts a throwaway server)"
        )
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _unavailable("the PostgreSQL driver is missing: pip install -e '.[web,postgres]'")
    engine = create_engine(url, isolation_level="AUTOCOMMIT", pool_size=1)
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except Exception as error:  # the variable is set: a server that does not answer is a failure, not a skip
        engine.dispose()
        pytest.fail(f"{POSTGRES_VARIABLE} is set but its server does not answer: {error}", pytrace=False)
    yield engine
    engine.dispose()


@contextmanager
def new_database(request: pytest.FixtureRequest, kind: str, folder: Path) -> Iterator[str]:
    """The URL of an empty database of ``kind`` for one test (or one module's server), removed afterwards.

    SQLite: a file in ``folder``. PostgreSQL: ``CREATE DATABASE`` with a unique name on the server of
    ``LUDOTECA_TEST_POSTGRES``, dropped at teardown ``WITH (FORCE)``, which also ends any connection an
    engine left open.
    """
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'games.sqlite3'}"
        return
    admin: Engine = request.getfixturevalue("postgres_admin")
    name = f"ludoteca_test_{uuid.uuid4().hex[:16]}"
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield admin.url.set(database=name).render_as_string(hide_password=False)
    finally:
        _drop(admin, name)


def _drop(admin: Engine, name: str) -> None:
    """Drop a test's database, ending the connections its engines left open. A connection another role
    holds (a server's background worker) may refuse to be ended: the drop is then tried again, briefly,
    and a database left over in the throwaway cluster is a warning, not a failure of the test."""
    for attempt in range(5):
        try:
            with admin.connect() as connection:
                connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            return
        except Exception as error:
            if attempt == 4:
                warnings.warn(f"test database {name} was left behind: {error}", stacklevel=2)
                return
            time.sleep(0.2 * (attempt + 1))


@pytest.fixture(params=DATABASES)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A SQLAlchemy URL of an empty database: a SQLite file, then a fresh PostgreSQL database."""
    with new_database(request, request.param, tmp_path) as url:
        yield url


def stored_entries(database: str) -> dict[str, list[tuple[int, str, int, str]]]:
    """Every game's rows of ``entries`` by number, ``(number, kind, seat, text)``, read from the database itself
    (not through a server), on any URL — what ``bench/server_load.py``'s reader does for a SQLite file."""
    engine = create_engine(database)
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                text("SELECT game_id, number, kind, seat, text FROM entries ORDER BY game_id, number")
            ).all()
    finally:
        engine.dispose()
    found: dict[str, list[tuple[int, str, int, str]]] = {}
    for game_id, number, kind, seat, entry_text in rows:
        found.setdefault(game_id, []).append((number, kind, seat, entry_text))
    return found


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


# The module fixtures the browser test modules share (a module may define its own instead: a server with
# other limits, say). Each imports what it needs when used, so the other server tests never load them.
@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """uvicorn on 127.0.0.1 and a free port, a temporary SQLite file, bots without a pause and no rate limit
    (a person's clicks are far below it, but a slow machine must not matter)."""
    from ludoteca.server import create_app
    from ludoteca.server.limits import Limits
    from tests.server.browsing import live_server

    database = f"sqlite:///{tmp_path_factory.mktemp('browser') / 'games.sqlite3'}"
    with live_server(create_app(database, bot_delay=0, limits=Limits(rate_requests=0))) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium for the whole module."""
    from tests.server.browsing import chromium

    playwright_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright (dev extra)")
    with chromium(playwright_api) as launched:
        yield launched
