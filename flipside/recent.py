"""What a process keeps of what it used most recently, within a budget, for all its threads.

Each entry weighs `weight(value)` (1 by default: the budget is then a number of entries);
past the budget, the least recently used go first. An entry heavier than `largest` is not
kept at all, so that one large value never pushes out every other.

>>> kept = Recent[str, str](budget=9, weight=len, largest=4)
>>> for key in ("a", "b", "c"):
...     kept.put(key, key * 3)
>>> kept.get("a")
'aaa'
>>> kept.put("d", "ddd")  # 12 > 9: "b", the least recently used, goes
>>> kept.get("b") is None, kept.get("a")
(True, 'aaa')
>>> kept.put("e", "eeeee")  # heavier than 4: not kept
>>> kept.get("e") is None
True
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def _one(value: object) -> int:
    return 1


class Recent(Generic[K, V]):
    """The most recently used values by key, `budget` in all as `weight` counts them."""

    def __init__(
        self, budget: int, weight: Callable[[V], int] = _one, largest: int | None = None
    ) -> None:
        self.budget = budget
        self._weight = weight
        self._largest = budget if largest is None else largest
        self._values: OrderedDict[K, V] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        weight = self._weight(value)
        if weight > self._largest:
            return
        with self._lock:
            replaced = self._values.pop(key, None)
            if replaced is not None:
                self._size -= self._weight(replaced)
            self._values[key] = value
            self._size += weight
            while self._size > self.budget:
                _, dropped = self._values.popitem(last=False)
                self._size -= self._weight(dropped)
