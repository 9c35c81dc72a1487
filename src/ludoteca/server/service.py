"""The authoritative game service: live games in memory, every change written to storage first.

A :class:`Room` is one game being played: its :class:`~ludoteca.core.State`, its seats and its
version (the number of entries in its history). Every change goes through :meth:`GameService.act`
or :meth:`GameService.undo`, which check the seat's token, the version the client saw, whose turn it
is and the rules, work on a *copy* of the state, and only once the entry is committed to the database
put the copy in place. So an error of any kind — a bad action, a stale version, a failing database —
leaves the game exactly as it was, and a restarted server that replays the database finds the game
the players last saw.

Bots play here, server-side, after a short pause so people can follow; they choose on a copy of the
state in a worker thread (search bots take a while) and submit their choice through the same checks.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import math
import os
import random
import re
import secrets
import socket
import time
import unicodedata
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import ludoteca
from ludoteca.agents import Agent, agent_summaries
from ludoteca.core import (
    KEYED,
    BadOptions,
    IllegalAction,
    LudotecaError,
    State,
    derive_seed,
    keyed_seed,
    list_games,
    load_game,
)
from ludoteca.core.record import replay_steps
from ludoteca.server import games as hooks
from ludoteca.server.bots import MOVE_SECONDS, BotPools, server_agent
from ludoteca.server.storage import (
    ACTION,
    END,
    RESIGN,
    UNDO,
    AlreadyClaimed,
    Entry,
    StaleVersion,
    Storage,
    StoredGame,
    effective_actions,
)

log = logging.getLogger("ludoteca.server")

HUMAN = "human"
SEED_BITS = 128
"""Bits of a seed the server draws (``secrets``): far past any search, and the keyed generator's key."""
MAX_SEED = 2**256
"""A seed a creator names must be below this in size (a practice game's)."""
RESIGN_BOT = "heuristic"
"""Who plays a resigned seat on, in a game of three or more players."""
ABANDONED = "abandoned"
EXPIRED = "expired"
FIRST_HUMAN = -1
"""``me`` left out of a lobby request: the creator sits at the first human seat."""
_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,128}")
_GAME_KEY = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What a game's key may look like (new games: 12 hex digits; a database made by hand may hold others): anything
else is a 404 without asking the database."""
LEASE_MARGIN = 5.0
"""Seconds a bot move's lease outlives the longest a move may take."""
NAME_MAX = 24
"""Characters a player's name may have (after trimming): enough for a name, short enough for a seat's label."""
CHAT_MAX = 500
"""Characters one chat message may have."""
CHAT_SHOWN = 100
"""Chat messages a game's state carries (the last ones)."""
CHAT_BURST = 5
CHAT_SECONDS = 10.0
"""A seat may post ``CHAT_BURST`` messages in any ``CHAT_SECONDS`` seconds (counted in the database, so across
every process): a table chat, not a channel to flood the other players' screens with."""
_BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Direction overrides: text that could make a name or message read as something else beside it."""


def digest(secret: str) -> str:
    """The SHA-256 of a token or invitation: what the database keeps (a stolen copy opens no seat)."""
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


def check_secret(secret: str, what: str) -> None:
    """A token or invitation is URL-safe base64 text; anything else is a 400 naming what was wrong."""
    if not _TOKEN.fullmatch(secret):
        raise ApiError(400, f"a {what} is 1-128 letters, digits, '-' or '_'; this one is not")
def check_text(value: Any, what: str, longest: int, newlines: bool = False) -> str:
    """A name or a chat message as it is kept: trimmed, 1 to ``longest`` characters, no control characters
    (a newline only where ``newlines``), no direction overrides; anything else is a 400 that says why.

    These texts are shown to every player and spectator, always as text (never HTML), but a control
    character could still break a terminal or a log line, and a direction override could make a name read
    as another one."""
    if not isinstance(value, str):
        raise bad_request(f"{what} must be text, not {type(value).__name__}")
    text = value.strip()
    if not text:
        raise bad_request(f"{what} is empty: type at least one character")
    if len(text) > longest:
        raise bad_request(f"{what} has {len(text)} characters: at most {longest}")
    for char in text:
        if char == "\n" and newlines:
            continue
        if unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp") or char in _BIDI:
            raise bad_request(f"{what} contains a control character (U+{ord(char):04X}): only "
                              f"{'plain text and newlines' if newlines else 'plain text'} is allowed")
    return text


_SEAT_LABEL = re.compile(r"seat\s*\d", re.IGNORECASE)
"""What the pages call a seat nobody has named ("Seat 2"), and the games' log lines write for every seat."""


def check_name(value: Any) -> str:
    """A player's name (docs/server.md, Names): 1-24 characters after trimming, no control characters, and
    not a seat's label: the pages write a seat's name for "Seat N" in the log, so a person called "Seat 2"
    at seat 0 could pass their own moves off as seat 2's."""
    name = check_text(value, "'name'", NAME_MAX)
    if _SEAT_LABEL.match(name):
        raise bad_request(f"'name' {name!r} reads as a seat's label: a name may not start with 'Seat' and a number")
    return name


SERVE_SECONDS = 10.0
"""How long a request for a game keeps this process following it (applying other processes' changes as they are
heard): a person's next move usually comes within it, so the answer is ready without a query; past it the game
is read again on demand (docs/scaling.md, The lazy follower)."""
FORGET_SECONDS = 300.0
"""A game this process has not served for this long is dropped from its memory (read again when asked for)."""

UNDO_PROBES = 8
"""How many redrawn hidden worlds an undo is tested against (see :meth:`GameService.undo_refusal`)."""


