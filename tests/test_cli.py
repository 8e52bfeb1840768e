"""The `allfours` command: outputs, metadata, and clear errors that write nothing."""

import argparse
import dataclasses
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest
from numba import njit

from sims.games.phat.strategies.leads import lead_high, lead_long, lead_phat
from sims.games.pitch.strategies.bidding import threshold_bid
from sims.run import runner
from sims.run.output import read_metadata
from sims.strategies import (
    StrategyError,
    _dispatcher_source,
    _reads_params,
    register,
    resolve,
    strategies,
)
from sims.strategies.random_play import play_random
from sims.strategies.registry import TABLE_OF, bids, functions
from sims.tools import cli
from sims.tools.commands.common import examples
from tests.conftest import call


def allfours(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "sims.tools.cli", *args], capture_output=True, text=True, timeout=300
    )


def test_simulate_writes_rows_metadata_log_and_chart(tmp_path, capsys):
    out, log, chart = tmp_path / "x.parquet", tmp_path / "deals.jsonl", tmp_path / "c.png"
    code, printed, _ = call(
        capsys,
        "simulate",
        "phat",
        "--deals",
        "500",
        "--seed",
        "7",
        "--seats",
        "random,greedy,random,greedy",
        "--out",
        str(out),
        "--log",
        str(log),
        "--chart",
        str(chart),
    )
    assert code == 0
    assert "Big Phat captured by pitcher side" in printed
    frame = pd.read_parquet(out)
    assert len(frame) == 500 and list(frame["deal"][:3]) == [0, 1, 2]
    assert frame["phat_0"].dtype == "int16"
    meta = read_metadata(out)
    assert meta["seats"] == ["random", "greedy", "random", "greedy"]
    assert meta["rules"] == {"target": 181}
    assert (meta["seed"], meta["first"], meta["count"], meta["mode"]) == (7, 0, 500, "deals")
    assert meta["version"]
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(records) == 500
    first = records[0]
    assert first["rules"] == {"target": 181} and first["sides"] == [[0, 2], [1, 3]]
    assert len(first["plays"]) == 52 and len(first["trick_winners"]) == 13
    assert sum(first["result"]["points"]) == 80
    assert first["result"]["points"] == [int(frame["phat_0"][0]), int(frame["phat_1"][0])]
    assert chart.stat().st_size > 10_000


def test_games_write_a_per_game_table(tmp_path, capsys):
    out = tmp_path / "games.parquet"
    code, printed, _ = call(
        capsys,
        "simulate",
        "phat",
        "--games",
        "40",
        "--variant",
        "target=91",
        "--out",
        str(out),
        "--seed",
        "3",
    )
    assert code == 0 and "deals per game" in printed
    deals = pd.read_parquet(out)
    games = pd.read_parquet(tmp_path / "games.games.parquet")
    assert len(games) == 40 and games["deals"].sum() == len(deals)
    assert set(games["winner"]) <= {0, 1}
    assert ((games["score_0"] >= 91) | (games["score_1"] >= 91)).all()
    assert read_metadata(out)["rules"] == {"target": 91}


def test_summary_as_json(capsys):
    code, printed, _ = call(capsys, "simulate", "phat", "--deals", "300", "--json")
    summary = json.loads(printed)
    assert code == 0 and summary["rows"] == 300
    quantities = {row["quantity"] for row in summary["deals"]}
    assert "muck tie 40-40" in quantities


def test_the_summary_keeps_its_columns_under_a_long_quantity(capsys):
    code, printed, _ = call(capsys, "simulate", "cinch", "--deals", "300")
    rates = [line for line in printed.splitlines() if re.search(r"%   \[", line)]
    labels = [re.split(r"\s{2,}", line)[0] for line in rates]
    assert code == 0 and max(map(len, labels)) > 44  # a label longer than the usual column
    assert len({line.index("%   [") for line in rates}) == 1


