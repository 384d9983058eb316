"""A board is one file: a fourth board added to a copy of the tree as boards/<name>.py
and nothing else is built for its chip, runs in the simulator with its own picture, and is in
the screenshots' plan.  The profile is docs/architecture.md's worked example, word for word."""
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from desktop_sim import profiles

ROOT = Path(__file__).resolve().parents[2]
CODE = ("shared_rules", "firmware", "boards", "desktop_sim", "tools")


def worked_example():
    """The profile shown in docs/architecture.md ("Adding a board")."""
    text = (ROOT / "docs" / "architecture.md").read_text()
    found = re.search(r"```python\n(# boards/(\w+)\.py\n.*?)```", text, re.S)
    assert found, "docs/architecture.md lost its worked example of a board profile"
    return found.group(2), found.group(1)


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    """A copy of the code with one more file: the worked example's board."""
    copy = tmp_path_factory.mktemp("tree")
    tracked = subprocess.run(["git", "ls-files", *CODE], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    for rel in tracked:
        (copy / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / rel, copy / rel)
    name, text = worked_example()
    (copy / "boards" / (name + ".py")).write_text(text)
    return copy, name


def run(tree, *args):
    proc = subprocess.run([sys.executable, *args], cwd=tree, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout + proc.stderr


def test_the_boards_are_listed_from_the_folder(tree):
    copy, name = tree
    assert profiles.names(copy) == sorted(profiles.names() + [name])
    board = profiles.load(name, copy)
    assert board.NAME == name and board.MARCH == "armv6m"


def test_a_new_board_file_is_built_for_its_chip(tree, tmp_path):
    copy, name = tree
    out = run(copy, "-m", "tools.device.build", "--board", name, "--out", str(tmp_path))
    assert "no MARCH" not in out and "(-march=armv6m)" in out   # its chip, from its file
    assert (tmp_path / name / "boards" / (name + ".mpy")).is_file()
    assert "from boards.%s import *" % name in (tmp_path / (name + "-frozen") / "boards" / "active.py").read_text()


def test_a_new_board_file_runs_in_the_simulator_with_its_picture(tree, tmp_path):
    copy, name = tree
    script = tmp_path / "script.txt"
    script.write_text("wait 300\nexpect New game\npress down\nwait 100\nexpect-selected Learn to play\n")
    shot = tmp_path / "window.png"
    run(copy, "-m", "desktop_sim", "--headless", "--board", name, "--script", str(script),
        "--screenshot", str(shot))
    import pygame
    from desktop_sim.skin import Skin
    pygame.font.init()
    board = profiles.load(name, copy)
    skin = Skin(board, 2, 3)
    assert pygame.image.load(str(shot)).get_size() == skin.size
    assert sorted(c.name for c in skin.controls) == sorted(board.BUTTONS)   # every button drawn
    assert tuple(pygame.image.load(str(shot)).get_at((2, skin.body_rect.height // 2)))[:3] == board.SKIN_COLOUR


def test_a_new_pico_board_file_gets_a_uf2(tree, tmp_path):
    copy, name = tree
    proc = subprocess.run([sys.executable, "-m", "tools.device.uf2", "--board", name, "--firmware",
                           str(tmp_path / "missing.uf2")], cwd=copy, capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0 and "missing.uf2" in proc.stderr    # the firmware is what it lacks
    assert "no UF2 for" not in proc.stderr, proc.stderr


def test_a_new_board_file_is_in_the_screenshots(tree):
    copy, name = tree
    shots = run(copy, "-m", "desktop_sim.screenshots", "--board", name, "--dry-run").split()
    assert shots[0].endswith("%s-menu.png" % name)
    assert all(Path(shot).name.startswith(name + "-") for shot in shots)


def test_a_boards_file_says_whether_its_d_pad_is_a_joystick():
    """The help pages name the d-pad from the board's JOYSTICK (through hw.joystick), not from a
    list of board names in the firmware: a new board with a joystick is still one file."""
    from firmware import help_pages
    from firmware.hw_base import HwBase

    def hw(name, joystick):
        return HwBase(name, 240, 240, True, ("up", "down", "select", "a", "b"), None, None,
                      "/saves", False, joystick)

    assert help_pages.pad_name(hw("pico_joystick", True)) == "Joystick"
    assert help_pages.button_name(hw("pico_joystick", True), "select") == "joystick press"
    assert help_pages.pad_name(hw("pico_lcd13", False)) == "D-pad"
    assert help_pages.button_name(hw("pico_lcd13", False), "select") == "SELECT"
    assert profiles.load("pico_lcd13").JOYSTICK is True
