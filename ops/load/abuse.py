"""The attacks of "Survive abuse" against a live server, beside honest clients playing.

Starts `ops/gunicorn.conf.py` (2 workers, the default rate limit) on a fresh database. First
honest clients alone play whole matches (`run.play_match`: one person, two easy computer
players) for `--seconds`; then, for each attack, the same honest clients play while attacker
threads send the attack as fast as they can from another loopback address (127.0.0.9: a
client of its own, as an attacker would be). Prints the honest clients' p50/p99 and
throughput without and with each attack, and a line per attack saying whether it held:

- ``invalid_body``: a body just under the cap with a mistake in every element; held if every
  answer is 422 (or 429) and at most 2 KiB.
- ``unknown_fields``: a body just under the cap of fields no request has; held the same way.
- ``oversized_body``: 50 KiB, sent with a length and chunked; held if every answer is 413/429.
- ``made_up_tokens``: a new token per request; held if no more were served than the address's
  burst plus its rate over the run.
- ``all_computer_creates``: matches of computer players only; held if no more were created
  than the all-computer burst plus its rate over the run.
- ``move_with_bad_token``: a move with a wrong token and a body of junk; held if every answer
  is 401 (or 429), never a parse error.
- ``huge_integer``: a create with a 5,000-digit integer; held if every answer is 400 (or 429).

    python ops/load/abuse.py --seconds 8 \\
        --server-url postgresql://postgres@127.0.0.1:5432/postgres
"""

from __future__ import annotations

import argparse
import http.client
import json
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from flipside.api.body_limit import MAX_BODY_BYTES
from flipside.api.ratelimit import ALL_COMPUTER_LIMIT
from run import Result, drive, play_match, serving

from flipside.config import DEFAULT_RATE_LIMIT
from flipside.db import scratch_server_url, temporary_database

ATTACKER = "127.0.0.9"
HONEST_CLIENTS = 2
ATTACKERS = 4
EASY = {"type": "npc", "level": "easy"}


@dataclass(frozen=True)
class Sent:
    status: int
    size: int


Request = tuple[str, str, bytes, dict[str, str]]  # method, path, body, headers


def _json_request(path: str, body: bytes, **headers: str) -> Request:
    return "POST", path, body, {"Content-Type": "application/json", **headers}


def invalid_body(n: int) -> Request:
    seat = json.dumps({"type": 1, "name": 2, "level": 3})
    count = (MAX_BODY_BYTES - 64) // (len(seat) + 2)
    return _json_request("/v1/matches", ('{"seats": [' + ", ".join([seat] * count) + "]}").encode())


def unknown_fields(n: int) -> Request:
    count = MAX_BODY_BYTES // len('"field00000": 0, ')
    body = json.dumps({f"field{index:05}": 0 for index in range(count)})
    return _json_request("/v1/matches", body.encode())


def oversized_body(n: int) -> Request:
    method, path, body, headers = _json_request("/v1/matches", b" " * 50 * 1024 + b"{}")
    if n % 2:  # every other one chunked: no Content-Length to refuse it by
        headers = {**headers, "Transfer-Encoding": "chunked"}
    return method, path, body, headers


def made_up_tokens(n: int) -> Request:
    return "GET", "/v1/matches/no-such-match", b"", {"Authorization": f"Bearer made-up-{n}"}


def all_computer_creates(n: int) -> Request:
    return _json_request("/v1/matches", json.dumps({"game": "oink", "seats": [EASY] * 2}).encode())


def move_with_bad_token(match_id: str) -> Callable[[int], Request]:
    def attack(n: int) -> Request:
        path = f"/v1/matches/{match_id}/actions"
        return _json_request(path, b"[" * 10_000, Authorization=f"Bearer made-up-{n}")

    return attack


def huge_integer(n: int) -> Request:
    body = '{"seats": [], "turn_timeout_seconds": ' + "9" * 5000 + "}"
    return _json_request("/v1/matches", body.encode())


def _send(connection: http.client.HTTPConnection, request: Request) -> Sent:
    method, path, body, headers = request
    if headers.get("Transfer-Encoding") == "chunked":
        connection.request(method, path, iter([body]), headers, encode_chunked=True)
    else:
        connection.request(method, path, body or None, headers)
    response = connection.getresponse()
    return Sent(response.status, len(response.read()))


