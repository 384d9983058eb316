"""tools.device.build: the board's filesystem compiled by mpy-cross, clear errors, a freezing manifest."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tools.device import build as build_tool
from tools.device.build import BuildError, build

ROOT = Path(__file__).resolve().parents[2]
MPY_ARCH_XTENSAWIN = 10  # py/persistentcode.h MP_NATIVE_ARCH_XTENSAWIN


def quiet(*_):
    pass


def mpy_header(path):
    data = path.read_bytes()[:4]
    return {"magic": data[0:1], "version": data[1], "arch": data[2] >> 2, "sub": data[2] & 3}


def fake_repo(tmp_path, boards=("tiny",), extra=None):
    """A minimal tree with the layout tools.device.build expects."""
    files = {
        "shared_rules/__init__.py": "",
        "shared_rules/game.py": "class Game:\n    NAME = ''\n",
        "firmware/__init__.py": "",
        "firmware/main.py": "from boards.active import setup\nsetup()\n",
        "firmware/data/table.bin": "\x00\x01",
        "boards/__init__.py": "",
    }
    for name in boards:
        files["boards/%s.py" % name] = "NAME = %r\n\ndef setup():\n    return NAME\n" % name
    files.update(extra or {})
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    return tmp_path


def test_real_profile_builds_the_board_filesystem(tmp_path):
    result = build("pico_lcd13", out_root=tmp_path, log=quiet)
    fs_dir = tmp_path / "pico_lcd13"
    assert result.fs_dir == fs_dir and result.march == "armv6m"
    assert (fs_dir / "main.py").read_text().splitlines()[-1] == "import firmware.main"
    on_board = {p.relative_to(fs_dir).as_posix() for p in fs_dir.rglob("*") if p.is_file()}
    assert on_board == set(result.files)
    assert {"boards/__init__.mpy", "boards/pico_lcd13.mpy", "boards/active.mpy",
            "firmware/main.mpy", "shared_rules/game.mpy"} <= on_board
    assert not any(p.startswith("boards/") and "odroid_go" in p for p in on_board)  # only this profile
    sources = {p.relative_to(ROOT).with_suffix(".mpy").as_posix()
               for pkg in ("shared_rules", "firmware") for p in (ROOT / pkg).rglob("*.py")
               if "__pycache__" not in p.parts and p.name != "host.py"}
    assert sources <= on_board
    assert not [p for p in on_board if p.endswith("/host.mpy")]  # the games' host-only facts
    for rel in on_board - {"main.py"}:
        if rel.endswith(".mpy"):
            header = mpy_header(fs_dir / rel)
            assert header["magic"] == b"M" and header["version"] == 6, rel
        elif rel.startswith("shared_rules/tholian_go/spaces/"):
            assert rel.endswith(".tables"), rel  # data made by the build (DATA_MAKERS)
        else:
            assert (ROOT / rel).is_file(), rel  # a data file copied as it is
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pico_lcd13", "pico_lcd13-frozen"]  # no scratch left


def test_compiled_build_imports_on_micropython(tmp_path):
    build("pico_lcd13", out_root=tmp_path, log=quiet)
    script = tmp_path / "check.py"
    script.write_text(
        "import sys\n"
        "sys.path[:] = ['/board']\n"
        "from boards.active import NAME, setup\n"
        "import shared_rules.game, firmware.app\n"
        "print(NAME, callable(setup), shared_rules.game.__file__)\n")
    proc = subprocess.run(["node", "tools/vm/mpyvm.mjs", "--mount", "%s:/board" % (tmp_path / "pico_lcd13"), str(script)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.split() == ["pico_lcd13", "True", "/board/shared_rules/game.mpy"]


def space_tables(sp):
    """Every table and size of a Tholian Go space, comparable (an array's type code kept)."""
    return {name: (value.typecode, list(value)) if hasattr(value, "typecode") else value
            for name, value in vars(sp).items()}


def test_tholian_go_spaces_ship_as_data_equal_to_the_built_tables(tmp_path, monkeypatch):
    # A new game on the board reads its space's tables instead of building them, which is
    # slow on the device.  Space() reads the files
    # build.write_data makes, from the folder beside tholian_go/setup.py; the table builder is not
    # imported.
    from shared_rules.tholian_go import setup as tholian_go_setup
    from shared_rules.tholian_go.geometry import SPACES, Space
    build_tool.write_data(ROOT, tmp_path)
    folder = tmp_path / "shared_rules" / "tholian_go" / tholian_go_setup.SPACES_FOLDER
    assert sorted(p.name for p in folder.iterdir()) == sorted(name + ".tables" for name in SPACES)
    built = {(name, axes): space_tables(Space(name, axes)) for name in SPACES for axes in (True, False)}

    class NotBuilt:
        def __getattr__(self, name):
            raise AssertionError("the space's tables were built, not read")

    monkeypatch.setitem(sys.modules, "shared_rules.tholian_go.build", NotBuilt())
    for (name, axes), tables in built.items():
        # run_once() forgets the module after each use: the next Space() imports it again
        import shared_rules.tholian_go.setup as setup
        monkeypatch.setattr(setup, "__file__", str(tmp_path / "shared_rules" / "tholian_go" / "setup.py"))
        assert space_tables(Space(name, axes)) == tables, (name, axes)
        assert "shared_rules.tholian_go.setup" not in sys.modules


def test_a_tholian_go_game_on_the_boards_build_reads_its_tables(tmp_path):
    # The same under MicroPython, on the compiled build: the game's set-up reads the space
    # (no run_once of the table builder), and its tables are the ones built from source.
    result = build("pico_lcd13", "none", out_root=tmp_path, log=quiet)
    script = tmp_path / "check.py"
    script.write_text(
        "import sys\n"
        "sys.path[:] = ['/board']\n"
        "from shared_rules.tholian_go import geometry as geo\n"
        "from shared_rules.tholian_go.rules import TholianGo\n"
        "ran = []\n"
        "run_once = geo.run_once\n"
        "def counted(module, function, *args):\n"
        "    ran.append(module + '.' + function)\n"
        "    return run_once(module, function, *args)\n"
        "geo.run_once = counted\n"
        "g = TholianGo({'space': 'long'})\n"
        "print(' '.join(ran), sum(g.space.zkeys), sum(g.space.adj), g.space.n_edges, sorted(g.space.entry.items()))\n")
    proc = subprocess.run(["node", "tools/vm/mpyvm.mjs", "--mount", "%s:/board" % result.fs_dir, str(script)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    from shared_rules.tholian_go.geometry import Space
    sp = Space("long", False)
    assert proc.stdout.strip() == "setup.load_space %d %d %d %s" % (
        sum(sp.zkeys), sum(sp.adj), sp.n_edges, sorted(sp.entry.items()))


def test_rebuild_gives_identical_bytes(tmp_path):
    first = build("odroid_go", out_root=tmp_path / "a", log=quiet)
    second = build("odroid_go", out_root=tmp_path / "b", log=quiet)
    assert first.files == second.files
    for rel in first.files:
        assert (first.fs_dir / rel).read_bytes() == (second.fs_dir / rel).read_bytes(), rel


def test_manifest_freezes_the_same_modules(tmp_path):
    result = build("mono128", out_root=tmp_path, log=quiet)
    manifest = (result.frozen_dir / "manifest.py").read_text()
    calls = []
    namespace = {
        "include": lambda path: calls.append(("include", path)),
        "package": lambda name, files=None, base_path=".": calls.append(("package", name, files, base_path)),
    }
    exec(compile(manifest, "manifest.py", "exec"), namespace)
    assert ("include", "$(PORT_DIR)/boards/manifest.py") in calls
    assert ("package", "shared_rules", None, ROOT.as_posix()) in calls
    assert ("package", "firmware", None, ROOT.as_posix()) in calls
    boards = [c for c in calls if c[1] == "boards"][0]
    assert boards[2] == ["__init__.py", "active.py", "mono128.py"]
    for name in boards[2]:
        assert (Path(boards[3]) / "boards" / name).is_file()
    assert "from boards.mono128 import *" in (Path(boards[3]) / "boards" / "active.py").read_text()


def test_syntax_micropython_rejects_fails_with_file_and_line(tmp_path):
    repo = fake_repo(tmp_path / "repo")
    out = tmp_path / "out"
    build("tiny", root=repo, out_root=out, log=quiet)
    kept = (out / "tiny" / "shared_rules" / "game.mpy").read_bytes()
    # CPython 3.11 accepts a match statement; MicroPython does not.
    (repo / "shared_rules" / "moves.py").write_text("def f(x):\n    match x:\n        case 1:\n            return 2\n")
    with pytest.raises(BuildError) as err:
        build("tiny", root=repo, out_root=out, log=quiet)
    assert str(err.value).startswith("shared_rules/moves.py:2: SyntaxError")
    assert (out / "tiny" / "shared_rules" / "game.mpy").read_bytes() == kept  # last good build stays


def test_a_source_that_is_not_utf8_fails_naming_the_file_and_the_byte(tmp_path):
    repo = fake_repo(tmp_path / "repo")
    (repo / "shared_rules" / "latin.py").write_bytes(b"# caf\xe9\nX = 1\n")
    with pytest.raises(BuildError) as err:
        build("tiny", root=repo, out_root=tmp_path / "out", log=quiet)
    assert str(err.value) == "shared_rules/latin.py: not UTF-8 text (byte 5 is 0xe9): save it as UTF-8"


def test_the_apps_bytecode_carries_no_line_numbers(tmp_path):
    # Line-number tables are bytecode in the device's heap (mpy-cross -O3 leaves them out): a
    # traceback at the board's REPL then says line 1, the function still named (and its file:
    # the .mpy, see the next test).
    source = "x = 1\n\n\ndef fail():\n    y = 2\n    raise ValueError('here')\n"
    repo = fake_repo(tmp_path / "repo", extra={"firmware/fails.py": source})
    result = build("tiny", root=repo, out_root=tmp_path / "out", log=quiet)
    with_lines = tmp_path / "with_lines" / "fails.mpy"
    with_lines.parent.mkdir()
    subprocess.run([build_tool.mpy_cross_path(), "-s", "firmware/fails.py", "-o", str(with_lines), str(repo / "firmware" / "fails.py")],
                   check=True)
    assert (result.fs_dir / "firmware" / "fails.mpy").stat().st_size < with_lines.stat().st_size
    script = tmp_path / "check.py"
    script.write_text("import sys\nsys.path[:] = ['/board']\nimport firmware.fails\n"
                      "try:\n    firmware.fails.fail()\nexcept ValueError as e:\n    sys.print_exception(e)\n")
    proc = subprocess.run(["node", "tools/vm/mpyvm.mjs", "--mount", "%s:/board" % result.fs_dir, str(script)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert 'File "firmware/fails.mpy", line 1, in fail' in proc.stdout + proc.stderr


def test_a_module_of_the_build_interns_no_name_for_its_source(tmp_path):
    """Memory: the names a module interns stay in the device's heap for good (in pools that
    double: one name too many took a 7.9 KB pool in a Tholian Go game).  The import interns the
    path of the .mpy file; the build names the module's source by that same path, so the module
    costs no name of its own for it (a .py name cost one per module imported)."""
    repo = fake_repo(tmp_path / "repo", extra={"firmware/built.py": "def twin():\n    return 1\n"})
    result = build("tiny", root=repo, out_root=tmp_path / "out", log=quiet)
    script = tmp_path / "check.py"
    # From the board's root, as on the device (sys.path ''), so the path interned is the same.
    # (The script's own names, "firmware.built" among them, are interned as it is compiled.)
    script.write_text("import os, sys, micropython\nos.chdir('/board')\nsys.path[:] = ['']\nimport firmware\n"
                      "micropython.qstr_info(1)\nprint('=' * 8)\nimport firmware.built\nmicropython.qstr_info(1)\n")
    proc = subprocess.run(["node", "tools/vm/mpyvm.mjs", "--mount", "%s:/board" % result.fs_dir, str(script)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    before, _, after = proc.stdout.partition("=" * 8 + "\n")
    names = set(re.findall(r"^Q\((.*)\)$", after, re.M)) - set(re.findall(r"^Q\((.*)\)$", before, re.M))
    assert names == {"firmware/built.mpy", "twin"}, proc.stdout + proc.stderr


def test_native_code_is_compiled_for_the_boards_chip(tmp_path):
    repo = fake_repo(tmp_path / "repo", boards=(), extra={
        "boards/odroid_go.py": "NAME = 'odroid_go'\nMARCH = 'xtensawin'\n",
        "firmware/blit.py": "import micropython\n@micropython.native\ndef add(a, b):\n    return a + b\n"})
    result = build("odroid_go", root=repo, out_root=tmp_path / "out", log=quiet)
    assert result.march == "xtensawin"
    assert mpy_header(result.fs_dir / "firmware" / "blit.mpy")["arch"] == MPY_ARCH_XTENSAWIN
    assert mpy_header(result.fs_dir / "shared_rules" / "game.mpy")["arch"] == 0  # bytecode only
    assert (result.fs_dir / "firmware" / "data" / "table.bin").read_bytes() == b"\x00\x01"


def test_a_function_marked_for_viper_is_machine_code_for_a_chip_and_bytecode_without_one(tmp_path):
    """The comment `# @micropython.viper` above a def (plain Python for CPython and the VM)
    becomes the decorator in a build for a chip; a bytecode-only build keeps the module."""
    repo = fake_repo(tmp_path / "repo", boards=(), extra={
        "boards/odroid_go.py": "NAME = 'odroid_go'\nMARCH = 'xtensawin'\n",
        "shared_rules/hot.py": "# @micropython.viper\ndef add(a: int, b: int) -> int:\n    return a + b\n"})
    result = build("odroid_go", root=repo, out_root=tmp_path / "out", log=quiet)
    assert mpy_header(result.fs_dir / "shared_rules" / "hot.mpy")["arch"] == MPY_ARCH_XTENSAWIN
    result = build("odroid_go", "none", root=repo, out_root=tmp_path / "out", log=quiet)
    assert mpy_header(result.fs_dir / "shared_rules" / "hot.mpy")["arch"] == 0
    assert build_tool.VIPER_MARK in (ROOT / "shared_rules" / "thoughtwave/ai_links.py").read_text()


def test_a_bytecode_only_build_leaves_native_code_out_and_says_so(tmp_path):
    # --march none: for a MicroPython without a native emitter (the virtual board's VM)
    repo = fake_repo(tmp_path / "repo", boards=(), extra={
        "boards/odroid_go.py": "NAME = 'odroid_go'\nMARCH = 'xtensawin'\n",
        "firmware/blit.py": "import micropython\n@micropython.viper\ndef add(a: int, b: int) -> int:\n    return a + b\n"})
    lines = []
    result = build("odroid_go", "none", root=repo, out_root=tmp_path / "out", log=lines.append)
    assert not (result.fs_dir / "firmware" / "blit.mpy").exists()
    assert mpy_header(result.fs_dir / "shared_rules" / "game.mpy")["arch"] == 0
    assert "build: firmware/blit.py left out: native code needs a chip (-march)" in lines


def test_unknown_or_missing_profiles_are_clear_errors(tmp_path):
    repo = fake_repo(tmp_path / "repo", boards=("tiny", "other"))
    with pytest.raises(BuildError, match="unknown board 'nope'; profiles: other, tiny"):
        build("nope", root=repo, out_root=tmp_path / "out", log=quiet)
    empty = fake_repo(tmp_path / "empty", boards=())
    (empty / "boards" / "__init__.py").unlink()
    with pytest.raises(BuildError, match=r"no board profiles in boards/"):
        build("pico_lcd13", root=empty, out_root=tmp_path / "out", log=quiet)


def test_command_line_prints_sizes_and_one_line_errors(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "tools.device.build", "--board", "pico_lcd13", "--out", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "total" in proc.stdout and "bytes on the board" in proc.stdout
    proc = subprocess.run([sys.executable, "-m", "tools.device.build", "--board", "no_such_board", "--out", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert proc.stderr.strip().count("\n") == 0 and proc.stderr.startswith("build: unknown board")


def test_every_shipped_profile_names_its_chip():
    from desktop_sim import profiles
    for name in build_tool.profiles():
        assert profiles.load(name).MARCH in build_tool.MARCHES, name
