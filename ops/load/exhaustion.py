"""Connection exhaustion ("Survive abuse"): idle event streams and stalled bodies held open
while honest clients play.

Starts `ops/gunicorn.conf.py` (2 workers, its default threads) on a fresh database. Honest
clients play whole matches (`run.play_match`) while a prober asks ``/healthz`` every 20 ms:
first alone, then while the attack holds ``--streams`` idle ``/stream`` connections of
spectators without a token (spread over ``--addresses`` loopback addresses, as many
spectators would be) on one match, and ``--stalled`` requests that send their headers and
part of a body and then nothing, each reopened as soon as the server drops it. Meanwhile a
player plays the watched match to its end. Prints the honest requests' and ``/healthz``'s
p50/p99 without and with the attack, and whether it held: ``/healthz`` p99 under 100 ms,
every stream delivered every event of the watched match, and every stalled body was answered
408 within its deadline (`api.body_deadline`) and never left hanging.

    python ops/load/exhaustion.py --streams 1000 --stalled 200 --seconds 20 \\
        --server-url postgresql://postgres@127.0.0.1:5432/postgres
"""

from __future__ import annotations

import argparse
import http.client
import random
import re
import selectors
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from flipside.api.body_deadline import BODY_SECONDS
from run import SEATS, Client, Result, drive, play_match, play_to_end, serving

from flipside.db import scratch_server_url, temporary_database

HONEST_CLIENTS = 2
PROBER = "127.0.3.1"  # an address of its own (the honest clients': `run.client_address`)
PROBE_SECONDS = 0.02
HEALTHZ_P99_MS = 100.0
_EVENT_ID = re.compile(rb"\nid: (\d+)\n")
_STALLED_HEAD = (
    b"POST /v1/matches HTTP/1.1\r\nHost: flipside\r\nContent-Type: application/json\r\n"
    b"Content-Length: 1000\r\n\r\n"
    b'{"seats": ['
)


@dataclass
class Held:
    """One connection the attack holds open, and what came back on it."""

    sock: socket.socket
    stream: bool
    opened: float
    received: bytes = b""
    ended: float | None = None

    @property
    def status(self) -> int:
        head = self.received.split(b"\r\n", 1)[0].split()
        return int(head[1]) if len(head) > 1 and head[1].isdigit() else 0

    def last_event(self) -> int:
        found = _EVENT_ID.findall(self.received)
        return int(found[-1]) if found else 0


@dataclass
class Attack:
    """Every connection the attack opened, and the stalled bodies' answers."""

    streams: list[Held] = field(default_factory=list)
    stalled_answered: list[Held] = field(default_factory=list)
    stalled_open: int = 0


def _connect(port: int, address: str, request: bytes) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(address, 0))
    sock.sendall(request)
    sock.setblocking(False)
    return sock


def _stream_request(match_id: str) -> bytes:
    return f"GET /v1/matches/{match_id}/stream HTTP/1.1\r\nHost: flipside\r\n\r\n".encode()


@contextmanager
def holding(
    port: int, match_id: str, streams: int, stalled: int, addresses: int
) -> Iterator[Attack]:
    """Open the streams and the stalled bodies and keep them so (one thread, one selector)
    until the block ends."""
    attack, stop = Attack(), threading.Event()
    selector = selectors.DefaultSelector()
    address = [f"127.0.1.{1 + n % addresses}" for n in range(max(streams, stalled))]  # spectators

    def hold(held: Held) -> None:
        selector.register(held.sock, selectors.EVENT_READ, held)

    def open_stalled(n: int) -> None:
        hold(Held(_connect(port, address[n], _STALLED_HEAD), False, time.monotonic()))

    for n in range(streams):
        held = Held(_connect(port, address[n], _stream_request(match_id)), True, time.monotonic())
        attack.streams.append(held)
        hold(held)
    for n in range(stalled):
        open_stalled(n)
    attack.stalled_open = stalled

    def loop() -> None:
        while not stop.is_set():
            for key, _ in selector.select(timeout=0.1):
                held: Held = key.data
                try:
                    chunk = held.sock.recv(65536)
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError:
                    chunk = b""
                held.received += chunk
                if chunk and (held.stream or b"\r\n\r\n" not in held.received):
                    continue
                held.ended = time.monotonic()
                selector.unregister(held.sock)
                held.sock.close()
                if not held.stream:  # answered (or dropped): another takes its place
                    attack.stalled_answered.append(held)
                    open_stalled(len(attack.stalled_answered))

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    try:
        yield attack
    finally:
        stop.set()
        thread.join()
        for key in list(selector.get_map().values()):
            key.fileobj.close()  # type: ignore[union-attr]


