"""Shared by the host tests: the app unloads and re-imports game modules as it goes
(shared_rules.registry.unload), and pytest-xdist runs host and rules tests in the same
worker.  A rules test holds the classes it imported once (`isinstance(game, Trap)`), so after each host test the
modules it replaced are put back (app_harness.put_back)."""
import pytest

from app_harness import game_modules, put_back


@pytest.fixture(autouse=True)
def modules_as_they_were():
    before = game_modules()
    yield
    put_back(before)