class ApiError(Exception):
    """A request the service refuses, with the HTTP status and the reason shown to the player."""

    def __init__(self, status: int, reason: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.headers = headers or {}  # e.g. a 429's Retry-After


def bad_request(reason: str) -> ApiError:
    return ApiError(400, reason)


@dataclass
class SeatInfo:
    """Who plays a seat (``human`` or an agent spec), its secrets' digests, and the bot if it is one.

    A human seat has an invitation until someone claims it; the claim gives that person the seat's token.
    The server keeps only SHA-256 digests of both: the tokens themselves exist only in the players' hands.
    """

    player: str
    token_sha256: str | None
    agent: Agent | None = None
    invite_sha256: str | None = None
    name: str | None = None  # what its person calls themselves (public)
    open: bool = False  # anyone may take the seat (no invitation): docs/server.md, Open seats

    @property
    def human(self) -> bool:
        return self.player == HUMAN


@dataclass
class Room:
    """One game in play."""

    id: str
    stored: StoredGame
    state: State
    seats: list[SeatInfo]
    version: int
    previous: State | None = None  # the state before the last standing action, when known
    undo_cache: dict[tuple[int, int], str | None] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # One bot driver at a time: a bot's agent carries its own generator, so two drivers thinking about the
    # same move would draw from it twice and the game would no longer follow from its seed.
    bots: asyncio.Lock = field(default_factory=asyncio.Lock)
    driver: asyncio.Task[None] | None = None
    bot_error: str | None = None
    ended: str | None = None  # why the game ended without the rules ending it (a resignation, abandoned, expired)
    end_result: dict[str, Any] | None = None
    resigned: list[int] = field(default_factory=list)  # seats whose person resigned (a bot plays them on)
    # Lines the log gains for what happened beside the rules (a resignation, an end): (actions played then,
    # the full log's length then, the event), so each line shows where it happened, in the game and its replay.
    notes: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)
    # The log of every seat only grows from this version on: a client that holds a seat's log as of a version at
    # or past it can be sent the new entries alone (a delta). An undo, or a history rebuilt, moves it on.
    log_epoch: int = 0
    # What each seat (None: a spectator) sees of the current state, computed once per change: the push to its
    # sockets and the answer to its own request share it. Keyed by the state object, the notes and the end.
    seen: dict[int | None, tuple[tuple[Any, ...], dict[str, Any]]] = field(default_factory=dict)
    # When a request, a socket or a bot move of this process last used the game (``time.monotonic``): while it
    # is recent the process follows the game (``GameService.serves``).
    touched: float = field(default_factory=time.monotonic)

    @property
    def driving(self) -> bool:
        """This process's bot driver for the game is running (it moves the bots while one is to act)."""
        return self.driver is not None and not self.driver.done()

    @property
    def finished(self) -> bool:
        """Over by the rules, or ended by its people or by expiry: nobody may act any more."""
        return self.ended is not None or self.state.is_over()

    def result(self) -> dict[str, Any] | None:
        if self.ended is not None:
            return self.end_result
        if not self.state.is_over():
            return None
        result = self.state.result()
        return {**result, "resigned": list(self.resigned)} if self.resigned else result

    @property
    def game_id(self) -> str:
        return self.stored.game

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token opens; ``None`` for no token (a spectator); 403 for a token that opens nothing."""
        if token is None or token == "":
            return None
        check_secret(token, "token")
        wanted = digest(token)
        for seat, info in enumerate(self.seats):
            if info.token_sha256 is not None and secrets.compare_digest(info.token_sha256, wanted):
                return seat
        raise ApiError(403, "this token opens no seat of this game")

    def open_seats(self) -> list[int]:
        """Human seats nobody has taken yet (by invitation, or open to anyone)."""
        return [seat for seat, info in enumerate(self.seats) if info.human and info.token_sha256 is None]

    def free_seats(self) -> list[int]:
        """Seats open to anyone that nobody has taken yet (none once the game is over)."""
        if self.finished:
            return []
        return [seat for seat in self.open_seats() if self.seats[seat].open]

    def seat_label(self, seat: int) -> str:
        """How the log names a seat: its person's name and number, or just the number."""
        name = self.seats[seat].name
        return f"{name} (seat {seat})" if name else f"seat {seat}"

    def log_for(self, seat: int | None, state: State | None = None, upto: int | None = None) -> list[dict[str, Any]]:
        """``visible_log(seat)`` with the notes (resignations, ends) where they happened: of the live state, or
        of ``state`` replayed to ``upto`` actions."""
        state = state or self.state
        full = state.log
        notes = [(at, event) for played, at, event in self.notes if upto is None or played <= upto]
        if not notes:
            return state.visible_log(seat)
        merged: list[dict[str, Any]] = []
        pending = sorted(notes, key=lambda note: note[0])
        for index, event in enumerate(full):
            while pending and pending[0][0] <= index:
                merged.append(pending.pop(0)[1])
            if "seats" not in event or (seat is not None and seat in event["seats"]):
                merged.append(event)
        merged.extend(event for _, event in pending)
        return merged

    def bot_to_act(self) -> int | None:
        if self.ended is not None:
            return None
        for seat in self.state.to_act():
            if not self.seats[seat].human:
                return seat
        return None


Listener = Callable[["Room"], Awaitable[None]]
ChatListener = Callable[[str, dict[str, Any]], Awaitable[None]]
CHAT_REMEMBERED = 120.0
"""Seconds a process remembers which chat messages it has pushed (far past the window it reads again)."""


def _undo_note(room: Room, seat: int) -> dict[str, Any]:
    """The log line an undo leaves where the move stood: the other players saw the move vanish with nothing to
    say why. It names no move (a swap's tiles are the mover's secret), only who took one back."""
    return {"type": "undone", "text": _sentence(f"{room.seat_label(seat)} took back a move."), "seat": seat}


def _sentence(text: str) -> str:
    """``text`` with a capital first letter: a seat label opens a log line ("seat 1 resigned" reads "Seat 1")."""
    return text[:1].upper() + text[1:]


