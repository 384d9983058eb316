"""Issue 19 item 2: the AI and the board views use only the public members of the rules (their
"for the app and the AI" sections): no `._name` on another object, no `import _NAME`."""
import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The games whose AI and view have been checked so far (the others follow with issue 19).
FILES = ["shared_rules/ai_lazo.py", "shared_rules/ai_throngs.py", "firmware/views/lazo.py",
         "firmware/views/throngs.py"]


def private_uses(source):
    """(line, text) of each private member reached on another object or imported by name."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.name.startswith("_"):
                    found.append((node.lineno, "import " + alias.name))
    return found


@pytest.mark.parametrize("path", FILES)
def test_uses_only_public_members_of_other_modules(path):
    with open(os.path.join(ROOT, path)) as f:
        assert private_uses(f.read()) == []


def test_the_check_sees_private_members_and_imports():
    source = "from shared_rules.lazo import _OFFSET\ndef f(game, self):\n    return game._adjacent, self._x\n"
    assert private_uses(source) == [(1, "import _OFFSET"), (3, "game._adjacent")]
