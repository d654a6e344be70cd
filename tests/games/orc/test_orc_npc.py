"""The computer players (docs/rules/orc.md, "Computer players"): each level's rules on
chosen views, and legal moves from the view alone at every level."""

from __future__ import annotations

import random

import pytest

from flipside.engine.seats import SeatSpec
from flipside.games.orc import GAME
from flipside.games.orc.events import LEVELS
from flipside.games.orc.npc import next_command, policy_for
from flipside.games.orc.npc.knowledge import Knowledge, knowledge, mask_of
from flipside.games.orc.npc.levels import Insane, draw_worth, target_seat
from flipside.games.orc.npc.rollout import RolloutPlayer, _unknown_share, draw_value
from flipside.games.orc.views import MatchView, view
from flipside.simulation import match_seed

from .table import Table, action_decks, deal, table
from .test_orc_examples import K38_HANDS, K39_HANDS

RNG = random.Random(0)


@pytest.fixture(name="tab")
def tab_fixture(monkeypatch: pytest.MonkeyPatch) -> Table:
    deal(monkeypatch, K38_HANDS, top=(6, 3))
    action_decks(monkeypatch, {(1, 1): (9, 10, 8, 10), (1, 2): (7, 3, 10, 9)})
    return table(["Ana", "Ben", "Cho", "Dai"])


def test_normal_opens_with_its_rarest_number(tab: Table) -> None:
    # Ana holds 2 5 7 8 9 10: one 2 is unseen, and more of every other number.
    assert policy_for("normal").opening(view(tab.state, 0), RNG) == 2
    assert policy_for("insane").opening(view(tab.state, 0), RNG) == 2


def test_insane_at_three_seats_opens_with_its_rarest_number_of_3_and_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, K39_HANDS)
    tab = table(["Eri", "Fumi", "Gen"])
    # Eri holds 1 3 5 7 9 9 and Fumi 2 4 6 8 10 10: normal opens their 1 and 2; insane keeps
    # the give-up cost above 2 and the start for another seat (K11, K21).
    assert [policy_for("normal").opening(view(tab.state, s), RNG) for s in (0, 1)] == [1, 2]
    assert [policy_for("insane").opening(view(tab.state, s), RNG) for s in (0, 1)] == [3, 4]


def test_normal_plants_the_number_most_opponents_hold(tab: Table) -> None:
    tab.open(2, 2, 6, 4)
    tab.tiebreak({0: 5, 1: 4})
    # Cho (rows: Ana 2 5, Ben 2 4, Dai 4) holds 3 7 8 8 10: none of them is in a row, so the
    # largest; Dai (4) holds 5 7 9 9 10: 5 is in Ana's row.
    assert policy_for("normal").contribution(view(tab.state, 2), RNG) == 10
    assert policy_for("normal").contribution(view(tab.state, 3), RNG) == 5
    assert policy_for("hard").contribution(view(tab.state, 3), RNG) == 5


def test_the_levels_weigh_a_draw_from_what_the_seat_knows(tab: Table) -> None:
    tab.open(2, 2, 6, 4)
    tab.tiebreak({0: 5, 1: 4})
    tab.contribute({0: 10, 1: 10, 2: 8, 3: 9})
    seen = view(tab.state, 1)  # Ben, row 2 4, knows his own 10 is in the deck
    known = knowledge(seen)
    assert known.mine == 10 and known.mine_left == 1.0
    top = known.top()
    assert abs(sum(top) - 1) < 1e-9 and top[10] > 0.25  # his own card and the unseen 10s
    assert known.bust_payment(mask_of(seen.me.row)) < 1  # a 2 or a 4: few are unseen
    for level in LEVELS:
        assert policy_for(level).draws(seen, random.Random(1))  # every level draws here


def test_insane_plays_out_only_the_draws_hard_finds_close(tab: Table) -> None:
    tab.open(2, 2, 6, 4)
    tab.tiebreak({0: 5, 1: 4})
    tab.contribute({0: 10, 1: 10, 2: 8, 3: 9})
    seen = view(tab.state, 1)  # Ben, row 2 4: hard's estimate is far above the cost
    assert draw_worth(seen) + (seen.give_up_cost or 0) > Insane.band
    clear = random.Random(4)
    before = clear.getstate()
    assert policy_for("insane").draws(seen, clear)
    assert clear.getstate() == before  # decided as hard, no world sampled
    close = Insane()
    close.band = 100.0  # every draw counts as close: it is played out
    assert close.draws(seen, clear) and clear.getstate() != before


