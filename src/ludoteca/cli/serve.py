"""``ludoteca serve``: the browser app. The server is imported only here, since it needs the ``web`` extra."""

from __future__ import annotations

from typing import Annotated

import typer

from ludoteca.cli.common import fail


def serve_command(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option("--database", help="SQLAlchemy URL (default: SQLite in the user's data directory)."),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option("--bot-delay", min=0.0, help="Seconds each bot waits before moving, so people can follow.")
    ] = 0.6,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            "--forwarded-allow-ips",
            help="Comma-separated addresses of your reverse proxies, whose X-Forwarded-For is believed "
            "(default: none, so no client can choose the address the rate limit counts).",
        ),
    ] = None,
    expire_days: Annotated[
        float,
        typer.Option("--expire-days", min=0.0, help="End games nobody has moved in for this many days (0: never)."),
    ] = 30.0,
    bots: Annotated[
        bool,
        typer.Option("--bots/--no-bots", help="Move bots in this process (--no-bots: `ludoteca worker` does)."),
    ] = True,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            help="The address your players reach this server at, e.g. https://example.org:8000: every link the "
            "server hands out (seats, invitations, spectators) starts with it (default: the address each "
            "request came to).",
        ),
    ] = None,
) -> None:
    """Play in the browser: run the game server, then open http://HOST:PORT (needs the `web` extra)."""
    try:
        from ludoteca.server import serve
        from ludoteca.server.app import check_public_url
    except ImportError as error:
        fail(f"the server needs the web extra: pip install -e '.[web]' ({error})")
    if public_url is not None:
        try:
            public_url = check_public_url(public_url)
        except ValueError as error:
            fail(str(error))
    serve(host=host, port=port, database=database, bot_delay=bot_delay, forwarded_allow_ips=forwarded_allow_ips,
          expire_days=expire_days, bots=bots, public_url=public_url)


def worker_command(
    database: Annotated[
        str | None,
        typer.Option("--database", help="SQLAlchemy URL shared with the servers (default: the user's SQLite)."),
    ] = None,
) -> None:
    """Move the bots of every game on a database, beside any number of servers and workers (needs `web`).

    Each bot move is taken by one process at a time (a lease in the database); a worker killed while thinking
    leaves its move to another once the lease runs out. See docs/scaling.md.
    """
    try:
        from ludoteca.server.app import work
    except ImportError as error:
        fail(f"the worker needs the web extra: pip install -e '.[web]' ({error})")
    work(database)
