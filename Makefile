# cardforge: `make build` runs the main job on the shipped content, `make test` passes the tests.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
BUNDLE := build/gascony.bundle.json

.PHONY: build lint test bench schemas docs clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

build: $(STAMP)
	$(BIN)/cardforge lint content/
	$(BIN)/cardforge build content/ -o $(BUNDLE)

lint: $(STAMP)
	$(BIN)/cardforge lint content/

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python bench/run.py

schemas: $(STAMP)
	$(BIN)/cardforge schema --out schemas/

clean:
	rm -rf $(VENV) build .pytest_cache

docs: $(STAMP)
	$(BIN)/python docs/tools/build_doc.py
