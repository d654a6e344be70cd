"""Every game's fixed action space and flat observation (`flipside.env.spaces`): each legal
move has a number, each allowed number is a move the rules accept, and the observation has
its documented length."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the rl extra is not installed")

from flipside.engine.errors import RuleViolation  # noqa: E402
from flipside.engine.plain import plain  # noqa: E402
from flipside.engine.registry import INSTALLED  # noqa: E402
from flipside.engine.seats import SeatSpec  # noqa: E402
from flipside.env.fields import JsonView  # noqa: E402
from flipside.env.spaces import spaces_of  # noqa: E402
from flipside.env.table import Table, match_seed  # noqa: E402

SEATS = {"flipside": 4, "oink": 2, "holdem": 4, "orc": 3, "juggernaut": 4}
SHORT = {"holdem": {"max_hands": 3}, "juggernaut": {"maxSets": 2}}
SAMPLE = 12  # numbers checked against the rules per decision


def decisions(game: str, seed: int) -> Iterator[tuple[Table, int]]:
    """(table, seat) at every decision of a match between the game's easy players."""
    table = Table(game, [SeatSpec("human")] * SEATS[game], match_seed(seed), SHORT.get(game))
    easy = {seat: table.game.policies(_all_easy(table))[seat] for seat in range(SEATS[game])}
    while table.places is None:
        seat = table.awaiting[0]
        yield table, seat
        table.execute(table.game.next_command(table.state, {seat: easy[seat]}))


def _all_easy(table: Table) -> Any:
    """A state whose every seat is the game's easy level: where its easy policies come from."""
    specs = [SeatSpec("npc", level=table.game.levels[0])] * SEATS[table.game.id]
    create = table.game.create(
        "easy",
        specs,
        bytes(32),
        seeded=True,
        options=table.game.options({}),
        turn_timeout_seconds=None,
    )
    return table.game.execute(table.game.initial_state(), create)[1]


def alike(served: Any, read: Any) -> int:
    """How many of the JSON `served`'s values the view dataclass `read` holds alike, name by
    name as attributes; a name the dataclass spells otherwise (``kind`` served as ``type``)
    is not read. Fails at the first value read otherwise."""
    if isinstance(served, dict):
        return sum(
            alike(value, getattr(read, name))
            for name, value in served.items()
            if hasattr(read, name)
        )
    if isinstance(served, list):
        assert len(served) == len(read)
        return sum(map(alike, served, read))
    assert served == plain(read)
    return 1


@pytest.mark.parametrize("game", INSTALLED)
def test_the_encoders_read_the_view_as_the_api_serves_it(game: str) -> None:
    for table, seat in decisions(game, 3):
        view = table.game.view(table.state, seat)
        served = table.game.view_json(view)
        assert alike(served, view) > len(served), table.state.version


@pytest.mark.parametrize("game", sorted(set(INSTALLED) - {"juggernaut"}))
def test_the_json_view_encodes_as_the_view_does(game: str) -> None:
    """Read through `JsonView`, the API's JSON gives the very observation the view dataclass
    gives (Juggernaut serves its parameters under their option names), with the encoders'
    caches in play: each decision is encoded twice."""
    spaces = spaces_of(game)
    for table, seat in decisions(game, 5):
        view = table.game.view(table.state, seat)
        served = JsonView(table.game.view_json(view))
        for _ in range(2):
            assert spaces.encode(served).tobytes() == spaces.encode(view).tobytes()


@pytest.mark.parametrize("game", INSTALLED)
def test_every_installed_game_has_spaces(game: str) -> None:
    spaces = spaces_of(game)
    assert spaces.game == game
    assert len(set(spaces.labels)) == spaces.actions


def test_an_unknown_game_has_none() -> None:
    with pytest.raises(KeyError, match="no environment for game 'chess'"):
        spaces_of("chess")


@pytest.mark.parametrize("game", INSTALLED)
def test_numbers_and_legal_moves_match_at_every_decision(game: str) -> None:
    rng = random.Random(game)
    for table, seat in decisions(game, 7):
        legal = table.game.legal_actions(table.state, seat)
        choices = table.choices(seat)
        assert {body["kind"] for body in choices.values()} == {a["kind"] for a in legal}
        assert all(0 <= number < table.spaces.actions for number in choices)
        for number in rng.sample(sorted(choices), min(SAMPLE, len(choices))):
            command = table.command(seat, number, choices)
            assert command == table.game.parse_action(seat, choices[number])  # as the API's
            try:
                table.game.execute(table.state, command)
            except RuleViolation as refused:
                raise AssertionError(
                    f"{game} action {number} ({table.spaces.labels[number]}) refused: {refused}"
                ) from None
        observation = table.observation(seat)
        assert observation.shape == (table.spaces.size,)
        assert np.isfinite(observation).all()


def test_flipside_orientations_turn_the_flagged_cards_low_rank_up() -> None:
    legal = [{"kind": "orientation", "cards": ["AK", "T2", "93", "54", "J8"], "count": 5}]
    choices = spaces_of("flipside").choices(legal, {})
    assert choices[32] == {"kind": "orientation", "cards": ["AK", "T2", "93", "54", "J8"]}
    assert choices[32 + 0b10010]["cards"] == ["AK", "2T", "93", "54", "8J"]


def test_flipside_discards_are_bit_masks_of_the_hand() -> None:
    legal = [{"kind": "exchange", "cards": ["AK", "T2", "93", "54", "J8"], "min": 0, "max": 5}]
    choices = spaces_of("flipside").choices(legal, {})
    assert choices[0] == {"kind": "exchange", "discard": []}
    assert choices[0b00101] == {"kind": "exchange", "discard": ["AK", "93"]}
    assert len(choices) == 32


def test_holdem_pot_sizes_stay_strictly_between_the_minimum_and_all_in() -> None:
    view = JsonView({"viewer": 0, "pot": 30, "seats": [{"bet": 0}, {"bet": 20}, {"bet": 10}]})
    legal: list[dict[str, Any]] = [
        {"kind": "fold"},
        {"kind": "call", "to": 20},
        {"kind": "raise", "min": 30, "max": 100},
    ]
    choices = spaces_of("holdem").choices(legal, view)
    # pot after calling: 30 + 20 = 50; half: 20 + 25 = 45, 3/4: 57, pot: 70, 2x: 120 > all in
    assert {n: b.get("to") for n, b in choices.items()} == {
        0: None,
        2: None,
        3: 30,
        4: 45,
        5: 57,
        6: 70,
    }


def test_juggernaut_reveals_are_numbered_from_the_viewers_chair() -> None:
    legal = [{"kind": "reveal", "target": 0, "cost": 1}, {"kind": "reveal", "target": 2, "cost": 1}]
    view = JsonView({"viewer": 3, "seats": [{}] * 4})
    choices = spaces_of("juggernaut").choices(legal, view)
    assert choices == {2055: {"kind": "reveal", "target": 0}, 2057: {"kind": "reveal", "target": 2}}
