"""tools/checks/structure.py: the map of folders and their imports that docs/architecture.md
quotes for the tree before and after the package per game."""
from pathlib import Path

from tools.checks import structure

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("lazo", "tholian_go", "thoughtwave", "throngs", "trap")


def test_the_map_lists_the_engine_and_the_five_game_packages():
    folders, edges = structure.structure(str(ROOT))
    assert folders["shared_rules"][0] == 10    # the engine: game, game_text, registry, games, levels...
    for game in GAMES:
        assert folders["shared_rules/" + game][0] >= 5, game
        assert ("shared_rules/" + game, "shared_rules") in edges, game
    lines = structure.report(str(ROOT)).splitlines()
    for folder in ["shared_rules"] + ["shared_rules/" + game for game in GAMES]:
        assert any(line.split()[0] == folder for line in lines), folder


def test_imports_are_counted_per_importing_module_and_relative_ones_resolved(tmp_path):
    (tmp_path / "tools" / "a").mkdir(parents=True)
    (tmp_path / "tools" / "b").mkdir()
    (tmp_path / "tools" / "a" / "__init__.py").write_text("")
    (tmp_path / "tools" / "b" / "__init__.py").write_text("")
    (tmp_path / "tools" / "b" / "low.py").write_text("X = 1\n")
    (tmp_path / "tools" / "a" / "one.py").write_text("from tools.b.low import X\nimport os\n")
    (tmp_path / "tools" / "a" / "two.py").write_text("from ..b import low\nfrom . import one\n")
    (tmp_path / "tools" / "b" / "up.py").write_text("import tools.b.low\n")
    text = structure.report(str(tmp_path))
    assert "tools/a -> tools/b: 2" in text.splitlines()
    assert "tools/b ->" not in text
    assert "6 modules in 2 folders" in text
    assert text == structure.report(str(tmp_path))
