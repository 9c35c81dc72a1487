"""Log deltas (issue #23): an action's answer and a socket's pushes carry only the log entries the client lacks.

What must hold: merged with what the client already held, a delta gives exactly the seat's whole log (what GET
answers); it never carries an entry the seat may not read (Tigris & Euphrates deals private "You draw ..."
lines); a client whose log no longer extends to the present (an undo shortened it, a count it cannot hold, a
new connection) gets the whole log instead.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.test_api import state
from tests.server.test_undo_and_restart import undo

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

NewGame = Callable[..., dict[str, Any]]


def post(
    client: TestClient, created: dict[str, Any], seat: int, version: int, action: str, log: int | None
) -> dict[str, Any]:
    body: dict[str, Any] = {"token": created["seats"][seat]["token"], "version": version, "action": action}
    if log is not None:
        body["log"] = log
    response = client.post(f"/api/games/{created['id']}/actions", json=body)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def merge(held: list[dict[str, Any]], payload: dict[str, Any]) -> list[dict[str, Any]]:
    """What the game page does (static/js/game.js, ``completed``)."""
    if payload["log_base"] is None:
        return list(payload["log"])
    assert len(held) >= payload["log_from"]
    return held[: payload["log_from"]] + payload["log"]


def private_to_others(log: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    return [entry for entry in log if "seats" in entry and (seat is None or seat not in entry["seats"])]


def test_an_actions_answer_carries_only_the_new_entries_and_merges_to_the_whole_log(
    client: TestClient, new_game: NewGame
) -> None:
    created = new_game()  # Tigris & Euphrates between two people: private draw lines for each seat
    rng = random.Random(3)
    held = {seat: state(client, created, seat)["log"] for seat in (0, 1)}
    versions = {seat: 0 for seat in (0, 1)}
    deltas = 0
    for _ in range(24):
        now = state(client, created, 0)
        seat = now["to_act"][0]
        seen = state(client, created, seat) if versions[seat] != now["version"] else None
        if seen is not None:  # this seat's page was not told of the other's moves here: it reloads
            held[seat], versions[seat] = seen["log"], seen["version"]
        legal = [text for text in state(client, created, seat)["legal_actions"] if not text.startswith("swap")]
        answer = post(client, created, seat, versions[seat], rng.choice(legal), len(held[seat]))
        assert answer["log_base"] == versions[seat] and answer["log_from"] == len(held[seat])
        deltas += 1
        assert len(answer["log"]) < len(state(client, created, seat)["log"])  # not the whole log
        held[seat], versions[seat] = merge(held[seat], answer), answer["version"]
        assert held[seat] == state(client, created, seat)["log"]  # exactly the whole log GET gives
        assert private_to_others(answer["log"], seat) == []
    assert deltas == 24
    assert any("seats" in entry for entry in held[0])  # the game did deal private lines: the check had teeth


def test_without_a_count_or_with_one_it_cannot_hold_the_answer_has_the_whole_log(
    client: TestClient, new_game: NewGame
) -> None:
    created = new_game()
    first = state(client, created, 0)
    action = next(text for text in first["legal_actions"] if text.startswith("place"))
    plain = post(client, created, 0, 0, action, None)  # an older client: the whole log, as before deltas
    assert plain["log_from"] == 0 and plain["log_base"] is None and plain["log"] == state(client, created, 0)["log"]
    action = next(text for text in plain["legal_actions"] if text.startswith("place"))
    too_many = post(client, created, 0, plain["version"], action, len(plain["log"]) + 50)
    assert too_many["log_base"] is None and too_many["log"] == state(client, created, 0)["log"]


def test_a_socket_gets_the_whole_log_first_then_deltas_and_the_whole_log_again_after_an_undo(
    client: TestClient, new_game: NewGame
) -> None:
    created = new_game()
    game_id = created["id"]
    with (
        client.websocket_connect(f"/ws/games/{game_id}?log=delta") as seat_socket,
        client.websocket_connect(f"/ws/games/{game_id}?log=delta") as spectator,
        client.websocket_connect(f"/ws/games/{game_id}") as plain,
    ):
        assert seat_socket.receive_json()["seat"] is None  # the greeting, before the token
        seat_socket.send_json({"token": created["seats"][1]["token"]})
        greeting = seat_socket.receive_json()
        assert greeting["seat"] == 1 and greeting["log_base"] is None  # the first message after the token: whole
        held = {1: greeting["log"], None: spectator.receive_json()["log"]}
        plain.receive_json()
        version = 0
        for _ in range(2):  # seat 0 places two tiles: its turn ends and it draws (private to seat 0)
            legal = [t for t in state(client, created, 0)["legal_actions"] if t.startswith("place")]
            version = post(client, created, 0, version, legal[0], None)["version"]
            for seat, socket in ((1, seat_socket), (None, spectator)):
                pushed = socket.receive_json()
                assert pushed["version"] == version and pushed["log_base"] == version - 1
                assert private_to_others(pushed["log"], seat) == []  # seat 0's draws reach neither
                held[seat] = merge(held[seat], pushed)
                assert held[seat] == state(client, created, seat)["log"]
            whole = plain.receive_json()  # a socket that did not ask for deltas still gets the whole log
            assert whole["log_base"] is None and whole["log"] == state(client, created, None)["log"]
        # Seat 1 places a tile and takes it back: the log loses the line, so the next push is whole again.
        legal = [t for t in state(client, created, 1)["legal_actions"] if t.startswith("place")]
        post(client, created, 1, version, legal[0], None)
        assert seat_socket.receive_json()["log_base"] == version
        assert undo(client, created, 1).status_code == 200
        after = seat_socket.receive_json()
        assert after["version"] == version + 2 and after["log_base"] is None
        assert after["log"] == state(client, created, 1)["log"]
        spectator.receive_json()
        assert spectator.receive_json()["log_base"] is None
        plain.receive_json()
        plain.receive_json()


def test_a_reconnected_socket_starts_from_the_whole_log(client: TestClient, new_game: NewGame) -> None:
    created = new_game()
    with client.websocket_connect(f"/ws/games/{created['id']}?log=delta") as socket:
        socket.receive_json()
        legal = [t for t in state(client, created, 0)["legal_actions"] if t.startswith("place")]
        post(client, created, 0, 0, legal[0], None)
        assert socket.receive_json()["log_base"] == 0
    with client.websocket_connect(f"/ws/games/{created['id']}?log=delta") as again:  # a page reloaded
        first = again.receive_json()
        assert (
            first["version"] == 1 and first["log_base"] is None and first["log"] == state(client, created, None)["log"]
        )
