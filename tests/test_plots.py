"""Figures of any game (`analysis.plots.common`)."""

import matplotlib.pyplot as plt
import pandas as pd
import pytest

from analysis import plots


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def test_policy_comparison_draws_each_policy_in_house_order_with_its_interval_and_n():
    table = pd.DataFrame(
        {
            "estimate": [0.7, 0.6, 0.65],
            "low": [0.68, 0.55, 0.6],
            "high": [0.72, 0.64, 0.7],
            "n": [100, 100, 100],
        },
        index=["lead_phat", "lead_high", "lead_long"],
    )
    figure = plots.policy_comparison(table, "Big Phat to the pitcher's side")
    (axis,) = figure.axes
    points = [container.lines[0].get_xdata()[0] for container in axis.containers]
    assert points == [0.65, 0.7, 0.6]  # lead_long, lead_phat, lead_high
    labels = [label.get_text() for label in axis.get_yticklabels()]
    assert labels == [f"{lead} (n = 100)" for lead in ("lead_long", "lead_phat", "lead_high")]
    assert axis.get_xlabel() == "Big Phat to the pitcher's side, 95% interval"
