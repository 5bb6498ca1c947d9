"""The Gymnasium environments: the checker passes, labels are exact, vector and single agree."""

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
lgym = pytest.importorskip("lightsout.gym")

import lightsout as lo  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402


@pytest.mark.parametrize("env_id", sorted(lgym.ENV_IDS))
def test_registered_envs_pass_the_checker(env_id):
    env = gymnasium.make(env_id)
    check_env(env.unwrapped, skip_render_check=True)
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs) and info["distance"] > 0


def test_other_games_difficulty_and_amounts_pass_the_checker():
    check_env(lgym.LightsOutEnv(lo.mask([[1, 1, 0], [1, 1, 1]]), difficulty=[1, 2]), skip_render_check=True)
    check_env(lgym.LightsOutEnv(lo.grid(3, 3, modulus=5), amounts=True), skip_render_check=True)
    check_env(lgym.LightsOutEnv(lo.graph(4, [(0, 1), (1, 2), (2, 3)]), max_steps=3), skip_render_check=True)


def test_distance_is_exact_and_following_the_best_action_solves():
    env = lgym.LightsOutEnv("classic", difficulty=9)
    g = lo.preset("classic")
    obs, info = env.reset(seed=5)
    assert info["distance"] == 9 == g.minimal_solution(obs).weight
    total, done, steps = 0.0, False, 0
    while not done:
        obs, reward, done, truncated, info = env.step(env.best_action())
        total += reward
        steps += 1
        assert info["distance"] == 9 - steps == g.minimal_solution(obs).weight
        assert not truncated
    assert steps == 9 and total == pytest.approx(9 * -0.1 + 1.0)
    # A wrong press makes the board farther or as far, never solved by accident here.
    env.reset(seed=5)
    _, _, _, _, info = env.step((env.best_action() + 1) % 25)
    assert info["distance"] == g.minimal_solution(env.board).weight


def test_episode_limit_truncates_and_zp_amounts_press_several_times():
    env = lgym.LightsOutEnv("classic", max_steps=2)
    env.reset(seed=1)
    env.step(0)
    _, _, terminated, truncated, _ = env.step(0)
    assert truncated and not terminated
    z = lgym.LightsOutEnv(lo.grid(2, 2, modulus=3), amounts=True)
    board, _ = z.reset(seed=2)
    after, *_ = z.step(np.array([0, 1]))  # button 0, twice
    twice = np.zeros(4, dtype=int)
    twice[0] = 2
    assert (after == lo.grid(2, 2, modulus=3).apply(board, twice)).all()
    with pytest.raises(ValueError, match="amounts=True"):
        lgym.LightsOutEnv("classic", amounts=True)
    with pytest.raises(ValueError, match="from 0 to 15"):
        lgym.LightsOutEnv("classic", difficulty=16)
    with pytest.raises(ValueError, match="65536"):
        lgym.LightsOutEnv(lo.from_press_sets([[]] * 17))
    with pytest.raises(ValueError):
        env.step(25)


def test_reset_options_board_and_render():
    env = lgym.LightsOutEnv("classic", render_mode="ansi")
    plus = np.zeros((5, 5), dtype=int)
    plus[2, 1:4] = plus[1:4, 2] = 1
    obs, info = env.reset(options={"board": plus})
    assert info["distance"] == 1 and obs.sum() == 5
    assert "distance 1" in env.render()


def test_vector_env_steps_and_autoresets_like_the_single_env():
    envs = lgym.LightsOutVectorEnv(num_envs=64, game="mini", max_steps=5)
    obs, info = envs.reset(seed=0)
    assert obs.shape == (64, 16) and (info["distance"] > 0).all()
    g = lo.preset("mini")
    rng = np.random.default_rng(0)
    ended = np.zeros(64, dtype=bool)
    seen = np.zeros(64, dtype=bool)
    for _ in range(12):
        before = obs.copy()
        actions = rng.integers(16, size=64)
        obs, rewards, terminated, truncated, info = envs.step(actions)
        for i in range(64):
            if ended[i]:  # reset this step: a fresh start board, no reward
                assert rewards[i] == 0 and not terminated[i] and info["distance"][i] > 0
            else:
                assert (obs[i] == g.apply(before[i], np.eye(16, dtype=int)[actions[i]])).all()
        assert all(info["distance"][i] == g.minimal_solution(obs[i]).weight for i in range(0, 64, 9))
        ended = terminated | truncated
        seen |= truncated
    assert seen.all()  # every board not solved within 5 presses was cut off
    made = gymnasium.make_vec("lightsout/Classic-v0", num_envs=4, vectorization_mode="vector_entry_point")
    assert made.reset(seed=1)[0].shape == (4, 25)


@pytest.mark.parametrize("action", [2.5, "3", True, np.float32(1), np.bool_(True), np.array([5]), np.array(1.0), None, [1]])
def test_actions_outside_the_space_are_refused_not_truncated(action):
    env = lgym.LightsOutEnv("classic", difficulty=3)
    env.reset(seed=1)
    before = env.board.copy()
    with pytest.raises(ValueError, match="is not in Discrete"):
        env.step(action)
    assert (env.board == before).all() and env.steps == 0
    # Integers of any width are actions.
    for ok in (3, np.int8(3), np.uint64(3), np.array(3)):
        env.step(ok)


def test_vector_actions_outside_the_space_are_refused():
    envs = lgym.LightsOutVectorEnv(num_envs=8, game="classic")
    envs.reset(seed=2)
    for bad in (np.array([1.5] * 8), np.array([True] * 8), [0] * 7, np.array([[0]] * 8), ["1"] * 8, np.array([25] * 8)):
        with pytest.raises(ValueError, match="is not in"):
            envs.step(bad)
    envs.step(np.arange(8, dtype=np.uint8))
    z = lgym.LightsOutVectorEnv(num_envs=2, game=lo.grid(2, 2, modulus=3), amounts=True)
    z.reset(seed=0)
    with pytest.raises(ValueError, match="expected shape"):
        z.step(np.array([0, 1]))
    z.step(np.array([[0, 1], [3, 0]]))


@pytest.mark.parametrize("modulus,dtype", [(2, np.uint8), (5, np.uint8), (257, np.uint16)])
def test_observations_come_in_the_spaces_smallest_unsigned_dtype(modulus, dtype):
    g = lo.grid(2, 2, modulus=modulus)
    env = lgym.LightsOutEnv(g)
    assert env.observation_space.dtype == dtype
    check_env(env, skip_render_check=True)
    obs, _ = env.reset(seed=1)
    assert obs.dtype == dtype and env.observation_space.contains(obs)
    obs, *_ = env.step(0)
    assert obs.dtype == dtype and env.observation_space.contains(obs)
    obs, _ = env.reset(options={"board": g.random_solvable(seed=2).astype(np.int64)})
    assert obs.dtype == dtype
    envs = lgym.LightsOutVectorEnv(4, g)
    assert envs.observation_space.dtype == envs.single_observation_space.dtype == dtype
    obs, _ = envs.reset(seed=1)
    assert obs.dtype == dtype and envs.observation_space.contains(obs)
    obs, *_ = envs.step(np.zeros(4, dtype=np.int64))
    assert obs.dtype == dtype and envs.observation_space.contains(obs)
