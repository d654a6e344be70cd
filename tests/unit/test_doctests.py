"""Every worked example in the code's docstrings holds (`doctest`).

The README's test command collects tests under ``tests/`` only, so the examples in the
package's modules run here, each module imported under its installed name: ``api/`` and
``cli/`` are ``flipside.api`` and ``flipside.cli`` (setup.py), and a second import of them
under another name would register their metrics twice.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import flipside.api
import flipside.cli
import pytest

import flipside

_PACKAGES = (flipside, flipside.api, flipside.cli)


def _modules() -> list[str]:
    names = {
        module.name
        for package in _PACKAGES
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
    }
    return sorted(names | {package.__name__ for package in _PACKAGES})


def _with_examples(names: list[str]) -> list[str]:
    finder = doctest.DocTestFinder()
    return [
        name
        for name in names
        if any(test.examples for test in finder.find(importlib.import_module(name)))
    ]


DOCUMENTED = _with_examples(_modules())


def test_the_modules_with_examples_are_found() -> None:
    assert {"flipside.engine.frozen", "flipside.api.capacity", "flipside.cli.matches"} <= set(
        DOCUMENTED
    )


@pytest.mark.parametrize("name", DOCUMENTED)
def test_the_worked_examples_in_its_docstrings_hold(name: str) -> None:
    failed, tried = doctest.testmod(importlib.import_module(name))
    assert tried and not failed  # the failures are printed above
