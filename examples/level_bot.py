"""A bot that plays as one of a game's computer-player levels, through `flipside.client`.

It sits at a seat like any bot: it reads its view over HTTP, rebuilds the game's view
object from it (`view_from_json`: the view's fields by their type hints), asks the level's
policy (`flipside.games.<game>.npc`) for its move, exactly as the server does for a
computer seat, and sends the move as JSON (`action_json`). So a level can be measured
against people or other bots on any server. Against a running ``flipside serve``::

    python examples/level_bot.py --game orc --play-as hard

creates a match with the bot in seat 0 and computer players in the others, and plays it.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
import types
import typing
from typing import Any

from random_bot import arguments, report, sit

from flipside.client import Client

JSON = dict[str, Any]


def view_from_json(game: str, body: JSON) -> Any:
    """The game's `MatchView` from a view response (its own fields; the envelope's others
    are ignored). Juggernaut's parameters travel under their options' names (J5)."""
    views = importlib.import_module(f"flipside.games.{game}.views")
    if game == "juggernaut":
        params = importlib.import_module("flipside.games.juggernaut.params")
        body = {**body, "params": dataclasses.asdict(params.Params.of(body["params"]))}
    return _build(views.MatchView, body)


def _build(hint: Any, value: Any) -> Any:
    origin = typing.get_origin(hint)
    if value is None:
        return None
    if origin in (typing.Union, types.UnionType):
        return _build(next(a for a in typing.get_args(hint) if a is not type(None)), value)
    if origin is tuple:
        items = typing.get_args(hint)
        if len(items) == 2 and items[1] is Ellipsis:
            return tuple(_build(items[0], item) for item in value)
        return tuple(_build(item_hint, item) for item_hint, item in zip(items, value, strict=True))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        hints = typing.get_type_hints(hint)
        return hint(
            **{
                field.name: _build(hints[field.name], value.get(_json_name(field.name, value)))
                for field in dataclasses.fields(hint)
            }
        )
    return value


def _json_name(field: str, value: JSON) -> str:
    """Seats say ``type`` on the wire for the view's ``kind`` (the envelope's name)."""
    return "type" if field == "kind" and field not in value else field


def decide(game: str, policy: Any, view: Any, rng: random.Random) -> Any:
    """The level's command for the seat's view, as its game's driver asks for it."""
    seat = view.viewer
    if game == "flipside":  # R10, R11
        commands = importlib.import_module("flipside.games.flipside.commands")
        if view.to_act == seat and view.phase == "exchange":
            return commands.Exchange(seat, policy.exchange(view, rng))
        return commands.ChooseOrientation(seat, policy.orientation(view, rng))
    if game == "oink":
        driver = importlib.import_module("flipside.games.oink.npc.driver")
        return _oink(driver, policy, view, rng)
    if game == "holdem":  # H33: the showdown asks; otherwise the seat bets
        commands = importlib.import_module("flipside.games.holdem.commands")
        if view.asked == seat:
            return commands.ShowOrMuck(seat, policy.show(view, rng))
        return policy.act(view, rng)
    if game == "orc":
        return importlib.import_module("flipside.games.orc.npc.driver").decide(policy, view, rng)
    return policy.move(view, rng)  # Juggernaut's policies return the command itself


def _oink(driver: Any, policy: Any, view: Any, rng: random.Random) -> Any:
    """O17-O22, as `flipside.games.oink.npc.driver.next_command` asks them."""
    commands = importlib.import_module("flipside.games.oink.commands")
    seat = view.viewer
    if view.phase == "action":
        cards = policy.action(view, rng)
        return commands.Change(seat, cards) if cards else commands.Roll(seat)
    if view.phase == "call":
        knock = driver.own_turns(view) >= driver.LAST_TURN or policy.call(view, rng)
        return commands.Knock(seat) if knock else commands.Pass(seat)
    answer = policy.answer(view, rng)
    return (
        commands.Accept(seat, answer.prep, answer.cards) if answer.accept else commands.Oink(seat)
    )


# A command's kind on the wire, by its class, where the fields alone do not say it.
_KINDS = {
    "Exchange": "exchange",
    "ChooseOrientation": "orientation",
    "Change": "change",
    "Roll": "roll",
    "Knock": "knock",
    "Pass": "pass",
    "Oink": "oink",
    "Accept": "accept",
    "ChooseOpening": "opening",
    "ChooseTieBreak": "tiebreak",
    "Contribute": "contribute",
    "Draw": "draw",
    "GiveUp": "give_up",
    "Augment": "augment",
    "Reveal": "reveal",
    "Done": "done",
}


def action_json(command: Any) -> JSON:
    """The body of ``POST .../actions`` that the game parses back into `command`."""
    name = type(command).__name__
    fields = {f.name: getattr(command, f.name) for f in dataclasses.fields(command)}
    fields.pop("seat")
    if name == "ShowOrMuck":
        return {"kind": "show" if fields["show"] else "muck"}
    if name == "AnswerReveal":
        return {"kind": "refuse" if fields["refuse"] else "allow"}
    if name == "ExchangeGold":
        return {"kind": "exchange_gold" if fields["accept"] else "decline_gold"}
    kind = fields.pop("kind") if name == "Act" else _KINDS[name]
    present = {
        key: list(value) if isinstance(value, tuple) else value
        for key, value in fields.items()
        if value is not None
    }
    return {"kind": kind, **present}


def main() -> None:
    parser = arguments("Play as one of a game's computer-player levels.")
    parser.add_argument("--play-as", default=None, help="the bot's level (default: the hardest)")
    options = parser.parse_args()
    rng = random.Random(options.seed)
    with Client(options.url) as client:
        seat = sit(client, options)
        game = seat.view()["game"]
        levels = importlib.import_module(f"flipside.games.{game}.npc.levels")
        level = options.play_as or next(g for g in client.games() if g["id"] == game)["levels"][-1]
        policy = levels.policy_for(level)
        final = seat.play(
            lambda listed, view: action_json(decide(game, policy, view_from_json(game, view), rng))
        )
    print(report(final) + f", playing {level}")


if __name__ == "__main__":
    main()
