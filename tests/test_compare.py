"""Paired comparisons: the arithmetic on a hand-made table, the same-deals designs (and
that pairing shrinks the standard error), and the `compare` command."""

import json
import math
import re
import sys

import numpy as np
import pandas as pd
import pytest

from analysis.compare import (
    difference_pairs,
    matrix,
    means_changed,
    pairs_changed,
    policy_means,
    policy_pairs,
)
from analysis.stats import game_margin, mean, wilson
from sims.run.outcomes import run_frame
from sims.run.runner import RunSpec, run
from sims.tools import report
from sims.tools.compare import game_trials, lead_trials, role_trials, seating, side_trials
from tests.conftest import call


def test_paired_arithmetic_on_a_small_table():
    results = pd.DataFrame({"a": [1, 2, 3, 4], "b": [0, 2, 2, 5], "c": [1, 1, 1, 1]})
    pairs = policy_pairs(results).set_index(["a", "b"])
    ab = pairs.loc[("a", "b")]
    # a - b per deal: 1, 0, 1, -1 -> mean 0.25, sd sqrt(11/12), se sd / 2
    assert ab["difference"] == 0.25 and ab["n"] == 4
    assert math.isclose(ab["se"], math.sqrt(11 / 12) / 2)
    assert math.isclose(ab["se_unpaired"], math.sqrt((5 / 3) / 4 + (17 / 4) / 4))
    assert math.isclose(ab["high"] - ab["difference"], 1.959964 * ab["se"], rel_tol=1e-6)
    assert math.isclose(pairs.loc[("b", "c"), "difference"], 1.25)
    table = matrix(policy_pairs(results))
    assert list(table.index) == list(table.columns) == ["a", "b", "c"]
    assert np.allclose(table.to_numpy(), -table.to_numpy().T)  # antisymmetric, zero diagonal
    assert table.loc["c", "a"] == -1.5
    errors = matrix(policy_pairs(results), "se")
    assert np.allclose(errors.to_numpy(), errors.to_numpy().T)
    means = policy_means(results)
    assert means.loc["a", "estimate"] == 2.5 and means.loc["c", "se"] == 0


def test_a_change_of_pairs_is_paired_deal_by_deal_on_the_shared_deals():
    before = pd.DataFrame({"a": [1, 2, 3, 4, 9], "b": [0, 2, 2, 5, 9]})  # a - b: 1 0 1 -1 0
    after = pd.DataFrame({"a": [3, 2, 4, 4], "b": [0, 1, 4, 4]})  # a - b: 3 1 0 0
    row = pairs_changed(before, after).iloc[0]
    assert (row["a"], row["b"], row["n"]) == ("a", "b", 4)  # the fifth deal only before
    assert row["before"] == 0.25 and row["after"] == 1.0
    assert row["change"] == 0.75  # changes 2 1 -1 1
    half = 1.959964 * math.sqrt(np.var([2, 1, -1, 1], ddof=1) / 4)
    assert math.isclose(row["change_high"] - row["change"], half, rel_tol=1e-6)


def test_a_change_of_means_is_paired_over_the_deals_both_define():
    before = pd.DataFrame({"tie": [0, 1, 0, np.nan, 1]})
    after = pd.DataFrame({"tie": [1, 1, np.nan, 0, 0], "only after": 1})
    row = means_changed(before, after).loc["tie"]
    assert list(means_changed(before, after).index) == ["tie"]
    assert row["before"] == 0.5 and row["after"] == 0.5  # each over the deals it defines
    assert row["change"] == 0 and row["n"] == 3  # deals 0, 1, 4: +1, 0, -1
    assert math.isclose(row["change_high"], 1.959964 * math.sqrt(1 / 3), rel_tol=1e-6)


def test_an_event_rate_under_each_way_has_a_wilson_interval_inside_0_and_1():
    made = pd.DataFrame({"made": [1.0] * 40, "points": np.arange(40.0)})
    missed = pd.DataFrame({"made": [1.0] * 38 + [0.0] * 2, "points": np.arange(40.0)})
    row = means_changed(made, missed).loc["made"]
    assert row["before"] == 1.0 and row["before_high"] == 1.0
    assert math.isclose(row["before_low"], wilson(40, 40).low) and row["before_low"] < 0.95
    assert math.isclose(row["after_low"], wilson(38, 40).low)
    assert row["after_high"] <= 1.0 < mean(missed["made"]).high  # a normal one passes 100%
    points = means_changed(made, missed).loc["points"]  # not an event: a normal interval
    assert math.isclose(points["before_high"], mean(np.arange(40.0)).high)


