"""Every game's options are of the kinds `flipside.engine.game.Option` defines, described the
way the API documents them: an ``array`` names its items' fields (scalars, all required, so
without defaults) and defaults to a tuple; the OpenAPI document's ``Option`` allows every
kind, and ``GET /v1/games`` shows an array's items."""

from __future__ import annotations

from typing import Any, get_args, get_type_hints

import pytest
from flipside.api import create_app
from flipside.api.dependencies import Dependencies
from flipside.api.schemas import CreateMatchSchema

from flipside.config import Settings
from flipside.engine.game import Option
from flipside.engine.registry import AnyGame, games

KINDS = get_args(get_type_hints(Option)["kind"])


@pytest.fixture(scope="module")
def client() -> Any:
    settings = Settings(log_format="json")
    app = create_app(
        {"FLIPSIDE_DEPENDENCIES": Dependencies.in_memory(), "FLIPSIDE_SETTINGS": settings}
    )
    return app.test_client()


@pytest.mark.parametrize("game", games(), ids=lambda game: game.id)
def test_every_option_is_of_a_known_kind(game: AnyGame) -> None:
    for option in game.option_specs:
        assert option.kind in KINDS, option
        if option.kind == "array":
            assert isinstance(option.default, tuple) and option.items, option
            assert all(item.kind != "array" and item.default is None for item in option.items)
        else:
            assert option.items is None, option


def test_the_document_allows_every_kind_and_an_arrays_items(client: Any) -> None:
    document = client.get("/openapi.json").get_json()
    schema = document["components"]["schemas"]["Option"]
    assert set(schema["properties"]["kind"]["enum"]) == set(KINDS)
    assert schema["properties"]["items"]["items"] == {"$ref": "#/components/schemas/Option"}


@pytest.mark.parametrize("game", games(), ids=lambda game: game.id)
def test_games_describe_their_arrays(client: Any, game: AnyGame) -> None:
    described = client.get(f"/v1/games/{game.id}").get_json()["options"]
    description = CreateMatchSchema().fields["options"].metadata["description"]
    for option, spec in zip(described, game.option_specs, strict=True):
        if spec.kind == "array":
            assert option["default"] == [] or option["default"] == list(spec.default)
            assert [item["name"] for item in option["items"]] == [i.name for i in spec.items or ()]
            fields = ", ".join(item.name for item in spec.items or ())
            assert f"{spec.name} (array of {{{fields}}}" in description