def probe_healthz(port: int, stop: threading.Event) -> list[float]:
    """Latencies of ``GET /healthz`` every `PROBE_SECONDS` until `stop`, in ms."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=30, source_address=(PROBER, 0)
    )
    latencies = []
    while not stop.wait(PROBE_SECONDS):
        started = time.perf_counter()
        connection.request("GET", "/healthz")
        response = connection.getresponse()
        response.read()
        latencies.append((time.perf_counter() - started) * 1000)
        assert response.status == 200, response.status
    return latencies


def honest_with_probe(port: int, seconds: float) -> tuple[Result, list[float]]:
    stop = threading.Event()
    probed: list[float] = []
    prober = threading.Thread(target=lambda: probed.extend(probe_healthz(port, stop)))
    prober.start()
    try:
        result = drive("honest", port, HONEST_CLIENTS, seconds, play_match)
    finally:
        stop.set()
        prober.join()
    return result, sorted(probed)


def _percentile(ordered: list[float], fraction: float) -> float:
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def _line(label: str, result: Result, healthz: list[float]) -> str:
    return (
        f"{label:<10} honest p50 {result.p50_ms:7.2f} ms  p99 {result.p99_ms:8.2f} ms  "
        f"{result.units_per_second:5.2f} matches/s   /healthz p50 "
        f"{_percentile(healthz, 0.5):6.2f} ms  p99 {_percentile(healthz, 0.99):7.2f} ms "
        f"({len(healthz)} probes)"
    )


def _watched_match(port: int) -> tuple[str, str]:
    """A match of one person and two computer players: (its id, the person's token)."""
    created = Client(port).call("POST", "/v1/matches", {"seats": SEATS})
    return created["match_id"], created["seats"][0]["token"]


def _play_out(port: int, match_id: str, token: str) -> int:
    """Play the watched match to its end; its final version."""
    client = Client(port)
    play_to_end(client, random.Random(0), match_id, token)
    version: int = client.call("GET", f"/v1/matches/{match_id}", token=token)["version"]
    return version


def verdict(attack: Attack, final_version: int, healthz: list[float]) -> list[str]:
    """One line per property the attack must not break."""
    statuses = sorted({held.status for held in attack.streams})
    delivered = sum(held.last_event() == final_version for held in attack.streams)
    answered = attack.stalled_answered
    timely = [
        held
        for held in answered
        if held.status == 408 and (held.ended or 0) - held.opened < BODY_SECONDS + 2
    ]
    healthz_p99 = _percentile(healthz, 0.99)
    stalled_statuses = sorted({held.status for held in answered})
    slowest = max(((held.ended or 0) - held.opened for held in answered), default=0.0)
    return [
        f"/healthz p99 {healthz_p99:.1f} ms over {len(healthz)} probes: "
        + (
            "held"
            if healthz and healthz_p99 < HEALTHZ_P99_MS
            else f"NOT HELD (none answered, or p99 >= {HEALTHZ_P99_MS} ms)"
        ),
        f"streams: {delivered} of {len(attack.streams)} delivered all {final_version} events "
        f"(statuses {statuses}): " + ("held" if delivered == len(attack.streams) else "NOT HELD"),
        f"stalled bodies: {len(timely)} of {len(answered)} answered 408 within "
        f"{BODY_SECONDS + 2:.0f} s (statuses {stalled_statuses}, slowest {slowest:.1f} s; "
        f"{attack.stalled_open} held open at a time): "
        + ("held" if answered and len(timely) == len(answered) else "NOT HELD"),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--stalled", type=int, default=200)
    parser.add_argument("--addresses", type=int, default=10, help="spectators' addresses")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--server-url", default=None, help="PostgreSQL to create a database on")
    args = parser.parse_args()
    with (
        temporary_database(
            args.server_url or scratch_server_url(), prefix="flipside_exhaustion"
        ) as url,
        serving(url, []) as (port, _),
    ):
        baseline, healthz_alone = honest_with_probe(port, args.seconds)
        print(_line("alone", baseline, healthz_alone))
        match_id, token = _watched_match(port)
        with holding(port, match_id, args.streams, args.stalled, args.addresses) as attack:
            time.sleep(1.0)  # every stream caught up with the match so far
            final: list[int] = []
            player = threading.Thread(target=lambda: final.append(_play_out(port, match_id, token)))
            player.start()
            attacked, healthz_attacked = honest_with_probe(port, args.seconds)
            player.join()
            time.sleep(1.0)  # the last events reach every stream
        print(_line("attacked", attacked, healthz_attacked))
        print("\n".join(verdict(attack, final[0], healthz_attacked)))


if __name__ == "__main__":
    main()
