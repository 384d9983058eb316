"""`python -m tools.bench [TOPIC ...]`: see tools/bench/runner.py."""
import sys

from tools.bench.runner import main

sys.exit(main(sys.argv[1:]))
