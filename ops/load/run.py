"""Load test: concurrent clients playing whole matches over HTTP, against the stack's ceiling.

For each client count, N threads each play matches back to back for a fixed time: create a
match (one person, two easy computer players), then ``GET /actions`` and ``POST`` a random
legal move until the match is over; no think time unless ``--think-ms`` asks for it. Right
after, as many clients hammer the ceiling (`ceiling.py`: the same gunicorn, Flask and store,
one INSERT per request). Both servers run `ops/gunicorn.conf.py` (2 gthread workers) on a
fresh database; only one is under load at a time.

    python ops/load/run.py --clients 8,32 --seconds 20 \\
        --server-url postgresql://postgres@127.0.0.1:5432/postgres

Prints a JSON line per client count: the API run and its ceiling run (matches/s, requests/s,
p50/p99 latency in ms, overall and by request kind, server CPU per request) and the API's
request rate and CPU cost as fractions of the ceiling's.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from flipside.db import scratch_server_url, temporary_database

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "ops" / "gunicorn.conf.py")]
CEILING = ["--pythonpath", str(ROOT / "ops" / "load"), "ceiling:create_app()"]
EASY = {"type": "npc", "level": "easy"}
SEATS = [{"type": "human", "name": "load"}, EASY, EASY]


def client_address(n: int) -> str:
    """The loopback address of load client `n`: each client is an address of its own, as
    people are, so the server's rate limit by address (`api.ratelimit`) counts each apart."""
    return f"127.0.{2 + n // 250}.{1 + n % 250}"


class Client:
    """One keep-alive HTTP connection that times every request, and waits `think` seconds
    (not timed) before each, as a person or a paced bot would."""

    def __init__(self, port: int, think: float = 0.0, address: str = "127.0.0.1") -> None:
        self.connection = http.client.HTTPConnection(
            "127.0.0.1", port, timeout=60, source_address=(address, 0)
        )
        self.latencies: list[float] = []
        self.by_kind: dict[str, list[float]] = {}  # "POST exchange": latencies
        self.think = think

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        if self.think:
            time.sleep(self.think)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        payload = json.dumps(body) if body is not None else None
        started = time.perf_counter()
        self.connection.request(method, path, payload, headers)
        response = self.connection.getresponse()
        data = response.read()
        latency = time.perf_counter() - started
        self.latencies.append(latency)
        self.by_kind.setdefault(f"{method} {path.rsplit('/', 1)[-1]}", []).append(latency)
        if response.status >= 400:
            raise RuntimeError(f"{method} {path}: {response.status} {data[:200]!r}")
        return json.loads(data)


def play_match(client: Client, rng: random.Random) -> None:
    created = client.call("POST", "/v1/matches", {"seats": SEATS})
    play_to_end(client, rng, created["match_id"], created["seats"][0]["token"])


def play_to_end(client: Client, rng: random.Random, match_id: str, token: str) -> None:
    """Random legal moves of the person at `token` until none is left: with computers at
    the other seats, the match is over."""
    while True:
        actions = client.call("GET", f"/v1/matches/{match_id}/actions", token=token)["actions"]
        if not actions:
            return
        action = actions[0]
        cards = list(action["cards"])
        if action["kind"] == "exchange":
            move, body = "exchange", {"discard": rng.sample(cards, rng.randint(0, len(cards)))}
        else:
            move, body = (
                "orientation",
                {"cards": [c[::-1] if rng.random() < 0.5 else c for c in cards]},
            )
        client.call("POST", f"/v1/matches/{match_id}/{move}", body, token=token)


def ping_ceiling(client: Client, rng: random.Random) -> None:
    client.call("POST", "/ceiling", {})


@dataclass
class Result:
    target: str
    clients: int
    seconds: float
    units: int  # matches finished, or ceiling requests
    requests: int
    units_per_second: float
    requests_per_second: float
    p50_ms: float
    p99_ms: float
    server_cpu_ms_per_request: float = 0.0  # gunicorn's processes only, not PostgreSQL's
    p50_p99_ms_by_request: dict[str, tuple[float, float]] = field(default_factory=dict)


def _percentile(ordered: list[float], fraction: float) -> float:
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] * 1000


