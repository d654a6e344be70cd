"""The exports of finished matches, kept in the process while they fit.

A finished match never changes, and anyone may ask for its record as often as they like:
writing one of many thousand events takes most of a second (a ten-seat Hold'em match of
15,000 events: 0.69 s as jsonl, 0.44 s as PHH). Kept by match, format and version, within a
budget of characters; a record larger than a quarter of it is written each time rather than
push out every other.
"""

from __future__ import annotations

from flipside.recent import Recent

ExportKey = tuple[str, str, int]  # match id, format, the match's version
KeptExports = Recent[ExportKey, str]

BUDGET = 64 * 1024 * 1024  # characters: a few of the largest records, thousands of others


def kept_exports(budget: int = BUDGET) -> KeptExports:
    return Recent(budget, weight=len, largest=budget // 4)
