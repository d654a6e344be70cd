"""The PettingZoo environment of every game (`flipside.env`, docs/research.md): PettingZoo's
own API and seed tests, seat-only observations, sealed choices, rewards, serialisation."""

from __future__ import annotations

import json

import pytest

np = pytest.importorskip("numpy", reason="the rl extra is not installed")
pettingzoo_test = pytest.importorskip("pettingzoo.test", reason="the rl extra is not installed")

from flipside.env import FlipsideEnv, IllegalAction, env  # noqa: E402
from flipside.env.fields import JsonView  # noqa: E402
from flipside.env.table import place_rewards  # noqa: E402

# A dict observation with an action mask is PettingZoo's own convention for masked games
# (its classic environments warn the same); the api_test still checks it against the space.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably"),
]

TABLES = [("flipside", 3), ("oink", 2), ("holdem", 3), ("orc", 4), ("juggernaut", 4)]
SHORT = {"holdem": {"max_hands": 4}, "juggernaut": {"maxSets": 3}}


def make(game: str, seats: int) -> FlipsideEnv:
    return env(game, seats=seats, options=SHORT.get(game))


def play_out(table: FlipsideEnv, seed: int) -> list[int]:
    """Random masked actions to the end; the actions taken."""
    rng = np.random.default_rng(seed)
    taken = []
    for _agent in table.agent_iter():
        observation, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        taken.append(action)
        table.step(action)
    return taken


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_passes_pettingzoos_api_test(game: str, seats: int) -> None:
    pettingzoo_test.api_test(make(game, seats), num_cycles=200)


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_passes_pettingzoos_seed_test(game: str, seats: int) -> None:
    pettingzoo_test.seed_test(lambda: make(game, seats), num_cycles=200)


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_a_whole_match_ends_with_place_rewards(game: str, seats: int) -> None:
    table = make(game, seats)
    table.reset(seed=5)
    rewards = {agent: 0.0 for agent in table.possible_agents}
    rng = np.random.default_rng(5)
    for agent in table.agent_iter():
        observation, reward, terminated, _, info = table.last()
        rewards[agent] += reward
        if terminated:
            places = info["places"]
            table.step(None)
            continue
        assert observation["observation"].shape == (table.spaces.size,)
        assert info["view"]["viewer"] == int(agent.removeprefix("seat_"))
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert not table.agents
    assert [rewards[f"seat_{seat}"] for seat in range(seats)] == place_rewards(places)


def test_place_rewards_run_from_plus_one_to_minus_one() -> None:
    assert place_rewards([2, 1, 3]) == [0.0, 1.0, -1.0]
    assert place_rewards([1, 2]) == [1.0, -1.0]
    assert sum(place_rewards([3, 1, 4, 2])) == pytest.approx(0)


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_the_same_seed_replays_the_same_match(game: str, seats: int) -> None:
    first, second = make(game, seats), make(game, seats)
    first.reset(seed=11)
    second.reset(seed=11)
    assert play_out(first, 3) == play_out(second, 3)
    assert first.table is not None and second.table is not None
    assert first.table.state == second.table.state
    other = make(game, seats)
    other.reset(seed=12)
    assert other.table is not None and other.table.state != first.table.state


def test_no_seed_deals_differently() -> None:
    first, second = make("flipside", 3), make("flipside", 3)
    first.reset()
    second.reset()
    assert first.table is not None and second.table is not None
    assert first.table.view(0)["deck_commitment"] != second.table.view(0)["deck_commitment"]


def test_only_the_selected_agent_has_legal_actions() -> None:
    table = make("holdem", 3)
    table.reset(seed=2)
    for agent in table.possible_agents:
        mask = table.observe(agent)["action_mask"]
        assert mask.any() == (agent == table.agent_selection)