def test_a_draw_that_must_bust_is_worth_its_number(monkeypatch: pytest.MonkeyPatch) -> None:
    deal(monkeypatch, K39_HANDS)
    action_decks(monkeypatch, {(1, 1): (9, 8, 10)})
    tab = table(["Eri", "Fumi", "Gen"])
    tab.open(1, 2, 10)
    tab.contribute({0: 9, 1: 8, 2: 10})  # Gen plants a 10 on his own 10
    tab.draw(0)
    tab.draw(1)
    seen = view(tab.state, 2)  # the last card is Gen's own 10: he knows it
    assert knowledge(seen).top()[10] == 1.0
    players = {seat: RolloutPlayer(1.0) for seat in (0, 1)}
    assert draw_value(seen, players, 500, random.Random(2)) == -10.0
    assert seen.give_up_cost == 1
    for level in ("normal", "hard", "insane", "hate_you"):
        assert not policy_for(level).draws(seen, random.Random(3)), level
    assert policy_for("easy").draws(seen, random.Random(3))  # its naive chance is small


def test_insane_worlds_let_each_player_know_its_own_contribution() -> None:
    # K33: a player knows its own card in the action deck, a number not in its row, and
    # `normal` weighs its bust payment over the other cards only; the worlds do the same.
    pool = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    own = Knowledge(pool, deck=4, mine=7, mine_left=1.0)  # a normal seat's knowledge
    blind = Knowledge(pool, deck=4, mine=None, mine_left=0.0)
    row = mask_of((3, 9))
    share = _unknown_share(1, 0, 4, {1: 7, 2: 8, 3: 9, 0: 5}, drawn=0)
    assert share == 0.75
    assert own.bust_payment(row) == pytest.approx(blind.bust_payment(row) * share)
    # The last card is its own: it draws whatever its row.
    assert _unknown_share(1, 0, 1, {1: 7, 2: 8}, drawn=1 << 8) == 0.0
    # Its number drawn, it cannot tell whose card that was: `knowledge`'s share left.
    assert _unknown_share(1, 0, 2, {1: 7, 2: 7, 3: 4}, drawn=1 << 7) == pytest.approx(
        (2 - 2 / 3) / 2
    )
    assert _unknown_share(1, 0, 4, None, drawn=0) == 0.75  # this phase: taken as undrawn
    assert _unknown_share(0, 0, 4, None, drawn=0) == 1.0  # the seat deciding counts all


def test_hate_you_goes_after_the_person(tab: Table) -> None:
    seen = view(tab.state, 1)
    assert target_seat(seen) == 0  # Ana is the only person (every seat here is a person)
    specs = [SeatSpec("human", "Ana"), *[SeatSpec("npc", level="normal")] * 3]
    _, state = GAME.execute(
        GAME.initial_state(),
        GAME.create("h", specs, bytes(32), seeded=True, options={}, turn_timeout_seconds=None),
    )
    assert target_seat(view(state, 2)) == 0


@pytest.mark.parametrize("seats", [3, 8])
def test_every_level_moves_legally_from_its_view(seats: int) -> None:
    levels = [LEVELS[seat % len(LEVELS)] for seat in range(seats)]
    specs = [SeatSpec("npc", level=level) for level in levels]
    command = GAME.create(
        "npc", specs, match_seed(seats, 1), seeded=True, options={}, turn_timeout_seconds=None
    )
    _, state = GAME.execute(GAME.initial_state(), command)
    policies = GAME.policies(state)
    asked: list[MatchView] = []
    for seat, policy in policies.items():
        policies[seat] = _Spy(policy, asked)  # type: ignore[index]
    while (move := next_command(state, policies)) is not None:
        _, state = GAME.execute(state, move)  # refused moves would raise here
    assert state.phase == "over"
    assert asked and all(isinstance(seen, MatchView) for seen in asked)


class _Spy:
    """A policy that records the views it is asked with."""

    def __init__(self, policy: object, asked: list[MatchView]) -> None:
        self.policy, self.asked = policy, asked

    def __getattr__(self, name: str) -> object:
        method = getattr(self.policy, name)

        def spied(seen: MatchView, rng: random.Random) -> object:
            self.asked.append(seen)
            return method(seen, rng)

        return spied