def test_a_quantity_no_deal_gives_is_a_dash_with_its_count_not_nan(capsys):
    """A bidder that never bids throws in every deal under the redeal rule: nothing is made
    or scored, and one game stopped at its first deal has one deal count, no interval."""
    never = (
        "--strategy",
        "threshold:margin=100+greedy",
        "--variant",
        "all_pass=redeal_next_dealer",
    )
    code, printed, _ = call(capsys, "simulate", "cinch", "--deals", "50", *never)
    assert code == 0 and "nan" not in printed
    lines = dict(re.split(r"\s{2,}", line.strip(), maxsplit=1) for line in printed.splitlines()[3:])
    assert lines["deals thrown in"].startswith("100.00%")
    assert lines["contract made"] == "-   (n = 0)"
    assert lines["maker's side score change per deal"] == "-   (n = 0)"
    code, printed, _ = call(capsys, "simulate", "cinch", "--games", "1", "--max-deals", "1", *never)
    assert "nan" not in printed and "1.000   (n = 1: no interval)" in printed


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--strategy", "clever"], "unknown strategy 'clever'"),
        (["--strategy", "greedy+random"], "two play strategies"),
        (["--strategy", "greedy:depth=3"], "no parameter 'depth'"),
        (["--seats", "greedy,greedy"], "4 seats, 2 strategies"),
        (["--variant", "smudge=1"], "phat has no variant 'smudge'"),
        (["--variant", "target=-5"], "bad value '-5' for variant 'target'"),
        (["--variant", "target"], "needs a value"),
        (["--deals", "-5"], "'-5' must be at least 1"),
        (["--deals", "lots"], "'lots' is not a whole number"),
        (["--out", "x.csv"], "must end in .parquet"),
    ],
)
def test_bad_input_is_a_clear_error_with_status_2_and_nothing_written(
    tmp_path, capsys, args, message
):
    out = tmp_path / "never.parquet"
    full = ["simulate", "phat", "--deals", "100", *args]
    if "--out" not in args:
        full += ["--out", str(out)]
    code, _, err = call(capsys, *full)
    assert code == 2
    assert message in err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_an_illegal_card_stops_the_run_naming_strategy_seed_and_deal(tmp_path, capsys, monkeypatch):
    # A play function the dispatcher does not know answers -1: not a card.
    greedy = resolve("greedy", "phat")
    cheat = dataclasses.replace(greedy, play_fid=len(functions("phat")))

    def plans(spec):
        return [cheat, *[resolve(label, spec.game) for label in spec.seats[1:]]]

    monkeypatch.setattr(runner, "seat_strategies", plans)
    out = tmp_path / "never.parquet"
    code, _, err = call(
        capsys,
        "simulate",
        "phat",
        "--deals",
        "1000",
        "--seed",
        "5",
        "--out",
        str(out),
        "--log",
        str(tmp_path / "never.jsonl"),
    )
    assert code == 1
    assert "strategy 'greedy' at seat 0 returned -1, which is not a card" in err
    assert "game phat, seed 5, deal " in err and "nothing was written" in err
    assert list(tmp_path.iterdir()) == []


def test_strategies_lists_every_registered_name_with_games_and_description(capsys):
    code, printed, _ = call(capsys, "strategies")
    lines = printed.splitlines()
    names = [line.split()[0] for line in lines]
    assert code == 0
    assert {"random", "greedy", "lead_long", "lead_phat", "lead_high"} <= set(names)
    assert {"random_bid", "threshold", "pass_unless_forced", "lead_best"} <= set(names)
    games = {}
    for line in lines:
        games.setdefault(line.split()[0], []).append(line.split()[1])
    # greedy differs by game (its description names what it guards): a line per family.
    greedy = ["allfours", "cinch", "don", "phat", "pitch", "solowhist", "tenpoint"]
    assert sorted(games["greedy"]) == greedy
    assert games["threshold"] == ["cinch", "pitch", "tenpoint"]
    assert games["lead_phat"] == ["don,phat"]
    assert games["random_bid"] == ["cinch", "pitch", "solowhist", "tenpoint"]


