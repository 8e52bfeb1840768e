"""The notebooks run clean end to end at a small deal count, show tables and figures, save
their figures where ALLFOURS_FIGURES points, and record with each figure the series it
draws, a colour standing for one series across the notebook."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tests.test_plot_style import colour_clashes, notebook_series

pytestmark = pytest.mark.slow  # each notebook executes end to end

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
NAMES = [
    "pitch_bid_odds",
    "phat_lead_strategies",
    "phat_big_phat_and_muck",
    "don_and_solo_whist",
    "allfours_begging_and_the_jack",
    "cinch_bids_and_the_rob",
    "tenpoint_bids_and_the_moon",
]
SMALL = 2000


def _executor():
    spec = importlib.util.spec_from_file_location("notebook_execute", NOTEBOOKS / "execute.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _outputs(notebook):
    for cell in notebook.cells:
        if cell.cell_type == "code":
            yield from cell.get("outputs", [])


def test_the_notebooks_exist_without_outputs():
    for name in NAMES:
        path = NOTEBOOKS / f"{name}.ipynb"
        assert path.is_file(), f"{path} is missing"
        text = path.read_text()
        assert '"outputs": []' in text and '"image/png"' not in text, f"{name} has outputs"
        assert "ALLFOURS_NOTEBOOK_DEALS" in text


@pytest.mark.parametrize("name", NAMES)
def test_notebook_runs_clean_at_a_small_size(name, tmp_path):
    execute = _executor().execute
    notebook = execute(
        NOTEBOOKS / f"{name}.ipynb", deals=SMALL, figures=tmp_path, timeout=600
    )  # raises CellExecutionError on the first failing cell
    outputs = list(_outputs(notebook))
    assert not [out for out in outputs if out.output_type == "error"]
    data = [out.get("data", {}) for out in outputs]
    assert any("image/png" in item for item in data), "no figure shown"
    assert any("<table" in item.get("text/html", "") for item in data), "no table shown"
    saved = sorted(tmp_path.glob(f"{name}_*.png"))
    assert saved, "no figure saved under ALLFOURS_FIGURES"
    assert all(path.stat().st_size > 1000 for path in saved)
    streams = "".join(out.get("text", "") for out in outputs if out.output_type == "stream")
    assert "nan%" not in streams, "a printed finding has no value"
    series = notebook_series(notebook)  # every figure recorded what it drew
    assert series and not colour_clashes(series), colour_clashes(series)