def drive(
    target: str,
    port: int,
    clients: int,
    seconds: float,
    unit: Callable[..., None],
    think: float = 0.0,
) -> Result:
    """`clients` threads each repeat `unit` until `seconds` have passed; unfinished units of
    work at the deadline are not counted (their requests are). A client's failure (an
    answer it did not expect) is raised once all have stopped: figures of a run whose
    clients gave up would be wrong."""
    workers = [Client(port, think, client_address(n)) for n in range(clients)]
    done = [0] * clients
    failures: list[Exception] = []
    deadline = time.perf_counter() + seconds

    def loop(index: int) -> None:
        rng = random.Random(index)
        try:
            while time.perf_counter() < deadline:
                unit(workers[index], rng)
                done[index] += 1
        except Exception as failure:
            failures.append(failure)

    threads = [threading.Thread(target=loop, args=(i,)) for i in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]
    elapsed = time.perf_counter() - started
    latencies = sorted(latency for worker in workers for latency in worker.latencies)
    by_kind: dict[str, list[float]] = {}
    for worker in workers:
        for kind, measured in worker.by_kind.items():
            by_kind.setdefault(kind, []).extend(measured)
    return Result(
        target=target,
        clients=clients,
        seconds=round(elapsed, 2),
        units=sum(done),
        requests=len(latencies),
        units_per_second=round(sum(done) / elapsed, 2),
        requests_per_second=round(len(latencies) / elapsed, 1),
        p50_ms=round(_percentile(latencies, 0.50), 2),
        p99_ms=round(_percentile(latencies, 0.99), 2),
        p50_p99_ms_by_request={
            kind: (round(_percentile(sorted(v), 0.5), 2), round(_percentile(sorted(v), 0.99), 2))
            for kind, v in sorted(by_kind.items())
        },
    )


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def tree_cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a process and its children, from /proc (Linux).

    Unlike requests per second, CPU per request hardly moves when other work shares the
    machine, so it compares the API with its ceiling on a busy machine too.
    """
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended meanwhile
            continue
        if pid in (int(stat.parent.name), int(fields[1])):  # itself, or its parent is `pid`
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


@contextmanager
def serving(database_url: str, extra: list[str]) -> Iterator[tuple[int, int]]:
    """gunicorn with ops/gunicorn.conf.py (2 workers) on a free port, until the block ends:
    (port, the master's pid)."""
    port = _free_port()
    env = {
        **os.environ,
        "FLIPSIDE_DATABASE_URL": database_url,
        "FLIPSIDE_BIND": f"127.0.0.1:{port}",
        "FLIPSIDE_WORKERS": "2",
        "FLIPSIDE_LOG_FORMAT": "json",
    }
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    process = subprocess.Popen(
        GUNICORN + extra, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        _wait_ready(port, process)
        yield port, process.pid
    finally:
        process.terminate()
        process.wait(timeout=30)


def _wait_ready(port: int, process: subprocess.Popen[bytes]) -> None:
    for _ in range(600):
        if process.poll() is not None:
            raise RuntimeError("the server exited")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/readyz")
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError("the server did not get ready")


def warm_up(port: int, unit: Callable[..., None]) -> None:
    """A few units per worker first, so imports and caches are not measured."""
    drive("warm-up", port, 4, 2.0, unit)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", default="8,32", help="comma-separated client counts")
    parser.add_argument("--seconds", type=float, default=20.0, help="per client count")
    parser.add_argument("--repeat", type=int, default=1, help="measure every pair this often")
    parser.add_argument(
        "--think-ms", type=float, default=0.0, help="pause before each request (default none)"
    )
    parser.add_argument(
        "--server-url",
        default=scratch_server_url(),
        help="a PostgreSQL server on which a temporary database is created and dropped",
    )
    args = parser.parse_args()
    counts = [int(count) for count in args.clients.split(",")]
    think = args.think_ms / 1000
    pairs = []
    with (
        temporary_database(args.server_url, prefix="flipside_load") as url,
        serving(url, []) as api,
        serving(url, CEILING) as ceiling,
    ):
        warm_up(api[0], play_match)
        warm_up(ceiling[0], ping_ceiling)
        # Each API run is followed at once by its ceiling run: on a machine whose other load
        # comes and goes, the pair sees the same conditions.
        for _ in range(args.repeat):
            for clients in counts:
                matches = measure("matches", api, clients, args.seconds, play_match, think)
                pinged = measure("ceiling", ceiling, clients, args.seconds, ping_ceiling, think)
                pairs.append(_paired(matches, pinged))
                print(json.dumps(pairs[-1]), flush=True)


def measure(
    target: str,
    server: tuple[int, int],
    clients: int,
    seconds: float,
    unit: Callable[..., None],
    think: float,
) -> Result:
    """`drive`, with the server's CPU time per request."""
    port, pid = server
    cpu = tree_cpu_seconds(pid)
    result = drive(target, port, clients, seconds, unit, think)
    cpu_ms = (tree_cpu_seconds(pid) - cpu) * 1000 / result.requests
    result.server_cpu_ms_per_request = round(cpu_ms, 3)
    return result


def _paired(matches: Result, ceiling: Result) -> dict[str, Any]:
    return {
        "clients": matches.clients,
        "load_average": os.getloadavg()[0],
        "matches": asdict(matches),
        "ceiling": asdict(ceiling),
        "fraction_of_ceiling": round(matches.requests_per_second / ceiling.requests_per_second, 2),
        # The same in CPU: how many API requests a ceiling request's CPU would pay for.
        "cpu_fraction_of_ceiling": round(
            ceiling.server_cpu_ms_per_request / matches.server_cpu_ms_per_request, 2
        ),
    }


if __name__ == "__main__":
    main()