def attack(port: int, make: Callable[[int], Request], stop: threading.Event) -> list[Sent]:
    """`ATTACKERS` threads send `make(n)` from `ATTACKER` until `stop`; every answer."""
    answers: list[Sent] = []
    numbers = iter(range(10**9))
    lock = threading.Lock()

    def loop() -> None:
        connection = http.client.HTTPConnection(
            "127.0.0.1", port, timeout=30, source_address=(ATTACKER, 0)
        )
        while not stop.is_set():
            with lock:
                n = next(numbers)
            try:
                sent = _send(connection, make(n))
            except (OSError, http.client.HTTPException):
                connection.close()  # the server closed it (a refused body): a new one
                sent = Sent(0, 0)
            with lock:
                answers.append(sent)

    threads = [threading.Thread(target=loop) for _ in range(ATTACKERS)]
    for thread in threads:
        thread.start()
    stop.wait()
    for thread in threads:
        thread.join()
    return answers


def _served_at_most(limit: tuple[float, float], seconds: float) -> int:
    rate, burst = limit
    return int(burst + rate * seconds) + 1


def held(name: str, answers: list[Sent], seconds: float) -> bool:
    statuses = Counter(sent.status for sent in answers)
    served = sum(count for status, count in statuses.items() if status not in (0, 429))
    if name in ("invalid_body", "unknown_fields"):
        return set(statuses) <= {422, 429} and max(sent.size for sent in answers) <= 2048
    if name == "oversized_body":
        return set(statuses) <= {0, 413, 429}
    if name == "made_up_tokens":
        return served <= _served_at_most(DEFAULT_RATE_LIMIT, seconds)
    if name == "all_computer_creates":
        return served <= _served_at_most(ALL_COMPUTER_LIMIT, seconds)
    if name == "move_with_bad_token":
        return set(statuses) <= {401, 429}
    return set(statuses) <= {400, 429}


def honest_run(port: int, seconds: float) -> Result:
    return drive("honest", port, HONEST_CLIENTS, seconds, play_match)


def under_attack(
    port: int, seconds: float, make: Callable[[int], Request]
) -> tuple[Result, list[Sent]]:
    stop = threading.Event()
    answers: list[Sent] = []
    attacker = threading.Thread(target=lambda: answers.extend(attack(port, make, stop)))
    attacker.start()
    try:
        result = honest_run(port, seconds)
    finally:
        stop.set()
        attacker.join()
    return result, answers


def _a_match_to_attack(port: int) -> str:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    body = json.dumps({"seats": [{"type": "human", "name": "target"}, EASY, EASY]})
    connection.request("POST", "/v1/matches", body, {"Content-Type": "application/json"})
    match_id: str = json.loads(connection.getresponse().read())["match_id"]
    return match_id


def _line(label: str, result: Result) -> str:
    return (
        f"{label:<22} honest p50 {result.p50_ms:7.2f} ms  p99 {result.p99_ms:8.2f} ms  "
        f"{result.requests_per_second:7.1f} req/s  {result.units_per_second:5.2f} matches/s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--server-url", default=None, help="PostgreSQL to create a database on")
    args = parser.parse_args()
    with (
        temporary_database(args.server_url or scratch_server_url(), prefix="flipside_abuse") as url,
        serving(url, []) as (port, _),
    ):
        baseline = honest_run(port, args.seconds)
        attacks: dict[str, Callable[[int], Request]] = {
            "invalid_body": invalid_body,
            "unknown_fields": unknown_fields,
            "oversized_body": oversized_body,
            "made_up_tokens": made_up_tokens,
            "all_computer_creates": all_computer_creates,
            "move_with_bad_token": move_with_bad_token(_a_match_to_attack(port)),
            "huge_integer": huge_integer,
        }
        print(_line("no attack", baseline))
        verdicts = []
        for name, make in attacks.items():
            time.sleep(DEFAULT_RATE_LIMIT[1] / DEFAULT_RATE_LIMIT[0])  # the address refills
            started = time.perf_counter()
            result, answers = under_attack(port, args.seconds, make)
            elapsed = time.perf_counter() - started
            print(_line(name, result))
            statuses = dict(sorted(Counter(sent.status for sent in answers).items()))
            verdict = "held" if held(name, answers, elapsed) else "NOT HELD"
            biggest = max((sent.size for sent in answers), default=0)
            verdicts.append(
                f"{name:<22} {verdict:<8} {len(answers)} attack requests, statuses "
                f"{statuses}, largest answer {biggest} B"
            )
        print("\n".join(verdicts))


if __name__ == "__main__":
    main()
