"""The ``soak`` marker: the long runs of the contract suite, left out unless ``-m`` asks.

Until pyproject.toml declares the marker and deselects it by default (``addopts``), this
file does both; once it does, this file goes.
"""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "soak: long runs of the game contract (many matches)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.option.markexpr:
        return  # `-m` chooses
    soak = [item for item in items if item.get_closest_marker("soak")]
    if soak:
        config.hook.pytest_deselected(items=soak)
        items[:] = [item for item in items if item not in soak]