def test_difference_columns_become_pairs():
    pairs = difference_pairs(pd.DataFrame({"x vs y": [2.0, 4.0, 6.0]}))
    row = pairs.iloc[0]
    assert (row["a"], row["b"], row["difference"], row["n"]) == ("x", "y", 4.0, 3)
    assert math.isclose(row["se"], 2 / math.sqrt(3)) and math.isnan(row["se_unpaired"])


def _pair_table(text: str) -> tuple[str, str]:
    """The header of a compare table's pairs and its first row."""
    lines = text.splitlines()
    at = next(k for k, line in enumerate(lines) if "a - b" in line)
    return lines[at], lines[at + 1]


def test_the_table_shows_the_unpaired_error_only_where_it_is_known():
    results = pd.DataFrame({"a": [1.0, 2.0, 3.0, 4.0], "b": [0.0, 2.0, 2.0, 5.0]})
    pairs = policy_pairs(results)
    header, row = _pair_table(report.compare_text("", policy_means(results), pairs))
    assert header.endswith("se if unpaired") and row.endswith(f"{pairs.se_unpaired[0]:.3f}")
    swapped = difference_pairs(pd.DataFrame({"a vs b": [1.0, 0.0]}))
    header, row = _pair_table(report.compare_text("", None, swapped))
    assert header.endswith("95% interval") and row.endswith("]")


def test_seating_gives_alternate_sides_to_each_strategy():
    assert seating([(0, 2), (1, 3)], 4, "a", "b") == ["a", "b", "a", "b"]
    assert seating([(0, 3), (1, 4), (2, 5)], 6, "a", "b") == ["a", "b", "a", "a", "b", "a"]


def test_lead_policies_on_the_same_deals_beat_independent_runs_on_error():
    deals = 3000
    paired = lead_trials("phat", ["lead_long", "lead_high"], deals=deals, seed=1)
    independent = lead_trials("phat", ["lead_high"], deals=deals, seed=2)["lead_high"]
    row = policy_pairs(paired).iloc[0]
    unpaired_se = math.sqrt(
        paired["lead_long"].var(ddof=1) / deals + independent.var(ddof=1) / deals
    )
    assert row["se"] < 0.8 * unpaired_se
    assert row["se"] < 0.8 * row["se_unpaired"]


def test_swapping_sides_on_the_same_deals_beats_swapping_on_other_deals():
    # Two close strategies: the luck of the cards dwarfs their difference, and pairing
    # on the same deals is what removes it.
    deals, pair = 2000, ["greedy", "greedy:guard_big_phat=0"]
    paired = difference_pairs(side_trials("phat", pair, deals=deals, seed=3)).iloc[0]
    unpaired = difference_pairs(side_trials("phat", pair, deals=deals, seed=3, swap_seed=4))
    assert paired["se"] < 0.5 * unpaired.iloc[0]["se"]


def test_greedy_beats_random_by_a_margin_the_interval_confirms():
    trials = side_trials("phat", ["greedy", "random"], deals=2000, seed=3)
    assert difference_pairs(trials).iloc[0]["low"] > 0


def test_a_strategy_against_itself_differs_by_exactly_nothing():
    trials = side_trials("pitch", ["greedy", "greedy"], deals=500, seed=8)
    assert (trials["greedy vs greedy"] == 0).all()


def test_pitch_roles_are_each_strategy_mean_as_pitcher_and_as_defender():
    # Worked deal by deal from the two seatings' rows, apart from the vectorised code.
    a, b, deals = "greedy", "threshold+random", 300
    trials = role_trials("pitch", [a, b], deals=deals, seed=6)
    frames = [
        run_frame(run(RunSpec("pitch", 6, deals, seats=seats)))
        for seats in ((a, b, a, b), (b, a, b, a))
    ]
    for deal in range(deals):
        results = {(x, role): [] for x in (a, b) for role in ("pitcher", "defender")}
        for first, frame in zip((a, b), frames, strict=True):
            row = frame.iloc[deal]
            for side in range(4):
                strategy = first if side % 2 == 0 else ({a, b} - {first}).pop()
                role = "pitcher" if side == row["pitcher_side"] else "defender"
                results[(strategy, role)].append(row[f"delta_{side}"])
        for role in ("pitcher", "defender"):
            got = trials[role].loc[deal, f"{a} vs {b}"]
            mine, theirs = results[(a, role)], results[(b, role)]
            if mine and theirs:
                assert math.isclose(got, np.mean(mine) - np.mean(theirs))
            else:
                assert math.isnan(got)
    assert trials["all"].equals(side_trials("pitch", [a, b], deals=deals, seed=6))
    assert trials["pitcher"].notna().all().all()  # both bid alike: each pitches once per deal
    assert difference_pairs(trials["pitcher"]).iloc[0]["n"] == deals


