"""Shared by the host tests: the app unloads and re-imports game modules as it goes
(firmware.app.unload), and pytest-xdist runs host and rules tests in the same worker.  A rules
test holds the classes it imported once (`isinstance(game, Trap)`), so after each host test the
modules it replaced are put back."""
import sys

import pytest

OWN = ("shared_rules", "firmware", "boards")


@pytest.fixture(autouse=True)
def modules_as_they_were():
    before = {name: module for name, module in sys.modules.items() if name.startswith(OWN)}
    yield
    sys.modules.update(before)
