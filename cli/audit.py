"""`flipside audit [MATCH... | --all]`: one verdict per match; exit 0 only if all pass."""

from __future__ import annotations

import json

import click

from flipside.audit import Verdict, audit_stream, projection_findings
from flipside.db import connect

from .common import database_url, match_events, match_ids, open_store, progress_bar


@click.command()
@click.argument("ids", nargs=-1, metavar="[MATCH]...")
@click.option("--all", "every", is_flag=True, help="Audit every stored match.")
@click.option("--json", "as_json", is_flag=True, help="One JSON verdict a line.")
@click.pass_context
def audit(ctx: click.Context, ids: tuple[str, ...], every: bool, as_json: bool) -> None:
    """Check matches: hash chain, seed commitment, every shuffle, deal and draw, every
    command replayed through the rules, and the projections' rows against a fresh fold.
    A running match is checked as far as it goes."""
    store = open_store(ctx)
    chosen = match_ids(store, ids, every)
    audited = failed = events = 0
    with progress_bar("auditing", len(ids) or None) as advance, connect(database_url(ctx)) as conn:
        for stream in match_events(store, chosen):
            verdict = audit_stream(stream[0].stream_id, stream)
            if all(finding.check != "decode" for finding in verdict.findings):
                verdict = verdict.with_findings(projection_findings(conn, verdict.match_id, stream))
            click.echo(json.dumps(verdict.to_json()) if as_json else _verdict_text(verdict))
            audited, events = audited + 1, events + verdict.events
            failed += not verdict.passed
            advance(1)
    if not as_json:
        click.echo(f"{audited} matches, {events} events audited: {failed} failed", err=True)
    ctx.exit(1 if failed else 0)


def _verdict_text(verdict: Verdict) -> str:
    status = "finished" if verdict.finished else "running"
    head = f"{'PASS' if verdict.passed else 'FAIL'} {verdict.match_id}: {verdict.events} events"
    lines = [f"{head}, {status}" + (f" ({verdict.note})" if verdict.note else "")]
    lines += [f"  {finding}" for finding in verdict.findings]
    return "\n".join(lines)
