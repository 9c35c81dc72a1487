"""Storage that loses nothing: each game's record plus an append-only table of its entries.

A game is stored once, when it is created, as the parts of its record that never change (game id,
version, players, options, seed, scenario, scripted dice) and its seats (who plays each one and its
secret token). Everything that happens afterwards is a row appended to ``entries``: an accepted
action, or the undo of the previous action. Rows are never updated or deleted, so the table is the
game's full history; replaying it rebuilds the game exactly (:func:`effective_actions`).

The entry's number is part of its primary key: two writers that both believe they are at version
``v`` cannot both append entry ``v`` — the second one fails instead of forking the game.

SQLAlchemy Core keeps this independent of the database: SQLite by default, PostgreSQL or anything
else SQLAlchemy speaks through ``--database``.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    event,
    false,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, OperationalError

metadata = MetaData()

games_table = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("game_version", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),  # the seed when it fits 64 bits; seed_text is the truth
    Column("seed_text", Text, nullable=True),  # the seed in decimal (a server's seeds have 128 bits)
    Column("generator", String(16), nullable=True),  # null: the fast generator (games stored before keys)
    Column("practice", Boolean, nullable=True),  # a seed the creator chose: a practice game
    Column("version", Integer, nullable=True),  # entries so far: what other processes compare with theirs
    Column("bot_turn", Boolean, nullable=True),  # a bot is to act at ``version``: what an idle process looks for
    Column("lobby", JSON, nullable=True),  # the lobby line's parts that change with the game (``LOBBY_KEYS``)
    Column("scenario", JSON, nullable=True),
    Column("dice", JSON, nullable=False),
    Column("seats", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Column("over", Boolean, nullable=False, default=False),
    Column("result", JSON, nullable=True),
)

entries_table = Table(
    "entries",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),  # "action", "undo", "resign" or "end"
    Column("seat", Integer, nullable=False),
    Column("text", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

claims_table = Table(
    "claims",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_sha256", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("name", String(64), nullable=True),  # the name its person gave (public); null before names
)
"""Seats taken (an invitation claimed, or an open seat taken): one row per seat, so two claims of one seat
cannot both succeed (the key)."""

chat_table = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("name", String(64), nullable=True),
    Column("text", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False, index=True),
)
"""The table chat: what the people at a game's seats said to each other (public, and no part of its record)."""

bot_leases_table = Table(
    "bot_leases",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("version", Integer, nullable=False),
    Column("owner", String(64), nullable=False),
    Column("until", DateTime(timezone=True), nullable=False),
)
"""Who is thinking about a game's bot move at a version, until when: one process at a time (the key)."""

SCHEMA_LOCK = 0x4C75646F
"""The PostgreSQL advisory lock key ("Ludo") held while a server creates or upgrades the schema."""
SCHEMA_TRIES = 5
"""How many times a SQLite server tries to create the schema while others create it at the same moment."""
CHANNEL = "ludoteca"
"""The PostgreSQL ``NOTIFY`` channel: every change names its game there, for the other processes."""
CHAT_NOTE = -2
"""The version a ``NOTIFY`` names for a chat message (no version changes: the others read the game's chat)."""
BOT_NOTE = "bot"
"""The third word of a change's ``NOTIFY`` when a bot is to act at its version: a worker that follows no game
learns from it that there is a move to take (``cluster.py``)."""
LOBBY_KEYS = ("title", "seats", "to_act", "ended", "moves")
"""What ``games.lobby`` holds: the game's title, who plays each seat now (a resigned seat is a bot's), who is to
act, why the game ended early (null: it did not) and how many actions the game has had (the version counts undos
and resignations too; a line kept before ``moves`` has none). With the columns and the claims, a lobby line needs
no live game (``Storage.lobby``)."""

ADDED_COLUMNS = {"games": ("seed_text", "generator", "practice", "version", "bot_turn", "lobby"), "claims": ("name",)}
"""Columns added since the first schema: a database made before them gains them at start-up."""

ACTION = "action"
UNDO = "undo"
RESIGN = "resign"
"""A seat resigned: ``text`` is the bot that plays it from now on, or empty when its resignation ended the game."""
END = "end"
"""The game was ended without a result: ``text`` says why (``abandoned``, ``expired``)."""


