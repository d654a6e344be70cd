"""What a game declares about itself is usable: registry, seats, levels, moves, options."""

from __future__ import annotations

import pytest

from flipside.engine.chance import SEED_BYTES
from flipside.engine.errors import RuleViolation
from flipside.engine.registry import INSTALLED, AnyGame, game_named
from flipside.engine.seats import SeatSpec

from .checks import refused
from .matches import every_game


@every_game
def test_the_registry_finds_the_game_by_its_id(game: AnyGame) -> None:
    assert game.id in INSTALLED and game_named(game.id) is game
    assert game.title.get("en") and game.rules_version


@every_game
def test_seats_levels_and_action_kinds_are_well_formed(game: AnyGame) -> None:
    assert game.seats.step == 1 and 1 <= game.seats.start < game.seats.stop
    assert game.levels and len(set(game.levels)) == len(game.levels)
    kinds = [kind.kind for kind in game.action_kinds]
    assert kinds and len(set(kinds)) == len(kinds)
    for kind in game.action_kinds:
        assert set(kind.required) <= set(kind.properties), kind


@every_game
def test_options_default_and_refuse_what_the_game_does_not_have(game: AnyGame) -> None:
    defaults = game.options({})
    assert defaults == {option.name: option.default for option in game.option_specs}
    with pytest.raises(RuleViolation) as refusal:
        game.options({"no such option": 1})
    assert refusal.value.code == "invalid_options"


@every_game
def test_a_table_of_a_size_the_game_does_not_allow_is_refused(game: AnyGame) -> None:
    for count in (game.seats.start - 1, game.seats.stop):
        seats = [SeatSpec("npc", level=game.levels[0])] * count
        command = game.create(
            "m", seats, bytes(SEED_BYTES), seeded=True, options={}, turn_timeout_seconds=None
        )
        assert refused(game, game.initial_state(), command) == "invalid_seats"
