# Two commands on a fresh machine: `make run` and `make test`. Each sets itself up.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
DEALS  ?= 1000000
SEED   ?= 7

.PHONY: venv run test bench lint clean notebooks

venv: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit("allfours needs Python 3.11 or newer" if sys.version_info < (3, 11) else 0)'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

run: venv
	$(BIN)/allfours simulate phat --deals $(DEALS) --seed $(SEED) \
		--out results/phat_default.parquet --chart results/phat_default.png

test: lint
	$(BIN)/python -m pytest -q

bench: venv
	$(BIN)/allfours bench

# Execute the notebooks at full size: results/notebooks (with outputs), results/figures.
notebooks: venv
	$(BIN)/python notebooks/execute.py --out results/notebooks --figures results/figures

lint: venv
	$(BIN)/ruff check sims analysis tests
	$(BIN)/ruff format --check sims analysis tests

clean:
	rm -rf $(VENV) results/*.parquet
