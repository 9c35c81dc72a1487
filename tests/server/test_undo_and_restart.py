"""Undo (one's own last action, while it revealed nothing) and a restart that loses nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.server import create_app
from tests.server.conftest import claim_all
from tests.server.test_api import act, entries, state

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

NewGame = Callable[..., dict[str, Any]]


def undo(client: TestClient, created: dict[str, Any], seat: int, version: int | None = None) -> Any:
    if version is None:
        version = state(client, created, seat)["version"]
    token = created["seats"][seat]["token"]
    return client.post(f"/api/games/{created['id']}/undo", json={"token": token, "version": version})


def test_an_action_that_revealed_nothing_can_be_taken_back(client: TestClient, new_game: NewGame) -> None:
    created = new_game("blind-draw")
    before = state(client, created, 0)
    assert act(client, created, 0, "stop").status_code == 200
    assert state(client, created, 0)["can_undo"] is True
    assert state(client, created, 1)["can_undo"] is False  # not seat 1's action
    response = undo(client, created, 0)
    assert response.status_code == 200, response.text
    after = response.json()
    assert after["version"] == 2 and after["to_act"] == [0]
    assert after["view"] == before["view"] and after["legal_actions"] == before["legal_actions"]
    assert client.get(f"/api/games/{created['id']}/record").json()["actions"] == []
    assert entries(client, created["id"]) == 2  # the action and its undo: the history is append-only


def test_the_lobby_counts_the_moves_played_not_the_undos(database: str) -> None:
    """The lobby's "N moves" showed the history's version, which an undo raises by one: a move made and taken
    back read as 2 moves. It counts the actions played now, in the live line and as read from the database."""
    with TestClient(create_app(database, bot_delay=0)) as client:
        created = claim_all(client, client.post(
            "/api/games", json={"game": "blind-draw", "seats": ["human", "human"], "seed": 5, "practice": True}).json())
        assert act(client, created, 0, "stop").status_code == 200
        assert undo(client, created, 0).status_code == 200
        assert act(client, created, 0, "draw").status_code == 200
        (line,) = client.get("/api/games").json()["games"]
        assert (line["version"], line["moves"]) == (3, 1)
    with TestClient(create_app(database, bot_delay=0)) as client:  # a new process reads the stored line
        (line,) = client.get("/api/games").json()["games"]
        assert (line["version"], line["moves"]) == (3, 1)


def test_the_others_are_told_a_move_was_taken_back_also_after_a_restart(database: str) -> None:
    """The move and its log lines vanished from the other players' pages with nothing to say why. An undo now
    leaves a line where the move stood, naming who took one back (never the move: a swap's tiles are secret)."""
    with TestClient(create_app(database, bot_delay=0)) as client:
        created = claim_all(client, client.post(
            "/api/games", json={"game": "blind-draw", "seats": ["human", "human"], "seed": 5, "practice": True}).json())
        assert act(client, created, 0, "stop").status_code == 200
        assert undo(client, created, 0).status_code == 200
        for seat in (0, 1):
            assert state(client, created, seat)["log"][-1]["text"] == "Seat 0 took back a move."
        assert client.get(f"/api/games/{created['id']}").json()["log"][-1]["type"] == "undone"  # a spectator too
    with TestClient(create_app(database, bot_delay=0)) as client:  # read back from the stored history
        assert state(client, created, 1)["log"][-1]["text"] == "Seat 0 took back a move."


def test_a_history_with_a_resignation_before_an_undone_move_is_read_back(database: str) -> None:
    """Seat 0 places its turn's first tile, seat 1 resigns (a bot plays on, but it is not its turn), seat 0 takes
    the tile back: the resignation's line was written when one more action stood than stands now. A restart
    reads the history back with both lines."""
    body = {"game": "tigris-euphrates", "players": 3, "seats": ["human", "human", "human"], "seed": 5,
            "practice": True}
    with TestClient(create_app(database, bot_delay=0)) as client:
        created = claim_all(client, client.post("/api/games", json=body).json())
        first = next(a for a in state(client, created, 0)["legal_actions"] if a.startswith("place black"))
        assert act(client, created, 0, first).status_code == 200
        version = state(client, created, 1)["version"]
        resigned = client.post(f"/api/games/{created['id']}/resign", json={"version": version},
                               headers={"Authorization": f"Bearer {created['seats'][1]['token']}"})
        assert resigned.status_code == 200, resigned.text
        assert undo(client, created, 0).status_code == 200
        live = [event["type"] for event in state(client, created, 0)["log"]]
    with TestClient(create_app(database, bot_delay=0)) as client:
        again = [event["type"] for event in state(client, created, 0)["log"]]
    assert "resigned" in live and "undone" in live and sorted(again) == sorted(live)


@pytest.mark.parametrize(("action", "reason"), [("draw", "revealed hidden information"), ("roll", "rolled dice")])
def test_no_undo_once_a_card_was_seen_or_a_die_rolled(
    client: TestClient, new_game: NewGame, action: str, reason: str
) -> None:
    created = new_game("blind-draw")
    assert act(client, created, 0, action).status_code == 200
    assert state(client, created, 0)["can_undo"] is False
    before = state(client, created, 0)
    response = undo(client, created, 0)
    assert response.status_code == 400 and reason in response.json()["detail"]
    assert state(client, created, 0) == before


def test_tigris_tile_placement_undoes_but_the_turns_end_draws_do_not(client: TestClient, new_game: NewGame) -> None:
    created = new_game()
    first = next(a for a in state(client, created, 0)["legal_actions"] if a.startswith("place black"))
    assert act(client, created, 0, first).status_code == 200
    assert state(client, created, 0)["can_undo"] is True
    second = next(a for a in state(client, created, 0)["legal_actions"] if a.startswith("place red"))
    assert act(client, created, 0, second).status_code == 200  # the turn ends: seat 0 draws new tiles
    assert state(client, created, 0)["can_undo"] is False
    assert "revealed hidden information" in undo(client, created, 0).json()["detail"]


def test_undo_refusals(client: TestClient, new_game: NewGame) -> None:
    created = new_game("blind-draw")
    assert "nothing has been played" in undo(client, created, 0).json()["detail"]
    assert act(client, created, 0, "stop").status_code == 200
    assert "not yours" in undo(client, created, 1).json()["detail"]
    assert undo(client, created, 0, version=0).status_code == 409
    token_free = client.post(f"/api/games/{created['id']}/undo", json={"token": "", "version": 1})
    assert token_free.status_code == 403
    assert client.post(f"/api/games/{created['id']}/undo", json={"token": "guess", "version": 1}).status_code == 403
    # No token at all (no body field, no Authorization header) is a spectator's request: 403, like an empty one.
    assert client.post(f"/api/games/{created['id']}/undo", json={"version": 1}).status_code == 403
    assert entries(client, created["id"]) == 1


def test_a_restarted_server_rebuilds_every_game_and_carries_on(database: str) -> None:
    app = create_app(database, bot_delay=0)
    with TestClient(app) as client:
        created = client.post(
            "/api/games", json={"game": "tigris-euphrates", "players": 2, "seats": ["human", "random"], "seed": 5}
        ).json()
        for _ in range(3):
            legal = state(client, created, 0)["legal_actions"]
            move = next((a for a in legal if a.startswith("place")), legal[0])
            assert act(client, created, 0, move).status_code == 200
        body = {"game": "blind-draw", "players": 2, "seats": ["human", "human"]}
        undone = client.post("/api/games", json=body).json()
        assert act(client, undone, 0, "stop").status_code == 200
        assert undo(client, undone, 0).status_code == 200
        seen = state(client, created, 0)
        seen_undone = state(client, undone, 0)
        record = client.get(f"/api/games/{created['id']}/record").json()

    with TestClient(create_app(database, bot_delay=0)) as client:  # the same database, a new process's worth of app
        again = state(client, created, 0)
        assert again == seen
        assert state(client, undone, 0) == seen_undone
        assert client.get(f"/api/games/{created['id']}/record").json() == record
        legal = again["legal_actions"]
        response = act(client, created, 0, next(a for a in legal if a.startswith("place")), version=again["version"])
        assert response.status_code == 200 and response.json()["version"] > again["version"]
