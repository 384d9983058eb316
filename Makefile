# Tholia — every entry point.  `make test` and `make run` set up everything on first use.
PY_VERSION_OK := $(shell python3 -c 'import sys; print(sys.version_info >= (3, 11))' 2>/dev/null)
VENV := .venv
PY := $(VENV)/bin/python
NODE_VM := node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs
STAMP_PY := $(VENV)/.installed
STAMP_STUBS := typings/.installed
BOARD ?= pico_lcd13
PORT ?=

.PHONY: setup run test test-py test-mpy check-subset check-members typecheck bench bench-strength soak soak-web build uf2 web flash devtest devtest-vpico test-device clean

setup: $(STAMP_PY) $(NODE_VM) $(STAMP_STUBS)

$(STAMP_PY): requirements.txt
	@test "$(PY_VERSION_OK)" = "True" || { echo "Tholia needs python3 >= 3.11 on PATH"; exit 1; }
	python3 -m venv $(VENV)
	$(PY) -m pip install -q -r requirements.txt
	@# CPython stand-ins for MicroPython-only modules (micropython.const) on the venv's path.
	echo "$(CURDIR)/tools/host_shims" > $$($(PY) -c 'import site; print(site.getsitepackages()[0])')/tholia_host_shims.pth
	touch $@

$(NODE_VM): package.json package-lock.json
	@command -v node >/dev/null || { echo "Tholia needs Node.js 20 (node, npm) on PATH"; exit 1; }
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

$(STAMP_STUBS): requirements-stubs.txt $(STAMP_PY)
	rm -rf typings
	$(PY) -m pip install -q --no-deps --target typings -r requirements-stubs.txt
	touch $@

run: $(STAMP_PY)
	$(PY) -m desktop_sim $(ARGS)

test: setup
	$(MAKE) --no-print-directory check-subset
	$(MAKE) --no-print-directory check-members
	$(MAKE) --no-print-directory typecheck
	$(MAKE) --no-print-directory test-py
	$(MAKE) --no-print-directory test-mpy
	$(PY) -m tools.checks.ludii_check tests/data/ludii/*.jsonl.gz

# On every core (pytest-xdist), printing the slowest tests so the next person sees where time goes;
# a module's tests marked with one xdist_group share a worker (the browser tests: one browser run).
test-py: $(STAMP_PY) $(NODE_VM)
	$(PY) -m pytest -n auto --dist loadgroup --durations=15

# The long runs on the virtual Pico (minutes to hours): tests/device/.
test-device: setup
	THOLIA_TEST_DEVICE=1 $(PY) -m pytest tests/device

test-mpy: $(NODE_VM)
	node tools/vm/mpy_test.mjs tests/rules

check-subset: $(STAMP_PY)
	$(PY) -m tools.checks.subset_check shared_rules firmware boards

# No private members across modules in the AI tuning modules and the views.
check-members: $(STAMP_PY)
	$(PY) -m tools.checks.members_check

typecheck: setup
	node node_modules/pyright/index.js -p pyrightconfig.json
	node node_modules/pyright/index.js -p pyrightconfig.host.json

bench: setup
	$(PY) -m tools.bench

bench-strength: setup
	nice $(PY) -m tools.bench --long

soak: setup
	$(PY) -m tools.bench.soak $(ARGS)

build: setup
	$(PY) -m tools.device.build --board $(BOARD)

uf2: setup
	$(PY) -m tools.device.uf2 --board $(BOARD)

# The browser version: a static folder, build/web/ (python3 -m http.server --directory build/web).
web: setup
	$(PY) -m tools.web.web_build

# AI against AI in the browser version for 30 minutes (ARGS="--minutes 2" for the short run).
soak-web: setup
	nice $(PY) -m tools.web.web_soak $(ARGS)

flash: setup
	$(PY) -m tools.device.flash --board $(BOARD) --port "$(PORT)"

devtest: setup
	$(PY) -m tools.device.devtest --port "$(PORT)" $(TESTS)

# The rules suite (or TESTS) on a virtual Pico of its own, built and booted here: hours, niced.
devtest-vpico: setup
	nice $(PY) -m tools.device.devtest --vpico $(TESTS)

clean:
	rm -rf build bench/results.json .pytest_cache
