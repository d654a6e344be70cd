"""The audit of a stored match record (DESIGN "Fairness and audit").

`audit_stream` takes one stream's stored events, in version order, and checks:

- ``chain``: every hash links the stream from version 1 (`store.chain.verify_chain`), so an
  edit, a deletion or a reordering is found;
- ``decode``: every event is a known type with its fields (`events.from_data`);
- ``commitment``: ``sha256(seed)`` is the commitment made at creation, and the revealed seed
  is the one the match was created with;
- ``shuffle``: every `DeckShuffled` is re-derived from the seed (`shuffle.shuffle`) over the
  cards it had to shuffle (the full deck, or the used pile);
- ``deal`` / ``draw``: every deal and every draw came off the top of the deck, as the record's
  own shuffles, deals and draws leave it (folded here, not by the code under audit);
- ``decider``: every command behind the record (`rules.command_behind`) is run through the
  decider again, and the events it emits must be the stored ones, no more, no fewer.

- ``projection``: the read models' rows of the match equal a fresh fold of its events
  (`audit_batch` reads them, with the events of many matches at a time).

A running match is audited as far as it goes; its seed is not revealed yet, so the checks
use the secret seed stored at creation, and the verdict says so without failing it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flipside.games.flipside.cards import DECK, Card
from flipside.games.flipside.commands import Command
from flipside.games.flipside.events import (
    CardsDealt,
    CardsExchanged,
    DeckShuffled,
    Event,
    MatchCreated,
    RoundEnded,
    RoundStarted,
    SeedRevealed,
    from_data,
)
from flipside.games.flipside.rules import RuleViolation, command_behind, execute, initial_state
from flipside.games.flipside.shuffle import commitment, shuffle
from flipside.projections import queries
from flipside.projections.rows import fold_match
from flipside.store.chain import verify_chain
from flipside.store.model import EventStore, StoredEvent

CHECKS = (
    "chain",
    "decode",
    "commitment",
    "shuffle",
    "deal",
    "draw",
    "decider",
    "projection",
)


@dataclass(frozen=True, slots=True)
class Finding:
    """One failed check: where (match, event version; None = the match as a whole) and why."""

    match_id: str
    version: int | None
    check: str
    message: str

    def __str__(self) -> str:
        where = f"event {self.version}" if self.version is not None else "match"
        return f"{self.match_id} {where} [{self.check}] {self.message}"

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "check": self.check, "message": self.message}


@dataclass(frozen=True, slots=True)
class Verdict:
    """The audit of one match."""

    match_id: str
    events: int
    finished: bool
    seed_revealed: bool
    findings: tuple[Finding, ...] = ()

    @property
    def passed(self) -> bool:
        return not self.findings

    @property
    def note(self) -> str | None:
        """What the verdict could not cover, for people; not a failure."""
        if self.seed_revealed:
            return None
        return "seed not yet revealed: checked against the secret seed stored at creation"

    def with_findings(self, more: Iterable[Finding]) -> Verdict:
        return Verdict(
            self.match_id, self.events, self.finished, self.seed_revealed,
            self.findings + tuple(more),
        )  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "passed": self.passed,
            "events": self.events,
            "status": "finished" if self.finished else "running",
            "seed_revealed": self.seed_revealed,
            "note": self.note,
            "findings": [finding.to_json() for finding in self.findings],
        }


@dataclass
class _Audit:
    """The findings of one match so far (each check reports at most once: the first break)."""

    match_id: str
    findings: list[Finding] = field(default_factory=list)

    def fail(self, version: int | None, check: str, message: str) -> None:
        if all(finding.check != check for finding in self.findings):
            self.findings.append(Finding(self.match_id, version, check, message))


def audit_stream(match_id: str, stored: Sequence[StoredEvent]) -> Verdict:
    """The verdict on one match's stored events (version order, as `read_stream` gives)."""
    audit = _Audit(match_id)
    if not stored:
        audit.fail(None, "decode", "no events: there is no such match")
        return Verdict(match_id, 0, False, False, tuple(audit.findings))
    broken = verify_chain(stored)
    if broken is not None:
        audit.fail(broken, "chain", "hash chain broken (edited, missing or reordered event)")
    events = _decode(audit, stored)
    if events is None:
        return Verdict(match_id, len(stored), False, False, tuple(audit.findings))
    seed = _check_seed(audit, events)
    if seed is None:
        audit.fail(events[0][0], "commitment", "the record holds no seed to check it against")
    _check_deck(audit, events, seed)
    finished = _check_decider(audit, events) if seed is not None else False
    revealed = any(isinstance(event, SeedRevealed) for _, event in events)
    return Verdict(match_id, len(stored), finished, revealed, tuple(audit.findings))


