"""`make test-device`: the long runs on the virtual Pico (the whole rules suite on the real
firmware, the games at the AI's default level).  `make test` leaves this folder out: these tests
are collected only with THOLIA_TEST_DEVICE=1, which `make test-device` sets."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "host"))
collect_ignore_glob = [] if os.environ.get("THOLIA_TEST_DEVICE") == "1" else ["test_*.py"]
