"""The HTTP API and the WebSocket, route by route and error by error (issue 11's list)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import ludoteca
from ludoteca.server import app as app_module

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

NewGame = Callable[..., dict[str, Any]]


def state(client: TestClient, created: dict[str, Any], seat: int | None = 0) -> dict[str, Any]:
    params = {} if seat is None else {"token": created["seats"][seat]["token"]}
    response = client.get(f"/api/games/{created['id']}", params=params)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def act(client: TestClient, created: dict[str, Any], seat: int, action: str, version: int | None = None) -> Any:
    if version is None:
        version = state(client, created, seat)["version"]
    token = created["seats"][seat]["token"]
    body = {"token": token, "version": version, "action": action}
    return client.post(f"/api/games/{created['id']}/actions", json=body)


def entries(client: TestClient, game_id: str) -> int:
    count: int = client.app.state.service.storage.count_entries(game_id)  # type: ignore[attr-defined]
    return count


# ---------------------------------------------------------------------------------------------- creating
def test_catalog_lists_the_registered_games_with_their_options_and_the_bots(client: TestClient) -> None:
    body = client.get("/api/catalog").json()
    games = {game["id"]: game for game in body["games"]}
    assert {"mankind", "tigris-euphrates"} <= set(games)
    tigris = games["tigris-euphrates"]
    assert (tigris["min_players"], tigris["max_players"]) == (2, 4)
    assert {o["name"]: o["choices"] for o in tigris["options"]}["board"] == ["standard", "advanced"]
    assert tigris["renderer"] == "tigris-euphrates"
    assert set(body["bots"]) == {"random", "heuristic", "ismcts"}
    # What each bot is, for the lobby's seat menus: a person choosing an opponent is not told "ismcts" alone.
    assert set(body["bot_about"]) == set(body["bots"]) and all(body["bot_about"].values())
    # Each game says it for itself: in Advanced Civilization the search is not "the strongest" (docs/agents.md).
    assert all(set(game["bot_about"]) == set(body["bots"]) for game in games.values())
    assert games["advanced-civilization"]["bot_about"]["ismcts"] != body["bot_about"]["ismcts"]
    assert "strongest" not in games["advanced-civilization"]["bot_about"]["ismcts"]
    assert games["mankind"]["bot_about"] == body["bot_about"]


def test_creating_a_game_gives_the_creator_its_seat_and_every_other_person_an_invitation(client: TestClient) -> None:
    body = {"game": "tigris-euphrates", "players": 3, "seats": ["human", "human", "random"]}
    created = client.post("/api/games", json=body).json()
    assert set(created) == {"id", "seats", "spectator_url", "practice"} and created["practice"] is False
    mine, friend, bot = created["seats"]
    assert len(mine["token"]) >= 32 and mine["url"].endswith(f"/play/{created['id']}#token={mine['token']}")
    assert friend["token"] is None and len(friend["invite"]) >= 32
    assert friend["url"].endswith(f"/join/{created['id']}#invite={friend['invite']}")
    assert bot == {"seat": 2, "player": "random", "token": None, "url": None}
    assert created["spectator_url"].endswith(f"/play/{created['id']}")
    # The invitation is a one-time key: it gives the seat's token once, and the creator never saw that token.
    claimed = client.post(f"/api/games/{created['id']}/claim", json={"invite": friend["invite"]})
    assert claimed.status_code == 200 and claimed.json()["seat"] == 1
    token = claimed.json()["token"]
    assert token not in str(created) and claimed.json()["url"].endswith(f"#token={token}")
    again = client.post(f"/api/games/{created['id']}/claim", json={"invite": friend["invite"]})
    assert again.status_code == 409 and "used" in again.json()["detail"]
    assert client.post(f"/api/games/{created['id']}/claim", json={"invite": "x" * 32}).status_code == 403
    seen = client.get(f"/api/games/{created['id']}", headers={"Authorization": f"Bearer {token}"}).json()
    assert seen["seat"] == 1


def test_me_names_the_creators_seat_or_none(client: TestClient) -> None:
    body = {"game": "tigris-euphrates", "players": 2, "seats": ["human", "human"]}
    second = client.post("/api/games", json={**body, "me": 1}).json()["seats"]
    assert second[0]["token"] is None and second[0]["invite"] and second[1]["token"] and "invite" not in second[1]
    nobody = client.post("/api/games", json={**body, "me": None}).json()["seats"]
    assert all(seat["token"] is None and seat["invite"] for seat in nobody)
    refused = client.post("/api/games", json={**body, "seats": ["human", "random"], "me": 1})
    assert refused.status_code == 400 and "'me' must be the number of a human seat" in refused.json()["detail"]

@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({"game": "chess", "players": 2}, "there is no game 'chess'"),
        ({"game": "tigris-euphrates", "players": 9}, "2-4 players"),
        ({"game": "tigris-euphrates", "players": 2, "options": {"board": "round"}}, "cannot be 'round'"),
        ({"game": "tigris-euphrates", "players": 2, "options": {"colour": 1}}, "no option 'colour'"),
        ({"game": "tigris-euphrates", "players": 3, "seats": ["human", "random"]}, "names 2 seat(s)"),
        ({"game": "tigris-euphrates", "players": 2, "seats": ["human", "grandmaster"]}, "no agent 'grandmaster'"),
        ({"game": "tigris-euphrates", "players": "two"}, "players"),
        ({"players": 2}, "game"),
        ({"game": "mankind", "seats": "human"}, "seats"),
    ],
)
def test_a_bad_lobby_request_is_refused_with_its_reason(client: TestClient, body: dict[str, Any], reason: str) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == 400
    assert reason in response.json()["detail"]
    assert client.get("/api/games").json()["games"] == []


def test_malformed_json_is_a_400(client: TestClient) -> None:
    response = client.post("/api/games", content=b"{not json", headers={"Content-Type": "application/json"})
    assert response.status_code == 400


def test_the_lobby_lists_games_in_progress_and_finished_without_tokens(client: TestClient, new_game: NewGame) -> None:
    playing = new_game(seats=["human", "random"])
    finished = new_game("blind-draw", seats=["random", "random"])  # bots without a pause play it to the end at once
    listed = {game["id"]: game for game in client.get("/api/games").json()["games"]}
    assert listed[playing["id"]]["over"] is False and listed[playing["id"]]["to_act"] == [0]
    assert listed[finished["id"]]["over"] is True and listed[finished["id"]]["winners"]
    assert playing["seats"][0]["token"] not in str(listed)


# ---------------------------------------------------------------------------------------------- reading
def test_a_seat_sees_its_own_hand_and_only_counts_of_the_others(client: TestClient, new_game: NewGame) -> None:
    created = new_game()
    mine = state(client, created, 0)
    assert set(mine) >= {"seat", "version", "view", "legal_actions", "log", "over", "result"}
    assert mine["seat"] == 0 and mine["version"] == 0 and mine["over"] is False and mine["result"] is None
    assert isinstance(mine["view"]["hands"][0], dict) and isinstance(mine["view"]["hands"][1], int)
    assert mine["view"]["scores"][1] is None
    assert "place king on B1" not in mine["legal_actions"] or mine["legal_actions"]
    assert mine["static"]["width"] == 16 and len(mine["static"]["river"]) > 0
    theirs = state(client, created, 1)
    assert theirs["legal_actions"] == []  # seat 0 plays first
    assert isinstance(theirs["view"]["hands"][0], int)


def test_without_a_token_one_watches_as_a_spectator(client: TestClient, new_game: NewGame) -> None:
    created = new_game()
    watcher = state(client, created, None)
    assert watcher["seat"] is None and watcher["legal_actions"] == [] and watcher["can_undo"] is False
    assert all(isinstance(hand, int) for hand in watcher["view"]["hands"])


def test_the_acting_seat_is_told_which_actions_to_confirm_and_no_one_else(
    client: TestClient, new_game: NewGame
) -> None:
    """AC-R37: Crete's ship from its only two tokens. The warning goes with the acting seat's legal actions; the
    other seat and a spectator get none; the action stays legal and is played as any other."""
    created = new_game("advanced-civilization", seed=11)
    for seat, text in ((0, "play Crete"), (1, "play Asia"), (0, "start in Knossos"), (1, "start in Kuban")):
        assert act(client, created, seat, text).status_code == 200
    ship = "build a ship in Knossos (0 treasury, 2 from the area)"
    mine = state(client, created, 0)
    assert ship in mine["legal_actions"] and list(mine["warnings"]) == [ship]
    assert "Crete would have no token and no city left on the board" in mine["warnings"][ship]
    assert state(client, created, 1)["warnings"] == {} and state(client, created, None)["warnings"] == {}
    assert act(client, created, 0, ship).status_code == 200
    assert state(client, created, 0)["warnings"] == {}


def test_a_wrong_token_is_403_and_an_unknown_game_404(client: TestClient, new_game: NewGame) -> None:
    created = new_game()
    assert client.get(f"/api/games/{created['id']}", params={"token": "guess"}).status_code == 403
    assert client.get("/api/games/nosuchgame").status_code == 404
    assert client.get("/api/games/nosuchgame/record").status_code == 404


# ---------------------------------------------------------------------------------------------- acting
def test_an_action_is_applied_stored_and_answered_with_the_new_state(client: TestClient, new_game: NewGame) -> None:
    created = new_game()
    before = state(client, created, 0)
    action = next(a for a in before["legal_actions"] if a.startswith("place black"))
    response = act(client, created, 0, action.upper(), version=0)  # case and spacing do not matter
    assert response.status_code == 200, response.text
    after = response.json()
    assert after["version"] == 1 and entries(client, created["id"]) == 1
    square = action.rsplit(" ", 1)[1]
    column, row = ord(square[0]) - 65, int(square[1:]) - 1
    assert after["view"]["cells"][row * 16 + column] == "k"
    assert client.get(f"/api/games/{created['id']}/record").json()["actions"] == [[0, action]]


def test_bots_answer_a_move_server_side(client: TestClient, new_game: NewGame) -> None:
    created = new_game(seats=["human", "random"])
    for _ in range(2):  # a Tigris & Euphrates turn is two actions
        legal = state(client, created, 0)["legal_actions"]
        assert act(client, created, 0, next(a for a in legal if a.startswith("place"))).status_code == 200
    after = state(client, created, 0)
    assert after["to_act"] == [0] and after["version"] >= 4  # the bot played its two actions in between
    assert [seat for seat, _ in client.get(f"/api/games/{created['id']}/record").json()["actions"]][2:4] == [1, 1]


def snapshot(client: TestClient, created: dict[str, Any]) -> tuple[Any, ...]:
    return (state(client, created, 0), state(client, created, 1), entries(client, created["id"]))


@pytest.mark.parametrize(
    ("make_body", "status", "reason"),
    [
        (lambda c, v: {"token": c["seats"][0]["token"], "version": v, "action": "dance on A1"}, 400, "not a legal"),
        (lambda c, v: {"token": "guess", "version": v, "action": "pass"}, 403, "opens no seat"),
        (lambda c, v: {"token": "", "version": v, "action": "pass"}, 403, "spectator cannot act"),
        (lambda c, v: {"token": c["seats"][1]["token"], "version": v, "action": "pass"}, 409, "not your turn"),
        (lambda c, v: {"token": c["seats"][0]["token"], "version": v - 1, "action": "pass"}, 409, "moved on"),
        (lambda c, v: {"token": c["seats"][0]["token"], "version": "latest", "action": "pass"}, 400, "version"),
        (lambda c, v: {"token": c["seats"][0]["token"], "action": "pass"}, 400, "version"),
        (lambda c, v: {"token": c["seats"][0]["token"], "version": v, "action": ""}, 400, "action"),
    ],
)
def test_a_refused_action_changes_nothing(
    client: TestClient, new_game: NewGame, make_body: Any, status: int, reason: str
) -> None:
    created = new_game()
    first = state(client, created, 0)["legal_actions"][0]
    assert act(client, created, 0, first).status_code == 200
    before = snapshot(client, created)
    response = client.post(f"/api/games/{created['id']}/actions", json=make_body(created, before[0]["version"]))
    assert response.status_code == status, response.text
    assert reason in response.json()["detail"]
    assert snapshot(client, created) == before


def test_acting_in_a_finished_game_is_409(client: TestClient, new_game: NewGame) -> None:
    created = new_game("blind-draw")  # the core's test game: everyone stops, the game is over
    assert act(client, created, 0, "stop").status_code == 200
    assert act(client, created, 1, "stop").status_code == 200
    assert state(client, created, 0)["over"] is True
    response = act(client, created, 0, "draw")
    assert response.status_code == 409 and "over" in response.json()["detail"]


def test_an_entry_someone_else_already_wrote_is_a_409_and_changes_nothing(
    client: TestClient, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ludoteca.server.storage import StaleVersion

    created = new_game()
    before = snapshot(client, created)
    storage = client.app.state.service.storage  # type: ignore[attr-defined]

    def lost_race(*_args: Any) -> None:
        raise StaleVersion("entry 0 already exists")

    monkeypatch.setattr(storage, "append", lost_race)
    response = act(client, created, 0, before[0]["legal_actions"][0])
    assert response.status_code == 409
    monkeypatch.undo()
    assert snapshot(client, created) == before


# ---------------------------------------------------------------------------------------------- records
def test_the_record_withholds_the_seed_and_swapped_tiles_until_the_end(client: TestClient, new_game: NewGame) -> None:
    created = new_game()
    legal = state(client, created, 0)["legal_actions"]
    swap = next(a for a in legal if a.startswith("swap"))
    place = next(a for a in legal if a.startswith("place"))
    assert act(client, created, 0, place).status_code == 200
    assert act(client, created, 0, swap).status_code == 200
    record = client.get(f"/api/games/{created['id']}/record").json()
    assert "seed" not in record and record["complete"] is False
    assert record["actions"] == [[0, place], [0, None]]
    token = created["seats"][0]["token"]
    assert client.get(f"/api/games/{created['id']}/record", params={"token": token}).json() == record
    assert client.get(f"/api/games/{created['id']}/record", params={"token": "guess"}).status_code == 403


def test_a_finished_games_record_replays_to_the_same_end(client: TestClient, new_game: NewGame) -> None:
    created = new_game(seats=["random", "random"], seed=11)
    final = state(client, created, None)
    assert final["over"] is True
    record = client.get(f"/api/games/{created['id']}/record").json()
    assert record["seed"] == 11
    replayed = ludoteca.replay(record)
    assert replayed.is_over() and replayed.result() == final["result"]
    assert replayed.view(None) == final["view"]


def test_the_replay_route_steps_through_a_finished_game(client: TestClient, new_game: NewGame) -> None:
    playing = new_game()
    assert client.get(f"/api/games/{playing['id']}/replay").status_code == 409
    created = new_game(seats=["random", "random"], seed=3)
    start = client.get(f"/api/games/{created['id']}/replay", params={"step": 0}).json()
    assert start["step"] == 0 and start["steps"] == len(start["actions"]) > 0 and start["over"] is False
    end = client.get(f"/api/games/{created['id']}/replay", params={"step": start["steps"], "seat": 1}).json()
    assert end["over"] is True and isinstance(end["view"]["hands"][1], dict)
    assert client.get(f"/api/games/{created['id']}/replay", params={"step": 10**6}).status_code == 400
    assert client.get(f"/api/games/{created['id']}/replay", params={"seat": 5}).status_code == 400


# ---------------------------------------------------------------------------------------------- the WebSocket
def test_the_websocket_pushes_each_seat_its_own_state_after_every_change(client: TestClient, new_game: NewGame) -> None:
    created = new_game()
    token0, token1 = created["seats"][0]["token"], created["seats"][1]["token"]
    with client.websocket_connect(f"/ws/games/{created['id']}?token={token1}") as seat1, client.websocket_connect(
        f"/ws/games/{created['id']}"
    ) as spectator:
        first = seat1.receive_json()
        assert first["seat"] == 1 and first["version"] == 0
        assert spectator.receive_json()["seat"] is None
        legal = state(client, created, 0)["legal_actions"]
        assert act(client, created, 0, legal[0]).status_code == 200
        pushed = seat1.receive_json()
        assert pushed["version"] == 1 and pushed["seat"] == 1
        assert isinstance(pushed["view"]["hands"][0], int) and isinstance(pushed["view"]["hands"][1], dict)
        watched = spectator.receive_json()
        assert watched["version"] == 1 and all(isinstance(h, int) for h in watched["view"]["hands"])
        assert token0 not in str(pushed) + str(watched)


@pytest.mark.parametrize(("path", "code"), [("/ws/games/{id}?token=guess", 4403), ("/ws/games/nosuchgame", 4404)])
def test_the_websocket_refuses_a_wrong_token_or_game(
    client: TestClient, new_game: NewGame, path: str, code: int
) -> None:
    created = new_game()
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(path.format(id=created["id"])) as ws:
        ws.receive_json()
    assert refused.value.code == code


# ---------------------------------------------------------------------------------------------- pages
def test_the_pages_and_every_renderer_are_served(client: TestClient, new_game: NewGame) -> None:
    created = new_game()
    assert "New game" in client.get("/").text
    assert "board" in client.get(f"/play/{created['id']}").text
    assert "Replay" in client.get(f"/replay/{created['id']}").text
    assert client.get("/play/nosuchgame").status_code == 404
    for game in client.get("/api/catalog").json()["games"]:
        if "renderer" in game:
            assert client.get(f"/static/games/{game['renderer']}.js").status_code == 200
    assert client.get("/static/games/generic.js").status_code == 200
    assert client.get("/docs").status_code == 200


def test_the_service_worker_is_served_from_the_root_with_the_scope_of_every_page(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A service worker's scope is its URL's folder: /sw.js (not /static/sw.js) may serve /play/ pages."""
    real = app_module.STATIC / "sw.js"
    if real.is_file():  # the one the table's notifications register
        served = client.get("/sw.js")
        assert served.status_code == 200 and served.content == real.read_bytes()
    monkeypatch.setattr(app_module, "STATIC", tmp_path)
    assert client.get("/sw.js").status_code == 404  # no worker: a plain 404, not a page
    (tmp_path / "sw.js").write_text("self.addEventListener('push', () => {});\n")
    served = client.get("/sw.js")
    assert served.status_code == 200 and served.text == "self.addEventListener('push', () => {});\n"
    assert served.headers["content-type"].startswith("application/javascript")
    assert served.headers["service-worker-allowed"] == "/"


