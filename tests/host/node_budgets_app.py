"""The app with the AI's time caps off, for the simulator (`--app node_budgets_app`): node budgets
alone end each search, so the simulator plays the moves the virtual Pico plays however fast
either runs (tests/host/test_vpico.py gives the device the same switch in its main.py)."""
from firmware.app import run  # noqa: F401  (the simulator runs run(hw))
from shared_rules import host as ai_host

ai_host.use_level_time_caps(False)
