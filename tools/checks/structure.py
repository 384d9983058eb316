"""The code's structure as a plain text map: each folder of Python modules with its module
count, lines and largest module, then the imports between folders.

    python -m tools.checks.structure [ROOT]     (default: the current folder)

Stdlib only and runnable as a lone file (`python structure.py` in an older checkout), so the
same map can be printed for any commit.  Imports are read with `ast`; a module imported by a
string (the registry's `__import__`) is not an import here.  Output is sorted: deterministic.
"""
import ast
import os
import sys
import textwrap

CODE_FOLDERS = ("shared_rules", "firmware", "boards", "desktop_sim", "web", "tools", "tests")
SKIPPED = ("__pycache__", "node_modules", "build", "typings")
WIDTH = 100  # the docs' line length: the map is quoted in docs/architecture.md


def modules(root):
    """Relative paths of every .py file under the code folders, sorted."""
    found = []
    for top in CODE_FOLDERS:
        for folder, subfolders, files in os.walk(os.path.join(root, top)):
            subfolders[:] = sorted(d for d in subfolders
                                   if d not in SKIPPED and not d.startswith("."))
            found.extend(os.path.relpath(os.path.join(folder, name), root)
                         for name in files if name.endswith(".py"))
    return sorted(path.replace(os.sep, "/") for path in found)


def folder_of(path):
    return path.rsplit("/", 1)[0] if "/" in path else "."


def imported_names(path, source):
    """Dotted names of the modules `source` (at `path`) imports, relative ones made absolute."""
    package = folder_of(path).replace("/", ".")
    names = []
    for node in ast.walk(ast.parse(source, path)):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            names.append(base)
            names.extend(base + "." + alias.name for alias in node.names)
    return names


def resolve(name, known):
    """The file of the longest prefix of dotted `name` that is a module in the tree, or None."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        stem = "/".join(parts[:end])
        for candidate in (stem + ".py", stem + "/__init__.py"):
            if candidate in known:
                return candidate
    return None


def structure(root):
    """(folders, edges): folder -> [modules, lines, largest lines, largest name]; (importer
    folder, imported folder) -> the importer's modules that import it."""
    paths = modules(root)
    known = set(paths)
    folders = {}
    edges = {}
    for path in paths:
        with open(os.path.join(root, path), encoding="utf-8") as f:
            source = f.read()
        lines = source.count("\n")
        folder = folder_of(path)
        entry = folders.setdefault(folder, [0, 0, -1, ""])
        entry[0] += 1
        entry[1] += lines
        if lines > entry[2]:
            entry[2], entry[3] = lines, path.rsplit("/", 1)[-1]
        for name in imported_names(path, source):
            target = resolve(name, known)
            if target is None or folder_of(target) == folder:
                continue
            edges.setdefault((folder, folder_of(target)), set()).add(path)
    return folders, edges


def report(root):
    folders, edges = structure(root)
    width = max(len(name) for name in folders)
    out = ["%-*s %7s %6s  %s" % (width, "folder", "modules", "lines", "largest module (lines)")]
    for name in sorted(folders):
        count, lines, largest, largest_name = folders[name]
        out.append("%-*s %7d %6d  %s (%d)" % (width, name, count, lines, largest_name, largest))
    total = sum(entry[0] for entry in folders.values())
    out.append("%d modules in %d folders" % (total, len(folders)))
    out.append("")
    out.append("imports between folders (importer -> imported: importing modules)")
    for importer in sorted(folders):
        targets = sorted(t for (i, t) in edges if i == importer)
        if targets:
            line = importer + " -> " + ", ".join(
                "%s: %d" % (t, len(edges[(importer, t)])) for t in targets)
            out.extend(textwrap.wrap(line, WIDTH, subsequent_indent="    ",
                                     break_on_hyphens=False))
    return "\n".join(out)


def main(argv):
    print(report(argv[0] if argv else "."))


if __name__ == "__main__":
    main(sys.argv[1:])
