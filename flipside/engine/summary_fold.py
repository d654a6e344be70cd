"""What every game's read-model fold shares (`flipside.engine.read_models.GameFold`): the
match summary from the creation to the end, the finished units of play, and the rows they
hold.

A game's fold subclasses `SummaryFold` and takes each event it reads with a method
``_on_<event>`` (the event's name in snake case: `handlers_of` finds them): its creation
handler calls `open_match`, its unit handlers append to `finished` and set the summary's
``round``, and it keeps `lives`, each seat's standing (life, gold, chips), up to date.
`MatchEnded` is read alike by every game. A game whose read models keep no table and add no
player counters takes the rest from `NoPlayerStats`.

>>> class Fold(SummaryFold):
...     def _on_match_created(self, data, at):
...         self.open_match(data)
>>> handlers = handlers_of(Fold)
>>> sorted(handlers)
['MatchCreated', 'MatchEnded']
>>> fold, seats = Fold(), [{"kind": "npc", "name": None, "level": "easy"}]
>>> handlers["MatchCreated"](fold, {"match_id": "m", "seats": seats}, None)
>>> handlers["MatchEnded"](fold, {"winner": 0, "places": [1]}, None)
>>> summary = fold.summary()
>>> summary["status"], summary["seats"][0]["level"], summary["lives"]
('finished', 'easy', [])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from types import MappingProxyType
from typing import Any

from .read_models import GameReadModels, Handler, Record, Row, Table, Unit, fold

_HANDLER = "_on_"


class SummaryFold:
    """One match being folded: its summary fields and its finished units so far."""

    def __init__(self) -> None:
        self._summary: Row = {
            "status": "active",
            "round": 0,
            "winner": None,
            "places": None,
            "finished_at": None,
        }
        self.finished: list[Unit] = []
        self.specs: Sequence[Mapping[str, Any]] = ()
        self.lives: list[int] = []  # each seat's standing, the summary's ``lives``

    def summary(self) -> Row:
        return self._summary | {"lives": list(self.lives)}

    def units(self) -> Sequence[Unit]:
        return self.finished

    def open_match(self, data: Mapping[str, Any]) -> None:
        """Take the creation event's ``match_id`` and ``seats``."""
        self.specs = data["seats"]
        self._summary.update(
            match_id=data["match_id"],
            seats=[
                {"seat": seat, "kind": spec["kind"], "name": spec["name"], "level": spec["level"]}
                for seat, spec in enumerate(self.specs)
            ],
        )

    def _on_match_ended(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self._summary.update(
            status="finished", winner=data["winner"], places=list(data["places"]), finished_at=at
        )


def handlers_of(fold_class: type[SummaryFold]) -> Mapping[str, Handler]:
    """A fold's handlers by the name of the event each takes: ``_on_cards_dealt`` takes
    ``CardsDealt`` (`GameReadModels.handlers`)."""
    return MappingProxyType(
        {
            _event_name(name.removeprefix(_HANDLER)): getattr(fold_class, name)
            for name in dir(fold_class)
            if name.startswith(_HANDLER)
        }
    )


def _event_name(snake_case: str) -> str:
    return "".join(word.capitalize() for word in snake_case.split("_"))


class NoPlayerStats:
    """The part of `GameReadModels` of a game that keeps no table of its own and adds no
    ``player_stats`` counters."""

    tables: tuple[Table, ...] = ()
    stat_columns: tuple[str, ...] = ()

    def seat_counters(self, units: Sequence[Unit]) -> dict[int, dict[str, int]]:
        return {}

    def stat_averages(self, counters: Mapping[str, int]) -> Row:
        return {}


def unit_rows(
    game_id: str, models: GameReadModels, records: Iterable[Record], table: str
) -> list[Row]:
    """The `table` rows of a match's finished units, in play order, from its records in
    stream order (stored types bare or qualified): what a csv export writes."""
    units = fold(game_id, models, records).fold.units()
    return [row for unit in units for row in unit[table]]