def _decode(audit: _Audit, stored: Sequence[StoredEvent]) -> list[tuple[int, Event]] | None:
    """(version, event) pairs; None when an event cannot be read (nothing else can be checked)."""
    events: list[tuple[int, Event]] = []
    for record in stored:
        try:
            events.append((record.version, from_data(record.type, record.data)))
        except (ValueError, TypeError, KeyError) as error:
            audit.fail(record.version, "decode", f"unreadable {record.type}: {error}")
            return None
    first = events[0][1]
    if not isinstance(first, MatchCreated) or first.match_id != audit.match_id:
        audit.fail(events[0][0], "decode", "the record does not begin with this match's creation")
        return None
    return events


def _check_seed(audit: _Audit, events: Sequence[tuple[int, Event]]) -> bytes | None:
    """The seed the shuffles must come from (the revealed one, else the stored secret one)."""
    version, created = events[0]
    assert isinstance(created, MatchCreated)
    seed = _seed_bytes(audit, version, created.seed, created.deck_commitment)
    for version, event in events:
        if isinstance(event, SeedRevealed):
            revealed = _seed_bytes(audit, version, event.seed, created.deck_commitment)
            if revealed is not None and seed is not None and revealed != seed:
                audit.fail(version, "commitment", "the revealed seed is not the match's seed")
            return revealed
    return seed


def _seed_bytes(audit: _Audit, version: int, seed: str | None, promised: str) -> bytes | None:
    if seed is None:
        return None
    try:
        raw = bytes.fromhex(seed)
    except ValueError:
        audit.fail(version, "commitment", "the seed is not hex")
        return None
    if commitment(raw) != promised:
        audit.fail(version, "commitment", "sha256(seed) is not the deck commitment")
    return raw


def _check_deck(audit: _Audit, events: Sequence[tuple[int, Event]], seed: bytes | None) -> None:
    deck = _Deck(audit, seed)
    for version, event in events:
        try:
            deck.apply(version, event)
        except (LookupError, TypeError, ValueError) as error:  # e.g. a hand for no seat
            audit.fail(version, "decode", f"malformed {type(event).__name__}: {error!r}")
            return


