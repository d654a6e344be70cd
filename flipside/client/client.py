"""A client of the Flipside HTTP API for bots: create a match, sit at a seat, play.

`Client` holds one HTTP connection pool (httpx). Every request is retried on a dropped
connection, a timeout, 503 (the database is away) and 429 (after ``Retry-After``), a
bounded number of times with growing pauses; a move is sent with an ``Idempotency-Key``
made once per call, so a retry of a move the server did record returns its stored answer
and never moves twice. Failures are typed errors (`flipside.client.errors`).

A `Seat` is a match seen with one seat's token: its view, its legal actions (waiting for
its turn with ``?wait=``, no polling), its moves, and its events live (`Seat.follow`).
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import httpx

from .errors import FlipsideError, error_from
from .stream import follow

JSON = dict[str, Any]
Chooser = Callable[[JSON, JSON], JSON]  # (the actions body, the view) -> a move
DEFAULT_URL = "http://127.0.0.1:8000"
MAX_WAIT_SECONDS = 30  # the server's bound on ?wait=
_RETRIED_STATUSES = frozenset({429, 503})


@dataclass(frozen=True, slots=True)
class Retry:
    """How often and how patiently a request is tried again (`Client`)."""

    attempts: int = 5
    first_pause: float = 0.1  # doubling after each attempt, up to `max_pause`
    max_pause: float = 2.0

    def pause(self, attempt: int, said: float | None) -> float:
        """Seconds before attempt `attempt + 1`: what the server said, else the backoff."""
        backoff = min(self.first_pause * 2**attempt, self.max_pause)
        return said if said is not None else backoff


@dataclass(frozen=True, slots=True)
class CreatedMatch:
    """A new match: its id, and every seat with its token (people only, shown once)."""

    match_id: str
    game: str
    seats: tuple[JSON, ...]

    @property
    def tokens(self) -> dict[int, str]:
        """The people's seat tokens, by seat."""
        return {seat["seat"]: seat["token"] for seat in self.seats if seat["token"]}


