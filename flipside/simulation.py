"""Whole matches of computer players, in process: for `flipside simulate` and benchmarks.

Every match's seed is derived from the run's seed and the deal number, so a run is
reproducible anywhere; the digest proves it: the sha256 over each match's sha256 of its
events, in match order, so a run shared out to processes (`simulate_in_processes`) has the
same digest whatever the number of processes. With
rotation, each deal (seed) is played once per rotation of the levels around the table, so
the cards' luck is shared out evenly; a level's confidence interval is then taken over
deals, the independent unit. Besides places, each level's score is summarised as the game
counts it (`Game.score`: final chips, life points, Hold'em's chips won per 100 hands).

A game's test drivers (``flipside.games.<game>.npc.TEST_DRIVERS``: Hold'em's ``passive``
and ``random``, H47b) are levels here too, though never offered to people.

Your own policies (`flipside.custom_policies`) sit among the levels under their
``module:attr`` names and rotate like any level; an illegal move they return stops the run
with the seat and the move. So does a match that passes `moves_max` moves without ending:
the games' computer players always end theirs (Oink's knock by their 20th turn of a deal,
for one), but policies of your own need not, and a run should stop, not hang.
"""

from __future__ import annotations

import hashlib
import importlib
import math
import statistics
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from json.encoder import encode_basestring_ascii
from typing import Any

from flipside.custom_policies import PolicyError
from flipside.engine import codec
from flipside.engine.errors import RuleViolation
from flipside.engine.game import Score
from flipside.engine.registry import DEFAULT_GAME, AnyGame, game_named
from flipside.engine.seats import SeatSpec
from flipside.store.chain import sorted_compact_encoder

PoliciesFor = Callable[[Any], Mapping[int, Any]]  # a game's state -> a policy per seat
# Far above any match of computer players (a long Hold'em match of easy players has some
# ten thousand moves), so only a match that would not end meets it.
MOVES_MAX = 200_000
Z_95 = 1.959964  # two-sided 95% normal quantile


def match_seed(run_seed: int, deal: int) -> bytes:
    """The 32-byte seed of deal `deal` of a run."""
    return hashlib.sha256(f"flipside-simulate:{run_seed}:{deal}".encode()).digest()


def rotate(levels: Sequence[str], rotation: int) -> list[str]:
    """`levels` moved `rotation` seats clockwise: seat i plays ``levels[i - rotation]``."""
    return [levels[(seat - rotation) % len(levels)] for seat in range(len(levels))]


def play_match(
    match_id: str,
    seats: Sequence[SeatSpec],
    seed: bytes,
    policies_for: PoliciesFor | None = None,
    *,
    game: str = DEFAULT_GAME,
    options: Mapping[str, Any] | None = None,
    moves_max: int = MOVES_MAX,
) -> tuple[list[Any], Any]:
    """One match of `game` to the end; every seat must have a policy in
    `policies_for(state)` (by default, the game's computer players at the seats' levels).
    A match still going after `moves_max` moves is stopped with `PolicyError`."""
    the_game = game_named(game)
    create = the_game.create(
        match_id,
        seats,
        seed,
        seeded=True,
        options=the_game.options(options or {}),
        turn_timeout_seconds=None,
    )
    events, state = the_game.execute(the_game.initial_state(), create)
    policies = policies_for(state) if policies_for else the_game.policies(state)
    moves = 0
    while (command := the_game.next_command(state, policies)) is not None:
        if moves == moves_max:
            raise PolicyError(f"match {match_id} passed {moves_max} moves without ending")
        moves += 1
        try:
            more, state = the_game.execute(state, command)
        except RuleViolation as refused:
            seat = getattr(command, "seat", "?")
            raise PolicyError(
                f"seat {seat} played an illegal move {command!r}: {refused.code} ({refused})"
            ) from None
        events.extend(more)
    return events, state


_ENCODE = sorted_compact_encoder(encode_basestring_ascii)  # ASCII, as `json.dumps` writes


def event_text(game: AnyGame, event: Any) -> str:
    """The canonical text of an event for digests: type and data as sorted, compact JSON."""
    stored_type, data, _ = codec.encode(game, event)
    return _ENCODE({"type": stored_type, "data": data})


def events_digest(game: AnyGame, events: Iterable[Any]) -> bytes:
    """The sha256 of a match's events: of their canonical texts, one after another, as one
    text (ASCII, so its bytes are theirs concatenated)."""
    text = "".join([event_text(game, event) for event in events])
    return hashlib.sha256(text.encode()).digest()


def drivers_of(game: AnyGame) -> Mapping[str, Callable[[], Any]]:
    """The policies, by name, that `game` offers for tests and measurements only (its
    ``npc.TEST_DRIVERS``, e.g. H47b), which simulations seat like levels."""
    npc = importlib.import_module(f"flipside.games.{game.id}.npc")
    drivers: Mapping[str, Callable[[], Any]] = getattr(npc, "TEST_DRIVERS", {})
    return drivers