class GameService:
    """Every live game, the storage behind them, and the bots that play in them."""

    def __init__(
        self, storage: Storage, bot_delay: float = 0.6, pools: BotPools | None = None, drive: bool = True,
        serve_seconds: float = SERVE_SECONDS, forget_seconds: float = FORGET_SECONDS,
    ) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.pools = pools or BotPools()
        self.drive = drive  # whether this process moves bots (a server with workers may leave it to them)
        # How long a bot move's lease lasts: past the longest a move may take (LUDOTECA_BOT_LEASE overrides).
        self.lease_seconds = float(os.environ.get("LUDOTECA_BOT_LEASE") or MOVE_SECONDS + LEASE_MARGIN)
        self.owner = f"{socket.gethostname()}/{os.getpid()}/{secrets.token_hex(4)}"  # for bot leases
        self.rooms: dict[str, Room] = {}
        self.listeners: list[Listener] = []
        self.chat_listeners: list[ChatListener] = []
        self.chat_told: dict[int, float] = {}  # chat messages already pushed by this process: id -> when
        self.load_errors: dict[str, str] = {}
        self.serve_seconds = serve_seconds
        self.forget_seconds = forget_seconds
        # Whether this process has a socket open on a game (the app sets it to ask its hub).
        self.watched: Callable[[str], bool] = lambda _game_key: False

    # ------------------------------------------------------------------ several processes, one database
    def serves(self, room: Room) -> bool:
        """Whether this process keeps ``room`` in step, applying other processes' changes as it hears of them
        (docs/scaling.md, The lazy follower): a socket of its own is open on the game, one of its bot drivers is
        playing in it, or a request used it in the last ``serve_seconds``. Any other game it holds may be
        behind the database, and is read again before it is used (:meth:`room`)."""
        return (self.watched(room.id) or room.driving
                or time.monotonic() - room.touched < self.serve_seconds)

    def forget(self) -> int:
        """Drop from memory the games not served for ``forget_seconds`` (nothing held, no lock, no bot driver):
        a process's memory holds the games it serves, not every game it ever saw. Returns how many it dropped."""
        moment = time.monotonic()
        idle = [key for key, room in self.rooms.items()
                if moment - room.touched >= self.forget_seconds and not room.lock.locked() and not room.bots.locked()
                and not self.serves(room)]
        for key in idle:
            del self.rooms[key]
        return len(idle)

    def sync(self, game_key: str) -> Room | None:
        """Bring this process's copy of a game up to what the database holds (another process may have
        created it, played in it, claimed a seat or ended it); ``None`` if the database has no such game.

        Runs on the event loop, between two awaits, so no change of this process's own can interleave with
        it. A game this process does not know is read whole; a known one reads only the entries past its
        version: new actions are applied to the live state one by one, anything else (an undo, a
        resignation) rebuilds the room from its history. The room object stays the same, so requests holding
        it see the change.
        """
        room = self.rooms.get(game_key)
        if room is None:
            stored = self.storage.load_game(game_key)
            if stored is None:
                return None
            try:
                room = self.rooms[game_key] = self._rebuild(stored)
            except Exception as error:
                self.load_errors[game_key] = str(error)
                log.error("game %s cannot be rebuilt: %s", game_key, error)
                return None
            return room
        news, claims, names = self.storage.news(game_key, room.version)
        if news and all(entry.kind == ACTION for entry in news):
            state = room.state.clone()
            for entry in news:
                _apply_stored(state, entry)
            room.previous = room.state if len(news) == 1 else None
            room.state = state
            room.stored.entries.extend(news)
        elif news:
            room.stored.entries.extend(news)
            fresh = self._rebuild(room.stored)
            room.state, room.seats, room.previous = fresh.state, fresh.seats, None
            room.ended, room.end_result, room.resigned = fresh.ended, fresh.end_result, fresh.resigned
            room.notes = fresh.notes
            room.log_epoch = len(room.stored.entries)  # an undo may have shortened the log: no delta across it
        room.stored.claims.update(claims)
        room.stored.names.update(names)
        for seat, token_sha256 in claims.items():
            if room.seats[seat].human:  # a resigned seat is a bot's: its old token opens nothing
                room.seats[seat].token_sha256 = room.seats[seat].token_sha256 or token_sha256
        for seat, name in names.items():
            room.seats[seat].name = room.seats[seat].name or name
        if news:
            room.stored.over = room.finished
            room.stored.updated_at = datetime.now(UTC)
            room.version = len(room.stored.entries)
            room.undo_cache.clear()
        return room

    def seat_of(self, room: Room, token: str | None) -> int | None:
        """The seat a token opens; a token this process does not know may be a seat claimed through another
        process, so the room's claims are read again before the 403."""
        try:
            return room.seat_of(token)
        except ApiError as error:
            if error.status != 403:
                raise
        self.sync(room.id)
        return room.seat_of(token)

    # ------------------------------------------------------------------ start-up
    def restore(self) -> None:
        """Get ready to serve the games stored (what makes a restart lose nothing).

        No game is read now: each is rebuilt by replaying its history when it is first asked for
        (:meth:`room`), and the bot moves waiting are found by the follower's first poll
        (``Storage.waiting_bots``). Bot moves leased by a process of this machine that is no longer running
        (the server this one replaces, after a crash) are freed, so its bots move now rather than when the
        lease runs out.
        """
        freed = self.storage.release_leases(_dead_here)
        if freed:
            log.info("freed the bot leases of %d process(es) that are gone", freed)

    def _rebuild(self, stored: StoredGame) -> Room:
        record = _record_of(stored, effective_actions(stored.entries))
        # One pass over the record gives the state and the log's length after every action: where the notes of
        # undos, resignations and ends go (a replay per note grew with the undos of a long game). A note written
        # when more actions stood than stand now (one undone since) goes at the end, as it always did.
        lengths: list[int] = []
        for state in replay_steps(record):
            lengths.append(len(state.log))

        def log_length(played: int) -> int:
            return lengths[min(played, len(lengths) - 1)]

        seats = [self._seat(stored, info, seat) for seat, info in enumerate(stored.seats)]
        room = Room(stored.id, stored, state, seats, version=len(stored.entries), log_epoch=len(stored.entries))
        played = 0  # actions standing when each entry was written
        for entry in stored.entries:
            if entry.kind == ACTION:
                played += 1
            elif entry.kind == UNDO:
                played -= 1
                room.notes.append((played, log_length(played), _undo_note(room, entry.seat)))
            elif entry.kind in (RESIGN, END):
                self._apply_ending(room, entry, played, log_length(played))
        return room

    def _seat(self, stored: StoredGame, info: dict[str, Any], seat: int) -> SeatInfo:
        player = info["player"]
        if player != HUMAN:
            return SeatInfo(player, None, server_agent(player, _bot_seed(stored.seed, stored.generator, seat)))
        token_sha256 = info.get("token_sha256") or stored.claims.get(seat)
        if token_sha256 is None and info.get("token"):  # a game stored before tokens were kept hashed
            token_sha256 = digest(info["token"])
        name = info.get("name") or stored.names.get(seat)
        return SeatInfo(player, token_sha256, None, info.get("invite_sha256"), name, bool(info.get("open")))

    # ------------------------------------------------------------------ creating games
    def create(
        self, game_id: Any, players: Any, options: Any, seats: Any, seed: Any = None, me: Any = FIRST_HUMAN,
        practice: Any = False, name: Any = None, open_seats: Any = False,
    ) -> tuple[Room, dict[int, str]]:
        """Check a lobby request and start the game; every fault is a 400 with its reason.

        Returns the room and the secrets to hand out, once: the creator's own seat (``me``: a seat number,
        ``FIRST_HUMAN`` for the first human seat, ``None`` for none) gets its token, every other human seat
        an invitation that :meth:`claim` turns into that seat's token. The server keeps only their digests,
        so not even the creator can read another seat's hand.

        The seed is drawn from :mod:`secrets` (128 bits) and the game runs on the keyed generator, so no
        seat can compute hidden cards or future dice from what it sees. A creator who names the seed knows
        all of them: with more than one human seat that is allowed only as a ``practice`` game, marked so
        in the lobby and in the record.

        ``name`` is the creator's (on its own seat); ``open_seats`` makes every other human seat open to
        anyone, who takes it with :meth:`take` instead of an invitation (so it has none).
        """
        if name is not None:
            name = check_name(name)
        if not isinstance(open_seats, bool):
            raise bad_request(f"'open' must be true or false, not {open_seats!r}")
        if not isinstance(game_id, str) or not game_id:
            raise bad_request("'game' must be a game id (see GET /api/catalog)")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise bad_request("'options' must be an object of option names to values")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise bad_request(f"'players' must be an integer, not {players!r}")
        if seats is not None and (not isinstance(seats, list) or not all(isinstance(s, str) for s in seats)):
            raise bad_request("'seats' must be a list of 'human' or bot names, one per seat")
        if players is None and seats is not None:
            players = len(seats)
        if not isinstance(practice, bool):
            raise bad_request(f"'practice' must be true or false, not {practice!r}")
        chosen_seed = seed is not None
        if seed is None:
            seed = secrets.randbits(SEED_BITS)
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise bad_request(f"'seed' must be an integer, not {seed!r}")
        elif not -MAX_SEED < seed < MAX_SEED:
            raise bad_request("'seed' must be smaller than 2**256 in size")
        try:
            game = load_game(game_id, players, options)
            state = game.new_state(seed=seed, generator=KEYED)
        except LudotecaError as error:
            raise bad_request(str(error)) from None
        except Exception as error:  # a registered game whose module is broken
            raise bad_request(f"game {game_id!r} cannot be loaded: {type(error).__name__}: {error}") from None
        if seats is None:
            seats = [HUMAN] + ["heuristic"] * (game.players - 1)
        if len(seats) != game.players:
            raise bad_request(f"'seats' names {len(seats)} seat(s) but the game has {game.players} players")
        humans = [seat for seat, spec in enumerate(seats) if spec.strip().lower() == HUMAN]
        if chosen_seed and len(humans) > 1 and not practice:
            raise bad_request(
                "a game with more than one human seat cannot take a chosen 'seed' (its creator would know every "
                "hidden card and die to come); leave the seed out, or send \"practice\": true"
            )
        if me == FIRST_HUMAN:
            me = humans[0] if humans else None
        elif me is not None and (isinstance(me, bool) or not isinstance(me, int) or me not in humans):
            raise bad_request(f"'me' must be the number of a human seat ({humans or 'there is none'}), not {me!r}")
        infos: list[SeatInfo] = []
        handed: dict[int, str] = {}
        for seat, spec in enumerate(seats):
            spec = spec.strip()
            if spec.lower() == HUMAN:
                mine = seat == me
                if open_seats and not mine:  # anyone takes it: no secret until then
                    infos.append(SeatInfo(HUMAN, None, open=True))
                    continue
                secret = secrets.token_urlsafe(24)
                handed[seat] = secret
                infos.append(SeatInfo(HUMAN, digest(secret) if mine else None, None, None if mine else digest(secret),
                                      name if mine else None))
                continue
            try:
                infos.append(SeatInfo(spec, None, server_agent(spec, _bot_seed(seed, KEYED, seat), game_id)))
            except BadOptions as error:
                raise bad_request(f"seat {seat}: {error}") from None
        game_key = secrets.token_hex(6)
        stored = StoredGame(
            id=game_key,
            game=game.id,
            game_version=game.version,
            players=game.players,
            options=dict(game.options),
            seed=seed,
            scenario=None,
            dice=[],
            seats=[_stored_seat(info) for info in infos],
            created_at=datetime.now(UTC),
            over=state.is_over(),
            result=state.result() if state.is_over() else None,
            generator=KEYED,
            practice=chosen_seed,
        )
        room = Room(game_key, stored, state, infos, version=0)
        bot_turn, lobby = _status(room, state)
        self.storage.create_game(stored, bot_turn, lobby)
        self.rooms[game_key] = room
        return room, handed

    async def claim(self, room: Room, invite: Any, name: Any = None) -> tuple[int, str]:
        """Take the seat an invitation names, under ``name``: its token, once (409 for an invitation used)."""
        if not isinstance(invite, str) or not invite:
            raise bad_request("'invite' must be the invitation code from the seat's link")
        check_secret(invite, "invitation")
        if name is not None:
            name = check_name(name)
        wanted = digest(invite)
        async with room.lock:
            for seat, info in enumerate(room.seats):
                if info.invite_sha256 is None or not secrets.compare_digest(info.invite_sha256, wanted):
                    continue
                if info.token_sha256 is not None:
                    raise ApiError(409, f"Seat {seat}'s invitation has been used: ask the game's creator for help")
                return seat, self._seat_taken(room, seat, name, f"Seat {seat}'s invitation has been used")
        raise ApiError(403, "this invitation opens no seat of this game")

    async def take(self, room: Room, seat: Any, name: Any) -> tuple[int, str]:
        """Take a seat open to anyone, under ``name``: its token, once (409 once taken, 403 for a seat that is
        not open: it is a bot's or needs its invitation)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(room.seats):
            raise bad_request(f"'seat' must be 0-{len(room.seats) - 1}, not {seat!r}")
        name = check_name(name)
        async with room.lock:
            info = room.seats[seat]
            if not info.human or not info.open:
                raise ApiError(403, f"seat {seat} is not open to anyone: it is taken with its invitation, or a bot's")
            if room.finished:
                raise ApiError(409, "the game is over")
            if info.token_sha256 is None:  # another process may have given it already
                self.sync(room.id)
            if info.token_sha256 is not None:
                raise ApiError(409, f"seat {seat} has been taken by someone else")
            return seat, self._seat_taken(room, seat, name, f"seat {seat} has been taken by someone else")

    def _seat_taken(self, room: Room, seat: int, name: str | None, taken: str) -> str:
        """Store a seat's claim (the database's key lets one claim win) and hand out its new token."""
        token = secrets.token_urlsafe(24)
        try:
            self.storage.claim(room.id, seat, digest(token), name)
        except AlreadyClaimed:
            raise ApiError(409, taken) from None
        info = room.seats[seat]
        info.token_sha256 = digest(token)
        info.name = name
        room.stored.claims[seat] = info.token_sha256
        if name is not None:
            room.stored.names[seat] = name
        return token

    def room(self, game_key: str) -> Room:
        """The game a request names, up to date: read whole if this process does not hold it, brought up to the
        database's version (one query) if it holds it without following it; then served for ``serve_seconds``."""
        room = self.rooms.get(game_key)
        if room is None and game_key not in self.load_errors and _GAME_KEY.fullmatch(game_key):
            room = self.sync(game_key)  # created by another process, or dropped from memory
        elif room is not None and not self.serves(room):
            self.sync(game_key)  # other processes' changes were not applied while nobody here used it
        if room is None:
            if game_key in self.load_errors:
                raise ApiError(500, f"game {game_key} cannot be rebuilt: {self.load_errors[game_key]}")
            raise ApiError(404, f"there is no game {game_key!r}")
        room.touched = time.monotonic()
        return room

    def known(self, game_key: str) -> bool:
        """Whether a game exists (held here, or in the database), without reading it."""
        return game_key in self.rooms or (bool(_GAME_KEY.fullmatch(game_key)) and self.storage.exists(game_key))

    # ------------------------------------------------------------------ what a seat sees
    def payload(
        self, room: Room, seat: int | None, log_from: int | None = None, log_base: int | None = None
    ) -> dict[str, Any]:
        """Everything ``seat`` may know now (``None``: a spectator): the body of GET and of every push.

        ``log`` is the seat's whole visible log (``log_from`` 0, ``log_base`` null) unless the caller holds its
        first ``log_from`` entries as of version ``log_base``: then only the entries after those (a delta,
        docs/server.md), provided the log has only grown since ``log_base``. Either way the entries are a
        slice of the seat's own visible log, so a delta can carry nothing a full log would not.
        """
        if seat is not None and not room.seats[seat].human:
            # A seat a bot now plays (its person resigned): a socket its person left open gets what a spectator
            # sees; it went on receiving the seat's hand with every move.
            seat = None
        state = room.state
        over = room.finished
        parts = self._seen(room, seat)
        log: list[dict[str, Any]] = parts["log"]
        delta = (log_from is not None and log_base is not None and room.log_epoch <= log_base <= room.version
                 and 0 <= log_from <= len(log))
        return {
            "id": room.id,
            "game": room.game_id,
            "title": state.game.title,
            "players": state.players,
            "options": dict(state.game.options),
            "seat": seat,
            "version": room.version,
            "view": parts["view"],
            "legal_actions": [] if seat is None or room.ended else parts["legal_actions"],
            # Legal actions the page asks the person to confirm, with why (State.warnings): rules and public facts.
            "warnings": {} if seat is None or room.ended else parts["warnings"],
            "log": log[log_from:] if delta else log,
            "log_from": log_from if delta else 0,
            "log_base": log_base if delta else None,
            "over": over,
            "result": room.result(),
            "ended": room.ended,
            "resigned": room.resigned,
            "to_act": [] if room.ended else state.to_act(),
            "seats": self.seat_list(room),
            "can_undo": seat is not None and self.undo_refusal(room, seat) is None,
            "renderer": hooks.renderer_for(room.game_id),
            "bot_error": room.bot_error,
        }

    def _seen(self, room: Room, seat: int | None) -> dict[str, Any]:
        """The seat's view, legal action texts and visible log of the current state, computed once per change.

        The key holds the state object itself (every change puts a new one in place), the number of notes (a
        resignation adds a line without changing the state) and whether the game has ended."""
        key = (room.state, len(room.notes), room.ended)
        cached = room.seen.get(seat)
        if cached is not None and cached[0][0] is key[0] and cached[0][1:] == key[1:]:
            return cached[1]
        state = room.state
        parts = {
            "view": state.view(seat),
            "legal_actions": [] if seat is None else [a.text for a in state.legal_actions(seat)],
            "warnings": {} if seat is None else state.warnings(seat),
            "log": room.log_for(seat),
        }
        room.seen[seat] = (key, parts)
        return parts

    def seat_list(self, room: Room) -> list[dict[str, Any]]:
        """Each seat as everyone may see it: who plays it, its person's name, whether anyone may still take it."""
        free = room.free_seats()
        return [{"seat": i, "player": info.player, "name": info.name, "open": i in free}
                for i, info in enumerate(room.seats)]

    def summary(self, room: Room) -> dict[str, Any]:
        """One line of the lobby: no tokens, nothing hidden."""
        state = room.state
        return {
            "id": room.id,
            "game": room.game_id,
            "title": state.game.title,
            "players": state.players,
            "seats": [info.player for info in room.seats],
            "open_seats": room.open_seats(),
            "free_seats": room.free_seats(),
            "names": [info.name for info in room.seats],
            "practice": room.stored.practice,
            "version": room.version,
            "moves": state.actions_played,
            "over": room.finished,
            "ended": room.ended,
            "to_act": [] if room.ended else state.to_act(),
            "winners": (room.result() or {}).get("winners") if room.finished else None,
            "created_at": room.stored.created_at.isoformat(),
        }

    def lobby(self, limit: int, offset: int, open_seats: bool = False, joinable: bool = False) -> dict[str, Any]:
        """The lobby's list, newest first, read from the database (every game, whichever process serves it),
        a page at a time: ``open_seats`` keeps the unfinished games with a seat nobody has taken, ``joinable``
        those with a seat open to anyone that nobody has taken."""
        rows, total = self.storage.lobby(limit, offset, unfinished=open_seats or joinable)
        lines = [line for line in map(self._lobby_line, rows) if line is not None]
        if open_seats or joinable:
            if open_seats:
                lines = [line for line in lines if line["open_seats"]]
            if joinable:
                lines = [line for line in lines if line["free_seats"]]
            total, lines = len(lines), lines[offset:offset + limit]
        return {"games": lines, "total": total, "offset": offset, "limit": limit}

    def _lobby_line(self, row: dict[str, Any]) -> dict[str, Any] | None:
        """:meth:`summary` of a game from its stored row and claims alone (``None``: a game that cannot be read).
        A game stored before the ``lobby`` column is read whole, once, to tell."""
        changing = row["lobby"]
        if not isinstance(changing, dict):
            try:
                return self.summary(self.room(row["id"]))
            except ApiError:
                return None
        claims: dict[int, str | None] = row["claims"]
        seats: list[dict[str, Any]] = row["seats"]
        players: list[str] = changing["seats"]
        over = bool(row["over"])
        open_now = [seat for seat, info in enumerate(seats) if players[seat] == HUMAN and seat not in claims
                    and info.get("token_sha256") is None and info.get("token") is None]
        return {
            "id": row["id"],
            "game": row["game"],
            "title": changing["title"],
            "players": row["players"],
            "seats": players,
            "open_seats": open_now,
            "free_seats": [] if over else [seat for seat in open_now if seats[seat].get("open")],
            "names": [info.get("name") or claims.get(seat) for seat, info in enumerate(seats)],
            "practice": bool(row["practice"]),
            "version": int(row["version"] or 0),
            "moves": changing.get("moves"),  # None for a line stored before it was kept
            "over": over,
            "ended": changing["ended"],
            "to_act": changing["to_act"],
            "winners": (row["result"] or {}).get("winners") if over else None,
            "created_at": row["created_at"].isoformat(),
        }

    def catalog(self) -> dict[str, Any]:
        """The games the lobby offers (with their player counts and options) and the bots."""
        entries: list[dict[str, Any]] = []
        for game_id in list_games():
            try:
                game = load_game(game_id)
            except Exception as error:  # a game being written may not import yet: list it as unavailable
                entries.append({"id": game_id, "error": f"{type(error).__name__}: {error}"})
                continue
            cls = type(game)
            entries.append(
                {
                    "id": game_id,
                    "title": game.title,
                    "min_players": cls.min_players,
                    "max_players": cls.max_players,
                    "default_players": game.players,
                    "options": [
                        {
                            "name": spec.name,
                            "default": spec.default,
                            "choices": list(spec.choices) if spec.choices is not None else None,
                            "kind": spec.kind.__name__,
                            "allow_none": spec.allow_none,
                            "help": spec.help,
                        }
                        for spec in cls.option_specs
                    ],
                    "renderer": hooks.renderer_for(game_id),
                    # What each bot is in this game: the agent's own words unless the game measured otherwise.
                    "bot_about": agent_summaries(game),
                }
            )
        # The bots, and what each is in a few words for a person choosing an opponent (the lobby's seat menus; each
        # game's entry says it for that game).
        about = agent_summaries()
        return {"games": entries, "bots": list(about), "bot_about": about}

    def record(self, room: Room) -> dict[str, Any]:
        """The whole record once the game is over; before that, only what a spectator may know.

        The seed decides every hidden card and every die to come, so it is withheld until the end, and so
        is the text of every action the game's hook does not call public (``games.public_action_text``).
        """
        state = room.state
        if room.finished:
            whole = state.record()
            if room.stored.practice:
                whole["practice"] = True
            if room.ended is not None:
                whole["ended"] = room.ended
            return whole
        full = state.record()
        return {
            "game": full["game"],
            "version": full["version"],
            "players": full["players"],
            "options": full["options"],
            "practice": room.stored.practice,
            "complete": False,
            "withheld": "the seed and hidden action texts (null) are withheld until the game is over",
            "actions": [[seat, hooks.public_action_text(room.game_id, text)] for seat, text in full["actions"]],
        }

    def replay_step(self, room: Room, step: Any, seat: int | None) -> dict[str, Any]:
        """The finished game as it stood after ``step`` actions, seen by ``seat`` (``None``: a spectator)."""
        if not room.finished:
            raise ApiError(409, "the replay opens once the game is over")
        actions = room.state.record()["actions"]
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(actions):
            raise bad_request(f"'step' must be 0-{len(actions)}")
        if seat is not None and not 0 <= seat < room.state.players:
            raise bad_request(f"'seat' must be 0-{room.state.players - 1}")
        state = ludoteca.replay({**room.state.record(), "actions": actions[:step]})
        over = state.is_over()
        last = step == len(actions)  # the end: a resignation or an end shows with its result
        return {
            "id": room.id,
            "game": room.game_id,
            "title": state.game.title,
            "players": state.players,
            "seat": seat,
            "step": step,
            "steps": len(actions),
            "actions": actions,
            "view": state.view(seat),
            "log": room.log_for(seat, state, step),
            "to_act": [] if last and room.ended else state.to_act(),
            "over": over or last,
            "result": room.result() if last else (state.result() if over else None),
            "ended": room.ended if last else None,
            "seats": self.seat_list(room),
            "renderer": hooks.renderer_for(room.game_id),
            "static": hooks.static_data(room.game_id, dict(state.game.options)),
        }

    # ------------------------------------------------------------------ the table chat
    def chat(self, room: Room) -> list[dict[str, Any]]:
        """The game's last ``CHAT_SHOWN`` messages: public, to seats and spectators alike."""
        return self.storage.chat(room.id, CHAT_SHOWN)

    async def post_chat(self, room: Room, token: str | None, text: Any) -> dict[str, Any]:
        """A seat says something to the table (docs/server.md, Table chat); returns the stored message.

        Only a seat may speak (its token), so each message carries a seat and its name, and the rate limit
        counts per seat in the database, so it holds across server processes. The chat is no part of the
        game: not in its record, its version or its log, and it is built from the message alone.
        """
        seat = self.seat_of(room, token)
        if seat is None:
            raise ApiError(403, "a spectator can read the chat but not write in it: use your seat's token")
        message = check_text(text, "'text'", CHAT_MAX, newlines=True)
        now = datetime.now(UTC)
        times = self.storage.chat_times(room.id, seat, now - timedelta(seconds=CHAT_SECONDS))
        if len(times) >= CHAT_BURST:
            # The next message is allowed once enough of these have left the window (RFC 9110 Retry-After, whole
            # seconds, rounded up so that a client waiting that long is not refused again).
            frees = times[len(times) - CHAT_BURST] + timedelta(seconds=CHAT_SECONDS)
            wait = max(1, math.ceil((frees - now).total_seconds()))
            raise ApiError(429, f"too many messages: at most {CHAT_BURST} every {CHAT_SECONDS:g} seconds from one "
                                f"seat; wait {wait} s", headers={"Retry-After": str(wait)})
        posted = self.storage.add_chat(room.id, seat, room.seats[seat].name, message, now)
        await self.tell_chat(room.id, posted)
        return posted

    async def tell_chat(self, game_id: str, message: dict[str, Any]) -> None:
        """Push a chat message to this process's sockets of its game, once (the poll may read it again)."""
        if message["id"] in self.chat_told:
            return
        moment = time.monotonic()
        self.chat_told[message["id"]] = moment
        if len(self.chat_told) > 1000:
            self.chat_told = {n: t for n, t in self.chat_told.items() if moment - t < CHAT_REMEMBERED}
        for listener in self.chat_listeners:
            await listener(game_id, message)

    async def chat_news(self, seconds: float, game_id: str | None = None) -> None:
        """Push the chat messages other processes stored in the last ``seconds`` (those not pushed yet)."""
        if not self.chat_listeners:  # a worker has no sockets to tell
            return
        since = datetime.now(UTC) - timedelta(seconds=seconds)
        for message in await asyncio.to_thread(self.storage.chat_since, since, game_id):
            await self.tell_chat(message.pop("game"), message)

    # ------------------------------------------------------------------ changing a game
    def _check_version(self, room: Room, version: Any) -> None:
        if isinstance(version, bool) or not isinstance(version, int):
            raise bad_request(f"'version' must be the integer version you last saw, not {version!r}")
        if version > room.version:
            self.sync(room.id)  # another process took the game further than this one knows
        if version != room.version:
            raise ApiError(409, f"the game has moved on: it is at version {room.version}, you sent {version}")

    async def act(self, room: Room, token: str | None, version: Any, text: Any) -> int:
        """Apply a seat's action; returns the seat. Nothing changes unless the entry is stored."""
        if not isinstance(text, str) or not text.strip():
            raise bad_request("'action' must be the text of one of your legal actions")
        async with room.lock:
            seat = self.seat_of(room, token)
            if seat is None:
                raise ApiError(403, "a spectator cannot act: use your seat's token")
            try:
                self._check_version(room, version)
                self._commit_action(room, seat, text)
            except ApiError as error:
                raise self._judged_on_latest(room, error) from None
        await self._changed(room)
        return seat

    def _judged_on_latest(self, room: Room, error: ApiError) -> ApiError:
        """A refusal as the database's latest version would give it. A process may hold a game a little behind
        (it learns of other processes' changes a moment later, or on demand: docs/scaling.md), and a client that
        heard of them first may then send an action legal only after them, at the version before: judged on the
        old state that would be a 400 or an out-of-turn 409 with the wrong reason. So a refusal reads the game's
        news first (one query, on refusals only), and if there were any, the answer is that it moved on."""
        if error.status not in (400, 409):
            return error
        before = room.version
        self.sync(room.id)
        if room.version != before:
            return ApiError(409, f"the game has moved on: it is at version {room.version}; reload it")
        return error

    def _commit_action(self, room: Room, seat: int, text: str) -> None:
        state = room.state
        if room.ended is not None:
            raise ApiError(409, f"the game has ended: {room.ended}")
        if seat not in state.to_act():
            who = state.to_act()
            raise ApiError(409, "the game is over" if not who else f"it is not your turn: waiting for seat(s) {who}")
        twin = state.clone()
        try:
            twin.apply(seat, text)
        except IllegalAction as error:
            raise bad_request(str(error)) from None
        applied = twin.record()["actions"][-1][1]  # the canonical text, whatever spacing or case was sent
        entry = Entry(room.version, ACTION, seat, applied)
        self._store(room, entry, twin)
        room.previous = state
        room.state = twin
        room.version += 1

    def _store(self, room: Room, entry: Entry, after: State) -> None:
        over = after.is_over()
        bot_turn, lobby = _status(room, after)
        try:
            self.storage.append(room.id, entry, over, after.result() if over else None, bot_turn, lobby)
        except StaleVersion as error:
            self.sync(room.id)  # another process wrote that entry: learn it
            raise ApiError(409, f"the game has moved on ({error}); reload it") from None
        room.stored.entries.append(entry)
        room.stored.over = over
        room.stored.updated_at = datetime.now(UTC)

    def undo_refusal(self, room: Room, seat: int) -> str | None:
        """Why ``seat`` may not undo now, or ``None`` if it may.

        A seat may take back its own action while it is still the last one standing and it taught that
        seat nothing it could not have known before acting:

        * the game is not over, and the last action standing is the seat's own (once someone else has
          answered it, their choice rests on it);
        * the action drew nothing from the generator: no die was rolled, nothing shuffled or picked at
          random (the generator's state and script are the same before and after);
        * the action revealed nothing hidden to the seat: the action is replayed in ``UNDO_PROBES`` worlds
          where everything the seat could not see beforehand is redrawn (``state.resample``), and in every
          one the seat must see exactly what it sees now — same view, same new log lines. A tile drawn
          from the bag, a card turned up or an opponent's secret shown to it would differ in some world.

        What others see may change (a tile placed is on the board for all): undoing gives them nothing
        they can use that the seat did not choose to show.
        """
        key = (room.version, seat)
        if key not in room.undo_cache:
            room.undo_cache.clear()
            room.undo_cache[key] = self._undo_refusal(room, seat)
        return room.undo_cache[key]

    def _undo_refusal(self, room: Room, seat: int) -> str | None:
        state = room.state
        if room.finished:
            return "the game is over"
        actions = state.record()["actions"]
        if not actions:
            return "nothing has been played yet"
        last_seat, last_text = actions[-1]
        if last_seat != seat:
            return "the last action is not yours"
        before = self._previous(room)
        if before.rng.state != state.rng.state or before.rng.script != state.rng.script:
            return "your action rolled dice or drew at random"
        seen_now = state.view(seat)
        log_before = len(before.visible_log(seat))
        new_lines = state.visible_log(seat)[log_before:]
        probe = random.Random(f"{room.id}/{room.version}/{seat}")
        for _ in range(UNDO_PROBES):
            world = before.clone()
            world.resample(seat, probe)
            # The stored text is the action's own (canonical) text, so it is found by plain equality; the
            # spelling-tolerant ``apply`` would normalise every legal action's text in every world.
            action = next((a for a in world.legal_actions(seat) if a.text == last_text), None)
            if action is None:
                return "your action depended on hidden information"
            try:
                world.apply_legal(seat, action)
            except LudotecaError:
                return "your action depended on hidden information"
            if world.view(seat) != seen_now or world.visible_log(seat)[log_before:] != new_lines:
                return "your action revealed hidden information to you"
        return None

    def _previous(self, room: Room) -> State:
        if room.previous is None:
            record = room.state.record()
            room.previous = ludoteca.replay({**record, "actions": record["actions"][:-1]})
        return room.previous

    async def undo(self, room: Room, token: str | None, version: Any) -> int:
        """Take back the seat's own last action, when :meth:`undo_refusal` allows it (400 with the reason if not)."""
        async with room.lock:
            seat = self.seat_of(room, token)
            if seat is None:
                raise ApiError(403, "a spectator cannot undo: use your seat's token")
            try:
                self._check_version(room, version)
                refusal = self.undo_refusal(room, seat)
                if refusal is not None:
                    raise bad_request(f"you cannot undo now: {refusal}")
            except ApiError as error:
                raise self._judged_on_latest(room, error) from None
            before = self._previous(room)
            last_text = room.state.record()["actions"][-1][1]
            self._store(room, Entry(room.version, UNDO, seat, last_text), before)
            room.state = before
            room.previous = None
            room.version += 1
            room.log_epoch = room.version  # the log lost the undone action's lines
            room.notes.append((before.actions_played, len(before.log), _undo_note(room, seat)))
        await self._changed(room)
        return seat

    # ------------------------------------------------------------------ ending a game early
    async def resign(self, room: Room, token: str | None, version: Any) -> int:
        """A person gives up their seat (docs/server.md, Ending a game).

        With two players the other seat wins at once. With more, the ``heuristic`` bot plays the seat to the
        end, so the others can finish their game; the result then names the seat as resigned.
        """
        async with room.lock:
            seat = self._ending_seat(room, token, version)
            if not room.seats[seat].human:
                raise ApiError(409, f"seat {seat} has already resigned")
            text = RESIGN_BOT if room.state.players > 2 else ""
            self._end_entry(room, Entry(room.version, RESIGN, seat, text), over=not text)
        await self._changed(room)
        return seat

    async def abandon(self, room: Room, token: str | None, version: Any) -> int:
        """Close a game no other person plays in, with no result (a person against bots who stops)."""
        async with room.lock:
            seat = self._ending_seat(room, token, version)
            others = [s for s, info in enumerate(room.seats) if s != seat and info.human and info.token_sha256]
            if others:
                raise ApiError(409, f"seat(s) {others} are people playing this game: resign instead of abandoning it")
            self._end_entry(room, Entry(room.version, END, seat, ABANDONED), over=True)
        await self._changed(room)
        return seat

    async def expire(self, days: float, now: datetime | None = None) -> list[str]:
        """End every unfinished game unchanged for ``days`` days (``ludoteca serve --expire-days``)."""
        now = now or datetime.now(UTC)
        expired = []
        for game_key in await asyncio.to_thread(self.storage.idle_games, now - timedelta(days=days)):
            try:
                room = self.room(game_key)  # read from the database: this process may not hold it
            except ApiError:
                continue  # a game that no longer replays is left as it is
            last = room.stored.updated_at or room.stored.created_at
            if room.finished or (now - last).total_seconds() < days * 86400:
                continue
            async with room.lock:
                if room.finished:
                    continue
                try:
                    self._end_entry(room, Entry(room.version, END, 0, EXPIRED), over=True)
                except ApiError:
                    continue  # another process changed (or expired) it first
            expired.append(room.id)
            await self.notify(room)
        return expired

    def _ending_seat(self, room: Room, token: str | None, version: Any) -> int:
        seat = self.seat_of(room, token)
        if seat is None:
            raise ApiError(403, "a spectator cannot end a game: use your seat's token")
        try:
            self._check_version(room, version)
            if room.finished:
                raise ApiError(409, "the game is over")
        except ApiError as error:
            raise self._judged_on_latest(room, error) from None
        return seat

    def _end_entry(self, room: Room, entry: Entry, over: bool) -> None:
        """Store a resignation or an end, then apply it (the same order as every change: stored first)."""
        players = [info.player for info in room.seats]
        if entry.kind == RESIGN and entry.text:
            players[entry.seat] = entry.text  # a bot plays the seat on
        ended, result = _ending(room.state.players, entry)
        bot_turn, lobby = _status(room, room.state, players, ended)
        try:
            self.storage.append(room.id, entry, over, result, bot_turn and not over, lobby)
        except StaleVersion as error:
            self.sync(room.id)
            raise ApiError(409, f"the game has moved on ({error}); reload it") from None
        room.stored.entries.append(entry)
        room.stored.over = over
        room.stored.updated_at = datetime.now(UTC)
        self._apply_ending(room, entry)
        room.version += 1
        room.previous = None

    def _apply_ending(self, room: Room, entry: Entry, played: int | None = None, log_length: int | None = None) -> None:
        """What a resignation or an end does to a room (also when a restarted server reads it back), and the
        log line that says so, where it happened."""
        who = room.seat_label(entry.seat)
        if entry.kind == RESIGN and entry.text:
            said = f"{who} resigned; the {entry.text} bot plays the seat to the end"
        elif entry.kind == RESIGN:
            said = f"{who} resigned: the game is over"
        else:
            said = "The game was abandoned" if entry.text == ABANDONED else "The game expired unfinished"
        kind = "resigned" if entry.kind == RESIGN else "ended"
        event: dict[str, Any] = {"type": kind, "text": _sentence(said)}
        if entry.kind == RESIGN:
            event["seat"] = entry.seat
        if played is None:  # now, in the live game
            played = len(room.state.record()["actions"])
        room.notes.append((played, len(room.state.log) if log_length is None else log_length, event))
        if entry.kind == RESIGN:
            room.resigned.append(entry.seat)
        if entry.kind == RESIGN and entry.text:  # a bot plays the seat on
            bot = server_agent(entry.text, _bot_seed(room.stored.seed, room.stored.generator, entry.seat))
            room.seats[entry.seat] = SeatInfo(entry.text, None, bot, name=room.seats[entry.seat].name)
            return
        room.ended, room.end_result = _ending(room.state.players, entry)

    # ------------------------------------------------------------------ after every change
    async def _changed(self, room: Room) -> None:
        await self.notify(room)
        if self.bot_delay <= 0:
            await self.drive_bots(room)
        else:
            self.wake_bots(room)

    async def notify(self, room: Room) -> None:
        for listener in self.listeners:
            await listener(room)

    def wake_bots(self, room: Room) -> None:
        """Make sure a bot to act will move (one driver task per game at most)."""
        if not self.drive or room.bot_to_act() is None or room.bot_error is not None:
            return
        if not room.driving:
            room.driver = asyncio.get_running_loop().create_task(self.drive_bots(room))

    async def drive_bots(self, room: Room) -> None:
        """Let the bots move, one after another, while a bot is to act; a person's turn ends the loop.

        With several processes on one database, a process thinks about a move only once it holds the
        move's lease (``Storage.take_lease``); the lease runs out a little after the longest a move may
        take, so the move of a process killed while thinking is taken up by another.
        """
        async with room.bots:
            await self._drive_bots(room)

    async def _drive_bots(self, room: Room) -> None:
        while room.bot_error is None and self.drive:
            seat = room.bot_to_act()
            if seat is None:
                return
            version = room.version
            # The lease is taken before the pause, so that for the whole pause the database says the move is in
            # hand and other processes leave it (``Storage.waiting_bots``).
            if not self.storage.take_lease(room.id, version, self.owner, self.lease_seconds + self.bot_delay):
                return  # another process is thinking about it; its move will reach us
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)
                seat = room.bot_to_act()
                if seat is None or room.version != version:
                    continue  # someone acted meanwhile: look again
            agent = room.seats[seat].agent
            assert agent is not None
            snapshot = room.state.clone()
            try:
                action = await self.pools.run(room.seats[seat].player, agent.choose, snapshot, seat)
            except Exception as error:  # a bot bug must not take the server down: show it and stop that bot
                room.bot_error = f"seat {seat} ({room.seats[seat].player}) failed: {type(error).__name__}: {error}"
                log.exception("bot failed in game %s", room.id)
                await self.notify(room)
                return
            async with room.lock:
                if room.version != version or seat not in room.state.to_act():
                    continue  # someone acted meanwhile: look again
                try:
                    self._commit_action(room, seat, action.text)
                except ApiError as error:
                    if error.status == 409:
                        continue  # another process moved first: look again
                    room.bot_error = f"seat {seat} ({room.seats[seat].player}) chose badly: {error.reason}"
                    log.error("bot move refused in game %s: %s", room.id, error.reason)
            await self.notify(room)

    async def start_bots(self) -> None:
        """After a restart, bots whose turn it was carry on."""
        for room in self.rooms.values():
            self.wake_bots(room)

    async def stop_bots(self) -> None:
        tasks = [room.driver for room in self.rooms.values() if room.driver is not None and room.driving]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task