class Client:
    """The API at `base_url` (`flipside serve` listens on 127.0.0.1:8000)."""

    def __init__(
        self,
        base_url: str = DEFAULT_URL,
        *,
        timeout: float = 10.0,
        retry: Retry = Retry(),
        admin_token: str | None = None,
        http: httpx.Client | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.retry = retry
        self.admin_token = admin_token  # for a chosen seed with people seated
        self.http = http or httpx.Client(base_url=self.base_url, timeout=timeout)

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        self.http.close()

    # --- the API -----------------------------------------------------------------------------

    def games(self) -> list[JSON]:
        """Every installed game: seats, levels, options, kinds of move."""
        games: list[JSON] = self.request("GET", "/v1/games").json()["games"]
        return games

    def create_match(
        self,
        seats: Sequence[Mapping[str, Any]],
        *,
        game: str = "flipside",
        options: Mapping[str, Any] | None = None,
        turn_timeout_seconds: int | None = None,
        seed: str | None = None,
    ) -> CreatedMatch:
        """A new match; `seats` like ``{"type": "human", "name": "me"}`` or
        ``{"type": "npc", "level": "easy"}``. Keep the tokens: they are shown only now."""
        body: JSON = {"game": game, "seats": list(map(dict, seats)), "options": dict(options or {})}
        if turn_timeout_seconds is not None:
            body["turn_timeout_seconds"] = turn_timeout_seconds
        if seed is not None:
            body["seed"] = seed
        created = self.request("POST", "/v1/matches", json=body, token=self.admin_token).json()
        return CreatedMatch(created["match_id"], created["game"], tuple(created["seats"]))

    def seat(self, match_id: str, token: str | None) -> Seat:
        """The match as the seat of `token` sees and plays it (None: a spectator)."""
        return Seat(self, match_id, token)

    # --- requests ----------------------------------------------------------------------------

    def request(
        self,
        method: str,
        path: str,
        *,
        token: str | None = None,
        json: Any = None,
        params: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
        timeout: float | None = None,
    ) -> httpx.Response:
        """One API request, retried as `Retry` says; a typed error if it fails for good.

        A POST carries an ``Idempotency-Key`` (the caller's, or a new one), the same on
        every attempt, so the server acts at most once whatever the retries."""
        sent = dict(headers or {})
        if token is not None:
            sent["Authorization"] = f"Bearer {token}"
        if method == "POST":
            sent.setdefault("Idempotency-Key", str(uuid.uuid4()))
        for attempt in range(self.retry.attempts):
            last = attempt == self.retry.attempts - 1
            try:
                response = self.http.request(
                    method,
                    path,
                    json=json,
                    params=params,
                    headers=sent,
                    timeout=timeout or self.timeout,
                )
            except httpx.TransportError:
                if last:
                    raise
                time.sleep(self.retry.pause(attempt, None))
                continue
            if response.is_success:
                return response
            error = error_from(response)
            if last or not _worth_retrying(error):
                raise error
            time.sleep(self.retry.pause(attempt, error.retry_after))
        raise AssertionError("unreachable: the last attempt returns or raises")


def _worth_retrying(error: FlipsideError) -> bool:
    """Busy or away (429, 503), or another request kept winning the race (409 conflict)."""
    return error.status in _RETRIED_STATUSES or error.code == "conflict"


class Seat:
    """One match through one seat's token: what it sees, may do, and does."""

    def __init__(self, client: Client, match_id: str, token: str | None) -> None:
        self.client = client
        self.match_id = match_id
        self.token = token
        self._path = f"/v1/matches/{match_id}"

    def _get(self, suffix: str = "", timeout: float | None = None, **params: Any) -> JSON:
        response = self.client.request(
            "GET", self._path + suffix, token=self.token, params=params or None, timeout=timeout
        )
        body: JSON = response.json()
        return body

    def view(self) -> JSON:
        """The match as this seat may see it: the envelope (``status``, ``awaiting``,
        ``deadline``, ``outcome``...) and the game's fields, hidden cards null."""
        return self._get()

    def actions(self, wait: int = 0) -> JSON:
        """The seat's legal moves now (``actions``, with ``version``, ``awaiting`` and
        ``deadline``).

        With `wait` (up to 30 s) the server answers as soon as the match awaits this seat or
        is over, else after `wait` seconds."""
        if not 0 <= wait <= MAX_WAIT_SECONDS:
            raise ValueError(f"wait is 0 to {MAX_WAIT_SECONDS} seconds, not {wait}")
        if not wait:
            return self._get("/actions")
        return self._get("/actions", timeout=self.client.timeout + wait, wait=wait)

    def act(self, action: Mapping[str, Any], *, version: int | None = None) -> JSON:
        """Make the move ``{"kind": ..., ...}``; the seat's view after it.

        `version` (from `actions`) makes the move only if the match is still there
        (`StaleVersion` otherwise): a move chosen for a turn that timed out is not played
        on the next one."""
        headers = {"If-Match": f'"{version}"'} if version is not None else {}
        response = self.client.request(
            "POST", self._path + "/actions", token=self.token, json=dict(action), headers=headers
        )
        body: JSON = response.json()
        return body

    def events(self, after: int = 0) -> list[JSON]:
        """The match's events after version `after`, as this seat may see them."""
        events: list[JSON] = self._get("/events", after=after)["events"]
        return events

    def follow(self, after: int = 0) -> Iterator[JSON]:
        """The match's events after `after` as they happen, until it is over; reconnects
        with ``Last-Event-ID`` whenever the stream drops or the server ends it."""
        return follow(self, after)

    def play(self, choose: Chooser, *, wait: int = 25) -> JSON:
        """Play the match to its end: wait for each turn, move what `choose` picks from the
        actions body and the view; the final view.

        A move refused because the match moved on meanwhile (a turn timed out) is dropped:
        the next turn is asked for afresh."""
        while True:
            listed = self.actions(wait=wait)
            if listed["seat"] not in listed["awaiting"] or not listed["actions"]:
                view = self.view()
                if view["status"] == "finished":
                    return view
                continue
            try:
                self.act(choose(listed, self.view()), version=listed["version"])
            except FlipsideError as error:
                if error.status not in (409, 412):
                    raise