def summarised_score(score: Score, value: int, rounds: int) -> float:
    """One seat's score of a match of `rounds` rounds as `score` summarises it: as it is,
    or per ``score.per`` rounds."""
    return value if score.per is None else value * score.per[0] / rounds


@dataclass(frozen=True, slots=True)
class ScoreStats:
    """One level's mean score (in the game's `Score.unit`) over a run; `ci95` is None with
    fewer than two deals."""

    level: str
    mean: float
    ci95: tuple[float, float] | None

    def to_json(self) -> dict[str, object]:
        return {
            "mean": round(self.mean, 4),
            "ci95": [round(bound, 4) for bound in self.ci95] if self.ci95 else None,
        }


@dataclass(frozen=True, slots=True)
class LevelStats:
    """How one level did over a run; `ci95` is None with fewer than two deals."""

    level: str
    seat_matches: int
    wins: int
    mean_place: float
    ci95: tuple[float, float] | None

    @property
    def win_rate(self) -> float:
        return self.wins / self.seat_matches

    def to_json(self) -> dict[str, object]:
        return {
            "seat_matches": self.seat_matches,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "mean_place": round(self.mean_place, 4),
            "ci95": [round(bound, 4) for bound in self.ci95] if self.ci95 else None,
        }


@dataclass
class SimulationResult:
    matches: int = 0
    rounds: int = 0
    events: int = 0
    seconds: float = 0.0
    wins: list[int] = field(default_factory=list)  # per seat
    places: list[list[int]] = field(default_factory=list)  # per match, per seat
    scores: list[list[float]] = field(default_factory=list)  # per match, per seat, summarised
    levels: list[list[str]] = field(default_factory=list)  # per match, per seat
    deals: list[int] = field(default_factory=list)  # per match
    match_digests: list[bytes] = field(default_factory=list)  # per match: sha256 of its events

    @property
    def digest(self) -> str:
        return hashlib.sha256(b"".join(self.match_digests)).hexdigest()

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds else 0.0

    def by_level(self) -> dict[str, LevelStats]:
        """Win rate and mean finishing place of every level, with a 95% interval over deals."""
        by_level = self._by_level_and_deal(self.places)
        return {level: _level_stats(level, deals) for level, deals in by_level.items()}

    def score_by_level(self) -> dict[str, ScoreStats]:
        """The mean score of every level, with a 95% interval over deals."""
        by_level = self._by_level_and_deal(self.scores)
        return {level: ScoreStats(level, *_mean_ci95(deals)) for level, deals in by_level.items()}

    def _by_level_and_deal(self, values: list[list[Any]]) -> dict[str, dict[int, list[Any]]]:
        """Each seat's value of each match, by its level, then by deal."""
        by_level: dict[str, dict[int, list[Any]]] = {}
        for deal, levels, seat_values in zip(self.deals, self.levels, values, strict=True):
            for level, value in zip(levels, seat_values, strict=True):
                by_level.setdefault(level, {}).setdefault(deal, []).append(value)
        return by_level


def _mean_ci95(
    values_by_deal: Mapping[int, Sequence[float]],
) -> tuple[float, tuple[float, float] | None]:
    """The mean of every value, and its 95% interval over the deals' means (a deal's
    rotations are not independent samples; deals are)."""
    mean = statistics.fmean(value for deal in values_by_deal.values() for value in deal)
    deal_means = [statistics.fmean(deal) for deal in values_by_deal.values()]
    if len(deal_means) < 2:
        return mean, None
    half = Z_95 * statistics.stdev(deal_means) / math.sqrt(len(deal_means))
    return mean, (mean - half, mean + half)


def _level_stats(level: str, places_by_deal: dict[int, list[int]]) -> LevelStats:
    places = [place for deal in places_by_deal.values() for place in deal]
    mean, ci95 = _mean_ci95(places_by_deal)
    return LevelStats(level, len(places), places.count(1), mean, ci95)


def _seats(game: AnyGame, levels: Sequence[str], custom: Mapping[str, Any]) -> list[SeatSpec]:
    """Computer seats at `levels`; your policies' seats are recorded at the weakest level
    (the game treats them as any computer seat) and moved by `_policies_for`."""
    weakest = game.levels[0]
    return [SeatSpec("npc", level=weakest if level in custom else level) for level in levels]


def _drivers_at(game: AnyGame, levels: Sequence[str]) -> dict[str, Any]:
    """A policy for each of `levels` that is one of `game`'s drivers."""
    drivers = drivers_of(game)
    return {level: drivers[level]() for level in levels if level in drivers}


