"""The board profiles as the host sees them: every boards/<name>.py is one board, listed from
the folder, so a new board is one new file there and the build, the simulator, its skin and
the screenshots take it from that file alone.  A profile's constants are read by running the
file (a profile needs `machine` only in its setup())."""
import importlib.util
import os

from desktop_sim import ROOT

NOT_PROFILES = ("__init__", "active")  # the package, and the profile a build imports (generated)


def folder(root: "str | os.PathLike[str]" = ROOT):
    return os.path.join(root, "boards")


def names(root: "str | os.PathLike[str]" = ROOT):
    """The profiles of the tree at `root`, sorted."""
    if not os.path.isdir(folder(root)):
        return []
    return sorted(name[:-3] for name in os.listdir(folder(root))
                  if name.endswith(".py") and name[:-3] not in NOT_PROFILES)


def load(name, root: "str | os.PathLike[str]" = ROOT):
    """boards/<name>.py of the tree at `root`, as a module (its constants: NAME, WIDTH, HEIGHT,
    COLOR, BUTTONS, LAYER, MARCH, SKIN_*)."""
    if name not in names(root):
        raise ValueError("unknown board '%s'; profiles: %s" % (name, ", ".join(names(root))))
    spec = importlib.util.spec_from_file_location("boards." + name,
                                                  os.path.join(folder(root), name + ".py"))
    assert spec is not None and spec.loader is not None   # a .py file always has both
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