class StaleVersion(Exception):
    """Another writer appended the entry this one meant to write: the caller's version is out of date."""


class AlreadyClaimed(Exception):
    """The seat's invitation was taken before."""


def default_data_dir() -> Path:
    """Where a user's data lives by their platform's convention (no extra dependency for four lines)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "ludoteca"


def default_database_url() -> str:
    """SQLite in the user's data directory, created if needed (readable by its owner only)."""
    folder = default_data_dir()
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'ludoteca.sqlite3'}"


def _private_sqlite_file(url: str) -> None:
    """Create a SQLite database file readable and writable by its owner only, before SQLite opens it.

    SQLite gives its ``-wal`` and ``-shm`` files the database file's permissions, so they follow.
    A file that already exists keeps the permissions its owner gave it.
    """
    path = url.split(":///", 1)[1] if ":///" in url else ""
    if not path or path.startswith(":memory:") or "mode=memory" in path:
        return
    path = path.split("?", 1)[0]
    if not os.path.exists(path):
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))


@dataclass
class Entry:
    """One row of a game's history."""

    number: int
    kind: str
    seat: int
    text: str


@dataclass
class StoredGame:
    """A game as the database holds it: its fixed record parts, its seats and its history."""

    id: str
    game: str
    game_version: str
    players: int
    options: dict[str, Any]
    seed: int
    scenario: dict[str, Any] | None
    dice: list[int]
    seats: list[dict[str, Any]]
    created_at: datetime
    over: bool = False
    result: dict[str, Any] | None = None
    entries: list[Entry] = field(default_factory=list)
    generator: str | None = None
    practice: bool = False
    claims: dict[int, str] = field(default_factory=dict)  # seat -> its token's SHA-256, once claimed
    names: dict[int, str] = field(default_factory=dict)  # seat -> the name its claimer gave
    updated_at: datetime | None = None  # the last change (an entry, or the creation)


