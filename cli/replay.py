"""`flipside replay MATCH`: the match event by event, as an operator or as one seat saw it."""

from __future__ import annotations

import json

import click

from flipside.records.replay import NoSuchSeat, replay_steps

from .common import open_store, read_events


@click.command()
@click.argument("match_id", metavar="MATCH")
@click.option("--round", "round_no", type=click.IntRange(1), help="Only this round.")
@click.option(
    "--as-seat",
    "seat",
    type=click.IntRange(0),
    help="Show only what this seat could see at each moment (as the API shows it).",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON object a line per event.")
@click.pass_context
def replay(
    ctx: click.Context, match_id: str, round_no: int | None, seat: int | None, as_json: bool
) -> None:
    """Tell MATCH, of any game, event by event, as the game tells it: the deal, the moves,
    the showdowns, the winner."""
    events = read_events(open_store(ctx), match_id)
    try:
        steps = replay_steps(events, seat, round_no)
    except NoSuchSeat as error:
        raise click.BadParameter(str(error), param_hint="--as-seat") from None
    if not steps:
        raise click.BadParameter(f"match {match_id} has no round {round_no}", param_hint="--round")
    for step in steps:
        if as_json:
            click.echo(json.dumps(step.to_json()))
        else:
            click.echo("\n".join(step.lines))
