"""The Python examples of the docs, as written, for the tests that run them."""

from __future__ import annotations

import re
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs"


def python_blocks(doc: str) -> list[str]:
    """The ```python blocks of ``docs/<doc>``, in order."""
    return re.findall(r"```python\n(.*?)```", (DOCS / doc).read_text(encoding="utf-8"), re.S)


def block_with(doc: str, text: str) -> str:
    """The one Python block of `doc` that holds `text`."""
    found = [block for block in python_blocks(doc) if text in block]
    assert len(found) == 1, f"{doc}: {len(found)} Python blocks hold {text!r}"
    return found[0]
