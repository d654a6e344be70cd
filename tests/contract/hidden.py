"""Hidden information, checked through the interface alone: what each viewer may know.

A generic test cannot know which of a game's values are secret; the game says so in two
places, `redact` (events) and `view` (state), and these checks hold each against the other
and against the spectator, the viewer with the least right to know. A *viewer* is a seat or
the spectator (None). Values are compared in their stored JSON form; a place is a path into
it (keys and list indices), and a place redact *hides* is one where the redacted event's
JSON differs from the event's.

1. Redaction hides and never invents: every hidden place holds null in the redacted event
   (a list or object may be hidden whole); the event keeps its type and schema version;
   redacting twice changes nothing; an omniscient reader gets the event itself.
2. No seat sees less than the spectator: where the spectator's copy of an event shows a
   value, every seat's copy shows the same value.
3. What redact tells a seat privately, its view shows: the values a seat's copy shows and
   the spectator's hides (its own cards, say) appear in that seat's view right after the
   event. A redact that handed a seat another seat's secret fails here, since the view
   keeps the secret.
4. The view shows nothing redact hides, in two ways:
   a. *Perturbation*: the viewer's view is a function of the viewer's copies of the events.
      Rebuild the match from the same events with the values redact hides from the viewer
      moved around (each hidden value rotated to the next hidden place of the same field:
      another deck order, another seat's draw), so that the viewer's copies are unchanged;
      the viewer's view must not change.
   b. *Values*: no hidden string the viewer has never been shown (in any of its copies of
      the events) appears in its view. This catches secrets a rotation cannot move, such
      as the one seed.
5. Redact tells nothing the view hides: a value the omniscient view shows and the viewer's
   view does not is not in the viewer's copies of the round's events. A view is what a
   client that reconnects starts from, so it keeps what the round's events told; and a
   redact that stops hiding a value from everyone, which no check above can see, fails
   here as long as the view still hides it.

A value hidden from nobody and shown in no view (Flipside's deck order, were its redaction
broken) is not a secret as far as the interface can tell: the game's own tests cover it.

Checks 4 and 5 look at a match round by round (`Progress.round`, round 0 counting as the
first), at the end of each decision that leaves the match running: they perturb only the
current round's events and take the secrets from them. Within a round nothing hidden has
been revealed yet; across rounds a game may rightly show a value it hid before, in another
form (Flipside turns drawn cards face up, oriented, at the showdown, and its used pile lists
them), and no generic test could tell such a reveal from a leak. Once a match is over every
viewer sees everything, so finished states are not checked.
"""

from __future__ import annotations

import copy
import json
import operator
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterator, Sequence
from itertools import accumulate
from typing import Any

from flipside.engine import codec
from flipside.engine.registry import AnyGame

from .checks import Stored, stored
from .matches import Played, viewers

Place = tuple[Any, ...]  # a path into a JSON value: keys and list indices


def differences(full: Any, shown: Any, at: Place = ()) -> Iterator[tuple[Place, Any, Any]]:
    """(place, value in `full`, value in `shown`) wherever the two JSON values differ, as
    deep as both have the same shape."""
    if full == shown:
        return
    if isinstance(full, dict) and isinstance(shown, dict) and full.keys() == shown.keys():
        for key in full:
            yield from differences(full[key], shown[key], (*at, key))
    elif isinstance(full, list) and isinstance(shown, list) and len(full) == len(shown):
        for index, (mine, theirs) in enumerate(zip(full, shown, strict=True)):
            yield from differences(mine, theirs, (*at, index))
    else:
        yield at, full, shown


def leaves(value: Any, at: Place = ()) -> Iterator[tuple[Place, Any]]:
    """(place, value) of every scalar in a JSON value."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*at, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, (*at, index))
    else:
        yield at, value


def strings(value: Any) -> set[str]:
    return {leaf for _, leaf in leaves(value) if isinstance(leaf, str)}


def hidden_leaves(full: Stored, shown: Stored) -> list[tuple[Place, Any]]:
    """Every scalar of `full` at a place `shown` hides."""
    return [
        (place + inner, leaf)
        for place, value, _ in differences(full.data, shown.data)
        for inner, leaf in leaves(value)
    ]


def view_of(game: AnyGame, state: Any, viewer: int | None, *, omniscient: bool = False) -> Any:
    body = game.view_json(game.view(state, viewer, omniscient=omniscient))
    return json.loads(json.dumps(body, allow_nan=False))


def states_after_events(played: Played) -> list[Any]:
    """The state after each event of the match."""
    states = []
    for decision in played.decisions:
        state = decision.before
        for event in decision.events:
            state = played.game.evolve(state, event)
            states.append(state)
    return states


# --- 1-3: events --------------------------------------------------------------------------


def check_redaction(played: Played) -> None:
    """Checks 1-3 of the module on every event of the match."""
    game = played.game
    everyone = viewers(game, played.final)
    for number, (event, after) in enumerate(
        zip(played.events, states_after_events(played), strict=True), start=1
    ):
        full = stored(game, event)
        copies = {viewer: _redacted(game, event, viewer, full, number) for viewer in everyone}
        spectator = copies.pop(None)
        running = game.progress(after).outcome is None
        for seat, mine in copies.items():
            private = list(differences(mine.data, spectator.data))
            where = f"event {number} ({full.type}), seat {seat}"
            assert all(theirs is None for _, _, theirs in private), f"{where}: {private}"
            if running and private:
                told = set().union(*(strings(value) for _, value, _ in private))
                missing = told - strings(view_of(game, after, seat))
                assert not missing, f"{where}: redact tells {missing}, the view does not show"


def _redacted(game: AnyGame, event: Any, viewer: int | None, full: Stored, number: int) -> Stored:
    """The viewer's copy of `event`, after check 1."""
    where = f"event {number} ({full.type}), viewer {viewer}"
    assert game.redact(event, viewer, omniscient=True) == event, where
    copy_ = game.redact(event, viewer)
    assert game.redact(copy_, viewer) == copy_, f"{where}: redacting twice hides more"
    shown = stored(game, copy_)
    assert (shown.type, shown.schema_version) == (full.type, full.schema_version), where
    invented = [d for d in differences(full.data, shown.data) if d[2] is not None]
    assert not invented, f"{where}: redaction put values in place of others: {invented}"
    return shown