def test_deals_where_a_role_is_missing_are_left_out_of_the_pair():
    pairs = difference_pairs(pd.DataFrame({"x vs y": [1.0, np.nan, 3.0]}))
    assert pairs.iloc[0]["difference"] == 2.0 and pairs.iloc[0]["n"] == 2


def test_compare_leads_json(capsys):
    code, out, _ = call(
        capsys,
        "compare",
        "phat",
        "--leads",
        "lead_long,lead_phat,lead_high",
        "--deals",
        "1500",
        "--json",
    )
    assert code == 0
    body = json.loads(out)
    assert body["mode"] == "leads" and len(body["pairs"]) == 3 and len(body["policies"]) == 3
    assert body["matrix"]["lead_long"]["lead_high"] == -body["matrix"]["lead_high"]["lead_long"]
    pair = body["pairs"][0]
    assert pair["low"] < pair["difference"] < pair["high"] and pair["se_unpaired"] > pair["se"]


def test_compare_bids_text(capsys):
    code, out, _ = call(
        capsys, "compare", "pitch", "--bids", "threshold,random_bid", "--deals", "1000"
    )
    assert code == 0
    assert "threshold+greedy" in out and "random_bid+greedy" in out and "matrix" in out


def test_all_fours_bidders_compare_as_the_whole_strategies_they_make(capsys):
    """All Fours has no auction but has bidders (the beg and the gift): --bids plays each
    as BID+BASE, the same comparison as --strategies naming those strategies."""
    bids = ("--bids", "sound_calls,forced_calls:beg=0", "--deals", "600", "--json")
    code, by_bids, err = call(capsys, "compare", "allfours", *bids)
    assert code == 0, err
    whole = ("--strategies", "sound_calls+greedy,forced_calls:beg=0+greedy")
    code, by_strategies, err = call(capsys, "compare", "allfours", *whole, *bids[2:])
    assert code == 0, err
    pairs, same = json.loads(by_bids)["pairs"], json.loads(by_strategies)["pairs"]
    assert [p["a"] for p in pairs] == ["sound_calls+greedy"]
    assert [(p["difference"], p["se"], p["n"]) for p in pairs] == [
        (p["difference"], p["se"], p["n"]) for p in same
    ]
    assert pairs[0]["se"] > 0  # the two callers differ on some of the deals


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["phat", "--bids", "threshold,random_bid"], "--bids compares bidders; phat has none"),
        (["pitch", "--bids", "threshold,random"], "random is not among the bidders of pitch"),
        (["allfours", "--bids", "sound_calls,greedy"], "its bidders: forced_calls, sound_calls"),
        (["phat", "--leads", "lead_long"], "at least two"),
        (["phat", "--leads", "lead_long,lead_long"], "at least two"),
        (["phat", "--leads", "lead_long,lead_nowhere"], "lead_nowhere is not among the opening"),
        (["cinch", "--leads", "lead_top,greedy"], "policies: lead_low, lead_plain"),
        (["tenpoint", "--leads", "lead_top,lead_low"], "tenpoint has none"),
        (["pitch", "--strategies", "greedy,random", "--variant", "teams=9"], "teams"),
        (["phat", "--strategies", "greedy,random", "--players", "5"], "--players"),
    ],
)
def test_compare_refuses_bad_input(capsys, args, message):
    code, out, err = call(capsys, "compare", *args, "--deals", "10")
    assert code == 2 and message in err and out == ""


def test_compare_pitch_leads_pairs_on_the_same_auctions(capsys):
    code, out, _ = call(
        capsys,
        "compare",
        "pitch",
        "--leads",
        "lead_best,lead_best_low",
        "--deals",
        "3000",
        "--json",
    )
    assert code == 0
    pair = json.loads(out)["pairs"][0]
    assert (pair["a"], pair["b"]) == ("lead_best", "lead_best_low")
    assert pair["se"] < pair["se_unpaired"]


def test_compare_pitch_strategies_reports_both_roles(capsys):
    args = ("compare", "pitch", "--strategies", "greedy,threshold+random", "--deals", "400")
    code, out, _ = call(capsys, *args, "--json")
    assert code == 0
    roles = json.loads(out)["roles"]
    assert set(roles) == {"pitcher", "defender"}
    assert roles["pitcher"][0]["n"] == roles["defender"][0]["n"] == 400
    code, out, _ = call(capsys, *args)
    assert "as the pitcher's side" in out and "as a defending side" in out


