"""Issue 19 item 2 for the games done so far: their AI and board view pass tools/members_check
(no private member of another module), while the whole check waits for the other games."""
import os

import pytest

from tools.members_check import check_source

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DONE = ["shared_rules/ai_lazo.py", "shared_rules/ai_throngs.py", "firmware/views/lazo.py",
        "firmware/views/throngs.py"]


@pytest.mark.parametrize("path", DONE)
def test_uses_only_public_members_of_other_modules(path):
    with open(os.path.join(ROOT, path)) as f:
        assert check_source(f.read(), path) == []