# ---------------------------------------------------------------------------------------------- option values (#20)
@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"turn_limit": "abc"}, "option 'turn_limit' must be an int, not 'abc' (a whole number such as "),
        ({"turn_limit": ""}, "option 'turn_limit' must be an int, not ''"),
        ({"turn_limit": 2.5}, "not 2.5 (a whole number"),  # never silently 2
        ({"turn_limit": True}, "not True (a whole number"),  # never silently 1
        ({"turn_limit": [10]}, "not [10]"),
        ({"turn_limit": 0}, "turn_limit must be at least 1, not 0"),
        ({"map": None}, "option 'map' needs a value; choose one of 'main', 'main+western'"),
        ({"map": ["main"]}, "option 'map' cannot be ['main']; choose one of"),
    ],
)
def test_a_bad_option_value_is_a_400_with_its_reason_and_starts_nothing(
    client: TestClient, options: dict[str, Any], reason: str
) -> None:
    body = {"game": "advanced-civilization", "players": 2, "seats": ["human", "random"], "options": options}
    response = client.post("/api/games", json=body)
    assert response.status_code == 400, response.text
    assert reason in response.json()["detail"]
    assert client.get("/api/games").json()["games"] == []


@pytest.mark.parametrize("number", ["1e999", "-1e999", "Infinity", "NaN"])
def test_a_number_json_cannot_hold_as_an_integer_is_a_bad_option_not_a_crash(client: TestClient, number: str) -> None:
    """Python reads these JSON extensions as inf or nan; int(inf) raised OverflowError before the check caught it."""
    raw = ('{"game": "advanced-civilization", "players": 2, "seats": ["human", "random"], '
           f'"options": {{"turn_limit": {number}}}}}')
    response = client.post("/api/games", content=raw, headers={"Content-Type": "application/json"})
    assert response.status_code == 400, response.text
    detail = response.json()["detail"]
    assert "option 'turn_limit' must be an int" in detail and "cannot be loaded" not in detail


