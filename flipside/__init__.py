"""Flipside: a server for poker-like card games on one event-sourced engine (`flipside games`
lists them; docs/rules/ has each one's rules).

`__version__` is the installed distribution's version, which pyproject.toml sets: the one
place it is written. `flipside --version`, ``/healthz`` and the OpenAPI document show it.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("flipside")
except PackageNotFoundError:  # a source tree that was never installed (pip install -e .)
    __version__ = "0+unknown"
