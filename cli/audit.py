"""`flipside audit [MATCH... | --all | --anchor FILE]`: one verdict per match, and with an
anchor one line per anchored match deleted, truncated or rewritten since; exit 0 only if all
pass."""

from __future__ import annotations

import json
from pathlib import Path

import click

from flipside.db import connect
from flipside.records.anchor import Anchor, Signature, read_anchor
from flipside.records.anchor_heads import changes_since
from flipside.records.audit import Verdict, audit_streams
from flipside.store.postgres import read_streams

from .anchor import anchor_key
from .common import (
    database_url,
    in_batches,
    jobs_option,
    match_count,
    match_ids,
    open_store,
    progress_bar,
)

_SIGNATURES: dict[Signature, str] = {
    "checked": "signature checked",
    "unchecked": "signature not checked (no FLIPSIDE_ANCHOR_KEY)",
    "unsigned": "not signed",
}


@click.command()
@click.argument("ids", nargs=-1, metavar="[MATCH]...")
@click.option("--all", "every", is_flag=True, help="Audit every stored match.")
@click.option(
    "--anchor",
    "anchor_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Also report every match deleted, truncated or rewritten since this anchor "
    "(`flipside anchor`); implies --all.",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON verdict a line.")
@jobs_option
@click.pass_context
def audit(
    ctx: click.Context,
    ids: tuple[str, ...],
    every: bool,
    anchor_file: Path | None,
    as_json: bool,
    jobs: int,
) -> None:
    """Check matches of any game: hash chain (and the canonical texts stored with the
    events, which jsonl exports copy), seed commitment, every command replayed
    through the game's rules, the game's own checks (such as every shuffle, deal and draw),
    and the projections' rows against a fresh fold. A running match is checked as far as
    it goes. With --anchor, first every match the anchor holds against its anchored head."""
    url = database_url(ctx)
    store = open_store(ctx)
    changed = 0
    if anchor_file is not None:
        if ids:
            raise click.UsageError("--anchor audits every match: name none")
        every = True
        changed = _check_anchor(url, read_anchor(anchor_file, anchor_key()), as_json)
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
    ctx.exit(1 if failed or changed else 0)


def _check_anchor(url: str, anchor: Anchor, as_json: bool) -> int:
    """Report every anchored match changed since (a line each); returns how many."""
    changed = 0
    with connect(url) as conn:
        for finding in changes_since(conn, anchor.heads()):
            line = {"anchor": {"match_id": finding.match_id, **finding.to_json()}}
            click.echo(json.dumps(line) if as_json else f"ANCHOR {finding}")
            changed += 1
    click.echo(
        f"anchor of {anchor.created_at} (position {anchor.position.txid}/"
        f"{anchor.position.global_position}): {anchor.streams} matches, {changed} deleted, "
        f"truncated or rewritten since; {_SIGNATURES[anchor.signature]}",
        err=True,
    )
    return changed


def audit_at(url: str, batch: list[str]) -> list[Verdict]:
    """A batch's verdicts, through one connection of the thread or process that runs it:
    the events and the projections' rows are read on it (a store would open a pool)."""
    with connect(url) as conn:
        return audit_streams(read_streams(conn, batch), conn, batch)


def _verdict_text(verdict: Verdict) -> str:
    status = "finished" if verdict.finished else "running"
    head = f"{'PASS' if verdict.passed else 'FAIL'} {verdict.match_id}: {verdict.events} events"
    lines = [f"{head}, {status}" + (f" ({verdict.note})" if verdict.note else "")]
    lines += [f"  {finding}" for finding in verdict.findings]
    return "\n".join(lines)
