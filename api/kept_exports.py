"""The exports of finished matches, kept in the process while they fit.

A finished match never changes, and anyone may ask for its record as often as they like:
writing one of many thousand events takes most of a second (a ten-seat Hold'em match of
15,000 events: 0.75 s as jsonl, 0.44 s as PHH). Kept by match, format and version, the
latest first out of a budget of characters; a record larger than a quarter of the budget is
written each time rather than push out every other.

>>> kept = KeptExports(budget=12)
>>> for number in range(4):
...     kept.keep((f"m{number}", "jsonl", 7), "abc")
>>> kept.get(("m0", "jsonl", 7))
'abc'
>>> kept.keep(("m4", "jsonl", 7), "def")  # over the budget: m1, the least recently read, goes
>>> kept.get(("m1", "jsonl", 7)) is None, kept.get(("m0", "jsonl", 7))
(True, 'abc')
"""

from __future__ import annotations

import threading
from collections import OrderedDict

ExportKey = tuple[str, str, int]  # match id, format, the match's version

BUDGET = 64 * 1024 * 1024  # characters: a few of the largest records, thousands of others


class KeptExports:
    """Export texts by `ExportKey`, at most `budget` characters in all, safe to share
    between a worker's threads."""

    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        self._texts: OrderedDict[ExportKey, str] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def get(self, key: ExportKey) -> str | None:
        with self._lock:
            text = self._texts.get(key)
            if text is not None:
                self._texts.move_to_end(key)
            return text

    def keep(self, key: ExportKey, text: str) -> None:
        if len(text) > self.budget // 4:
            return
        with self._lock:
            if key in self._texts:
                return
            self._texts[key] = text
            self._size += len(text)
            while self._size > self.budget:
                _, dropped = self._texts.popitem(last=False)
                self._size -= len(dropped)