def test_strategies_of_one_game_lists_that_games_strategies_alone(capsys):
    code, printed, _ = call(capsys, "strategies", "allfours")
    rows = [line.split() for line in printed.splitlines()]
    assert code == 0 and {row[1] for row in rows} == {"allfours"}
    assert [row[0] for row in rows] == sorted({s.name for s in strategies("allfours")})
    code, _, err = call(capsys, "strategies", "whist")
    assert code == 2 and "invalid choice: 'whist'" in err


def test_an_argument_a_command_does_not_take_is_refused_in_that_command_s_usage(capsys):
    """The usage shown is the command's, which lists what it takes (`--game-index`), not
    the program's list of commands; nothing runs."""
    code, printed, err = call(capsys, "replay", "pitch", "--deal", "3", "--games", "5")
    assert (code, printed) == (2, "")
    assert err.startswith("usage: allfours replay ") and "--game-index GAME" in err
    assert err.endswith("allfours replay: error: unrecognized arguments: --games 5\n")
    code, _, err = call(capsys, "solve", "pitch", "--hands", "AH / KH", "--trump", "H", "-x")
    assert code == 2 and err.startswith("usage: allfours solve ")


def test_replay_prints_the_deal_trick_by_trick(capsys):
    code, printed, _ = call(capsys, "replay", "phat", "--seed", "7", "--deal", "12345")
    assert code == 0
    assert "deal 12345: dealer 0, pitcher 1" in printed
    assert printed.count("trick ") == 13


