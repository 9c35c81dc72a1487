"""Shared fixtures: the core test game is registered for the whole test session."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ludoteca.core import register, unregister
from tests.core.toy_game import BlindDraw


@pytest.fixture(autouse=True, scope="session")
def _blind_draw_registered() -> Iterator[None]:
    register(BlindDraw)
    yield
    unregister(BlindDraw.id)
