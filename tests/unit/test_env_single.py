"""The Gymnasium wrapper (`flipside.env.MaskedSingleAgent`): one learner among the built-in
levels, whole episodes with random masked actions, Gymnasium's own checker."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy", reason="the rl extra is not installed")
env_checker = pytest.importorskip("gymnasium.utils.env_checker")

from flipside.engine.registry import INSTALLED  # noqa: E402
from flipside.env import IllegalAction, MaskedSingleAgent  # noqa: E402

SHORT = {"holdem": {"max_hands": 5}, "juggernaut": {"maxSets": 3}}


def episode(learner: MaskedSingleAgent, seed: int) -> tuple[float, int, dict[str, object]]:
    """Random masked actions to the end: the reward, the learner's moves, the last info."""
    rng = np.random.default_rng(seed)
    observation, info = learner.reset(seed=seed)
    moves, terminated, reward = 0, False, 0.0
    while not terminated:
        assert observation.shape == learner.observation_space.shape
        assert np.array_equal(info["action_mask"], learner.action_masks())
        action = int(rng.choice(np.flatnonzero(learner.action_masks())))
        observation, reward, terminated, truncated, info = learner.step(action)
        assert not truncated
        moves += 1
    return reward, moves, info


@pytest.mark.parametrize("game", INSTALLED)
def test_whole_episodes_end_with_the_learners_place_reward(game: str) -> None:
    learner = MaskedSingleAgent(game, seat=1, options=SHORT.get(game))
    for seed in range(2):
        reward, moves, info = episode(learner, seed)
        places = info["places"]
        assert isinstance(places, list)
        seats = len(places)
        assert moves > 0
        assert reward == (seats + 1 - 2 * places[1]) / (seats - 1)


@pytest.mark.filterwarnings("ignore:.*observation space maximum value is infinity")
@pytest.mark.filterwarnings("ignore:.*observation space minimum value is -infinity")
@pytest.mark.parametrize("game", INSTALLED)
def test_passes_gymnasiums_reset_and_space_checks(game: str) -> None:
    """Gymnasium's checker, but for its two step checks, which sample unmasked actions (a
    masked learner never plays those); the seeded-episode test covers step determinism."""
    learner = MaskedSingleAgent(game, options=SHORT.get(game))
    env_checker.check_action_space(learner.action_space)
    env_checker.check_observation_space(learner.observation_space)
    env_checker.check_reset_return_type(learner)
    env_checker.check_reset_seed_determinism(learner)
    env_checker.check_reset_options(learner)


def test_the_same_seed_plays_the_same_episode() -> None:
    first = MaskedSingleAgent("orc", levels=["normal", "easy"])
    second = MaskedSingleAgent("orc", levels=["normal", "easy"])
    assert episode(first, 4)[:2] == episode(second, 4)[:2]
    assert first.table is not None and second.table is not None
    assert first.table.state == second.table.state


def test_the_learner_only_sees_its_own_cards() -> None:
    learner = MaskedSingleAgent("holdem", seat=0, levels=["easy", "easy"])
    _, info = learner.reset(seed=3)
    view = info["view"]
    assert isinstance(view, dict) and view["viewer"] == 0
    for seat in view["seats"][1:]:
        assert all(card is None for card in seat["cards"])


def test_an_illegal_action_is_refused() -> None:
    learner = MaskedSingleAgent("flipside")
    learner.reset(seed=1)
    illegal = int(np.flatnonzero(~learner.action_masks())[0])
    with pytest.raises(IllegalAction, match="seat 0 may not play"):
        learner.step(illegal)


def test_bad_tables_are_refused() -> None:
    with pytest.raises(ValueError, match="no level grandmaster"):
        MaskedSingleAgent("orc", levels=["grandmaster", "easy"])
    with pytest.raises(ValueError, match=r"oink seats 2 to 2, not 3 \(the learner and 2 levels\)"):
        MaskedSingleAgent("oink", levels=["easy", "easy"])
    with pytest.raises(ValueError, match="the learner's seat 3 is not one of 0 to 2"):
        MaskedSingleAgent("orc", seat=3, levels=["easy", "easy"])