def test_an_observation_is_the_seats_view_only() -> None:
    """Other seats' hidden cards never reach an observation: the encoding reads the view."""
    table = make("holdem", 3)
    table.reset(seed=4)
    seat = int(table.agent_selection.removeprefix("seat_"))
    view = table.infos[table.agent_selection]["view"]
    others = [s for s in view["seats"] if s["seat"] != seat]
    assert all(card is None for other in others for card in other["cards"])
    assert table.table is not None
    seen = table.table.game.view(table.table.state, seat)
    observation = table.observe(table.agent_selection)["observation"]
    assert np.array_equal(observation, table.spaces.encode(seen))
    assert np.array_equal(observation, table.spaces.encode(JsonView(view)))  # the JSON alike


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_a_step_builds_an_observation_and_a_mask_once(game: str, seats: int) -> None:
    """Asked again before the match moves, an agent gets the same read-only arrays; after a
    step, the new ones."""
    table = make(game, seats)
    table.reset(seed=6)
    agent = table.agent_selection
    first, again = table.observe(agent), table.observe(agent)
    for name in ("observation", "action_mask"):
        assert first[name] is again[name] and not first[name].flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        first["action_mask"][0] = 1
    table.step(int(np.flatnonzero(first["action_mask"])[0]))
    if table.agent_selection != agent:
        assert not table.observe(agent)["action_mask"].any()
    assert table.observe(table.agent_selection)["action_mask"].any()


def test_raw_views_can_be_left_out() -> None:
    table = env("orc", seats=3, raw_views=False)
    table.reset(seed=2)
    assert set(table.infos[table.agent_selection]) == {"legal_actions"}
    assert table.view(table.agent_selection)["viewer"] == 0


def test_sealed_choices_are_stepped_without_showing_earlier_ones() -> None:
    table = make("orc", 4)
    table.reset(seed=8)
    assert table.table is not None and len(table.table.awaiting) == 4  # K10: sealed openings
    before = {agent: table.observe(agent)["observation"] for agent in table.possible_agents}
    views = json.dumps(table.table.view(1))
    for chooser in range(3):
        assert table.agent_selection == f"seat_{chooser}"
        mask = table.observe(table.agent_selection)["action_mask"]
        table.step(int(np.flatnonzero(mask)[-1]))
        for agent in table.possible_agents:
            assert np.array_equal(table.observe(agent)["observation"], before[agent])
    assert json.dumps(table.table.view(1)) == views
    table.step(int(np.flatnonzero(table.observe("seat_3")["action_mask"])[0]))
    assert table.table.view(1)["openings"] != json.loads(views)["openings"]


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_an_illegal_action_names_the_seat_and_the_move(game: str, seats: int) -> None:
    table = make(game, seats)
    table.reset(seed=1)
    mask = table.observe(table.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    seat = table.agent_selection.removeprefix("seat_")
    with pytest.raises(IllegalAction, match=f"seat {seat} may not play action {illegal} "):
        table.step(illegal)


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_serialised_matches_come_back_where_they_were(game: str, seats: int) -> None:
    table = make(game, seats)
    table.reset(seed=21)
    rng = np.random.default_rng(21)
    for _ in range(15):
        mask = table.observe(table.agent_selection)["action_mask"]
        if table.terminations[table.agent_selection]:
            break
        table.step(int(rng.choice(np.flatnonzero(mask))))
    restored = FlipsideEnv.deserialise(table.serialise())
    assert restored.agent_selection == table.agent_selection
    assert restored.table is not None and table.table is not None
    assert restored.table.state == table.table.state
    agent = table.agent_selection
    assert np.array_equal(
        restored.observe(agent)["action_mask"], table.observe(agent)["action_mask"]
    )


def test_seat_counts_the_game_does_not_allow_are_refused() -> None:
    with pytest.raises(ValueError, match="oink seats 2 to 2, not 3"):
        env("oink", seats=3)


@pytest.mark.soak
@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_many_random_matches_run_to_the_end(game: str, seats: int) -> None:
    table = env(game, seats=seats)
    for seed in range(30):
        table.reset(seed=seed)
        play_out(table, seed)
        assert not table.agents