def effective_actions(entries: list[Entry]) -> list[tuple[int, str]]:
    """The actions that stand once every undo has taken back the action before it (resignations and ends
    are not actions of the game: the service reads them)."""
    actions: list[tuple[int, str]] = []
    for entry in entries:
        if entry.kind == UNDO:
            actions.pop()
        elif entry.kind == ACTION:
            actions.append((entry.seat, entry.text))
    return actions


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    """SQLite hands back the naive UTC time it was given: mark it UTC, so it compares with new games' times."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Storage:
    """The database behind the server; every method is one short transaction."""

    def __init__(self, url: str) -> None:
        self.url = url
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            # The app calls the database from the event loop's thread and from worker threads.
            kwargs["connect_args"] = {"check_same_thread": False}
        if url.startswith("sqlite"):
            _private_sqlite_file(url)
        self.engine: Engine = create_engine(url, **kwargs)
        self.notifies = self.engine.dialect.name == "postgresql"
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._create_schema()

    def _create_schema(self) -> None:
        """Create the tables, or bring them up to this version, in one transaction.

        Servers started at the same moment on an empty PostgreSQL database would each create the tables and
        one would fail on a duplicate type name; the transaction first takes an advisory lock
        (``SCHEMA_LOCK``), so they create the schema one after another and the later ones find it made.
        SQLite has no such lock (its driver begins no transaction before DDL), so a server that finds a table
        made between ``create_all``'s look and its ``CREATE`` tries again: the next look sees it.
        """
        for attempt in range(SCHEMA_TRIES):
            try:
                with self.engine.begin() as connection:
                    if self.notifies:
                        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
                    metadata.create_all(connection)
                    self._add_missing_columns(connection)
                return
            except OperationalError:
                if self.notifies or attempt == SCHEMA_TRIES - 1:
                    raise
                time.sleep(0.05 * (attempt + 1))

    def _add_missing_columns(self, connection: Connection) -> None:
        """Bring a database made by an earlier version up to this schema (new nullable columns only)."""
        inspector = inspect(connection)
        for table_name, columns in ADDED_COLUMNS.items():
            present = {column["name"] for column in inspector.get_columns(table_name)}
            table = metadata.tables[table_name]
            for name in columns:
                if name in present:
                    continue
                kind = table.c[name].type.compile(dialect=self.engine.dialect)
                connection.execute(text(f"ALTER TABLE {table_name} ADD COLUMN {name} {kind}"))

    def close(self) -> None:
        self.engine.dispose()

    def create_game(self, stored: StoredGame, bot_turn: bool = False, lobby: dict[str, Any] | None = None) -> None:
        now = _now()
        with self.engine.begin() as connection:
            connection.execute(
                insert(games_table).values(
                    id=stored.id,
                    game=stored.game,
                    game_version=stored.game_version,
                    players=stored.players,
                    options=stored.options,
                    seed=stored.seed if -(2**63) <= stored.seed < 2**63 else 0,
                    seed_text=str(stored.seed),
                    generator=stored.generator,
                    practice=stored.practice,
                    scenario=stored.scenario,
                    dice=stored.dice,
                    seats=stored.seats,
                    created_at=stored.created_at,
                    updated_at=now,
                    over=stored.over,
                    result=stored.result,
                    version=0,
                    bot_turn=bot_turn,
                    lobby=lobby,
                )
            )
            self._notify(connection, stored.id, 0, bot_turn)

    def _notify(self, connection: Any, game_id: str, version: int = 0, bot_turn: bool = False) -> None:
        """Tell the other processes (PostgreSQL ``NOTIFY``, sent when the transaction commits) a game changed:
        ``<game id> <version>``, so a process already there (the writer itself) need not read it, and ``bot``
        after them when a bot is to act at that version."""
        if self.notifies:
            note = f"{game_id} {version} {BOT_NOTE}" if bot_turn else f"{game_id} {version}"
            connection.execute(text("SELECT pg_notify(:channel, :note)"), {"channel": CHANNEL, "note": note})

    def append(
        self, game_id: str, entry: Entry, over: bool, result: dict[str, Any] | None, bot_turn: bool = False,
        lobby: dict[str, Any] | None = None,
    ) -> None:
        """Write one entry and the game's new status in a single transaction: ``over``, ``result``, whether a
        bot is to act next (``bot_turn``) and the lobby line's changing parts (``lobby``, ``LOBBY_KEYS``).

        Raises :class:`StaleVersion` if entry ``entry.number`` already exists (another writer won).
        The statements are built once (``_APPEND_ENTRY``, ``_APPEND_STATUS``): this runs for every accepted
        action, and building a statement costs SQLAlchemy more than the database's own work on it.
        """
        now = _now()
        try:
            with self.engine.begin() as connection:
                connection.execute(_APPEND_ENTRY, {"game_id": game_id, "number": entry.number, "kind": entry.kind,
                                                   "seat": entry.seat, "text": entry.text, "created_at": now})
                connection.execute(_APPEND_STATUS, {"id_": game_id, "updated_at": now, "over": over,
                                                    "result": result, "version": entry.number + 1,
                                                    "bot_turn": bot_turn, "lobby": lobby})
                self._notify(connection, game_id, entry.number + 1, bot_turn)
        except IntegrityError as error:
            raise StaleVersion(f"entry {entry.number} of game {game_id} already exists") from error

    def claim(self, game_id: str, seat: int, token_sha256: str, name: str | None = None) -> None:
        """Record that ``seat`` was taken (by ``name``); :class:`AlreadyClaimed` if it was before."""
        try:
            with self.engine.begin() as connection:
                row = {"game_id": game_id, "seat": seat, "token_sha256": token_sha256, "created_at": _now(),
                       "name": name}
                connection.execute(insert(claims_table).values(**row))
                connection.execute(update(games_table).where(games_table.c.id == game_id).values(updated_at=_now()))
                self._notify(connection, game_id, -1)  # a claim changes no version: everyone reads it
        except IntegrityError as error:
            raise AlreadyClaimed(f"seat {seat} of game {game_id} is already taken") from error

    def load_game(self, game_id: str) -> StoredGame | None:
        """One game with its whole history and claims, as stored now (``None`` if there is none)."""
        found = self._load(game_id)
        return found[0] if found else None

    def news(self, game_id: str, since: int) -> tuple[list[Entry], dict[int, str], dict[int, str]]:
        """A game's entries from number ``since`` on, its claims and their names: what a process that has the
        rest needs."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(entries_table)
                .where(entries_table.c.game_id == game_id)
                .where(entries_table.c.number >= since)
                .order_by(entries_table.c.number)
            ).mappings().all()
            claimed = connection.execute(select(claims_table).where(claims_table.c.game_id == game_id)).mappings().all()
        entries = [Entry(row["number"], row["kind"], row["seat"], row["text"]) for row in rows]
        names = {row["seat"]: row["name"] for row in claimed if row["name"] is not None}
        return entries, {row["seat"]: row["token_sha256"] for row in claimed}, names

    # ------------------------------------------------------------------ the table chat
    def add_chat(
        self, game_id: str, seat: int, name: str | None, message: str, at: datetime | None = None
    ) -> dict[str, Any]:
        """Store one chat message; returns it as the API shows it (with its id and time)."""
        at = at or _now()
        with self.engine.begin() as connection:
            result = connection.execute(
                insert(chat_table).values(game_id=game_id, seat=seat, name=name, text=message, created_at=at)
            )
            key = result.inserted_primary_key
            if key is None:  # SQLAlchemy gives it for every single-row insert with an autoincrement key
                raise RuntimeError("the database returned no id for the chat message")
            number = key[0]
            self._notify(connection, game_id, CHAT_NOTE)
        return _chat_row({"id": number, "seat": seat, "name": name, "text": message, "created_at": at,
                          "game_id": game_id})

    def chat(self, game_id: str, last: int = 100) -> list[dict[str, Any]]:
        """A game's last ``last`` chat messages, oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(chat_table).where(chat_table.c.game_id == game_id).order_by(chat_table.c.id.desc()).limit(last)
            ).mappings().all()
        return [_chat_row(row) for row in reversed(rows)]

    def chat_since(self, since: datetime, game_id: str | None = None) -> list[dict[str, Any]]:
        """Chat messages stored at or after ``since`` (of one game, or of all), oldest first, with their game."""
        query = select(chat_table).where(chat_table.c.created_at >= since)
        if game_id is not None:
            query = query.where(chat_table.c.game_id == game_id)
        with self.engine.connect() as connection:
            rows = connection.execute(query.order_by(chat_table.c.id)).mappings().all()
        return [{**_chat_row(row), "game": row["game_id"]} for row in rows]

    def chat_times(self, game_id: str, seat: int, since: datetime) -> list[datetime]:
        """When ``seat`` of a game posted each message since ``since``, oldest first (the rate limit counts them
        in the database, so it holds across every server process, and says when the next one is allowed)."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(chat_table.c.created_at)
                .where(chat_table.c.game_id == game_id)
                .where(chat_table.c.seat == seat)
                .where(chat_table.c.created_at >= since)
                .order_by(chat_table.c.created_at)
            ).all()
        return [_aware(row[0]) for row in rows]

    def chat_count(self, game_id: str, seat: int, since: datetime) -> int:
        """How many messages ``seat`` of a game posted since ``since`` (the rate limit counts in the database,
        so it holds across every server process)."""
        with self.engine.connect() as connection:
            value = connection.execute(
                select(func.count()).select_from(chat_table)
                .where(chat_table.c.game_id == game_id)
                .where(chat_table.c.seat == seat)
                .where(chat_table.c.created_at >= since)
            ).scalar_one()
        return int(value)

    def versions_of(self, game_ids: list[str]) -> dict[str, int]:
        """The stored version of each of ``game_ids`` (the games a process keeps in step: its poll's question)."""
        found: dict[str, int] = {}
        with self.engine.connect() as connection:
            for start in range(0, len(game_ids), 500):  # a bounded IN list per statement
                chunk = game_ids[start:start + 500]
                rows = connection.execute(
                    select(games_table.c.id, games_table.c.version).where(games_table.c.id.in_(chunk))
                ).all()
                found.update((row[0], int(row[1] or 0)) for row in rows)
        return found

    def waiting_bots(self, before: datetime, limit: int = 100) -> dict[str, int]:
        """Unfinished games where a bot has been to act since ``before`` or earlier and no process holds a live
        lease on that move, with their versions: the bot moves nobody is making (its writer moves no bots, or
        died, or its worker did). Oldest first, at most ``limit``."""
        now = _now()
        live = (
            select(bot_leases_table.c.game_id)
            .where(bot_leases_table.c.game_id == games_table.c.id)
            .where(bot_leases_table.c.version == games_table.c.version)
            .where(bot_leases_table.c.until >= now)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(games_table.c.id, games_table.c.version)
                .where(games_table.c.bot_turn.is_(True))
                .where(games_table.c.over == false())
                .where(games_table.c.updated_at <= before)
                .where(~live.exists())
                .order_by(games_table.c.updated_at)
                .limit(limit)
            ).all()
        return {row[0]: int(row[1] or 0) for row in rows}

    def idle_games(self, before: datetime) -> list[str]:
        """Unfinished games unchanged since ``before`` (what ``--expire-days`` ends), oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(games_table.c.id)
                .where(games_table.c.over == false())
                .where(games_table.c.updated_at < before)
                .order_by(games_table.c.updated_at)
            ).all()
        return [row[0] for row in rows]

    def exists(self, game_id: str) -> bool:
        with self.engine.connect() as connection:
            found = connection.execute(select(games_table.c.id).where(games_table.c.id == game_id)).first()
        return found is not None

    def lobby(self, limit: int, offset: int, unfinished: bool = False) -> tuple[list[dict[str, Any]], int]:
        """A page of games, newest first, as the lobby lists them (no entries, no secrets' use: the seats' JSON
        and the claims' digests only tell which seats are taken), and how many there are in all. ``unfinished``:
        every unfinished game and no page (the caller filters them by their seats, then pages)."""
        columns = [games_table.c[name] for name in ("id", "game", "players", "options", "seats", "practice",
                                                    "version", "over", "result", "lobby", "created_at")]
        query = select(*columns).order_by(games_table.c.created_at.desc(), games_table.c.id)
        counted = select(func.count()).select_from(games_table)
        if unfinished:
            query = query.where(games_table.c.over == false())
            counted = counted.where(games_table.c.over == false())
        else:
            query = query.limit(limit).offset(offset)
        with self.engine.connect() as connection:
            rows = [dict(row) for row in connection.execute(query).mappings().all()]
            total = int(connection.execute(counted).scalar_one())
            ids = [row["id"] for row in rows]
            claimed = connection.execute(
                select(claims_table.c.game_id, claims_table.c.seat, claims_table.c.name)
                .where(claims_table.c.game_id.in_(ids))
            ).all() if ids else []
        taken: dict[str, dict[int, str | None]] = {}
        for game_id, seat, name in claimed:
            taken.setdefault(game_id, {})[seat] = name
        for row in rows:
            row["claims"] = taken.get(row["id"], {})
            row["created_at"] = _aware(row["created_at"])
        return rows, total

    def take_lease(self, game_id: str, version: int, owner: str, seconds: float) -> bool:
        """Reserve the bot move of ``game_id`` at ``version`` for ``owner`` during ``seconds``.

        True when taken: nobody held it, its holder's time ran out (a killed worker), it was for an older
        version, or ``owner`` holds it already. One conditional write decides, so two processes cannot both
        take it.
        """
        now = _now()
        until = now + timedelta(seconds=seconds)
        values = {"id_": game_id, "version": version, "owner": owner, "until": until, "now": now}
        with self.engine.begin() as connection:
            taken = connection.execute(_TAKE_LEASE, values).rowcount
        if taken:
            return True
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(bot_leases_table),
                                   {"game_id": game_id, "version": version, "owner": owner, "until": until})
        except IntegrityError:
            return False  # somebody else holds it
        return True

    def release_leases(self, dead: Callable[[str], bool]) -> int:
        """Free the bot leases whose owner ``dead`` says is gone (a process of this machine that no longer
        runs): its bots may move at once instead of when the lease runs out. Returns how many were freed."""
        with self.engine.begin() as connection:
            owners = [row[0] for row in connection.execute(select(bot_leases_table.c.owner).distinct())]
            gone = [owner for owner in owners if dead(owner)]
            if gone:
                connection.execute(bot_leases_table.delete().where(bot_leases_table.c.owner.in_(gone)))
        return len(gone)

    def _load(self, game_id: str | None) -> list[StoredGame]:
        def only(query: Any, column: Any) -> Any:
            return query if game_id is None else query.where(column == game_id)

        with self.engine.connect() as connection:
            games = connection.execute(
                only(select(games_table), games_table.c.id).order_by(games_table.c.created_at)
            ).mappings().all()
            rows = (
                connection.execute(
                    only(select(entries_table), entries_table.c.game_id).order_by(
                        entries_table.c.game_id, entries_table.c.number
                    )
                )
                .mappings()
                .all()
            )
            claimed = connection.execute(only(select(claims_table), claims_table.c.game_id)).mappings().all()
        claims: dict[str, dict[int, str]] = {}
        names: dict[str, dict[int, str]] = {}
        for row in claimed:
            claims.setdefault(row["game_id"], {})[row["seat"]] = row["token_sha256"]
            if row["name"] is not None:
                names.setdefault(row["game_id"], {})[row["seat"]] = row["name"]
        history: dict[str, list[Entry]] = {}
        for row in rows:
            history.setdefault(row["game_id"], []).append(Entry(row["number"], row["kind"], row["seat"], row["text"]))
        return [
            StoredGame(
                id=row["id"],
                game=row["game"],
                game_version=row["game_version"],
                players=row["players"],
                options=dict(row["options"] or {}),
                seed=int(row["seed_text"]) if row["seed_text"] is not None else row["seed"],
                scenario=row["scenario"],
                dice=list(row["dice"] or []),
                seats=list(row["seats"]),
                created_at=_aware(row["created_at"]),
                over=bool(row["over"]),
                result=row["result"],
                entries=history.get(row["id"], []),
                generator=row["generator"],
                practice=bool(row["practice"]),
                claims=claims.get(row["id"], {}),
                names=names.get(row["id"], {}),
                updated_at=_aware(row["updated_at"]),
            )
            for row in games
        ]

    def count_entries(self, game_id: str) -> int:
        with self.engine.connect() as connection:
            value = connection.execute(
                select(func.count()).select_from(entries_table).where(entries_table.c.game_id == game_id)
            ).scalar_one()
        return int(value)


_APPEND_ENTRY = insert(entries_table)
_APPEND_STATUS = (
    update(games_table)
    .where(games_table.c.id == bindparam("id_"))
    .values(updated_at=bindparam("updated_at"), over=bindparam("over"), result=bindparam("result"),
            version=bindparam("version"), bot_turn=bindparam("bot_turn"), lobby=bindparam("lobby"))
)
_TAKE_LEASE = (
    update(bot_leases_table)
    .where(bot_leases_table.c.game_id == bindparam("id_"))
    .where((bot_leases_table.c.version < bindparam("version")) | (bot_leases_table.c.until < bindparam("now"))
           | (bot_leases_table.c.owner == bindparam("owner")))
    .values(version=bindparam("version"), owner=bindparam("owner"), until=bindparam("until"))
)
"""The statements every accepted action and bot move runs, built once: SQLAlchemy caches their compiled form."""


def _chat_row(row: Any) -> dict[str, Any]:
    """A chat row as the API shows it: its number, seat, name, text and time (ISO 8601, UTC)."""
    return {"id": int(row["id"]), "seat": int(row["seat"]), "name": row["name"], "text": row["text"],
            "time": _aware(row["created_at"]).isoformat()}


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """Write-ahead logging lets readers go on while an action is written; foreign keys are off by default.

    ``synchronous=NORMAL``: in WAL mode a commit is then written to the log file without waiting for the disk
    (the log is synced at each checkpoint instead). A killed server process loses no committed action (the
    operating system holds it), which is the promise of docs/server.md; only a power cut or a crash of the
    operating system may take back the last commits. Waiting for the disk on every commit (``FULL``, the
    default) cost 4-8 ms per action on this machine's disk, on the event loop, for every game at once.
    """
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()
