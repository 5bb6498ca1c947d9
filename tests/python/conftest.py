"""Shared fixtures for the lightsout Python tests."""

import numpy as np
import pytest

import lightsout as lo


@pytest.fixture
def classic() -> lo.Game:
    return lo.preset("classic")


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(12345)