def test_the_console_script_runs_in_a_fresh_process(tmp_path):
    script = Path(sys.executable).parent / "allfours"
    done = subprocess.run(
        [
            str(script),
            "simulate",
            "phat",
            "--deals",
            "2000",
            "--quiet",
            "--out",
            str(tmp_path / "x.parquet"),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert pq.read_metadata(tmp_path / "x.parquet").num_rows == 2000
    bad = allfours("simulate", "phat", "--deals", "-1")
    assert bad.returncode == 2 and "must be at least 1" in bad.stderr


def test_help_teaches_with_examples():
    done = allfours("simulate", "--help")
    assert done.returncode == 0
    assert "--variant NAME=VALUE" in done.stdout and "examples:" in done.stdout


def test_each_command_is_defined_beside_its_handler():
    # Every subcommand's parser comes from the module whose `run` handles it, and that
    # module's `add` alone makes the same parser: no option is added anywhere else.
    parser = cli.build_parser()
    (subcommands,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    assert list(subcommands.choices) == [
        module.__name__.rpartition(".")[2] for module in cli.COMMANDS
    ]
    for module, (name, subparser) in zip(cli.COMMANDS, subcommands.choices.items(), strict=True):
        handler = subparser.get_default("handler")
        assert handler is module.run and handler.__module__ == module.__name__
        alone = argparse.ArgumentParser(prog="allfours").add_subparsers()
        module.add(alone)
        assert list(alone.choices) == [name]
        assert alone.choices[name].format_help() == subparser.format_help()


def test_the_command_line_starts_without_the_numeric_libraries():
    # The command modules import numpy, numba and pandas inside their handlers, so a
    # command's parser (and a bad option's error) comes without loading them.
    script = (
        "import sys; from sims.tools import cli; cli.build_parser(); "
        "print(sorted({'numpy', 'numba', 'pandas'} & set(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout == "[]\n", done.stderr


def test_each_dispatch_table_holds_exactly_the_functions_of_its_games():
    # A kernel compiles only its table's strategies, so nothing of another game is there.
    for table in set(TABLE_OF.values()):
        games = [game for game, of in TABLE_OF.items() if of == table]
        registered = {
            function
            for strategy in strategies()
            if strategy.game in games
            for function in (strategy.play, strategy.lead, strategy.bid)
            if function is not None
        }
        assert set(functions(table)) == registered
        assert len(functions(table)) == len(registered)
    with pytest.raises(StrategyError, match="unknown game 'bridge'"):
        register("anything", "bridge", "no such game", play=lead_long, lead=lead_long)
    # A function sits in one of a game's two deciders: it bids or it chooses cards.
    with pytest.raises(StrategyError, match="either bids or chooses cards"):
        register("both", "pitch", "a card player as a bidder", bid=lead_long)
    with pytest.raises(StrategyError, match="either bids or chooses cards"):
        register("both", "pitch", "a bidder as a lead policy", lead=threshold_bid)


def test_the_dispatcher_hands_parameters_only_to_functions_that_read_them():
    @njit
    def reads(view, params, rng):
        return view[0] + params[0]

    @njit
    def ignores(view, settings, rng):
        return view[0]

    @njit
    def passes_on(view, settings, rng):
        return reads(view, settings, rng)

    assert _reads_params(reads) and _reads_params(passes_on) and not _reads_params(ignores)
    source = _dispatcher_source({"pitch": functions("pitch")})
    cards, calls = source.split("def decide_pitch_calls(")
    for fid, function in enumerate(functions("pitch")):
        row = "params[kind, seat]" if _reads_params(function) else "NO_PARAMS"
        call = f"return pitch{fid}(view, {row}, rng)"
        # Each function sits in one decider: the calls' for a bidder, the cards' else.
        assert (call in calls, call in cards) == (
            (True, False) if bids(function) else (False, True)
        )
    assert _reads_params(threshold_bid) and not _reads_params(play_random)


def test_strategy_specs_combine_a_play_strategy_a_lead_policy_and_parameters():
    greedy = resolve("greedy", "phat")
    combined = resolve("random+lead_phat", "phat")
    alone = resolve("lead_high", "phat")
    tuned = resolve("greedy:guard_big_phat=0", "phat")
    assert greedy.lead_fid == functions("phat").index(lead_long)
    assert combined.play_fid == resolve("random", "phat").play_fid
    assert combined.lead_fid == functions("phat").index(lead_phat)
    assert alone.play_fid == greedy.play_fid
    assert alone.lead_fid == functions("phat").index(lead_high)
    assert greedy.play_params[0] == 1.0 and tuned.play_params[0] == 0.0
    assert tuned.lead_params[0] == 0.0  # greedy's own lead reads greedy's parameters


def test_pitch_simulate_writes_rows_for_its_sides_and_a_log_with_the_auction(tmp_path, capsys):
    out, log = tmp_path / "p.parquet", tmp_path / "p.jsonl"
    code, printed, _ = call(
        capsys,
        "simulate",
        "pitch",
        "--players",
        "6",
        "--variant",
        "partnership",
        "--variant",
        "teams=3",
        "--deals",
        "300",
        "--strategy",
        "threshold+greedy",
        "--out",
        str(out),
        "--log",
        str(log),
    )
    assert code == 0 and "bid made" in printed
    frame = pd.read_parquet(out)
    assert "won_2" in frame and "won_3" not in frame and "call_5" in frame
    meta = read_metadata(out)
    assert meta["rules"]["players"] == 6 and meta["rules"]["teams"] == 3
    first = json.loads(log.read_text().splitlines()[0])
    assert first["sides"] == [[0, 3], [1, 4], [2, 5]]
    assert [seat for seat, _ in first["bids"]][0] == (first["dealer"] + 1) % 6
    assert len(first["plays"]) == 36 and sum(first["result"]["won"]) <= 4
    assert first["rules"] == meta["rules"]


def test_pitch_games_stop_at_the_target_or_the_deal_cap(tmp_path, capsys):
    out = tmp_path / "g.parquet"
    code, printed, _ = call(
        capsys,
        "simulate",
        "pitch",
        "--games",
        "50",
        "--variant",
        "target=11",
        "--max-deals",
        "40",
        "--out",
        str(out),
    )
    assert code == 0 and "games stopped at the deal cap" in printed
    games = pd.read_parquet(tmp_path / "g.games.parquet")
    assert len(games) == 50 and games["deals"].max() <= 40
    finished = games[games["winner"] >= 0]
    assert len(finished) > 0
    assert read_metadata(out)["max_deals"] == 40


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["pitch", "--players", "5", "--variant", "partnership"], "partnership needs 4 or 6"),
        (["pitch", "--variant", "teams=3"], "teams=3 is the 6-player partnership"),
        (["pitch", "--players", "9"], "bad value '9' for variant 'players'"),
        (["pitch", "--variant", "target=10"], "one of 7, 11, 15, 21"),
        (["pitch", "--strategy", "lead_phat"], "unknown strategy 'lead_phat' for pitch"),
        (["phat", "--players", "4"], "phat has a fixed table"),
        (["phat", "--strategy", "threshold"], "unknown strategy 'threshold' for phat"),
    ],
)
def test_game_specific_errors(tmp_path, capsys, args, message):
    code, _, err = call(
        capsys, "simulate", *args, "--deals", "10", "--out", str(tmp_path / "x.parquet")
    )
    assert code == 2 and message in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["advise", "allfours", "--hand", "AH 2H KS 9S 4C 8D"],
            "advise serves cinch, pitch, tenpoint, not allfours; `allfours odds allfours` "
            "values a hand's choices",
        ),
        (["calibrate", "phat"], "calibrate serves cinch, pitch, not phat\n"),
        (["solve", "solowhist", "--hands", "AS"], "not solowhist\n"),
        (["advise", "nonesuch", "--hand", "AS"], "invalid choice: 'nonesuch'"),
    ],
)
def test_a_game_a_command_does_not_serve_is_refused_naming_those_it_does(capsys, args, message):
    code, out, err = call(capsys, *args)
    assert code == 2 and message in err and out == ""


