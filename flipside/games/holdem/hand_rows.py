"""One row per seat per finished hand: the csv export's rows (`HAND_COLUMNS`).

A row holds nothing secret while the match runs: hole cards only when shown at the
showdown (H48). Rows are folded from a match's events in stream order.
"""

from __future__ import annotations

from collections.abc import Iterable

from flipside.engine.read_models import Row, player_key

from .events import Event, HandEnded
from .rules import evolve, initial_state
from .state import Match

HAND_COLUMNS = (
    "match_id",
    "hand",
    "seat",
    "player",
    "level",
    "button",
    "blind",
    "start_stack",
    "end_stack",
    "net",
    "put_in",
    "won",
    "folded_on",
    "all_in",
    "showed",
    "mucked",
    "hole_cards",
    "best_five",
    "category",
    "board",
)


def hand_rows(events: Iterable[Event]) -> list[Row]:
    """The rows of every finished hand of a match, in play order (`HAND_COLUMNS`)."""
    state = initial_state()
    rows: list[Row] = []
    for event in events:
        state = evolve(state, event)
        if isinstance(event, HandEnded):
            dealt = [s for s, stack in enumerate(state.start_stacks) if stack > 0]
            rows += [_row(state, seat) for seat in dealt]
    return rows


def _row(state: Match, seat: int) -> Row:
    spec = state.specs[seat]
    won = sum(
        share
        for award in state.awards
        for winner, share in zip(award.winners, award.shares, strict=True)
        if winner == seat
    )
    blind = {state.small_blind_seat: "small", state.big_blind_seat: "big"}.get(seat, "")
    folded = [a.street for a in state.actions if a.seat == seat and a.kind == "fold"]
    shown = state.shown[seat]
    start, end = state.start_stacks[seat], state.stacks[seat]
    return {
        "match_id": state.match_id,
        "hand": state.hand,
        "seat": seat,
        "player": player_key({"kind": spec.kind, "name": spec.name, "level": spec.level}),
        "level": spec.level,
        "button": seat == state.button,
        "blind": blind,
        "start_stack": start,
        "end_stack": end,
        "net": end - start,
        "put_in": state.totals[seat],
        "won": won,
        "folded_on": folded[0] if folded else "",
        "all_in": state.totals[seat] == start,
        "showed": shown is not None,
        "mucked": state.mucked[seat],
        "hole_cards": " ".join(shown.cards) if shown else "",
        "best_five": " ".join(shown.best_five) if shown else "",
        "category": shown.category if shown else "",
        "board": " ".join(state.board),
    }
