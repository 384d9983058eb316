# The AI's switches for the host's tools and tests; the build leaves this module out, so that
# the device's heap does not hold their code while the AI thinks.
from shared_rules import ai, levels

DEVICE_PYSTONES = 1490  # RP2040 @125 MHz, the reference device (docs/platform.md)


def use_level_time_caps(on):
    """Tests turn the levels' time caps off so that only node budgets end a search: the
    same moves however loaded the machine is (an explicit device_seconds still applies).
    It lasts until turned on again, across the app's unloading of the AI.  Returns the
    setting before, for the caller to put back."""
    was = levels.time_caps
    levels.time_caps = on
    return was


def set_host_speed(host_pystones, device_pystones=DEVICE_PYSTONES):
    """Declares this machine's measured pystones/s: time budgets then mean device time."""
    ai.device_ms_per_ms = host_pystones / device_pystones