def test_replay_of_a_pitch_deal_shows_the_auction(capsys):
    code, printed, _ = call(
        capsys, "replay", "pitch", "--players", "5", "--seed", "3", "--deal", "42"
    )
    assert code == 0
    assert "auction:" in printed and printed.count("trick ") == 6


QUICK_COUNTS = {"--deals": "200", "--games": "4", "--rounds": "1"}
# Deals of a command that needs others: compare's examples name search players, and
# calibrate fits a table from no fewer than 10,000 deals a round.
DEALS_OF = {"compare": "20", "calibrate": "10000"}


def _quick(line: str) -> list[str] | None:
    """A help example's arguments with its counts small (`QUICK_COUNTS`); None for one a
    test cannot run: `serve` waits for a browser, `--replace-shipped` rewrites the tables
    the package ships."""
    args = shlex.split(line)
    if args[0] == "serve" or "--replace-shipped" in args:
        return None
    counts = dict(QUICK_COUNTS, **{"--deals": DEALS_OF.get(args[0], QUICK_COUNTS["--deals"])})
    quick = [counts.get(before, arg) for before, arg in zip(["", *args[:-1]], args, strict=True)]
    if args[0] in ("odds", "advise", "calibrate") and "--deals" not in args:
        quick += ["--deals", counts["--deals"]]
    return quick


EXAMPLES = {  # every help example a test can run, with the arguments it runs with
    line: _quick(line.removeprefix("  allfours "))
    for module in cli.COMMANDS
    for line in examples(module.__name__.rpartition(".")[2]).splitlines()
    if line.startswith("  allfours ") and _quick(line.removeprefix("  allfours "))
}


@pytest.mark.parametrize("line", sorted(EXAMPLES))
def test_every_example_of_the_help_runs(line, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the files it names go to a fresh folder
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))  # and calibrate's tables
    (tmp_path / "results").mkdir()
    args = EXAMPLES[line]
    code, _, err = call(capsys, *args)
    assert code == 0, f"{' '.join(args)}: {err}"
