"""Two guards in front of the application: a cap on request bodies (413) and a per-client rate limit (429).

Both are plain ASGI middleware, so they refuse a request before FastAPI parses it and before the game
service sees it: a refused request cannot change a game. Every legitimate body (a lobby request, an
action, an undo) is a few hundred bytes and a person makes a handful of requests per move, so the
defaults are far above what the web client needs and exist only to keep one client from exhausting
the server's memory or its two cores. Scripted clients that need volume (load tests, benchmarks) raise
or switch off the rate limit:

* ``LUDOTECA_MAX_BODY=BYTES`` — the largest body accepted (default 65536; ``0`` or ``off``: no cap);
* ``LUDOTECA_RATE_LIMIT=N/SECONDS`` — each client may make N requests at once and N per SECONDS on
  average after that (default ``300/10``; ``0`` or ``off``: no limit);
* ``LUDOTECA_SOCKETS_PER_ADDRESS=N`` — open WebSockets per client address (default 32; ``0`` or ``off``:
  no cap), for a load test whose hundreds of clients share one address.

``create_app(limits=Limits(...))`` sets them in code; without it the environment (or the defaults)
decides, which is how ``ludoteca serve`` is configured.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY = 64 * 1024
RATE_REQUESTS = 300
RATE_SECONDS = 10.0
WEBSOCKET_TOO_MANY = 4429
"""Close code of a WebSocket refused by the rate limit (the app's other refusals are 4000 + HTTP status)."""


@dataclass(frozen=True)
class Limits:
    """The guards' settings. ``max_body`` in bytes and ``rate_requests`` of 0 switch a guard off."""

    max_body: int = MAX_BODY
    rate_requests: int = RATE_REQUESTS
    rate_seconds: float = RATE_SECONDS
    body_seconds: float = 10.0  # how long a request's body may take to arrive (408 after that)
    sockets_per_address: int = 32  # open WebSockets one client address may hold (0: no cap; load tests)

    @classmethod
    def from_env(cls, environ: MutableMapping[str, str] | None = None) -> Limits:
        """The settings named by ``LUDOTECA_MAX_BODY`` and ``LUDOTECA_RATE_LIMIT``, defaults for the rest.

        A value that does not parse is an error at start-up: a server silently running without the
        limit its operator asked for is worse than one that does not start.
        """
        env = os.environ if environ is None else environ
        max_body = MAX_BODY
        raw_body = env.get("LUDOTECA_MAX_BODY", "").strip()
        if raw_body:
            max_body = 0 if raw_body.lower() == "off" else _non_negative_int("LUDOTECA_MAX_BODY", raw_body)
        requests, seconds = RATE_REQUESTS, RATE_SECONDS
        raw_rate = env.get("LUDOTECA_RATE_LIMIT", "").strip()
        if raw_rate.lower() in ("0", "off"):
            requests = 0
        elif raw_rate:
            count, _, window = raw_rate.partition("/")
            requests = _non_negative_int("LUDOTECA_RATE_LIMIT", count)
            try:
                seconds = float(window) if window else 1.0
            except ValueError:
                seconds = -1.0
            if not seconds > 0 or not math.isfinite(seconds):
                raise ValueError(f"LUDOTECA_RATE_LIMIT must be N/SECONDS with SECONDS > 0, not {raw_rate!r}")
        sockets = 32
        raw_sockets = env.get("LUDOTECA_SOCKETS_PER_ADDRESS", "").strip()
        if raw_sockets:
            name = "LUDOTECA_SOCKETS_PER_ADDRESS"
            sockets = 0 if raw_sockets.lower() == "off" else _non_negative_int(name, raw_sockets)
        return cls(max_body, requests, seconds, sockets_per_address=sockets)


def _non_negative_int(name: str, text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise ValueError(f"{name} must be a non-negative integer or 'off', not {text!r}")
    return value


async def _refuse(send: Send, status: int, reason: str, headers: list[tuple[bytes, bytes]] | None = None) -> None:
    """Answer like every other refusal of the API: JSON ``{"detail": reason}``."""
    body = json.dumps({"detail": reason}).encode()
    head = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": head + (headers or [])})
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """Refuse with 413 any HTTP request whose body is larger than ``max_body`` bytes, 408 one too slow.

    A declared ``Content-Length`` over the cap is refused before a byte of the body is read. A body
    without one (chunked) is read up to the cap and refused as soon as it passes it; a body within the
    cap is handed on whole, so at most ``max_body`` bytes per request are ever held. A body not whole
    within ``body_seconds`` is refused with 408 (a half-sent request must not hold the server's memory
    and a connection for ever).
    """

    def __init__(self, app: ASGIApp, max_body: int, body_seconds: float = 10.0) -> None:
        self.app = app
        self.max_body = max_body
        self.body_seconds = body_seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_big = f"the request body is larger than this server's limit of {self.max_body} bytes"
        declared = dict(scope.get("headers") or []).get(b"content-length")
        capped = self.max_body > 0
        if capped and declared is not None and declared.strip().isdigit() and int(declared) > self.max_body:
            await _refuse(send, 413, too_big, [(b"connection", b"close")])
            return
        chunks: list[bytes] = []
        size = 0
        deadline = asyncio.get_running_loop().time() + self.body_seconds
        while True:
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - asyncio.get_running_loop().time()))
            except TimeoutError:
                slow = f"the request body did not arrive within {self.body_seconds:g} s"
                await _refuse(send, 408, slow, [(b"connection", b"close")])
                return
            if message["type"] != "http.request":  # the client left while sending: nobody to answer
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if capped and size > self.max_body:
                await _refuse(send, 413, too_big, [(b"connection", b"close")])
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        handed = False

        async def replay() -> Message:
            nonlocal handed
            if not handed:
                handed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()  # after the body: only the disconnect is left to wait for

        await self.app(scope, replay, send)


