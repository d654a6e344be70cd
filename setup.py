"""Packaging beside pyproject.toml, which holds everything else: where the packages live.

The repository keeps `api/`, `cli/` and `migrations/` at its top level, but the installed
distribution puts them under the `flipside` namespace (`flipside.api`, `flipside.cli`,
`flipside.migrations`), so it claims no generic top-level import name that another
distribution might also use. The mapping needs a computed package list (every package of
`flipside/`, each game's included, without naming them), which pyproject.toml cannot express.
"""

from setuptools import find_packages, setup

MAPPED = {"flipside.api": "api", "flipside.cli": "cli", "flipside.migrations": "migrations"}

setup(
    packages=[*find_packages(include=["flipside", "flipside.*"]), *MAPPED],
    package_dir=MAPPED,
)