def _status(
    room: Room, state: State, players: list[str] | None = None, ended: str | None = None
) -> tuple[bool, dict[str, Any]]:
    """What the database keeps beside an entry about the game after it (``state``, with ``players`` at the seats
    and ``ended`` if it ended early): whether a bot is to act (so a process that follows nothing finds the move,
    docs/scaling.md) and the lobby line's changing parts (``storage.LOBBY_KEYS``; public, like the lobby)."""
    players = players if players is not None else [info.player for info in room.seats]
    to_act = [] if ended is not None else state.to_act()
    bot_turn = any(players[seat] != HUMAN for seat in to_act)
    return bot_turn, {
        "title": state.game.title, "seats": players, "to_act": to_act, "ended": ended, "moves": state.actions_played
    }


def _ending(players: int, entry: Entry) -> tuple[str | None, dict[str, Any] | None]:
    """Why a resignation or an end finishes the game, and its result (``None`` twice: the game goes on)."""
    if entry.kind == RESIGN:
        if entry.text:
            return None, None
        ended = f"seat {entry.seat} resigned"
        others = [seat for seat in range(players) if seat != entry.seat]
        return ended, {"ended": ended, "winners": others, "resigned": [entry.seat]}
    ended = "the game was abandoned" if entry.text == ABANDONED else "the game expired unfinished"
    return ended, {"ended": ended, "winners": []}