class TokenBuckets:
    """One token bucket per client: ``capacity`` requests at once, refilled at ``capacity / seconds`` a second.

    A bucket that has refilled completely carries no information, so buckets are dropped once they are
    full again whenever the table grows past ``max_clients``: memory stays bounded under a flood from
    many addresses.
    """

    def __init__(self, capacity: int, seconds: float, max_clients: int = 10_000) -> None:
        self.capacity = float(capacity)
        self.per_second = capacity / seconds
        self.max_clients = max_clients
        self.buckets: dict[str, tuple[float, float]] = {}  # client -> (tokens, when counted)

    def take(self, client: str, now: float) -> float:
        """Spend one token of ``client``'s bucket: 0.0 if it had one, else the seconds until it will."""
        tokens, then = self.buckets.get(client, (self.capacity, now))
        tokens = min(self.capacity, tokens + (now - then) * self.per_second)
        if tokens >= 1.0:
            self.buckets[client] = (tokens - 1.0, now)
            if len(self.buckets) > self.max_clients:
                self._forget_full(now)
            return 0.0
        self.buckets[client] = (tokens, now)
        return (1.0 - tokens) / self.per_second

    def _forget_full(self, now: float) -> None:
        refill = self.capacity / self.per_second
        self.buckets = {key: (t, when) for key, (t, when) in self.buckets.items() if now - when < refill}


class RateLimit:
    """Refuse with 429 (and ``Retry-After``) the HTTP requests and WebSocket connections of a client whose
    bucket is empty; a refused WebSocket is closed with code 4429.

    The client is the peer's address as uvicorn reports it. Behind a reverse proxy every request comes
    from the proxy, so either let uvicorn trust its forwarding headers (``--forwarded-allow-ips``) or
    rate-limit at the proxy and switch this off.
    """

    def __init__(
        self, app: ASGIApp, requests: int, seconds: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.app = app
        self.buckets = TokenBuckets(requests, seconds) if requests > 0 else None
        self.clock = clock

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.buckets is None or scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        wait = self.buckets.take(client[0] if client else "unknown", self.clock())
        if wait <= 0:
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            await receive()  # the handshake's websocket.connect, answered by refusing it
            await send({"type": "websocket.close", "code": WEBSOCKET_TOO_MANY, "reason": "too many requests"})
        else:
            retry = str(max(1, math.ceil(wait))).encode()
            await _refuse(
                send, 429, f"too many requests from this client: retry in {retry.decode()} s", [(b"retry-after", retry)]
            )
