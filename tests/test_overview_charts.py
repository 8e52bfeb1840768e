"""The overview chart `allfours simulate --chart` draws, for every game of the registry:
drawn without a warning, and a panel that too few deals leave empty saying so."""

import warnings

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest

from analysis.plots import style
from sims.descriptors import names
from tests.conftest import call

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("game", names())
def test_every_game_draws_its_overview_chart_without_a_warning(game, tmp_path, capsys):
    chart = tmp_path / "c.png"
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)  # matplotlib's, such as equal limits
        code, _, err = call(
            capsys, "simulate", game, "--deals", "300", "--seed", "3", "--chart", str(chart),
            "--quiet",
        )  # fmt: skip
    assert code == 0, err
    assert chart.read_bytes().startswith(PNG)


@pytest.mark.parametrize("game", names())
def test_a_chart_of_too_few_deals_says_so(game, tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(matplotlib.rcParams, "svg.fonttype", "none")  # its words as text
    chart = tmp_path / "c.svg"
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        code, _, err = call(
            capsys, "simulate", game, "--deals", "5", "--chart", str(chart), "--quiet"
        )
    assert code == 0, err
    assert "too few to draw:" in chart.read_text()


def test_only_a_panel_that_draws_nothing_is_marked():
    figure, (drawn, empty) = plt.subplots(1, 2)
    table = pd.DataFrame({"estimate": [0.4], "low": [0.3], "high": [0.5], "n": [40]})
    style.estimates(drawn, np.array([0.0]), table, "estimate", "estimate")
    style.zero_line(drawn)
    style.estimates(empty, np.array([]), table.iloc[:0], "estimate", "estimate")
    style.zero_line(empty)
    assert [style.draws_nothing(axis) for axis in (drawn, empty)] == [False, True]
    lines = list(drawn.lines)
    style.mark_empty_panels(figure)
    assert [text.get_text() for text in empty.texts] == [
        f"too few to draw:\nfewer than {style.MIN_COUNT}\nin every cell;\nrun more deals"
    ]
    assert not empty.lines and not empty.get_xticks().size and not empty.get_yticks().size
    assert not drawn.texts and list(drawn.lines) == lines and drawn.get_xticks().size
    plt.close(figure)
