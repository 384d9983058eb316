"""MicroPython-subset check: fast, readable errors for Python that the boards' MicroPython lacks.

    python -m tools.checks.subset_check [PATH ...]      (folders are searched for *.py)

Prints `file:line: reason` for each problem and exits 1 if there is any.  Running the rules
tests under the real VM (tools/vm/mpy_test.mjs) is the proof; this check says why, and where.
"""
import ast
import os
import sys

# Modules built into MicroPython on the RP2040 and ESP32 ports (u-prefixed names too).
BUILTIN_MODULES = {
    "array", "binascii", "builtins", "cmath", "collections", "errno", "gc", "hashlib", "heapq",
    "io", "json", "machine", "math", "micropython", "os", "platform", "random", "re", "select",
    "struct", "sys", "time", "asyncio", "framebuf", "rp2", "esp", "esp32", "network", "uctypes",
    "zlib", "deflate", "vfs", "_thread", "neopixel", "bluetooth", "socket", "ssl", "uasyncio",
}
# The project's own packages, which are copied to the board.
PROJECT_PACKAGES = {"shared_rules", "firmware", "boards"}

WHY_MISSING = {
    "typing": "typing does not exist at run time on MicroPython (annotations are fine, imports are not)",
    "dataclasses": "MicroPython has no dataclasses: write a plain class with __init__",
    "abc": "MicroPython has no abc: use a plain base class whose methods raise NotImplementedError",
    "enum": "MicroPython has no enum: use const() ints",
    "functools": "functools is not built into MicroPython on the boards",
    "itertools": "itertools is not built into MicroPython on the boards",
    "__future__": "MicroPython has no __future__ module",
}

# str/int methods that MicroPython's builtins lack (checked as attribute calls).
MISSING_METHODS = {
    "zfill", "title", "removeprefix", "removesuffix", "isalnum", "casefold", "ljust", "rjust",
    "bit_length", "swapcase", "expandtabs", "format_map", "isidentifier", "isprintable",
    "istitle", "maketrans", "translate",
}


class Checker(ast.NodeVisitor):
    def __init__(self, path):
        self.path = path
        self.problems = []

    def report(self, node, reason):
        self.problems.append("%s:%d: %s" % (self.path, node.lineno, reason))

    def check_module(self, node, name):
        top = name.split(".")[0]
        if top in PROJECT_PACKAGES or top in BUILTIN_MODULES:
            return
        if top.startswith("u") and top[1:] in BUILTIN_MODULES:
            return
        self.report(node, WHY_MISSING.get(top, "module '%s' is not built into MicroPython on the boards" % top))

    def visit_Import(self, node):
        for alias in node.names:
            self.check_module(node, alias.name)

    def visit_ImportFrom(self, node):
        if node.level == 0 and node.module:
            self.check_module(node, node.module)
        self.generic_visit(node)

    def visit_Match(self, node):
        self.report(node, "MicroPython has no match statement: use if/elif")
        self.generic_visit(node)

    def visit_TryStar(self, node):
        self.report(node, "MicroPython has no except* (exception groups)")
        self.generic_visit(node)

    def _check_args(self, node):
        if node.args.posonlyargs:
            self.report(node, "MicroPython does not accept positional-only parameters ('/')")

    def visit_FunctionDef(self, node):
        self._check_args(node)
        if node.name in ("__init_subclass__", "__class_getitem__"):
            self.report(node, "MicroPython never calls %s" % node.name)
        self.generic_visit(node)

    def visit_AsyncFunctionDef(self, node):
        self._check_args(node)
        self.generic_visit(node)

    def visit_Lambda(self, node):
        self._check_args(node)
        self.generic_visit(node)

    def visit_Dict(self, node):
        if any(k is None for k in node.keys):
            self.report(node, "MicroPython does not unpack ** inside a dict display: use dict.update()")
        self.generic_visit(node)

    def _check_display(self, node):
        if isinstance(node.ctx, ast.Load) and any(isinstance(e, ast.Starred) for e in node.elts):
            self.report(node, "MicroPython does not unpack * inside a list/tuple/set display: use + or extend()")
        self.generic_visit(node)

    visit_List = visit_Tuple = _check_display

    def visit_Set(self, node):
        if any(isinstance(e, ast.Starred) for e in node.elts):
            self.report(node, "MicroPython does not unpack * inside a set display")
        self.generic_visit(node)

    def visit_Assert(self, node):
        self.report(node, "the device's build compiles assert statements away (mpy-cross -O3, "
                    "tools/device/build.py): raise an exception instead")
        self.generic_visit(node)

    def visit_FormattedValue(self, node):
        if node.conversion == ord("a"):
            self.report(node, "MicroPython f-strings have no !a conversion")
        self.generic_visit(node)

    def visit_Call(self, node):
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in MISSING_METHODS:
            self.report(node, "MicroPython's built-in types have no .%s()" % func.attr)
        if isinstance(func, ast.Name) and func.id == "print":
            if any(k.arg == "flush" for k in node.keywords):
                self.report(node, "MicroPython's print() has no flush argument")
        self.generic_visit(node)


def check_source(source, path="<string>"):
    """List of `path:line: reason` for one file's source text."""
    try:
        tree = ast.parse(source, path)
    except SyntaxError as e:
        return ["%s:%d: syntax error: %s" % (path, e.lineno or 0, e.msg)]
    checker = Checker(path)
    checker.visit(tree)
    return checker.problems


def python_files(paths):
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
                for name in sorted(files):
                    if name.endswith(".py"):
                        yield os.path.join(root, name)
        elif os.path.exists(path):
            yield path


def check_files(paths, check, what):
    """Runs `check(source, path)` over the Python files of `paths`, prints each problem and then
    `what: N files, M problems`; returns the exit status (1 if there is any problem)."""
    problems = []
    count = 0
    for path in python_files(paths):
        count += 1
        with open(path, encoding="utf-8") as f:
            problems.extend(check(f.read(), path))
    for line in problems:
        print(line)
    print("%s: %d files, %d problems" % (what, count, len(problems)))
    return 1 if problems else 0


def main(argv):
    return check_files(argv or ["shared_rules", "firmware", "boards"], check_source, "subset check")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
