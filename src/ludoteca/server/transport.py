"""How ``ludoteca serve`` meets the network: uvicorn's settings, a deadline for request headers, a clean log.

* **Forwarded headers are off** unless the operator names the proxies (``--forwarded-allow-ips``):
  uvicorn otherwise believes ``X-Forwarded-For`` from 127.0.0.1, so any local client could pick the
  address the rate limit counts and never be limited.
* **Headers have a deadline**: a connection that has not sent a whole request head within
  ``HEADER_SECONDS`` of opening (or of its last answer) is closed. uvicorn's own keep-alive timer stops
  as soon as a byte arrives, so a client sending one header line a minute held a connection for ever.
  Bodies have theirs in :class:`~ludoteca.server.limits.BodyLimit`.
* **No token in the access log**: older clients may still put ``?token=`` in a URL; the log shows
  ``token=…`` instead of the secret.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_SECONDS = 10.0
"""How long a client may take to send a request's head."""
_SECRET_IN_URL = re.compile(r"((?:token|invite)=)[^&\s\"']+")


class HeaderDeadlineProtocol(H11Protocol):
    """uvicorn's h11 protocol, closing a connection whose request head is not complete in time."""

    header_seconds = HEADER_SECONDS

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._upgraded = False
        self._arm_header_deadline()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm_header_deadline()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._upgraded = True  # the socket's protocol owns the connection from here
        super().handle_websocket_upgrade(event)

    def _arm_header_deadline(self) -> None:
        awaited = self.cycle  # a new request makes a new cycle; the same one means no new head arrived
        self.loop.call_later(self.header_seconds, self._header_deadline, awaited)

    def _header_deadline(self, awaited: Any) -> None:
        if self._upgraded or self.transport.is_closing() or self.cycle is not awaited:
            return
        if self.cycle is not None and not self.cycle.response_complete:
            return  # an answer is still being written
        self.transport.close()


class RedactSecrets(logging.Filter):
    """Replace any ``token=`` or ``invite=`` value in a log record's arguments by an ellipsis."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args:
            args = record.args if isinstance(record.args, tuple) else (record.args,)
            record.args = tuple(_SECRET_IN_URL.sub(r"\1…", a) if isinstance(a, str) else a for a in args)
        if isinstance(record.msg, str) and ("token=" in record.msg or "invite=" in record.msg):
            record.msg = _SECRET_IN_URL.sub(r"\1…", record.msg)
        return True


def install_log_redaction() -> None:
    """Redact secrets from uvicorn's access and error logs (idempotent)."""
    for name in ("uvicorn.access", "uvicorn.error"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactSecrets) for f in logger.filters):
            logger.addFilter(RedactSecrets())


def server_config(
    app: Any,
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    forwarded_allow_ips: str | None = None,
    ws_max_size: int = 16 * 1024 * 1024,
    log_level: str = "info",
    header_seconds: float = HEADER_SECONDS,
) -> Config:
    """The uvicorn configuration ``ludoteca serve`` runs (and the tests start): see the module's notes."""
    protocol = type("Deadline", (HeaderDeadlineProtocol,), {"header_seconds": header_seconds})
    install_log_redaction()
    return Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=ws_max_size,
        http=protocol,
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips,
        timeout_keep_alive=5,
    )
