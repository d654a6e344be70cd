"""The `insane` level's Monte Carlo: a draw, played out to the end of the round over worlds
sampled from the seat's view.

A world deals the unseen cards (`knowledge`) into what the seat cannot see and that
matters for the rest of the round: the undrawn action-deck cards (its own contribution among
them with the chance that it is still there) in a random order, and the other hands. The
round then goes on by the rules (K19-K27), every player drawing while its expected bust
payment is below its *boldness* times the give-up cost, and planting the number most rows
hold, not its own. A player's expected payment is over the cards it does not know: its own
contribution is safe to it (K33), as `knowledge` counts it for the computer seats. The
seat's worth is the chips it gets back from the round from here: the pot or its share, less
what it pays when it leaves.

Rows are bit masks (bit n: the number n is in the row).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from flipside.games.orc.cards import NUMBERS
from flipside.games.orc.state import PHASES
from flipside.games.orc.views import MatchView

from .habits import boldness
from .knowledge import knowledge, mask_of

# How boldly each level draws: the multiple of the give-up cost its expected bust payment may
# reach. `normal`'s rule is exactly 1. The others' are `habits.boldness` fitted to their turns
# in matches against `normal` (easy 4.8, hard 4.7, insane 4.1, where normal comes out at 1.7
# on that scale), scaled to normal's 1. The seat itself, in its worlds, draws boldly.
BOLDNESS = {"easy": 2.9, "normal": 1.0, "hard": 2.8, "insane": 2.5, "hate_you": 2.5}
OWN_BOLDNESS = 5.0


@dataclass(frozen=True, slots=True)
class RolloutPlayer:
    boldness: float

    @staticmethod
    def of(view: MatchView, seat: int) -> RolloutPlayer:
        """A computer seat by its public level; a person by their turns so far."""
        shown = view.seats[seat]
        if shown.kind == "human":
            return RolloutPlayer(boldness(shown.turns))
        return RolloutPlayer(BOLDNESS.get(shown.level or "", 1.0))


_MASKS = 1 << (NUMBERS[-1] + 1)
_LOWEST = [(mask & -mask).bit_length() - 1 for mask in range(_MASKS)]  # by mask: its smallest
_NUMBERS_IN = [[n for n in NUMBERS if mask >> n & 1] for mask in range(_MASKS)]  # by mask


def _visible(masks: list[int], alive: list[bool]) -> int:
    """The numbers in the rows of the players still in (K14), as one mask."""
    shown = 0
    for mask, still in zip(masks, alive, strict=True):
        if still:
            shown |= mask
    return shown


class World:
    """What every sampled world of one decision shares."""

    def __init__(self, view: MatchView, players: Mapping[int, RolloutPlayer]) -> None:
        known = knowledge(view)
        me = view.viewer
        assert me is not None
        self.me = me
        self.seats = len(view.seats)
        self.phase = view.action_phase
        self.start = view.start_seat if view.start_seat is not None else me
        order = view.turn_order
        self.later = order[order.index(me) + 1 :]
        self.masks = [mask_of(seat.row) for seat in view.seats]
        self.alive = [seat.in_round for seat in view.seats]
        # The hands the seat cannot see: those of the others still in (K23).
        self.sizes = [
            seat.hand_size if seat.in_round and index != me else 0
            for index, seat in enumerate(view.seats)
        ]
        self.hidden = sum(self.sizes)
        self.hand = list(view.hand)
        self.pool = [number for number in NUMBERS for _ in range(known.pool[number])]
        self.deck = known.deck
        self.mine = known.mine
        self.mine_left = known.mine_left
        self.pot = view.pot
        self.boldness = [OWN_BOLDNESS] * self.seats
        for seat, player in players.items():
            self.boldness[seat] = player.boldness
        weights = known.weights()
        self.payment = [0.0] * _MASKS  # expected bust payment, by mask
        for mask in range(1, len(self.payment)):
            low = _LOWEST[mask]
            self.payment[mask] = self.payment[mask & (mask - 1)] + weights[low] * low

    def sample(self, rng: random.Random) -> tuple[list[int], list[list[int]]]:
        """The undrawn action deck (top last) and every hand, the seat's own as it is."""
        mine_in = self.mine is not None and (self.mine_left >= 1 or rng.random() < self.mine_left)
        others = self.deck - mine_in
        cards = rng.sample(self.pool, min(len(self.pool), others + self.hidden))
        deck = cards[:others]
        if mine_in:
            deck.append(self.mine)  # type: ignore[arg-type]
        rng.shuffle(deck)
        hands, at = [], others
        for size in self.sizes:
            hands.append(cards[at : at + size])
            at += size
        hands[self.me] = list(self.hand)
        return deck, hands

    def play(self, rng: random.Random) -> float:
        """One world: the seat draws now, and the round is played out."""
        deck, hands = self.sample(rng)
        masks, alive, me = list(self.masks), list(self.alive), self.me
        number = deck.pop()
        if masks[me] >> number & 1:
            return -number
        masks[me] |= 1 << number
        return _finish(self, deck, hands, masks, alive, rng)


