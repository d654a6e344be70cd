"""Pure row builders: the events of one match -> the rows of every read model (no database).

The projections' PostgreSQL writer, the CSV export and the audit all build their rows here,
so a row means the same thing wherever it appears.

The builders read *records*: anything with the stored event's ``type``, ``data`` and
``recorded_at`` (a `flipside.store.StoredEvent` is one). Folding the stored JSON directly
instead of first building domain dataclasses is what makes a projection rebuild fast; domain
events from an in-process simulation become records with `records_of`.

Only finished rounds produce `round_facts`: drawn cards and orientations stay secret until
the showdown (R10-R11), and a read model must not leak them while a round is in play.

>>> from flipside.games.flipside.events import SeatSpec
>>> from flipside.simulation import play_match, match_seed
>>> events, _ = play_match("m", [SeatSpec("npc", level="easy")] * 3, match_seed(0, 0))
>>> facts = fold_match(records_of(events))
>>> facts.summary["status"], facts.rounds[0]["round"], facts.rounds[0]["turn_position"]
('finished', 1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from flipside.games.flipside.events import Event, to_data
from flipside.games.flipside.hands import CATEGORIES, RANK_KEY, VALUE_BY_KEY

Row = dict[str, Any]

ROUND_FACT_COLUMNS = (
    "match_id",
    "round",
    "seat",
    "player",
    "level",
    "start_seat",
    "turn_position",
    "dealt",
    "discarded",
    "drawn",
    "up_ranks",
    "down_ranks",
    "up_category",
    "down_category",
    "up_value",
    "down_value",
    "up_place",
    "down_place",
    "life_before",
    "life_after",
    "eliminated",
)
"""One row per seat per round: the shape of `round_facts` and of the CSV export."""

PLAYER_STAT_COLUMNS = (
    "player",
    "matches",
    "wins",
    "place_sum",
    "placements",
    "up_favoured",
    "exchanges",
    "cards_discarded",
)
"""Additive counts per player; averages are these sums over their counts."""


class Record(Protocol):
    """What the builders need of a stored event."""

    @property
    def type(self) -> str: ...
    @property
    def data(self) -> Mapping[str, Any]: ...
    @property
    def recorded_at(self) -> datetime | None: ...


@dataclass(frozen=True, slots=True)
class EventRecord:
    """A domain event as a `Record`, for events that were never stored."""

    type: str
    data: Mapping[str, Any]
    recorded_at: datetime | None = None


def records_of(events: Iterable[Event]) -> list[EventRecord]:
    """Domain events (e.g. from `flipside.simulation.play_match`) as records."""
    return [EventRecord(type(event).__name__, to_data(event)) for event in events]


def player_key(spec: Mapping[str, Any]) -> str | None:
    """Whose statistics a seat feeds: a person's name, or ``npc:<level>`` for a computer.

    A person who gave no name has no statistics (None).
    """
    if spec["kind"] == "npc":
        return f"npc:{spec['level']}"
    return spec.get("name")


_CATEGORY_WEIGHT = 13**5  # hands.py: a value is category * 13**5 + its tie-break digits


def _hand(ranks: str) -> tuple[int, str]:
    """(value, category) of five ranks, by the hands table: a sum of keys, one lookup."""
    value = VALUE_BY_KEY[sum(map(RANK_KEY.__getitem__, ranks))]
    return value, CATEGORIES[value // _CATEGORY_WEIGHT]


@dataclass(slots=True)
class _SeatRound:
    """One seat's round while it is being folded."""

    dealt: tuple[str, ...] = ()
    discarded: tuple[str, ...] = ()
    drawn: tuple[str, ...] = ()
    placed: tuple[str, ...] = ()
    places: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class MatchFacts:
    """Everything the read models know about one match: its summary and its round facts."""

    summary: Row
    rounds: list[Row]