def test_an_option_typed_as_none_or_a_whole_number_starts_the_game_with_it(client: TestClient) -> None:
    for value, expected in ((None, None), (3, 3), ("3", 3)):
        body = {"game": "advanced-civilization", "players": 2, "seats": ["human", "random"],
                "options": {"turn_limit": value}}
        response = client.post("/api/games", json=body)
        assert response.status_code == 200, response.text
        seat = response.json()["seats"][0]
        seen = client.get(f"/api/games/{response.json()['id']}", headers={"Authorization": f"Bearer {seat['token']}"})
        assert seen.json()["options"]["turn_limit"] == expected


def test_games_of_one_seed_played_alike_and_interleaved_stay_alike(client: TestClient) -> None:
    """The same seed and the same choices give the same game, however the server interleaves its games.

    Two drivers once thought about one bot move at the same time (the request's and a wake-up's), drawing
    twice from the bot's generator: games of one seed then parted ways.
    """
    body = {"game": "tigris-euphrates", "seats": ["human", "random"], "seed": 11}
    games = [client.post("/api/games", json=body).json() for _ in range(3)]
    choosers = [random.Random(5) for _ in games]
    for _ in range(40):
        for created, chooser in zip(games, choosers, strict=True):
            auth = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
            seen = client.get(f"/api/games/{created['id']}", headers=auth).json()
            if seen["over"] or 0 not in seen["to_act"]:
                continue
            move = {"version": seen["version"], "action": chooser.choice(sorted(seen["legal_actions"]))}
            assert client.post(f"/api/games/{created['id']}/actions", json=move, headers=auth).status_code == 200
    records = [client.get(f"/api/games/{created['id']}/record").json()["actions"] for created in games]
    assert len(records[0]) > 60 and records[1] == records[0] and records[2] == records[0]