def _apply_stored(state: State, entry: Entry) -> None:
    """Apply an action another process accepted and stored: its text is the action's own (canonical) text, so
    it is found by plain equality among the legal actions, not by the spelling-tolerant search of ``apply``
    (which normalises every legal action's text, and every process replays every action). A text that is not
    found (a game whose texts changed) goes through ``apply``, which explains the refusal."""
    action = next((a for a in state.legal_actions(entry.seat) if a.text == entry.text), None)
    if action is None:
        state.apply(entry.seat, entry.text)
    else:
        state.apply_legal(entry.seat, action)


def _dead_here(owner: str) -> bool:
    """Whether a lease owner (``host/pid/nonce``) is a process of this machine that no longer runs."""
    host, _, rest = owner.partition("/")
    pid = rest.partition("/")[0]
    if host != socket.gethostname() or not pid.isdigit() or int(pid) == os.getpid():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False  # alive, someone else's
    return False


def _bot_seed(seed: int, generator: str | None, seat: int) -> int:
    """A bot's seed: hashed from a keyed game's seed (a bot's play must not lead back to it)."""
    return keyed_seed(seed, f"bot {seat}") if generator == KEYED else derive_seed(seed, seat)


def _stored_seat(info: SeatInfo) -> dict[str, Any]:
    """A seat as the games table keeps it: who plays it, the digests of its secrets (never the secrets), the
    creator's name and whether anyone may take it."""
    stored: dict[str, Any] = {"player": info.player}
    if info.token_sha256 is not None:
        stored["token_sha256"] = info.token_sha256
    if info.invite_sha256 is not None:
        stored["invite_sha256"] = info.invite_sha256
    if info.name is not None:  # the creator's (the others' come with their claims)
        stored["name"] = info.name
    if info.open:
        stored["open"] = True
    return stored


def _record_of(stored: StoredGame, actions: list[tuple[int, str]]) -> dict[str, Any]:
    record: dict[str, Any] = {
        "game": stored.game,
        "version": stored.game_version,
        "players": stored.players,
        "options": stored.options,
        "seed": stored.seed,
        "scenario": stored.scenario,
        "dice": stored.dice,
        "actions": [[seat, text] for seat, text in actions],
    }
    if stored.generator is not None:
        record["generator"] = stored.generator
    return record