class _MatchFold:
    """A single pass over one match's records; `_on_<type>` handles each event type."""

    def __init__(self) -> None:
        self.summary: Row = {"status": "active", "round": 0, "winner": None, "places": None}
        self.rounds: list[Row] = []
        self.specs: list[Mapping[str, Any]] = []
        self.lives: list[int] = []
        self.life_before: list[int] = []
        self.start_seat = 0
        self.turn_order: Sequence[int] = ()
        self.seat_rounds: dict[int, _SeatRound] = {}

    def fold(self, records: Iterable[Record]) -> MatchFacts:
        handlers = _HANDLERS
        version = 0
        first = last = None
        for record in records:
            handler = handlers.get(record.type)
            if handler is not None:
                handler(self, record.data, record.recorded_at)
            version += 1
            last = record.recorded_at
            if first is None:
                first = last
        self.summary.update(version=version, created_at=first, updated_at=last)
        self.summary["lives"] = self.lives
        return MatchFacts(self.summary, self.rounds)

    def _on_match_created(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.specs = data["seats"]
        self.lives = [data.get("start_life", 4)] * len(self.specs)
        self.summary.update(
            match_id=data["match_id"],
            seats=[
                {"seat": seat, "kind": spec["kind"], "name": spec["name"], "level": spec["level"]}
                for seat, spec in enumerate(self.specs)
            ],
            players=sorted({key for spec in self.specs if (key := player_key(spec))}),
            finished_at=None,
        )

    def _on_round_started(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.summary["round"] = data["round"]
        self.start_seat = data["start_seat"]
        self.turn_order = data["turn_order"]
        self.life_before = list(self.lives)
        self.seat_rounds = {seat: _SeatRound() for seat in self.turn_order}

    def _on_cards_dealt(self, data: Mapping[str, Any], at: datetime | None) -> None:
        for seat, seat_round in self.seat_rounds.items():
            seat_round.dealt = data["hands"][seat]

    def _on_cards_exchanged(self, data: Mapping[str, Any], at: datetime | None) -> None:
        seat_round = self.seat_rounds[data["seat"]]
        seat_round.discarded = data["discarded"]
        seat_round.drawn = data["drawn"]

    def _on_showdown_revealed(self, data: Mapping[str, Any], at: datetime | None) -> None:
        side = data["side"]
        for place, seat in enumerate(data["ranking"], start=1):
            seat_round = self.seat_rounds[seat]
            seat_round.places[side] = place
            # Every seat of the round is in the up showdown, which shows each one's cards as
            # placed: one event instead of one OrientationChosen per seat.
            if side == "up":
                seat_round.placed = data["placed"][seat]

    def _on_round_ended(self, data: Mapping[str, Any], at: datetime | None) -> None:
        # The lives after the round: the LifeChanged events before it add nothing, and a
        # seat of the round at 0 life has just been eliminated (R5).
        self.lives = list(data["lives"])
        match_id, round_no = self.summary["match_id"], data["round"]
        for position, seat in enumerate(self.turn_order, start=1):
            self.rounds.append(self._round_fact(match_id, round_no, seat, position))

    def _round_fact(self, match_id: str, round_no: int, seat: int, position: int) -> Row:
        seat_round = self.seat_rounds[seat]
        placed = "".join(seat_round.placed)  # oriented cards: up rank, down rank, up, down...
        up_ranks, down_ranks = placed[::2], placed[1::2]
        (up_value, up_category), (down_value, down_category) = _hand(up_ranks), _hand(down_ranks)
        spec = self.specs[seat]
        return {
            "match_id": match_id,
            "round": round_no,
            "seat": seat,
            "player": player_key(spec),
            "level": spec["level"],
            "start_seat": self.start_seat,
            "turn_position": position,
            "dealt": " ".join(seat_round.dealt),
            "discarded": " ".join(seat_round.discarded),
            "drawn": " ".join(seat_round.drawn),
            "up_ranks": up_ranks,
            "down_ranks": down_ranks,
            "up_category": up_category,
            "down_category": down_category,
            "up_value": up_value,
            "down_value": down_value,
            "up_place": seat_round.places.get("up"),
            "down_place": seat_round.places.get("down"),  # None: out before the down side
            "life_before": self.life_before[seat],
            "life_after": self.lives[seat],
            "eliminated": self.lives[seat] == 0,
        }

    def _on_match_ended(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.summary.update(
            status="finished", winner=data["winner"], places=list(data["places"]), finished_at=at
        )


_HANDLERS = {
    "MatchCreated": _MatchFold._on_match_created,
    "RoundStarted": _MatchFold._on_round_started,
    "CardsDealt": _MatchFold._on_cards_dealt,
    "CardsExchanged": _MatchFold._on_cards_exchanged,
    "ShowdownRevealed": _MatchFold._on_showdown_revealed,
    "RoundEnded": _MatchFold._on_round_ended,
    "MatchEnded": _MatchFold._on_match_ended,
}
"""How the fold handles each event type it uses."""

FOLDED_TYPES = frozenset(_HANDLERS)
"""Event types the read models use. The others change no row: shuffles and the seed, and
orientations, life changes and eliminations, which the showdown and the round's end repeat."""


def fold_match(records: Iterable[Record]) -> MatchFacts:
    """The summary and round facts of one match from its records, in stream order."""
    return _MatchFold().fold(records)


def match_summary(records: Iterable[Record]) -> Row:
    """One `match_summaries` row: status, seats, players, lives, round, winner, times."""
    return fold_match(records).summary


def round_facts(records: Iterable[Record]) -> list[Row]:
    """The `round_facts` rows of every finished round, in play order (`ROUND_FACT_COLUMNS`)."""
    return fold_match(records).rounds


def player_contributions(facts: MatchFacts) -> list[Row]:
    """What a finished match adds to `player_stats`: one row per seat with a player key.

    Counts are per seat, so a name (or a level) seated twice counts twice. An unfinished
    match contributes nothing: statistics are over finished matches only.
    """
    summary = facts.summary
    if summary["status"] != "finished":
        return []
    contributions: dict[int, Row] = {}
    for seat_info in summary["seats"]:
        key = player_key(seat_info)
        if key is not None:
            seat = seat_info["seat"]
            contributions[seat] = dict.fromkeys(PLAYER_STAT_COLUMNS, 0) | {
                "player": key,
                "matches": 1,
                "wins": int(summary["winner"] == seat),
                "place_sum": summary["places"][seat],
            }
    for fact in facts.rounds:
        row = contributions.get(fact["seat"])
        if row is not None:
            row["placements"] += 1
            row["up_favoured"] += fact["up_value"] > fact["down_value"]
            row["exchanges"] += 1  # every seat in a round exchanges once, 0-5 cards (R10)
            row["cards_discarded"] += len(fact["discarded"].split())
    return list(contributions.values())


def merge_stats(contributions: Iterable[Row]) -> dict[str, Row]:
    """Contributions summed per player (`PLAYER_STAT_COLUMNS`)."""
    totals: dict[str, Row] = {}
    for row in contributions:
        total = totals.get(row["player"])
        if total is None:
            totals[row["player"]] = dict(row)
            continue
        for column in PLAYER_STAT_COLUMNS[1:]:
            total[column] += row[column]
    return totals


def player_averages(stats: Mapping[str, Any]) -> Row:
    """A `player_stats` row with its averages: win rate, mean place, up share, mean discard."""
    matches, placements, exchanges = stats["matches"], stats["placements"], stats["exchanges"]
    return dict(stats) | {
        "win_rate": stats["wins"] / matches if matches else None,
        "average_place": stats["place_sum"] / matches if matches else None,
        "up_favoured_rate": stats["up_favoured"] / placements if placements else None,
        "mean_discarded": stats["cards_discarded"] / exchanges if exchanges else None,
    }