# --- 4: views -----------------------------------------------------------------------------


class _Match:
    """A played match, event by event, with what each viewer's copies hide and tell."""

    def __init__(self, played: Played) -> None:
        self.game = game = played.game
        self.states = states_after_events(played)
        self.full = [stored(game, event) for event in played.events]
        # Rounds never go back, so a round's events are a run: found by bisection.
        self.rounds = [max(game.progress(state).round, 1) for state in self.states]
        self.viewers = viewers(game, played.final)
        self.hidden: dict[int | None, list[list[tuple[Place, Any]]]] = {}
        self.told: dict[int | None, list[set[str]]] = {}
        self.known: dict[int | None, list[set[str]]] = {}  # told by the events so far
        for viewer in self.viewers:
            copies = [stored(game, game.redact(event, viewer)) for event in played.events]
            self.hidden[viewer] = list(map(hidden_leaves, self.full, copies))
            self.told[viewer] = [strings(copy_.data) for copy_ in copies]
            self.known[viewer] = list(accumulate(self.told[viewer], operator.or_))

    def round_start(self, end: int) -> int:
        """The index of the first event of the round the event before `end` is in."""
        return bisect_left(self.rounds, self.rounds[end - 1], hi=end)

    def before(self, index: int) -> Any:
        return self.states[index - 1] if index else self.game.initial_state()


def decision_ends(played: Played) -> list[int]:
    """For each decision after which the match runs on, how many events it leaves."""
    ends, count = [], 0
    for decision in played.decisions:
        count += len(decision.events)
        if played.game.progress(decision.after).outcome is None:
            ends.append(count)
    return ends


def check_views(played: Played, ends: Sequence[int]) -> None:
    """Checks 4 and 5 of the module, at the end of the decisions leaving `ends` events."""
    match = _Match(played)
    for end in ends:
        start, state = match.round_start(end), match.states[end - 1]
        for viewer in match.viewers:
            where = f"after event {end}, viewer {viewer}"
            seen = view_of(match.game, state, viewer)
            rebuilt = view_of(match.game, _perturbed(match, start, end, viewer), viewer)
            assert seen == rebuilt, (
                f"{where}: the view changes with values redact hides: "
                f"{list(differences(seen, rebuilt))[:5]}"
            )
            shown = strings(seen)
            leaked = _secrets(match, start, end, viewer) & shown
            assert not leaked, f"{where} sees hidden values {leaked}"
            kept = strings(view_of(match.game, state, viewer, omniscient=True)) - shown
            told = kept & set().union(*match.told[viewer][start:end])
            assert not told, f"{where} is told what its view hides: {told}"


def _perturbed(match: _Match, start: int, end: int, viewer: int | None) -> Any:
    """The state after events `start`..`end`, rebuilt with each value hidden from `viewer`
    moved to the next hidden place of the same field (the same type, key path and list
    depth)."""
    places: dict[tuple[str, Place], list[tuple[int, Place, Any]]] = defaultdict(list)
    for index in range(start, end):
        for place, leaf in match.hidden[viewer][index]:
            field = tuple(None if isinstance(step, int) else step for step in place)
            places[match.full[index].type, field].append((index, place, leaf))
    data = {index: copy.deepcopy(match.full[index].data) for index in range(start, end)}
    for found in places.values():
        values = [leaf for _, _, leaf in found]
        for (index, place, _), value in zip(found, values[1:] + values[:1], strict=True):
            _put(data[index], place, value)
    game, state = match.game, match.before(start)
    for index in range(start, end):
        record = Stored(match.full[index].type, match.full[index].schema_version, data[index])
        state = game.evolve(state, codec.decode(game, record, state))
    return state


def _put(value: Any, place: Place, leaf: Any) -> None:
    for step in place[:-1]:
        value = value[step]
    value[place[-1]] = leaf


def _secrets(match: _Match, start: int, end: int, viewer: int | None) -> set[str]:
    """The strings hidden from `viewer` in events `start`..`end` it has never been told."""
    hidden = {
        leaf
        for index in range(start, end)
        for _, leaf in match.hidden[viewer][index]
        if isinstance(leaf, str)
    }
    return hidden - match.known[viewer][end - 1]
