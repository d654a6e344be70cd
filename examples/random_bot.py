"""A bot that plays random legal moves, in any game, through `flipside.client`.

Against a running ``flipside serve``::

    python examples/random_bot.py --game holdem

creates a match with the bot in seat 0 and computer players at the game's easiest level in
the other seats, plays it to the end, and prints the outcome. ``--match`` and ``--token``
join a seat of an existing match instead.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from random_moves import random_move

from flipside.client import Client, Seat

JSON = dict[str, Any]


def arguments(description: str) -> argparse.ArgumentParser:
    """The options every sample bot takes."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the server")
    parser.add_argument("--game", default="flipside", help="for a new match")
    parser.add_argument("--level", help="the computer opponents' level (default: easiest)")
    parser.add_argument("--seats", type=int, help="how many seats (default: the fewest)")
    parser.add_argument("--match", help="join this match instead of creating one")
    parser.add_argument("--token", help="the seat's token, with --match")
    parser.add_argument("--seed", type=int, default=None, help="the bot's own random choices")
    return parser


def sit(client: Client, options: argparse.Namespace) -> Seat:
    """The bot's seat: in the match it was given, or seat 0 of a new one."""
    if options.match:
        return client.seat(options.match, options.token)
    game = next(g for g in client.games() if g["id"] == options.game)
    level = options.level or game["levels"][0]
    count = options.seats or game["seats"]["min"]
    seats = [{"type": "human", "name": "bot"}] + [{"type": "npc", "level": level}] * (count - 1)
    created = client.create_match(seats, game=options.game)
    return client.seat(created.match_id, created.tokens[0])


def report(final: JSON) -> str:
    """One line on how the bot's match ended."""
    seat, places = final["viewer"], final["outcome"]["places"]
    return (
        f"{final['game']} match {final['match_id']}: "
        f"the bot (seat {seat}) placed {places[seat]} of {len(places)}"
    )


def main() -> None:
    options = arguments("Play random legal moves.").parse_args()
    rng = random.Random(options.seed)
    with Client(options.url) as client:
        seat = sit(client, options)
        final = seat.play(lambda listed, view: random_move(listed["game"], listed["actions"], rng))
    print(report(final))


if __name__ == "__main__":
    main()
