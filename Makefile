# cardforge: `make build` runs the main job on the shipped content, `make test` passes the tests.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
BUNDLE := build/gascony.bundle.json

.PHONY: build lint test bench schemas docs clean

# Each target installs what it needs, once per change of pyproject.toml: `build` the
# package and its dependencies only; `test` adds the test tools, `bench` the yardstick.
PIP := $(BIN)/python -m pip install --disable-pip-version-check --progress-bar off

$(VENV)/.created:
	@echo "cardforge: creating the virtual environment $(VENV) ..."
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	touch $@

$(STAMP): pyproject.toml $(VENV)/.created
	@echo "cardforge: installing cardforge and what building needs into $(VENV) (the first time takes about a minute) ..."
	$(PIP) -e .
	touch $@

$(VENV)/.installed-test: $(STAMP)
	@echo "cardforge: installing the test tools (pytest, hypothesis, ruff, jsonschema) into $(VENV) ..."
	$(PIP) -e '.[test]'
	touch $@

$(VENV)/.installed-bench: $(STAMP)
	@echo "cardforge: installing the benchmark yardstick (PyYAML) into $(VENV) ..."
	$(PIP) -e '.[bench]'
	touch $@

build: $(STAMP)
	$(BIN)/cardforge lint content/
	$(BIN)/cardforge build content/gascony/ -o $(BUNDLE)
	$(BIN)/cardforge build content/descent-props/ -o build/descent-props.bundle.json
	$(BIN)/cardforge build content/enemy-attack/ -o build/enemy-attack.bundle.json

lint: $(STAMP)
	$(BIN)/cardforge lint content/

test: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/cardforge fmt --check content/
	$(BIN)/python -m pytest

# simulate_bench: target (issue 10) a 10,000-run report of the largest shipped Battle in
# under 2 minutes on 2 cores (about 40 simulated Battles/s per core); printed, not enforced.
# explore_bench: targets (issue 11) each shipped Act explored completely in under 1 s; the
# 10k-card pack within the lint budget; lint with exploration within 2x of --no-explore.
# watch_bench: target (issue 12) one edited file of the 10k-card pack re-linted by `cardforge watch`
# in under 10% of a cold lint (with and without the explorer); printed, not enforced.
bench: $(VENV)/.installed-bench
	$(BIN)/python bench/run.py
	$(BIN)/python bench/simulate_bench.py
	$(BIN)/python bench/explore_bench.py
	$(BIN)/python bench/watch_bench.py

schemas: $(STAMP)
	$(BIN)/cardforge schema --out schemas/

clean:
	rm -rf $(VENV) build .pytest_cache

docs: $(VENV)/.installed-test
	$(BIN)/python docs/tools/build_doc.py
