"""Computer players (H47): they decide from their seat's view only, take only allowed actions,
never fold when they may check, never set an auto-bet, replay identically from the seed,
and muck at the showdown exactly when every pot they contest is lost to a shown hand."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from flipside.engine.seats import SeatSpec
from flipside.games.holdem import GAME, rules
from flipside.games.holdem.commands import Act, Command, SetAutoAction, ShowOrMuck
from flipside.games.holdem.npc.levels import policy_for
from flipside.games.holdem.npc.preflop import CLASSES, EQUITY, class_of, top_share
from flipside.games.holdem.views import MatchView

from .table import deal, table


@dataclass
class Spy:
    """A level's policy that keeps every view it is given."""

    level: str
    views: list[MatchView] = field(default_factory=list)

    def act(self, view: MatchView, rng: random.Random) -> Act:
        self.views.append(view)
        return policy_for(self.level).act(view, rng)

    def show(self, view: MatchView, rng: random.Random) -> bool:
        self.views.append(view)
        return policy_for(self.level).show(view, rng)


def play(levels: list[str], seed: bytes, hands: int = 25) -> tuple[list[Command], dict[int, Spy]]:
    seats = [SeatSpec("npc", level=level) for level in levels]
    options = {"max_hands": hands, "starting_stack": 400}
    command = GAME.create("m", seats, seed, seeded=True, options=options, turn_timeout_seconds=None)
    _, state = GAME.execute(GAME.initial_state(), command)
    spies = {seat: Spy(level) for seat, level in enumerate(levels)}
    commands = []
    while GAME.progress(state).outcome is None:
        move = GAME.next_command(state, spies)
        assert move is not None and not isinstance(move, SetAutoAction)
        if isinstance(move, Act) and move.kind == "fold":
            assert not rules.can_act(state, Act(move.seat, "check")), "folded where it could check"
        commands.append(move)
        _, state = GAME.execute(state, move)  # an illegal move would raise here
    return commands, spies


@pytest.mark.parametrize("levels", [["easy", "normal", "hard"], ["hard", "hard"], ["normal"] * 6])
def test_computer_players_move_legally_from_their_view_only(levels: list[str]) -> None:
    _, spies = play(levels, bytes(32))
    for seat, spy in spies.items():
        assert spy.views, f"seat {seat} never moved"
        for view in spy.views:
            assert view.viewer == seat and view.seed is None
            for other in view.seats:
                if other.seat != seat and other.shown is None:
                    assert all(card is None for card in other.cards)


def test_a_seeded_match_replays_identically() -> None:
    first, _ = play(["easy", "normal", "hard", "hard"], bytes(range(32)), hands=10)
    again, _ = play(["easy", "normal", "hard", "hard"], bytes(range(32)), hands=10)
    assert first == again


def test_the_preflop_table_ranks_the_classes() -> None:
    assert len(CLASSES) == 169 and class_of("Ah", "Kh") == "AKs"
    assert top_share("AA") == 0.0 and top_share("72o") > 0.95
    for cls in ("AA", "KK", "72o"):
        assert list(EQUITY[cls]) == sorted(EQUITY[cls], reverse=True)  # fewer wins against more
    assert 0.84 < EQUITY["AA"][0] < 0.86 and 0.33 < EQUITY["72o"][0] < 0.36


def test_a_computer_mucks_only_a_hand_already_beaten(monkeypatch: pytest.MonkeyPatch) -> None:
    # E9's deal: seat 2 (Jc 9d) shows two pair; seat 0 (8c 8d, one pair) mucks; seat 1
    # (Kd 7c, kings and sevens) shows.
    deal(monkeypatch, "Kd Jc 8c 7c 9d 8d 3c 2s 7d 9c 4c Jh 5c Ks")
    tab = table([1000, 1000, 1000], button=0, kinds=["hard", "hard", "hard"])
    for seat, kind, to in [(0, "call", None), (1, "call", None), (2, "check", None)]:
        tab.act(seat, kind, to)
    for _ in ("flop", "turn"):
        for seat in (1, 2, 0):
            tab.act(seat, "check")
    for seat, kind, to in [
        (1, "check", None),
        (2, "bet", 50),
        (0, "call", None),
        (1, "call", None),
    ]:
        tab.act(seat, kind, to)
    policies = {seat: policy_for("hard") for seat in range(3)}
    answers = []
    while tab.state.phase == "showdown":
        move = GAME.next_command(tab.state, policies)
        assert isinstance(move, ShowOrMuck)
        answers.append((move.seat, move.show))
        tab.do(move)
    assert answers == [(2, True), (0, False), (1, True)]
