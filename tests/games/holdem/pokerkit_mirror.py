"""One of our hands replayed in PokerKit, the reference (docs/rules/holdem.md, "Reference
implementation: PokerKit"): our cards, our moves and our show-or-muck choices, in our order.

PokerKit's player i is seat ``(button + 1 + i) mod n`` (heads-up too: player 0 is the big
blind). Documented difference 5: when betting ends early with a seat all-in, PokerKit asks
for the shows before the rest of the board; it gets our choices there.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass

from pokerkit import Automation, Mode, NoLimitTexasHoldem, State

from flipside.games.holdem.events import (
    ActionTaken,
    BettingRoundEnded,
    BlindPosted,
    BoardDealt,
    CardBurned,
    Event,
    HandMucked,
    HandStarted,
    HoleCardsDealt,
    HoleCardsShown,
    PotAwarded,
    ShowdownStarted,
)

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HAND_KILLING,
    Automation.CHIPS_PULLING,
)


class ReopenedOnlyHere(Exception):
    """A raise H24 allows that PokerKit refuses (difference 11)."""


@dataclass(frozen=True, slots=True)
class Mirrored:
    """PokerKit's end of the hand, by our seats. Its pushes are compared per seat, summed
    over the pots: once losing hands are killed PokerKit merges pots that end up with the
    same claimants, so its pot-by-pot pushes need not follow our pots."""

    stacks: tuple[int, ...]
    pots: tuple[tuple[int, tuple[int, ...]], ...]  # (amount, eligible seats), H37-merged
    pushed: tuple[int, ...]  # chips pushed to each seat, over all pots


class _Mirror:
    def __init__(self, started: HandStarted, seats: int) -> None:
        self.count = seats
        self.button = started.button
        stacks = [started.stacks[self.seat(i)] for i in range(seats)]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            self.state: State = NoLimitTexasHoldem.create_state(
                AUTOMATIONS,
                False,
                0,
                (started.small_blind, started.big_blind),
                started.big_blind,
                stacks,
                seats,
                mode=Mode.CASH_GAME,
            )
        self.pots: list[tuple[int, tuple[int, ...]]] | None = None
        self.pushes: list[tuple[int, ...]] = []  # per push: chips to each seat

    def seat(self, player: int) -> int:
        return (self.button + 1 + player) % self.count

    def player(self, seat: int) -> int:
        return (seat - self.button - 1) % self.count

    def note_pots(self) -> None:
        """The pots as betting leaves them, before any show, muck or push."""
        if self.pots is None:
            self.pots = [
                (pot.amount, tuple(sorted(self.seat(p) for p in pot.player_indices)))
                for pot in self.state.pots
            ]

    def show(self, choices: list[tuple[int, bool]]) -> None:
        """Our choices while PokerKit asks, in our order; then show for the ones it still
        asks that our showdown passed over (H33)."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            while self.state.can_show_or_muck_hole_cards():
                self.note_pots()
                seat, shows = choices.pop(0) if choices else (None, True)
                player = self.state.showdown_index if seat is None else self.player(seat)
                self.state.show_or_muck_hole_cards(shows, player)

    def push(self) -> None:
        while self.state.can_push_chips():
            self.note_pots()
            pushed = self.state.push_chips()
            self.pushes.append(tuple(pushed.amounts[self.player(s)] for s in range(self.count)))

    def check_alone(self) -> None:
        """Difference 8: PokerKit asks the one seat left able to act to check when nothing is
        owed and everyone else is all-in; H26 does not."""
        state = self.state
        while state.actor_index is not None and not state.checking_or_calling_amount:
            state.check_or_call()

    def act(self, event: ActionTaken) -> None:
        assert self.state.actor_index == self.player(event.seat), "the order of action (H26)"
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            if event.kind == "fold":
                self.state.fold()
            elif event.kind in ("check", "call"):
                self.state.check_or_call()
            else:
                self._raise(event.to)

    def _raise(self, to: int) -> None:
        """Difference 11: after a full raise, PokerKit reopens the betting for a seat that
        has acted only by incomplete all-ins in a row (a call between them starts the count
        again); H24 counts everything wagered since the seat's last action."""
        try:
            self.state.verify_completion_betting_or_raising_to(to)
        except ValueError as refusal:
            if "non-full all-in" in str(refusal):
                raise ReopenedOnlyHere(str(refusal)) from None
            raise
        self.state.complete_bet_or_raise_to(to)


def _short_big_blind(events: list[Event]) -> bool:
    big = next(e for e in events if isinstance(e, BlindPosted) and e.blind == "big")
    started = next(e for e in events if isinstance(e, HandStarted))
    return big.amount < started.big_blind


def _mucked_a_winner(events: list[Event]) -> bool:
    """Difference 6: a seat mucked after a pot went to it because the others mucked."""
    won: set[int] = set()
    for event in events:
        if isinstance(event, PotAwarded) and event.uncontested:
            won.update(event.winners)
        if isinstance(event, HandMucked) and event.seat in won:
            return True
    return False


def _mucked_to_one_before_the_run_out(events: list[Event]) -> bool:
    """Difference 9: betting ended before the river and all but one seat mucked; PokerKit,
    asking for the shows before the run-out, cannot deal the rest to one player."""
    ended = [e for e in events if isinstance(e, BettingRoundEnded)]
    started = next((e for e in events if isinstance(e, ShowdownStarted)), None)
    mucks = sum(1 for e in events if isinstance(e, HandMucked))
    return started is not None and ended[-1].street != "river" and mucks >= len(started.order) - 1


def comparable(events: list[Event]) -> bool:
    """Whether PokerKit can play the hand `events` as we did (differences 3, 6 and 9)."""
    return not (
        _short_big_blind(events)
        or _mucked_a_winner(events)
        or _mucked_to_one_before_the_run_out(events)
    )


def mirror(events: Sequence[Event]) -> Mirrored:
    """Our hand `events` (from its `HandStarted`) played again in PokerKit."""
    started = next(e for e in events if isinstance(e, HandStarted))
    seats = len(started.stacks)
    pk = _Mirror(started, seats)
    dealt = [e for e in events if isinstance(e, HoleCardsDealt)]
    for round_ in (0, 1):
        for event in dealt:
            assert event.cards is not None
            pk.state.deal_hole(event.cards[round_], pk.player(event.seat))
    choices = [
        (e.seat, isinstance(e, HoleCardsShown))
        for e in events
        if isinstance(e, HoleCardsShown | HandMucked)
    ]
    for event in events:
        if isinstance(event, ActionTaken):
            pk.act(event)
            continue
        if isinstance(event, CardBurned | BoardDealt | ShowdownStarted):
            pk.check_alone()
            pk.show(choices)
        if isinstance(event, CardBurned):
            assert event.card is not None
            pk.state.burn_card(event.card)
        elif isinstance(event, BoardDealt):
            pk.state.deal_board("".join(event.cards))
    pk.show(choices)
    pk.push()
    stacks = tuple(pk.state.stacks[pk.player(seat)] for seat in range(seats))
    return Mirrored(stacks, _merged(pk.pots or []), tuple(map(sum, zip(*pk.pushes, strict=True))))


def _merged(pots: list[tuple[int, tuple[int, ...]]]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Adjacent pots with the same eligible seats as one (H37)."""
    merged: list[tuple[int, tuple[int, ...]]] = []
    for amount, eligible in pots:
        if merged and merged[-1][1] == eligible:
            merged[-1] = (merged[-1][0] + amount, eligible)
        elif amount:
            merged.append((amount, eligible))
    return tuple(merged)
