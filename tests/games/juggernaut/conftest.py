"""`registered`: Juggernaut installed in the engine's registry for one test, so the
service, records and audit, which find a game by id, can play and read its matches."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from flipside.engine import registry


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    if "juggernaut" not in registry.INSTALLED:
        monkeypatch.setattr(registry, "INSTALLED", (*registry.INSTALLED, "juggernaut"))
    registry.game_named.cache_clear()
    yield
    registry.game_named.cache_clear()