class _Deck:
    """The deck as the record's own events leave it, folded here rather than by
    `rules.evolve`, so that the deal and draw checks do not trust the code they audit.

    Cards go from the deck to the seats (deals, draws), from the seats to the used pile at
    the round's end (R14), and from the used pile back under the deck by a reshuffle.
    """

    def __init__(self, audit: _Audit, seed: bytes | None) -> None:
        self.audit, self.seed = audit, seed
        self.deck: list[Card] = []
        self.used: list[Card] = []
        self.in_round: list[Card] = []  # dealt and drawn this round: the used pile's next cards
        self.order: tuple[int, ...] = ()
        self.shuffles = 0

    def apply(self, version: int, event: Event) -> None:
        if isinstance(event, DeckShuffled):
            self._shuffled(version, event)
        elif isinstance(event, RoundStarted):
            self.order = event.turn_order
        elif isinstance(event, CardsDealt):
            self._dealt(version, event)
        elif isinstance(event, CardsExchanged):
            self._drawn(version, event)
        elif isinstance(event, RoundEnded):
            self.used += self.in_round
            self.in_round = []

    def _shuffled(self, version: int, event: DeckShuffled) -> None:
        if event.shuffle_no != self.shuffles:
            self.audit.fail(version, "shuffle", f"shuffle {event.shuffle_no}, not {self.shuffles}")
        self.shuffles += 1
        source = DECK if event.reason == "initial" else tuple(self.used)
        cards = event.cards or ()
        if event.count != len(cards) or sorted(cards) != sorted(source):
            self.audit.fail(version, "shuffle", f"the {event.reason} shuffle has the wrong cards")
        elif self.seed is not None and cards != shuffle(self.seed, event.shuffle_no, source):
            self.audit.fail(version, "shuffle", "the order is not the one the seed derives")
        if event.reason == "used_pile":
            self.used = []
        self.deck += cards

    def _dealt(self, version: int, event: CardsDealt) -> None:
        """R9: one card at a time in turn order, from the top of the deck."""
        order, hands = self.order, event.hands
        count = 5 * len(order)
        if any(len(hands[seat]) != 5 for seat in order) or sum(map(len, hands)) != count:
            self.audit.fail(version, "deal", "not five cards for each seat in the round")
        else:
            dealt = [hands[order[p % len(order)]][p // len(order)] for p in range(count)]
            if dealt != self.deck[:count]:
                self.audit.fail(
                    version, "deal", "the deal is not the top of the deck in turn order"
                )
        self.in_round += self.deck[:count]
        del self.deck[:count]

    def _drawn(self, version: int, event: CardsExchanged) -> None:
        """R10: as many cards drawn as discarded, off the top of the deck."""
        top = self.deck[: len(event.discarded)]
        if list(event.drawn) != top:
            message = f"seat {event.seat} drew {list(event.drawn)}, the deck gave {top}"
            self.audit.fail(version, "draw", message)
        self.in_round += top
        del self.deck[: len(top)]


def _check_decider(audit: _Audit, events: Sequence[tuple[int, Event]]) -> bool:
    """Every decision again: the command behind it through the decider, the same events out.

    Returns whether the match, as far as it checks out, is over.
    """
    state, at = initial_state(), 0
    while at < len(events):
        version, command = _command_at(events, at)
        if command is None:
            audit.fail(version, "decider", f"{type(events[at][1]).__name__} follows no command")
            break
        try:
            emitted, state = execute(state, command)
        except RuleViolation as error:
            audit.fail(version, "decider", f"illegal {type(command).__name__}: {error.message}")
            break
        except (LookupError, TypeError, ValueError) as error:  # a command of malformed fields
            audit.fail(version, "decider", f"{type(command).__name__} fails: {error!r}")
            break
        stored = [event for _, event in events[at : at + len(emitted)]]
        if stored != emitted:
            _report_mismatch(audit, events, at, stored, emitted)
            break
        at += len(emitted)
    return state.phase == "over"


def _command_at(events: Sequence[tuple[int, Event]], at: int) -> tuple[int, Command | None]:
    """The command that began the decision at `at`, and the version that records it.

    An exchange that needs a reshuffle records the shuffle before the exchange (R14).
    """
    version, first = events[at]
    if isinstance(first, DeckShuffled) and at + 1 < len(events):
        return events[at + 1][0], command_behind(events[at + 1][1])
    return version, command_behind(first)


def _report_mismatch(
    audit: _Audit,
    events: Sequence[tuple[int, Event]],
    at: int,
    stored: Sequence[Event],
    emitted: Sequence[Event],
) -> None:
    for offset, (mine, theirs) in enumerate(zip(stored, emitted, strict=False)):
        if mine != theirs:
            audit.fail(
                events[at + offset][0],
                "decider",
                f"stored {type(mine).__name__}, the rules give {_brief(theirs)}",
            )
            return
    audit.fail(events[-1][0], "decider", f"the record stops before {_brief(emitted[len(stored)])}")


def _brief(event: Event) -> str:
    text = repr(event)
    return text if len(text) <= 140 else text[:137] + "..."


def audit_batch(
    store: EventStore, source: queries.Source, match_ids: Sequence[str]
) -> list[Verdict]:
    """The verdicts on many matches, read in three queries: their events, and the rows the
    projections hold for them."""
    streams = store.read_streams(match_ids)
    summaries = queries.matches_by_id(source, match_ids)
    rounds = queries.round_facts_by_match(source, match_ids)
    verdicts = []
    for match_id in match_ids:
        events = streams.get(match_id, [])
        verdict = audit_stream(match_id, events)
        if events and all(finding.check != "decode" for finding in verdict.findings):
            stored = summaries.get(match_id), rounds.get(match_id, [])
            verdict = verdict.with_findings(projection_findings(match_id, events, *stored))
        verdicts.append(verdict)
    return verdicts


def projection_findings(
    match_id: str,
    events: Sequence[StoredEvent],
    summary: Mapping[str, Any] | None,
    rounds: Sequence[Mapping[str, Any]],
) -> list[Finding]:
    """The projections' rows of a match against a fresh fold of its events (`rows`).

    Nothing is compared while the projections have not folded the whole match: they follow
    the appends a little behind, by design. Projections ahead of the stream mean events were
    cut off its end, which the hash chain alone cannot see.
    """
    if summary is None or summary["version"] < len(events):
        return []
    if summary["version"] > len(events):
        message = (
            f"the projections folded {summary['version']} events, the stream has {len(events)}"
        )
        return [Finding(match_id, None, "projection", message)]
    try:
        facts = fold_match(events)
    except (LookupError, TypeError, ValueError) as error:  # a record the audit already fails
        return [Finding(match_id, None, "projection", f"the events do not fold: {error!r}")]
    return compare_rows(match_id, "match_summaries", [summary], [facts.summary]) + compare_rows(
        match_id, "round_facts", rounds, facts.rounds
    )


def compare_rows(
    match_id: str,
    table: str,
    stored: Sequence[Mapping[str, Any]],
    fresh: Sequence[Mapping[str, Any]],
) -> list[Finding]:
    """A finding if a projection's stored rows differ from a fresh fold (on the stored
    columns: a fold may know more than a table keeps)."""
    if len(stored) != len(fresh):
        message = f"{table} has {len(stored)} rows, a fresh fold gives {len(fresh)}"
        return [Finding(match_id, None, "projection", message)]
    for index, (old, new) in enumerate(zip(stored, fresh, strict=True), start=1):
        changed = sorted(key for key in old if old[key] != new.get(key))
        if changed:
            message = f"{table} row {index} differs from a fresh fold in {', '.join(changed)}"
            return [Finding(match_id, None, "projection", message)]
    return []
