# Two commands on a fresh machine: `make run` and `make test`. Each sets itself up, with
# uv installing into the virtual environment (a quarter of pip's time for the same packages).
# `make run` also installs JupyterLab (the `lab` extra) to open the notebooks with
# `make lab`; `make test` installs only the `dev` extra.
PYTHON ?= python3
# Let Python keep the bytecode of what it imports: where PYTHONDONTWRITEBYTECODE is set (as
# in many containers), every process the tests start would otherwise compile the ~800
# library modules it imports again, 2 to 3 seconds each time.
unexport PYTHONDONTWRITEBYTECODE
VENV   := .venv
BIN    := $(VENV)/bin
DEALS  ?= 1000000
SEED   ?= 7

.PHONY: venv lab-venv run lab test check bench lint clean notebooks serve browsers docs

# Create .venv where missing and install the package with the extra $(1), then mark it done.
define install
	$(PYTHON) -c 'import sys; sys.exit("allfours needs Python 3.11 or newer" if sys.version_info < (3, 11) else 0)'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet uv
	$(BIN)/uv pip install --quiet --python $(BIN)/python -e '.[$(1)]'
	touch $@
endef

venv: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(call install,dev)

lab-venv: $(VENV)/.installed-lab

$(VENV)/.installed-lab: pyproject.toml
	$(call install,lab)

run: lab-venv
	$(BIN)/allfours simulate phat --deals $(DEALS) --seed $(SEED) --force \
		--out results/phat_default.parquet --chart results/phat_default.png
	@echo "Open the notebooks with: make lab"

# JupyterLab on the notebooks; extra options through LAB_ARGS (e.g. LAB_ARGS=--no-browser).
# JupyterLab refuses to run as root unless told; containers often run as root.
lab: lab-venv
	$(BIN)/jupyter lab --notebook-dir=notebooks $(if $(filter 0,$(shell id -u)),--allow-root) $(LAB_ARGS)

# Both tiers compile the kernels first, in parallel processes, then run the tests on every
# core (pytest-xdist, one worker per core, each test file on one worker). `make test`
# builds the documentation site first, strictly: a broken link or page fails it.
test: lint docs browsers
	$(BIN)/python -m tests.compile_kernels
	$(BIN)/python -m pytest -q -n auto --dist loadfile

# The fast tier while working: lint and the tests not marked slow (about a minute once
# the kernels are compiled and cached). `make test` runs everything.
check: lint
	$(BIN)/python -m tests.compile_kernels
	$(BIN)/python -m pytest -q -n auto --dist loadfile -m "not slow"

# The documentation site from docs/ into build/site/ (MkDocs, Material theme), strictly:
# a broken link, a missing anchor or a page left out of the navigation fails the build.
# It renders the committed notebooks without running them; no network is needed.
docs: venv
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict
	@echo "Documentation site: build/site/index.html (or: $(BIN)/mkdocs serve)"

# The browser tests (tests/test_serve_browser.py) drive Debian's Chromium with Playwright;
# without one they are skipped, and this says so in one line (.ci/run installs it).
browsers:
	@command -v chromium >/dev/null || command -v chromium-browser >/dev/null || \
		test -n "$$ALLFOURS_CHROMIUM" || \
		echo "browser tests skipped: no Chromium found (apt-get install chromium)"

# The local web pages (`allfours serve`): what to call, the odds of a hand. Options
# through SERVE_ARGS (e.g. SERVE_ARGS="--port 8080").
serve: venv
	$(BIN)/allfours serve $(SERVE_ARGS)

bench: venv
	$(BIN)/allfours bench

# Execute the notebooks at full size: results/notebooks (with outputs), results/figures.
# CLUSTER=local:N (or a scheduler's address) plays their runs on a Dask cluster.
notebooks: venv
	$(if $(CLUSTER),ALLFOURS_CLUSTER=$(CLUSTER)) $(BIN)/python notebooks/execute.py \
		--out results/notebooks --figures results/figures

lint: venv
	$(BIN)/ruff check sims analysis tests
	$(BIN)/ruff format --check sims analysis tests
	$(BIN)/lint-imports

clean:
	rm -rf $(VENV) results/*.parquet
