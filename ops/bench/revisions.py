"""One benchmark at two revisions, taking turns in one run: "did this change make it slower?"

The working tree (``after``) and a git revision (``before``, checked out into a temporary
worktree) each run the same benchmark script, ``--rounds`` times, alternating, so both see
the same machine load; each side runs its own copy of the script against its own code (the
script may have changed with the code). Scripts that take ``--json`` print one JSON object;
this prints every numeric figure of it as before, after and after/before, taking the median
over rounds.

Usage: ``python ops/bench/revisions.py REV ops/bench/simulate.py [--rounds 3] [-- ARGS...]``
(for example ``REV`` = ``main~5`` or a commit id). Needs git.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def worktree(revision: str) -> Iterator[Path]:
    """`revision` checked out in a temporary directory, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="flipside-bench-") as parent:
        path = Path(parent) / "tree"
        git = ["git", "-C", str(ROOT)]
        subprocess.run([*git, "worktree", "add", "--detach", str(path), revision], check=True)
        try:
            yield path
        finally:
            subprocess.run([*git, "worktree", "remove", "--force", str(path)], check=True)


def run(tree: Path, script: str, args: list[str]) -> dict[str, Any]:
    """The script's JSON figures, run by this interpreter on `tree`'s code."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    command = [sys.executable, str(tree / script), "--json", *args]
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{script} failed on {tree}:\n{done.stderr[-2000:]}")
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def numbers(figures: Any, prefix: str = "") -> Iterator[tuple[str, float]]:
    """Every numeric leaf of a JSON object, by its dotted path."""
    if isinstance(figures, dict):
        for key, value in figures.items():
            yield from numbers(value, f"{prefix}{key}.")
    elif isinstance(figures, int | float) and not isinstance(figures, bool):
        yield prefix.rstrip("."), float(figures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revision")
    parser.add_argument("script", help="a benchmark under ops/bench that takes --json")
    parser.add_argument("--rounds", type=int, default=3)
    ours, _, args = " ".join(sys.argv[1:]).partition(" -- ")  # after --: the script's own
    options = parser.parse_args(ours.split())
    args = args.split()
    samples: dict[str, dict[str, list[float]]] = {"before": {}, "after": {}}
    with worktree(options.revision) as before:
        for _ in range(options.rounds):
            for side, tree in (("before", before), ("after", ROOT)):
                for name, value in numbers(run(tree, options.script, args)):
                    samples[side].setdefault(name, []).append(value)
    load = os.getloadavg()[0]
    print(f"{options.script} {' '.join(args)}: {options.revision} vs the working tree, ")
    print(f"median of {options.rounds} alternating rounds, load average {load:.2f}")
    print(f"{'figure':44}{'before':>14}{'after':>14}{'after/before':>14}")
    for name, after in samples["after"].items():
        if name not in samples["before"]:
            continue
        old, new = statistics.median(samples["before"][name]), statistics.median(after)
        ratio = f"{new / old:.3f}" if old else "-"
        print(f"{name:44}{old:>14.6g}{new:>14.6g}{ratio:>14}")


if __name__ == "__main__":
    main()