def _finish(
    world: World,
    deck: list[int],
    hands: list[list[int]],
    masks: list[int],
    alive: list[bool],
    rng: random.Random,
) -> float:
    """The rest of the round after the seat's draw (K18-K27); the seat's chips from it."""
    me, seats, payment, bold = world.me, world.seats, world.payment, world.boldness
    pot, phase, start = world.pot, world.phase, world.start
    order: Sequence[int] = world.later
    left = sum(alive)
    shown = _visible(masks, alive)
    planted: dict[int, int] | None = None  # this phase's contributions, once the worlds deal them
    drawn = 0  # the numbers drawn this phase, as a mask
    while True:
        for seat in order:
            if not alive[seat] or not deck:
                continue  # out, or the turn passes (K24)
            cost = _LOWEST[shown]  # K21: the smallest visible number
            mask = masks[seat]
            risk = payment[mask] * _unknown_share(seat, me, len(deck), planted, drawn)
            if risk < bold[seat] * cost:
                number = deck.pop()
                drawn |= 1 << number
                if not mask >> number & 1:
                    masks[seat] = mask | 1 << number
                    shown |= 1 << number
                    continue
                paid = number
            else:
                paid = cost
            if seat == me:
                return -paid
            pot += paid
            alive[seat] = False
            left -= 1
            if left == 1:
                return pot  # K22: the seat is the last one in
            shown = _visible(masks, alive)  # its row turns down (K34)
        if phase == PHASES:
            return pot // left  # K26
        phase += 1
        start = _next_start(masks, alive, start, seats)
        order = [s % seats for s in range(start, start + seats) if alive[s % seats]]
        planted = _contributions(order, hands, masks)
        deck = list(planted.values())
        rng.shuffle(deck)
        drawn = 0


def _next_start(masks: list[int], alive: list[bool], previous: int, seats: int) -> int:
    """K27, as `start.next_start`, over masks."""
    low = _LOWEST[_visible(masks, alive)]
    if alive[previous] and _LOWEST[masks[previous]] == low:
        return previous
    holders = [s for s in range(seats) if alive[s] and _LOWEST[masks[s]] == low]
    return max(holders, key=lambda s: (s - previous) % seats)


def _unknown_share(
    seat: int, me: int, deck: int, planted: dict[int, int] | None, drawn: int
) -> float:
    """The share of the action deck a player does not know (K33: it knows its own
    contribution, a number not in its row): its expected bust payment is over the rest only,
    counted as `knowledge` counts it. In the phase being decided the others' contributions
    are unknown to the seat, and each is taken as still undrawn."""
    if seat == me:
        return 1.0
    if planted is None:
        return (deck - 1) / deck
    own = planted.get(seat)
    if own is None:
        return 1.0
    left = 1.0 if not drawn >> own & 1 else deck / len(planted)
    return (deck - left) / deck


def _contributions(
    order: Sequence[int], hands: list[list[int]], masks: list[int]
) -> dict[int, int]:
    """K17: each player plants the number most rows hold, not its own, the largest on ties;
    by seat."""
    held = [0] * (NUMBERS[-1] + 1)
    for seat in order:
        for number in _NUMBERS_IN[masks[seat]]:
            held[number] += 1
    planted = {}
    for seat in order:
        hand = hands[seat]
        if not hand:
            continue
        own = masks[seat]
        # The best (not in its own row, held most, largest) as one integer: 4 bits a field.
        card = max((~own >> n & 1) << 8 | held[n] << 4 | n for n in hand) & 0xF
        hand.remove(card)
        planted[seat] = card
    return planted


def draw_value(
    view: MatchView, players: Mapping[int, RolloutPlayer], samples: int, rng: random.Random
) -> float:
    """The seat's mean chips from the round if it draws now, over `samples` worlds."""
    world = World(view, players)
    return sum(world.play(rng) for _ in range(samples)) / samples