def _policies_for(game: AnyGame, levels: Sequence[str], custom: Mapping[str, Any]) -> PoliciesFor:
    """The game's computer players, and your own policies at their seats."""
    own = {seat: custom[level] for seat, level in enumerate(levels) if level in custom}
    return lambda state: {**game.policies(state), **own}


def simulate(
    matches: int,
    levels: Sequence[str],
    run_seed: int,
    *,
    rotated: bool = False,
    first_match: int = 0,
    progress: Callable[[], None] | None = None,
    game: str = DEFAULT_GAME,
    custom: Mapping[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
    moves_max: int = MOVES_MAX,
) -> SimulationResult:
    """Play matches ``first_match .. first_match + matches - 1`` of a run: computer players
    at `levels`, one per seat, in matches created with `options` (the game's, validated;
    defaults for the rest). Splitting a run into ranges lets processes share it. A match
    that passes `moves_max` moves stops the run (`PolicyError`).

    A level named in `custom` is your own policy (its ``module:attr`` name -> the policy):
    it sits as a computer seat, moved by that policy. So does a level that is one of the
    game's drivers (`drivers_of`).

    With `rotated`, match m plays deal ``m // seats`` with the levels rotated ``m % seats``
    seats, so `matches` should be a multiple of the number of seats.
    """
    the_game = game_named(game)
    custom = {**_drivers_at(the_game, levels), **(custom or {})}
    result = SimulationResult(wins=[0] * len(levels))
    started = time.perf_counter()
    for number in range(first_match, first_match + matches):
        deal, rotation = divmod(number, len(levels)) if rotated else (number, 0)
        seat_levels = rotate(levels, rotation)
        seed = match_seed(run_seed, deal)
        events, state = play_match(
            f"sim-{run_seed}-{number}",
            _seats(the_game, seat_levels, custom),
            seed,
            _policies_for(the_game, seat_levels, custom) if custom else None,
            game=game,
            options=options,
            moves_max=moves_max,
        )
        result.match_digests.append(events_digest(the_game, events))
        progressed = the_game.progress(state)
        outcome = progressed.outcome
        assert outcome is not None and outcome.winner is not None
        result.matches, result.rounds = result.matches + 1, result.rounds + progressed.round
        result.events += len(events)
        result.wins[outcome.winner] += 1
        result.places.append(list(outcome.places))
        result.scores.append(
            [summarised_score(the_game.score, score, progressed.round) for score in outcome.scores]
        )
        result.levels.append(seat_levels)
        result.deals.append(deal)
        if progress:
            progress()
    result.seconds = time.perf_counter() - started
    return result


def merged(parts: Sequence[SimulationResult], seconds: float) -> SimulationResult:
    """One run from its parts, given in match order; `seconds` is the whole run's."""
    return SimulationResult(
        matches=sum(part.matches for part in parts),
        rounds=sum(part.rounds for part in parts),
        events=sum(part.events for part in parts),
        seconds=seconds,
        wins=[sum(wins) for wins in zip(*(part.wins for part in parts), strict=True)],
        places=[row for part in parts for row in part.places],
        scores=[row for part in parts for row in part.scores],
        levels=[row for part in parts for row in part.levels],
        deals=[deal for part in parts for deal in part.deals],
        match_digests=[digest for part in parts for digest in part.match_digests],
    )


def chunks(matches: int, jobs: int, step: int) -> list[range]:
    """Matches ``0 .. matches - 1`` in about four ranges per job, each a multiple of `step`
    long (a deal's rotations stay together) but perhaps the last.

    >>> chunks(10, 1, 2)
    [range(0, 4), range(4, 8), range(8, 10)]
    """
    size = max(step, -(-matches // (4 * jobs * step)) * step)
    return [range(start, min(matches, start + size)) for start in range(0, matches, size)]


def simulate_in_processes(
    jobs: int,
    matches: int,
    levels: Sequence[str],
    run_seed: int,
    *,
    progress: Callable[[int], None] | None = None,
    **settings: Any,
) -> SimulationResult:
    """`simulate` shared out to `jobs` processes, the same run (and digest) as in one;
    `progress` is told how many matches each finished part played. `settings` are
    `simulate`'s keywords (your policies in `custom` must pickle: a module-level class or
    function does)."""
    step = len(levels) if settings.get("rotated") else 1
    parts = chunks(matches, jobs, step)
    started = time.perf_counter()
    with ProcessPoolExecutor(jobs) as pool:
        futures = [
            pool.submit(simulate, len(part), levels, run_seed, first_match=part.start, **settings)
            for part in parts
        ]
        for future in as_completed(futures):
            if progress:
                progress(future.result().matches)
        results = [future.result() for future in futures]
    return merged(results, time.perf_counter() - started)
