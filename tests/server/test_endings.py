"""Ending a game before its rules do: resigning, abandoning, expiry (docs/server.md, Ending a game early)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient

from ludoteca.server import create_app
from tests.server.conftest import claim_all


def bearer(created: dict[str, Any], seat: int) -> dict[str, str]:
    return {"Authorization": f"Bearer {created['seats'][seat]['token']}"}


def seen(client: TestClient, created: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    headers = {} if seat is None else bearer(created, seat)
    body: dict[str, Any] = client.get(f"/api/games/{created['id']}", headers=headers).json()
    return body


def test_resigning_a_two_player_game_ends_it_and_the_other_seat_wins(database: str) -> None:
    with TestClient(create_app(database, bot_delay=0)) as client:
        created = claim_all(client, client.post("/api/games", json={"game": "tigris-euphrates",
                                                                      "seats": ["human", "human"]}).json())
        url = f"/api/games/{created['id']}"
        stale = client.post(f"{url}/resign", json={"version": 5}, headers=bearer(created, 1))
        assert stale.status_code == 409
        assert client.post(f"{url}/resign", json={"version": 0}).status_code == 403  # a spectator
        answer = client.post(f"{url}/resign", json={"version": 0}, headers=bearer(created, 1))
        assert answer.status_code == 200
        body = answer.json()
        assert body["over"] and body["ended"] == "seat 1 resigned" and body["result"]["winners"] == [0]
        assert body["legal_actions"] == [] and body["to_act"] == []
        move = {"version": 1, "action": seen(client, created, 0)["legal_actions"][:1] or "pass"}
        assert client.post(f"{url}/actions", json=move, headers=bearer(created, 0)).status_code in (400, 409)
        record = client.get(f"{url}/record").json()
        assert "seed" in record and record["ended"] == "seat 1 resigned"  # the game is over: everything shows
        assert client.get(f"{url}/replay", params={"step": 0}).status_code == 200
        listed = client.get("/api/games").json()["games"][0]
        assert listed["over"] and listed["winners"] == [0] and listed["ended"] == "seat 1 resigned"
    with TestClient(create_app(database, bot_delay=0)) as client:  # a restart reads the resignation back
        again = seen(client, created, 0)
        assert again["ended"] == "seat 1 resigned" and again["result"]["winners"] == [0]


def test_resigning_with_three_players_hands_the_seat_to_a_bot(client: TestClient) -> None:
    body = {"game": "tigris-euphrates", "players": 3, "seats": ["human", "human", "random"]}
    created = claim_all(client, client.post("/api/games", json=body).json())
    url = f"/api/games/{created['id']}"
    answer = client.post(f"{url}/resign", json={"version": 0}, headers=bearer(created, 1))
    assert answer.status_code == 200
    state = seen(client, created, 0)
    assert not state["over"] and state["resigned"] == [1] and state["seats"][1]["player"] == "heuristic"
    assert client.get(url, headers=bearer(created, 1)).status_code == 403  # the seat is the bot's now
    service = client.app.state.service  # type: ignore[attr-defined]
    assert service.rooms[created["id"]].seats[1].agent is not None


def test_abandoning_is_for_a_person_playing_alone(client: TestClient) -> None:
    alone = client.post("/api/games", json={"game": "mankind", "seats": ["human", "random"]}).json()
    answer = client.post(f"/api/games/{alone['id']}/abandon", json={"version": seen(client, alone, 0)["version"]},
                         headers=bearer(alone, 0))
    assert answer.status_code == 200 and answer.json()["ended"] == "the game was abandoned"
    assert answer.json()["result"]["winners"] == []
    together = claim_all(client, client.post("/api/games", json={"game": "tigris-euphrates",
                                                                   "seats": ["human", "human"]}).json())
    refused = client.post(f"/api/games/{together['id']}/abandon", json={"version": 0}, headers=bearer(together, 0))
    assert refused.status_code == 409 and "resign instead" in refused.json()["detail"]
    assert not seen(client, together, 0)["over"]


def test_a_game_nobody_moves_in_expires(database: str) -> None:
    with TestClient(create_app(database, bot_delay=0)) as client:
        old = client.post("/api/games", json={"game": "mankind", "seats": ["human", "random"]}).json()
        service = client.app.state.service  # type: ignore[attr-defined]
        soon = datetime.now(UTC) + timedelta(days=29)
        assert asyncio.run(service.expire(30, now=soon)) == []
        later = datetime.now(UTC) + timedelta(days=31)
        assert asyncio.run(service.expire(30, now=later)) == [old["id"]]
        assert seen(client, old)["ended"] == "the game expired unfinished"
    with TestClient(create_app(database, bot_delay=0)) as client:
        assert seen(client, old)["ended"] == "the game expired unfinished"


def test_a_resigned_seats_open_socket_sees_no_more_than_a_spectator(client: TestClient) -> None:
    """The attack: resign, keep the page open, and read the tiles of the bot now playing the seat (they came with
    every move) to pass them on to a friend still playing. After the resignation the socket gets what a
    spectator gets."""
    body = {"game": "tigris-euphrates", "players": 3, "seats": ["human", "human", "random"]}
    created = claim_all(client, client.post("/api/games", json=body).json())
    url = f"/api/games/{created['id']}"
    with client.websocket_connect(f"/ws/games/{created['id']}?token={created['seats'][1]['token']}") as socket:
        first = socket.receive_json()
        assert first["seat"] == 1 and isinstance(first["view"]["hands"][1], dict)  # its own tiles, while its own
        assert client.post(f"{url}/resign", json={"version": 0}, headers=bearer(created, 1)).status_code == 200
        for _ in range(3):  # the resignation, then the moves that follow it
            pushed = socket.receive_json()
            assert pushed["seat"] is None and all(isinstance(hand, int) for hand in pushed["view"]["hands"])
            assert pushed["legal_actions"] == []
            if pushed["version"] >= 2:
                break
            legal = seen(client, created, 0)["legal_actions"]
            if legal:
                move = {"version": seen(client, created, 0)["version"], "action": legal[0]}
                assert client.post(f"{url}/actions", json=move, headers=bearer(created, 0)).status_code == 200
