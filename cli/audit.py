"""`flipside audit [MATCH... | --all]`: one verdict per match; exit 0 only if all pass."""

from __future__ import annotations

import json

import click

from flipside.db import connect
from flipside.records.audit import Verdict, audit_batch
from flipside.store import PostgresEventStore

from .common import (
    STORE_TIMEOUT,
    database_url,
    in_batches,
    jobs_option,
    match_count,
    match_ids,
    open_store,
    progress_bar,
)


@click.command()
@click.argument("ids", nargs=-1, metavar="[MATCH]...")
@click.option("--all", "every", is_flag=True, help="Audit every stored match.")
@click.option("--json", "as_json", is_flag=True, help="One JSON verdict a line.")
@jobs_option
@click.pass_context
def audit(ctx: click.Context, ids: tuple[str, ...], every: bool, as_json: bool, jobs: int) -> None:
    """Check matches of any game: hash chain, seed commitment, every command replayed
    through the game's rules, the game's own checks (such as every shuffle, deal and draw),
    and the projections' rows against a fresh fold. A running match is checked as far as
    it goes."""
    url = database_url(ctx)
    store = open_store(ctx)
    chosen = match_ids(store, ids, every)
    audited = failed = events = 0
    with progress_bar("auditing", match_count(store, ids)) as advance:
        for size, verdicts in in_batches(audit_at, url, chosen, jobs):
            for verdict in verdicts:
                click.echo(json.dumps(verdict.to_json()) if as_json else _verdict_text(verdict))
                events += verdict.events
                failed += not verdict.passed
            audited += size
            advance(size)
    if not as_json:
        click.echo(f"{audited} matches, {events} events audited: {failed} failed", err=True)
    ctx.exit(1 if failed else 0)


def audit_at(url: str, batch: list[str]) -> list[Verdict]:
    """A batch's verdicts, through connections of the process that runs it."""
    with (
        PostgresEventStore(url, min_size=1, max_size=1, timeout=STORE_TIMEOUT) as store,
        connect(url) as conn,
    ):
        return audit_batch(store, conn, batch)


def _verdict_text(verdict: Verdict) -> str:
    status = "finished" if verdict.finished else "running"
    head = f"{'PASS' if verdict.passed else 'FAIL'} {verdict.match_id}: {verdict.events} events"
    lines = [f"{head}, {status}" + (f" ({verdict.note})" if verdict.note else "")]
    lines += [f"  {finding}" for finding in verdict.findings]
    return "\n".join(lines)
