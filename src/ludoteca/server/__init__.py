"""The browser app: an authoritative FastAPI server with storage, a lobby, live games and replays.

``ludoteca serve`` runs :func:`serve`; :func:`create_app` builds the application (tests use it with a
temporary database). Needs the ``web`` extra: ``pip install -e '.[web]'``.
"""

from __future__ import annotations

from ludoteca.server.app import create_app, serve

__all__ = ["create_app", "serve"]