def test_reports_name_the_declaring_side_in_the_games_own_word(capsys):
    """Cinch's rule book calls the high bidder the maker, not the pitcher."""
    code, out, _ = call(
        capsys, "compare", "cinch", "--bids", "threshold,random_bid", "--deals", "300"
    )
    assert code == 0
    assert "\nas the maker's side:" in out and "pitcher" not in out
    code, out, _ = call(
        capsys, "compare", "cinch", "--leads", "lead_top,lead_low", "--deals", "300"
    )
    assert "result: the maker's side's Cinch score change" in out.splitlines()[0]


def test_a_role_no_deal_gave_both_bidders_shows_a_dash_not_nan(capsys):
    """A bidder that never bids, under Cinch's redeal rule, is never the maker."""
    args = ("--bids", "threshold:margin=100,threshold", "--variant", "all_pass=redeal_next_dealer")
    code, out, _ = call(capsys, "compare", "cinch", *args, "--deals", "200")
    assert code == 0 and "nan" not in out
    rows = [line for line in out.splitlines() if line.startswith("threshold:margin=100+greedy")]
    role_rows = rows[-2:]  # as the maker's side, as a defending side
    assert all(row.split()[2:] == ["-", "-", "-", "0"] for row in role_rows)


def test_long_names_keep_the_text_tables_columns_apart(capsys):
    long_name = "threshold:margin=0.25+greedy"  # longer than the 24 columns kept for a name
    code, out, _ = call(
        capsys, "compare", "pitch", "--strategies", f"{long_name},greedy", "--deals", "100"
    )
    assert code == 0
    rows = [line for line in out.splitlines() if line.startswith(long_name)]
    assert len(rows) == 4  # the pairs, the matrix and the two roles
    assert all(row[len(long_name) : len(long_name) + 2] == "  " for row in rows)


def test_whole_games_are_compared_on_the_same_games_with_the_sides_swapped(capsys):
    bidders = ["threshold+greedy", "pass_unless_forced+greedy"]
    trials = game_trials("pitch", bidders, games=300, seed=4)
    values = trials.iloc[:, 0].to_numpy()
    assert set(np.unique(values)) <= {-1.0, -0.5, 0.0, 0.5, 1.0}
    assert values.mean() > 0.3  # a bidder that never bids loses its games
    # The same games, the names the other way round: every game's result changes sign.
    swapped = game_trials("pitch", bidders[::-1], games=300, seed=4).iloc[:, 0].to_numpy()
    assert np.array_equal(swapped, -values)
    code, out, _ = call(
        capsys,
        "compare",
        "pitch",
        "--bids",
        "threshold,pass_unless_forced",
        "--games",
        "300",
        "--seed",
        "4",
        "--quiet",
        "--json",
    )
    assert code == 0
    shown = json.loads(out)
    assert shown["games"] == 300 and "deals" not in shown
    assert shown["pairs"][0]["difference"] == pytest.approx(values.mean())
    assert shown["pairs"][0]["low"] == pytest.approx(game_margin(values).low)
    code, _, err = call(
        capsys, "compare", "pitch", "--leads", "lead_best,lead_high", "--games", "10"
    )
    assert code == 2 and "--games compares --strategies or --bids" in err


def test_solo_whist_compares_seatings_whose_sign_flips_with_the_names(capsys):
    forward = side_trials("solowhist", ["greedy", "random"], deals=300, seed=4).iloc[:, 0]
    backward = side_trials("solowhist", ["random", "greedy"], deals=300, seed=4).iloc[:, 0]
    assert np.array_equal(forward.to_numpy(), -backward.to_numpy())
    assert forward.mean() > 0  # the evaluator and greedy play beat random calls and cards
    itself = side_trials("solowhist", ["greedy", "greedy"], deals=300, seed=4).iloc[:, 0]
    assert (itself == 0).all()
    assert list(role_trials("solowhist", ["greedy", "random"], deals=20)) == ["all"]
    code, out, _ = call(
        capsys, "compare", "solowhist", "--strategies", "greedy,random", "--deals", "200"
    )
    assert code == 0 and "settlement (its seats' mean)" in out and "pitcher" not in out


@pytest.mark.parametrize("quiet", [False, True], ids=["terminal", "quiet"])
def test_compare_shows_each_runs_progress_bar_on_a_terminal(monkeypatch, capsys, quiet):
    from sims.run import progress

    monkeypatch.setattr(progress, "DELAY_SECONDS", 0)  # a bar at once, however short the run
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    flags = ["--quiet"] if quiet else []
    code, _, err = call(
        capsys, "compare", "phat", "--strategies", "random,greedy", "--deals", "300", *flags
    )
    assert code == 0
    bars = re.findall(r"phat deals: +\d+%\|.*?\| [\d.]+/300 ", err)
    if quiet:
        assert err == ""
    else:
        assert "playing random vs greedy ..." in err
        assert len(bars) >= 2, err  # the runs' bars (one for each seating, at the least)
