"""The AI's switches for the host's tools and tests (shared_rules/host.py), kept out of the
device's build and so out of its heap while the AI thinks."""
from shared_rules import ai
from shared_rules import host as ai_host
import shared_rules.games  # noqa: F401
from tools.device import build


def test_a_caller_puts_back_the_time_caps_setting_it_found():
    """use_level_time_caps returns the setting before it: the rules tests keep the caps off for
    the whole process (rules_support), and a helper that turned them off and then on again left
    later searches of that process cut by time on a loaded machine (other moves)."""
    was = ai_host.use_level_time_caps(True)
    try:
        assert ai_host.use_level_time_caps(False) is True
        assert ai_host.use_level_time_caps(False) is False
    finally:
        ai_host.use_level_time_caps(was)


def test_a_hosts_speed_makes_its_milliseconds_device_milliseconds():
    speed_was = ai.device_ms_per_ms
    try:
        ai_host.set_host_speed(4 * ai_host.DEVICE_PYSTONES)
        assert ai.device_ms_per_ms == 4.0
    finally:
        ai.device_ms_per_ms = speed_was


def test_the_build_leaves_the_switches_out():
    files = [path for path, _ in build.package_files(build.ROOT, "shared_rules")]
    assert "shared_rules/ai.py" in files
    assert "shared_rules/host.py" not in files
