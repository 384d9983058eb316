"""No private members across modules: every module of shared_rules/, firmware/ and boards/ uses
other modules' public members only (docs/architecture.md, each game's "for the app and the AI").
The one exception: the parts of a game's rules split off for the heap (setup, text, variants...)
work on the game they are handed as the rules' class does; its AI (ai*.py) does not.

    python -m tools.checks.members_check [PATH ...]    (default: shared_rules/, firmware/, boards/)

Prints `file:line: reason` for each `obj._name` that reaches into another module's object and
each `import _x` / `from m import _X`, and exits 1 if there is any.  Fine: `self._x`, `cls._x`,
`super()._x`, dunders, and `obj._x` where `obj` is a class this file defines or a name it
assigns an instance of one (`tables = _Tables(game)`): the module's own objects.
"""
import ast
import glob
import sys

from tools.checks.subset_check import check_files

DEFAULT_PATHS = ("shared_rules", "firmware", "boards")


def private(name):
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def own_objects(tree):
    """Names that hold this module's own objects: its classes, and names assigned an instance
    of one (`tables = _Tables(game)`)."""
    classes = {node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
    names = set(classes)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) \
                and isinstance(node.value.func, ast.Name) and node.value.func.id in classes:
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def is_own_object(value, own):
    """self, cls, super() or a name of own_objects(): an object whose class this module defines."""
    if isinstance(value, ast.Name):
        return value.id in ("self", "cls") or value.id in own
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "super"


class Checker(ast.NodeVisitor):
    def __init__(self, path, own):
        self.path = path
        self.own = own
        self.problems = []

    def report(self, node, reason):
        self.problems.append("%s:%d: %s" % (self.path, node.lineno, reason))

    def visit_Attribute(self, node):
        if private(node.attr) and not is_own_object(node.value, self.own):
            self.report(node, "%s reaches into another module's private member: use a public "
                        "one" % ast.unparse(node))
        self.generic_visit(node)

    def visit_Import(self, node):
        for alias in node.names:
            if any(private(part) for part in alias.name.split(".")):
                self.report(node, "import %s: a private module; import a public one" % alias.name)

    def visit_ImportFrom(self, node):
        for alias in node.names:
            if private(alias.name):
                self.report(node, "from %s import %s: a private name of another module; use a "
                            "public one" % (node.module or ".", alias.name))


def rules_part(path):
    """Whether `path` is a part of a game's rules split off for the heap (a module of
    shared_rules/<game>/ other than its AI's ai*.py): such a part works on the game it is
    handed (`game`) as the rules' own code does."""
    parts = path.replace("\\", "/").split("/")
    return len(parts) >= 3 and parts[-3] == "shared_rules" and not parts[-1].startswith("ai")


def check_source(source, path="<string>"):
    """List of `path:line: reason` for one file's source text."""
    try:
        tree = ast.parse(source, path)
    except SyntaxError as e:
        return ["%s:%d: syntax error: %s" % (path, e.lineno or 0, e.msg)]
    own = own_objects(tree)
    if rules_part(path):
        own.add("game")
    checker = Checker(path, own)
    checker.visit(tree)
    return checker.problems


def default_paths():
    """The default paths that exist, relative to this folder."""
    out = []
    for pattern in DEFAULT_PATHS:
        out += sorted(glob.glob(pattern))
    return out


def main(argv):
    return check_files(argv or default_paths(), check_source, "members check")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
