"""Write flipside/games/holdem/npc/preflop_table.py: every starting-hand class's equity
against 1 to 9 random hands (H47), by `preflop.compute_table`.

    python ops/bench/holdem_preflop_table.py [--samples 10000] [--seed 47]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from flipside.games.holdem.npc import preflop

TARGET = Path(preflop.__file__).with_name("preflop_table.py")

HEADER = '''"""Equity of each starting-hand class (`preflop.CLASSES` order) against 1 to 9 random
hands, before the flop (H47). Written by ops/bench/holdem_preflop_table.py with {samples}
Monte Carlo samples per entry (seed {seed}): a standard error of at most {error:.4f}.
"""

TABLE: tuple[tuple[float, ...], ...] = (
'''


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--samples", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=47)
    args = parser.parse_args()
    started = time.perf_counter()
    table = preflop.compute_table(args.samples, args.seed)
    error = 0.5 / args.samples**0.5
    rows = "".join(f"    {row!r},\n" for row in table)
    TARGET.write_text(
        HEADER.format(samples=args.samples, seed=args.seed, error=error) + rows + ")\n"
    )
    print(f"{len(table)} classes in {time.perf_counter() - started:.0f} s -> {TARGET}")


if __name__ == "__main__":
    main()
