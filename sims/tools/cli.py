"""`allfours`: simulate deals, replay one exactly, bid odds of a hand, advice for a call
after the calls heard, fit a calibrated bidder, compare strategies on the same deals, list
strategies, measure speed.

Every input is checked before any work starts; a bad input prints one line naming the
problem and exits with status 2, and nothing is written.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

EXAMPLES = """\
examples:
  allfours simulate phat --deals 1000000 --seed 7 --out results/phat.parquet
  allfours simulate phat --deals 100000 --seats random,greedy,random,greedy
  allfours simulate phat --deals 100000 --strategy greedy+lead_phat --log deals.jsonl
  allfours simulate phat --games 10000 --variant target=121 --out results/games.parquet
  allfours simulate pitch --players 4 --deals 1000000 --seed 3 --strategy threshold+greedy
  allfours simulate pitch --players 6 --variant partnership --variant teams=3 --games 5000
  allfours simulate don --games 10000 --variant bonus=game6_high_low --variant game_tie=carry
  allfours simulate solowhist --deals 1000000 --strategy greedy --log whist.jsonl
  allfours replay phat --seed 7 --deal 12345
  allfours replay pitch --players 5 --seed 3 --deal 42
  allfours odds pitch --hand "AH JH 5H KS 3C 2D" --players 4 --seat 3
  allfours advise pitch --hand "AS 2S 8D TD QH 4C" --seat 3 --calls pass,2
  allfours calibrate pitch --players 5
  allfours compare phat --leads lead_long,lead_phat,lead_high --deals 200000
  allfours compare pitch --bids calibrated,threshold --games 20000
  allfours solve pitch --hands "AH JH 5H KS 3C 2D / QH 9H 4C 8D TS 2S / ..." --trump H
  allfours strategies
  allfours bench --json
"""

STRATEGY_HELP = (
    "strategy for every seat: a play strategy (random, greedy), optionally joined by '+' with "
    "an opening-lead policy (greedy+lead_phat) and, in Pitch, a bidder (threshold+random); "
    "what is not named comes from the play strategy (greedy if none); parameters as "
    "name:key=value (greedy:guard_big_phat=0, threshold:margin=0.5). `allfours strategies` "
    "lists them"
)


class UsageError(Exception):
    """A bad input found after parsing: reported like argparse's own errors (status 2)."""


def _whole(text: str) -> int:
    """Plain digits 0-9 (and a minus sign): argparse reports anything else."""
    from sims.core.options import parse_whole

    try:
        return parse_whole(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _positive(text: str) -> int:
    value = _whole(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value


def _up_to(limit: int, why: str = "") -> Callable[[str], int]:
    """A positive whole number no larger than `limit` (`why` says what bounds it)."""

    def parse(text: str) -> int:
        value = _positive(text)
        if value > limit:
            raise argparse.ArgumentTypeError(f"{text!r} is more than {limit:,}{why}")
        return value

    return parse


MAX_UNITS = 10**11  # deals or games of one run: far beyond a day's play
MAX_THREADS = 1024
IN_MEMORY_DEALS = 20_000_000  # rows kept in memory; more needs --aggregate or --out FOLDER
KEPT = " (every deal is kept in memory)"


def _path(text: str) -> Path:
    """A path as given, with a leading `~` expanded (here only, for every path option)."""
    return Path(text).expanduser()


def _non_negative(text: str) -> int:
    value = _whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must not be negative")
    return value


class _GamesWith:
    """The games whose descriptor has `field` (the tool that field serves), as argparse
    choices looked up only when a command parses or shows them: finding them imports
    every game, which would slow every start-up."""

    def __init__(self, field: str) -> None:
        self.field = field

    def __iter__(self) -> Iterator[str]:
        from sims.descriptors import serving

        return iter(serving(self.field))

    def __contains__(self, name: object) -> bool:
        return name in list(self)


def _add_run_options(parser: argparse.ArgumentParser) -> None:
    """Options that define a run's deals: seed, strategies and rule variants."""
    parser.add_argument("--seed", type=_non_negative, default=0, help="seed of the run (default 0)")
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--strategy", default="greedy", help=STRATEGY_HELP + " (default greedy)")
    who.add_argument("--seats", help="one strategy per seat, comma-separated, seat 0 first")
    _add_rule_options(parser)


def _add_rule_options(parser: argparse.ArgumentParser) -> None:
    """Options that choose the rules: variants and, in Pitch, the number of players."""
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="rule option as named in docs/rules.md, repeatable; an on/off option by its name "
        "alone (phat: target=N; pitch: partnership, teams=2|3, low_to_holder, must_follow, "
        "min_bid=1|2, target=7|11|15|21, smudge, win_needs_made; don: target=N, "
        "bonus=game8|game6_high_low|game5_high_low_jack, game_tie=none|carry; solowhist: "
        "unit=N)",
    )
    parser.add_argument(
        "--players", type=_positive, help="Pitch: number of seats, 2 to 7 (default 4)"
    )


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser, its games listed from the registered descriptors."""
    from sims.descriptors import names

    parser = argparse.ArgumentParser(
        prog="allfours",
        description="Monte Carlo strategy analysis for All Fours card games (Phat, Auction "
        "Pitch, Nine-card Don) and Solo Whist.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    simulate = commands.add_parser(
        "simulate",
        help="play many deals (or games) and summarise them",
        description="Play independent deals (in deal i the pitcher is seat i % 4 in Phat and "
        "Don, the "
        "dealer is seat i % players in Pitch) or whole games to the target, print a summary "
        "with 95% intervals, and optionally write the outcome table (Parquet), the deal log "
        "(JSON Lines) and a chart.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    simulate.add_argument("game", choices=names(), help="the game to play")
    size = simulate.add_mutually_exclusive_group()
    size.add_argument(
        "--deals", type=_up_to(MAX_UNITS), help="independent deals to play (default 100000)"
    )
    size.add_argument(
        "--games", type=_up_to(MAX_UNITS), help="whole games to play instead of single deals"
    )
    _add_run_options(simulate)
    simulate.add_argument(
        "--out",
        type=_path,
        help="FILE.parquet: the outcome table, one row per deal (with --games the per-game "
        "table goes beside it as FILE.games.parquet). A folder (a name without extension): "
        "a chunked dataset written chunk by chunk with a manifest, which --resume can finish "
        "after an interruption; read it with sims.run.dataset.read_rows(FOLDER), which checks "
        "every chunk against the manifest",
    )
    simulate.add_argument(
        "--resume",
        action="store_true",
        help="finish the run whose dataset is in the --out folder: play only its missing or "
        "damaged chunks (same game, seed, strategies, variants, size and chunk required)",
    )
    simulate.add_argument(
        "--aggregate",
        action="store_true",
        help="keep counters (bid success by bid and hand features, captures, ties, point "
        "histograms) instead of rows: memory does not grow with the deals; with --out FOLDER "
        "the counters of each chunk are written there",
    )
    simulate.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="play the chunks on Dask distributed: tcp://host:8786 joins a running scheduler, "
        "local[:N] starts N worker processes here; results are the same as without it",
    )
    simulate.add_argument("--log", type=_path, help="deal log, one JSON object per deal (.jsonl)")
    simulate.add_argument("--chart", type=_path, help="overview chart (.png, .svg or .pdf)")
    simulate.add_argument(
        "--force",
        action="store_true",
        help="replace existing --out FILE.parquet, --log and --chart files (without it an "
        "existing file is refused; a dataset folder is never replaced, only --resume'd)",
    )
    simulate.add_argument(
        "--connect-timeout",
        type=_up_to(3600),
        default=30,
        metavar="SECONDS",
        help="with --cluster ADDRESS: give up joining the scheduler after this long (default 30)",
    )
    simulate.add_argument(
        "--threads", type=_up_to(MAX_THREADS), help="threads to use (default: all cores)"
    )
    simulate.add_argument(
        "--chunk",
        type=_up_to(1 << 22, " (a chunk's rows are held in memory)"),
        default=1 << 18,
        help="deals per kernel call; changes speed, never results",
    )
    simulate.add_argument(
        "--first",
        type=_non_negative,
        default=0,
        help="index of the first deal (or game) of the run (default 0)",
    )
    simulate.add_argument(
        "--max-deals",
        type=_up_to(10_000),
        help="Pitch and Don with --games: stop a game after this many deals (default 200 in "
        "Pitch, 100 in Don); the summary reports games stopped so",
    )
    simulate.add_argument(
        "--stall",
        type=_positive,
        default=300,
        metavar="SECONDS",
        help="stop the run when no deal finishes for this long, a strategy that loops "
        "(default 300)",
    )
    simulate.add_argument("--quiet", action="store_true", help="print no progress and no summary")
    simulate.add_argument(
        "--progress",
        action="store_true",
        help="show the progress bar even when stderr is not a terminal",
    )
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")

    replay = commands.add_parser(
        "replay",
        help="replay one deal (or game) of a run trick by trick",
        description="Re-deal and re-play exactly one deal of a run: same seed, strategies and "
        "variants give the same cards, row and log as the run that produced it.",
    )
    replay.add_argument("game", choices=names(), help="the game of the run")
    which = replay.add_mutually_exclusive_group(required=True)
    which.add_argument("--deal", type=_non_negative, help="index of an independent deal")
    which.add_argument(
        "--game-index",
        type=_non_negative,
        metavar="GAME",
        help="index of a game of a --games run (shows all its deals)",
    )
    _add_run_options(replay)

    odds = commands.add_parser(
        "odds",
        help="bid odds of one known hand",
        description="Hold one hand fixed, deal the other hands at random from the rest of the "
        "deck and play each deal once per trump suit the hand could pitch (or the one given). "
        "Pitch: the hand sits at --seat (1 = the dealer's left; the dealer, seat = players, "
        "bids last) and pitches without an auction; printed per trump: P(won >= k) for k = "
        "1..4, P(High), P(Low), P(Jack), P(Game), the expected points won and the expected "
        "score change of each bid (made: +won, set: -bid), each with a 95% interval, then the "
        "recommended bid and trump. Phat: the hand is the pitcher; per trump the pitcher's "
        "side's expected points, P(Big Phat kept) and P(muck > 40). Solo Whist: the turned "
        "card is given (the dealer, seat 4, holds it) and the hand declares each contract in "
        "turn without an auction (Prop and Cop is left out: its result depends on who "
        "accepts); per contract P(made), the expected settlement and tricks, then the "
        "contract with the best expected settlement, or pass when none gains.",
        epilog="examples:\n"
        '  allfours odds pitch --hand "AH JH 5H KS 3C 2D" --players 4 --seat 3\n'
        '  allfours odds pitch --hand "AH JH 5H KS 3C 2D" --trump H --strategy random --json\n'
        '  allfours odds phat --hand "9H 5H AH KH QH JH 9S 5S AS TS TD 9D 2C"\n'
        '  allfours odds solowhist --hand "AS KS QS JS 9S 7S AH KH 4H AD 8D 3C 2C" --turned 7H\n',
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    odds.add_argument(
        "game", choices=_GamesWith("odds"), metavar="GAME", help="the game: %(choices)s"
    )
    odds.add_argument(
        "--hand", required=True, help='the hand, e.g. "AH JH 5H KS 3C 2D" (6 cards in Pitch, 13 '
        "in Phat and Solo Whist; 10H, lower case and suit symbols also read)",
    )  # fmt: skip
    odds.add_argument(
        "--seat", type=_positive,
        help="Pitch and Solo Whist: the hand's seat counted from the dealer's left (default 1; "
        "the dealer is seat = players; in Solo Whist the dealer if the hand holds the turned "
        "card)",
    )  # fmt: skip
    odds.add_argument("--turned", help="Solo Whist: the turned card, e.g. 7H (required there)")
    odds.add_argument(
        "--trump", default="best", help="the suit to pitch (C D H S), or best: every suit the "
        "hand holds (default)",
    )  # fmt: skip
    odds.add_argument(
        "--deals", type=_up_to(5_000_000, KEPT), default=200_000,
        help="deals per trump suit or contract (default 200000)",
    )  # fmt: skip
    _add_run_options(odds)
    odds.add_argument("--quiet", action="store_true", help="print no progress")
    odds.add_argument("--json", action="store_true", help="print the estimates as JSON")

    advise = commands.add_parser(
        "advise",
        help="what to call from a seat, after the calls heard so far",
        description="Hold one hand fixed at --seat (1 = the dealer's left; the dealer, seat = "
        "players, bids last), deal the other hands at random from the rest of the deck and keep "
        "a deal only if the earlier seats' bidders, seeing their hands, make exactly the --calls "
        "given (rejection sampling; the share kept is printed). On the same kept deals, the "
        "hand then makes every call legal at its turn (pass, each legal bid, the dealer's steal "
        "or forced bid); the later seats bid and everyone plays by their strategies. Printed per "
        "call: P(the hand wins the contract), P(made | it won), the expected score change of its "
        "side and the paired difference from the best call, each with a 95% interval; then the "
        "call with the highest expected score change, and whether the best two can be told "
        "apart at this deal count.",
        epilog="examples:\n"
        '  allfours advise pitch --hand "AS 2S 8D TD QH 4C" --seat 3 --calls pass,2\n'
        '  allfours advise pitch --hand "AH KH QH JH TH 2H" --seat 4 --calls pass,pass,pass\n'
        '  allfours advise pitch --hand "AS 2S 8D TD QH 4C" --seat 1 --trump best --json\n',
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    advise.add_argument(
        "game", choices=_GamesWith("advice"), metavar="GAME", help="the game: %(choices)s"
    )
    advise.add_argument("--hand", required=True, help='the hand, e.g. "AS 2S 8D TD QH 4C"')
    advise.add_argument(
        "--seat", type=_positive, required=True,
        help="the hand's seat counted from the dealer's left (the dealer is seat = players)",
    )  # fmt: skip
    advise.add_argument(
        "--calls", default="", help="the calls of the seats before it, in order, e.g. pass,2 "
        "(none when it speaks first)",
    )  # fmt: skip
    advise.add_argument(
        "--trump", help="the suit the hand pitches when it wins the contract (C D H S), or best: "
        "each suit it holds, the table showing the best (default: its strategy chooses)",
    )  # fmt: skip
    advise.add_argument(
        "--deals", type=_up_to(5_000_000, KEPT), default=20_000,
        help="deals kept, each played once per call (default 20000)",
    )  # fmt: skip
    advise.add_argument(
        "--max-tries", type=_positive, default=0,
        help="the most deals dealt to find them (default 500 per deal kept)",
    )  # fmt: skip
    _add_run_options(advise)
    advise.add_argument("--quiet", action="store_true", help="print no progress")
    advise.add_argument("--json", action="store_true", help="print the table as JSON")

    calibrate = commands.add_parser(
        "calibrate",
        help="fit the calibrated bidder's table by self-play",
        description="Fit the tables of the game's calibrated bidder (Pitch: `calibrated`) for "
        "the rules given. Each round plays --deals deals in which seat 0 calls at random among "
        "its legal calls and the other seats bid by the current table (by threshold in the "
        "first round), everyone playing greedy; each call's expected score change per "
        'position, high bid heard and hand class, estimated from them (README: "A bidder '
        'calibrated by simulation"), becomes the next table. Printed per round: '
        "the share of the decisions whose best call changed, what the old calls cost there by "
        "the new table (points per decision) and the mean change of the values. The fitting "
        "stops once that cost is below --tolerance, or after --rounds rounds. "
        "The table (and a .json of how it was made) goes to --out, by default a folder of "
        "the user's data; the `calibrated` bidder reads the tables shipped in the package, "
        "which only --replace-shipped replaces. The same command writes the same table; "
        "--deals is at least 10000.",
        epilog="examples:\n"
        "  allfours calibrate pitch --players 4\n"
        "  allfours calibrate pitch --players 4 --variant partnership --deals 2000000\n"
        "  allfours calibrate pitch --players 3 --rounds 2 --out my_tables --json\n"
        "  allfours calibrate pitch --players 4 --replace-shipped\n",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    calibrate.add_argument(
        "game", choices=_GamesWith("calibrate"), metavar="GAME", help="the game: %(choices)s"
    )
    calibrate.add_argument(
        "--deals", type=_up_to(MAX_UNITS), default=8_000_000,
        help="deals per round (default 8000000)",
    )  # fmt: skip
    calibrate.add_argument(
        "--rounds", type=_up_to(100), default=6, help="the most rounds (default 6)"
    )
    calibrate.add_argument(
        "--tolerance", type=float, default=0.005,
        help="stop once the changed decisions cost less than this, in points per decision "
        "(default 0.005)",
    )  # fmt: skip
    calibrate.add_argument("--seed", type=_non_negative, default=0, help="seed (default 0)")
    written = calibrate.add_mutually_exclusive_group()
    written.add_argument(
        "--out",
        type=_path,
        help="folder for the table (default: $XDG_DATA_HOME/allfours/calibrated/GAME, else "
        "~/.local/share/allfours/calibrated/GAME)",
    )
    written.add_argument(
        "--replace-shipped",
        action="store_true",
        help="write the table into the installed package, replacing the one the calibrated "
        "bidder reads",
    )
    _add_rule_options(calibrate)
    calibrate.add_argument("--quiet", action="store_true", help="print no progress")
    calibrate.add_argument("--json", action="store_true", help="print the rounds as JSON")

    compare = commands.add_parser(
        "compare",
        help="compare strategies on the same deals",
        description="Play the same deals (same seed) under each policy and report every pair's "
        "mean difference per deal with its paired standard error, and the matrix of them. "
        "--leads: every seat plays BASE+LEAD; the result is the pitcher's side's (Phat points "
        "with the muck bonus, Pitch score change). --strategies (or, in Pitch, --bids, each "
        "played as BID+BASE): for every pair, one takes the sides of even index and the other "
        "the rest, then they swap on the same deals; the result is a's mean per side minus b's, "
        "and in Pitch also by role: as the pitcher's side and as a defending side.",
        epilog="examples:\n"
        "  allfours compare phat --leads lead_long,lead_phat,lead_high --deals 200000\n"
        "  allfours compare phat --strategies greedy,random --deals 100000 --json\n"
        "  allfours compare pitch --bids threshold,pass_unless_forced,random_bid --deals 100000\n"
        "  allfours compare pitch --bids calibrated,threshold --players 3 --games 20000\n"
        "  allfours compare pitch --leads lead_best,lead_best_low --base threshold+greedy\n"
        "  allfours compare pitch --strategies ismcts,pimc,greedy --deals 1500\n"
        "  allfours compare solowhist --strategies pimc,greedy --deals 10000\n",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    compare.add_argument("game", choices=names(), help="the game (with fixed sides or seatings)")
    policies = compare.add_mutually_exclusive_group(required=True)
    policies.add_argument("--leads", help="opening-lead policies, comma-separated")
    policies.add_argument("--strategies", help="whole strategies, comma-separated")
    policies.add_argument("--bids", help="Pitch bidders, comma-separated")
    compare.add_argument(
        "--base", default="greedy",
        help="the strategy the leads or bidders are joined to (default greedy)",
    )  # fmt: skip
    compare.add_argument(
        "--deals",
        type=_up_to(5_000_000, KEPT),
        default=100_000,
        help="deals per policy (default 100000)",
    )
    compare.add_argument(
        "--games", type=_up_to(5_000_000, KEPT),
        help="--strategies or --bids over whole games to the target instead of deals: a's "
        "share of the games won minus b's, the sides swapped on the same games",
    )  # fmt: skip
    compare.add_argument("--seed", type=_non_negative, default=0, help="seed (default 0)")
    _add_rule_options(compare)
    compare.add_argument("--quiet", action="store_true", help="print no progress")
    compare.add_argument("--json", action="store_true", help="print the comparison as JSON")

    solve = commands.add_parser(
        "solve",
        help="the exact (double-dummy) value of a deal with every hand known",
        description="Search a position with every hand known to the end of the deal "
        "(alpha-beta with a transposition table) and print what the maximising side wins "
        "when everyone plays perfectly, the best cards for the seat to play and the value "
        "after each of its cards. Pitch: whole deals (High, Low, Jack and Game; with more "
        "than two sides the other seats play together against the maximising one). Phat "
        "and Don: end positions of up to 6 cards a hand (the points still to be won, with "
        "the end-of-deal bonus from the cards given).",
        epilog="examples:\n"
        '  allfours solve pitch --hands "AH JH 5H KS 3C 2D / QH 9H 4C 8D TS 2S / '
        '3H KC TC 7D 6S 4S / 2H AC 9C 5D QS JS" --trump H --leader 0\n'
        '  allfours solve phat --hands "9H 5H AS / KH 3S 2C / QH JS 4C / AH TS 9C" '
        "--trump H --leader 1 --side 0\n",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    solve.add_argument(
        "game", choices=_GamesWith("solve"), metavar="GAME", help="the game: %(choices)s"
    )
    solve.add_argument(
        "--hands", required=True,
        help='every hand, seat 0 first, separated by "/" (the number of hands sets Pitch\'s '
        "players)",
    )  # fmt: skip
    solve.add_argument("--trump", required=True, help="trump suit: C D H S (or a suit symbol)")
    solve.add_argument(
        "--leader", type=_non_negative, default=0, help="seat that leads (default 0)"
    )
    solve.add_argument(
        "--side", type=_non_negative,
        help="side that maximises (cutthroat Pitch: a seat; else team 0 or 1; default the "
        "leader's)",
    )  # fmt: skip
    solve.add_argument(
        "--variant", action="append", default=[], metavar="NAME=VALUE",
        help="rule option, as for simulate (pitch: must_follow, low_to_holder, partnership, "
        "teams=3; don: bonus=...)",
    )  # fmt: skip

    commands.add_parser(
        "strategies",
        help="list the registered strategies",
        description="One strategy per line: name, games it plays, description.",
    )

    bench = commands.add_parser(
        "bench",
        help="measure deals/s and ns per card played",
        description="Measure the engine on Phat (random, greedy), 4-player Pitch (random, "
        "calibrated+greedy, threshold+greedy), Nine-card Don (random, greedy) and Solo Whist "
        "(random, greedy), on one thread and on all, against the plain-Python references in "
        "the same run; also a fresh process's start-up and the memory of a million rows. ns "
        "per card counts the cards played (a passed-out Solo Whist hand plays none).",
    )
    bench.add_argument("--deals", type=_positive, default=1_000_000, help="deals per timing")
    bench.add_argument(
        "--reference-deals",
        type=_positive,
        default=3000,
        help="deals for the plain-Python reference",
    )
    bench.add_argument("--repeats", type=_positive, default=3, help="timings kept: the best")
    bench.add_argument(
        "--aggregate-deals",
        type=_positive,
        default=10**8,
        help="Pitch deals of the --aggregate run whose peak memory is measured (default 10^8)",
    )
    bench.add_argument(
        "--search-deals",
        type=_positive,
        default=100,
        help="deals timed for each search player, pimc and ismcts, in Pitch and Phat "
        "(default 100: about a minute in all)",
    )
    bench.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    bench.add_argument(
        "--against",
        type=_path,
        metavar="DIR",
        help="instead, time every engine and search row of this checkout against the "
        "checkout in DIR (e.g. `git worktree add DIR OLD_COMMIT`), one thread, in "
        "alternating rounds; prints each row's median ratio. Only kernel time is compared",
    )
    bench.add_argument(
        "--rounds", type=_positive, default=6, help="rounds of --against (default 6)"
    )
    bench.add_argument(
        "--no-cold",
        dest="cold",
        action="store_false",
        help="skip timing a fresh process with an empty kernel cache (about 30 s)",
    )
    return parser


def _seats(args: argparse.Namespace) -> tuple[str, ...]:
    if args.seats:
        return tuple(label.strip() for label in args.seats.split(","))
    return (args.strategy,)


def _check_suffix(path: Path | None, allowed: Sequence[str], what: str) -> None:
    if path is not None and path.suffix.lower() not in allowed:
        raise UsageError(f"{what} {str(path)!r} must end in {' or '.join(allowed)}")


def _check_outputs(named: dict[str, Path | None], files: Sequence[Path], force: bool) -> None:
    """Refuse, before any work, output paths that could not be written: a name the file
    system cannot hold, a folder on the way that is a file, the same path twice, one
    output inside another, a folder where no file can be created (read-only, not ours), a
    folder where a file is to go, or an existing file (in `files`) without `force`: the
    run would end without its files, or replace one unasked."""
    from sims.run.output import check_writable

    paths = {what: path for what, path in named.items() if path is not None}
    for what, path in paths.items():
        text = str(path)
        if "\0" in text:
            raise UsageError(f"{what} {text!r} holds a NUL character")
        for part in path.parts:
            if len(os.fsencode(part)) > 255:
                raise UsageError(f"{what}: the name {part[:40]!r}... is longer than 255 bytes")
        for folder in path.absolute().parents:
            if folder.exists():
                if not folder.is_dir():
                    raise UsageError(f"{what} {text!r}: {str(folder)!r} is a file, not a folder")
                break
        if path in files and path.is_dir():
            raise UsageError(f"{what} {text!r} is a folder: give the name of a file")
        if path in files and (path.exists() or path.is_symlink()) and not force:
            raise UsageError(f"{what} {text!r} exists: give --force to replace it, or another name")
    resolved = {what: path.absolute() for what, path in paths.items()}
    for what, path in resolved.items():
        for other, other_path in resolved.items():
            if what < other and path == other_path:
                raise UsageError(f"{what} and {other} name the same path {str(path)!r}")
            if what != other and path in other_path.parents:
                raise UsageError(f"{other} {str(other_path)!r} lies inside {what} {str(path)!r}")
    for path in paths.values():
        check_writable(path)


def _variants(args: argparse.Namespace) -> tuple[str, ...]:
    """The --variant options, with --players as the variant players=N."""
    from sims.descriptors import game, names

    variants = tuple(args.variant)
    if args.players is not None:
        if "players" not in game(args.game).rules.OPTIONS:
            seated = [name for name in names() if "players" in game(name).rules.OPTIONS]
            raise UsageError(
                f"--players applies to {', '.join(seated)}; {args.game} has a fixed table"
            )
        variants += (f"players={args.players}",)
    return variants


def _spec(args: argparse.Namespace, count: int, games: bool):
    from sims.run.runner import RunSpec

    return RunSpec(
        args.game,
        args.seed,
        count,
        first=getattr(args, "first", 0),
        games=games,
        seats=_seats(args),
        variants=_variants(args),
        max_deals=getattr(args, "max_deals", None) or 0,
    )


def _is_folder(path: Path) -> bool:
    """Whether `path` is an existing folder; False for a name the system refuses (too
    long, say), which `_check_outputs` then reports."""
    try:
        return path.is_dir()
    except OSError:
        return False


def _simulate(args: argparse.Namespace) -> int:
    dataset = args.out is not None and (args.out.suffix == "" or _is_folder(args.out))
    as_file = args.out is not None and not dataset
    games_table = args.out.with_suffix(".games.parquet") if as_file and args.games else None
    if as_file:
        _check_suffix(args.out, [".parquet"], "--out (a file; a dataset folder has no extension)")
    _check_suffix(args.log, [".jsonl"], "--log")
    _check_suffix(args.chart, [".png", ".svg", ".pdf"], "--chart")
    files = [path for path in (args.log, args.chart, games_table) if path is not None]
    _check_outputs(
        {"--out": args.out, "--log": args.log, "--chart": args.chart, "the games table":
         games_table},
        files + [args.out] if as_file else files, args.force,
    )  # fmt: skip
    units = args.games or args.deals or 100_000
    if not (dataset or args.aggregate) and units > IN_MEMORY_DEALS:
        raise UsageError(
            f"{units:,} {'games' if args.games else 'deals'} would be kept in memory (at most "
            f"{IN_MEMORY_DEALS:,}): give --aggregate to keep counters only, or --out FOLDER to "
            "write them chunk by chunk"
        )
    if args.resume and not dataset:
        raise UsageError("--resume finishes a dataset: give its folder as --out")
    if (dataset or args.aggregate) and (args.log is not None or args.chart is not None):
        raise UsageError(
            "--log and --chart need every row in memory: not with --aggregate or a dataset "
            "folder (chart the dataset from sims.run.dataset.read_rows(FOLDER))"
        )
    if args.aggregate and args.out is not None and not dataset:
        raise UsageError("--aggregate writes counters to a folder: give --out FOLDER")
    games = args.games is not None
    spec = _spec(args, args.games if games else (args.deals or 100_000), games)
    from sims.run.backends import backend
    from sims.run.progress import wanted
    from sims.run.runner import seat_strategies

    seat_strategies(spec)
    progress = wanted(args.quiet, args.progress)
    cluster = backend(args.cluster, args.threads, args.connect_timeout)
    if not (args.quiet or args.json):  # at once: a slow strategy's run takes a while
        print(_header(spec), flush=True)
    try:
        if dataset or args.aggregate:
            return _simulate_in_chunks(args, spec, cluster, dataset, progress)
        from sims.run.runner import run

        result = run(
            spec, chunk=args.chunk, record=args.log is not None, progress=progress,
            backend=cluster, stall=args.stall,
        )  # fmt: skip
    finally:
        cluster.close()

    from sims.run.outcomes import game_frame, run_frame

    analysis = importlib.import_module(spec.described.analysis_module)
    deals = run_frame(result)
    per_game = game_frame(deals) if games else None
    if not args.quiet or args.json:
        tables = {"deals": analysis.summary(deals)}
        if per_game is not None:
            tables["games"] = analysis.games_summary(per_game)
        print(_format_summary(spec, len(deals), tables, args.json))
    _write_outputs(args, spec, result, deals, per_game)
    return 0


def _simulate_in_chunks(args: argparse.Namespace, spec, cluster, dataset: bool, progress) -> int:
    """A run kept as counters, or written chunk by chunk into a dataset folder: memory
    stays bounded whatever the number of deals, and the summary comes from the counters."""
    from analysis import counters
    from sims.run.dataset import count_run, write_run
    from sims.run.progress import Advance, progress_bar

    label = f"{spec.game} {spec.unit}"
    with progress_bar(spec.count, spec.unit[:-1], label, progress) as bar:
        advance = Advance(bar)
        options = {
            "size": args.chunk,
            "stall": args.stall,
            "on_chunk": lambda piece: advance.chunk(piece.count),
            "on_deals": advance.within if progress and not spec.games else None,
        }
        if dataset:
            totals = write_run(
                args.out, spec, cluster, aggregate=args.aggregate, resume=args.resume, **options
            )
        else:
            totals = count_run(spec, cluster, **options)
    if not args.quiet or args.json:
        tables = {"deals": counters.summary(spec.game, totals.counts)}
        if totals.lengths is not None:
            tables["games"] = counters.lengths_summary(spec.game, totals.lengths)
        print(_format_summary(spec, totals.deals, tables, args.json))
    return 0


def _header(spec) -> str:
    """The lines printed before a run plays: what is played, by whom, under which rules."""
    return (
        f"{spec.game}: {spec.count:,} {spec.unit}, seed {spec.seed}, strategies by seat: "
        f"{' '.join(spec.seats)}\nrules: {spec.rules}"
    )


def _format_summary(spec, rows: int, tables: dict, as_json: bool) -> str:
    """The summary printed after the run: its estimates as text (the header came first),
    or the whole run as JSON."""
    if as_json:
        from sims.tools import jsonout

        return jsonout.dumps(
            {"run": spec.metadata(), "rows": rows}
            | {
                name: table.reset_index().to_dict(orient="records")
                for name, table in tables.items()
            },
            indent=2,
        )
    lines = [f"{rows:,} deals played in {spec.count:,} games"] if spec.games else []
    for table in tables.values():
        lines.append(f"{'':<44}{'estimate':>10}   95% interval")
        for quantity, row in table.iterrows():
            if row["is_rate"]:
                lines.append(
                    f"{quantity:<44}{row['estimate']:>9.2%}   [{row['low']:.2%}, {row['high']:.2%}]"
                )
            else:
                lines.append(
                    f"{quantity:<44}{row['estimate']:>10.3f}   "
                    f"[{row['low']:.3f}, {row['high']:.3f}]"
                )
    return "\n".join(lines)


def _write_outputs(args, spec, result, deals, per_game) -> None:
    """Write every requested file, only after the whole run succeeded (and the chart is
    drawn, which can still fail, before any file is written), all together: a file that
    cannot be written, or a signal, leaves every file that was there as it was."""
    from sims.run.deal_log import write_log
    from sims.run.output import write_parquet, write_together

    figure = _chart(spec.game, deals) if args.chart is not None else None
    as_file = args.out is not None and per_game is not None
    games_table = args.out.with_suffix(".games.parquet") if as_file else None
    writers = {
        args.out: lambda path: write_parquet(deals, path, spec.metadata()),
        games_table: lambda path: write_parquet(per_game, path, spec.metadata()),
        args.log: lambda path: write_log(path, result),
        args.chart: lambda path: figure.savefig(
            path, dpi=120, format=args.chart.suffix[1:].lower()
        ),
    }
    write_together({path: write for path, write in writers.items() if path is not None})


def _chart(game: str, deals):
    """The overview chart of a run, as a matplotlib figure: `overview_chart` of the game's
    analysis module."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display needed
    from sims.descriptors import game as describe

    return importlib.import_module(describe(game).analysis_module).overview_chart(deals)


def _replay(args: argparse.Namespace) -> int:
    from sims.tools.replay import render, replay

    games = args.game_index is not None
    spec = _spec(args, 0, games)
    print(render(replay(spec, args.game_index if games else args.deal)))
    return 0


def _odds(args: argparse.Namespace) -> int:
    """`odds GAME`: the game's descriptor plays the conditional deals and says what to bid;
    the header and the JSON around its estimates are the same for every game."""
    from sims.core.cards import card_name, format_cards
    from sims.run.progress import wanted
    from sims.tools import report
    from sims.tools.odds import OddsQuery, odds_of, parse_hand

    declared = odds_of(args.game)
    hand = parse_hand(args.hand, args.game)
    _check_odds_options(args)
    run = _spec(args, args.deals, games=False)
    query = OddsQuery(run, hand, args.seat, args.trump, args.turned, wanted(args.quiet))
    played = declared.play(query)
    if args.json:
        about = (
            {"game": args.game, "hand": [card_name(card) for card in hand]} | played.about
            | {"deals": args.deals, "seed": args.seed, "seats": list(run.seats),
               "rules": run.rules}
        )  # fmt: skip
        print(report.odds_json(played.estimates, about, played.recommendation))
    else:
        header = (
            f"{args.game} odds: hand {format_cards(hand)} {played.where}; {args.deals:,} deals "
            f"per {played.estimates.index.names[0]}, seed {args.seed}, strategies "
            f"{' '.join(run.seats)}, rules {run.rules}"
        )
        print(report.odds_text(played.estimates, header, played.advice))
    return 0


def _advise(args: argparse.Namespace) -> int:
    """`advise GAME`: the game's descriptor deals conditioned on the calls heard and plays
    every legal call on the same deals."""
    from sims.core.cards import card_name, format_cards
    from sims.run.progress import wanted
    from sims.tools import report
    from sims.tools.advise import AdviceQuery, advice_of, call_name, parse_calls
    from sims.tools.odds import parse_hand

    declared = advice_of(args.game)
    hand = parse_hand(args.hand, args.game)
    if args.max_tries and args.max_tries < args.deals:
        raise UsageError(f"--max-tries ({args.max_tries}) must be at least --deals ({args.deals})")
    run = _spec(args, args.deals, games=False)
    calls = parse_calls(args.calls)
    query = AdviceQuery(run, hand, args.seat, calls, args.trump, args.max_tries, wanted(args.quiet))
    played = declared.play(query)
    heard = ", ".join(map(call_name, calls)) or "none"
    players = run.layout.players
    if args.json:
        about = {
            "game": args.game, "hand": [card_name(card) for card in hand], "seat": args.seat,
            "players": players, "calls": heard, "deals": played.accepted, "dealt": played.tries,
            "seed": args.seed, "seats": list(run.seats), "rules": run.rules,
        }  # fmt: skip
        print(report.advice_json(played.table, about, played.recommendation))
    else:
        header = (
            f"{args.game} advice: hand {format_cards(hand)} as seat {args.seat} of {players} "
            f"(the dealer is seat {players}), calls heard: {heard}; {played.accepted:,} deals "
            f"kept of {played.tries:,} dealt ({played.accepted / played.tries:.2%}), seed "
            f"{args.seed}, strategies {' '.join(run.seats)}, rules {run.rules}"
        )
        print(report.advice_text(played.table, header, played.advice))
    return 0


def _calibrate(args: argparse.Namespace) -> int:
    """`calibrate GAME`: the game's descriptor fits its calibrated bidder's table."""
    from sims.run.progress import wanted
    from sims.run.runner import RunSpec
    from sims.tools.calibrate import CalibrationQuery, calibration_of, user_tables

    fitting = calibration_of(args.game)
    if not 0 <= args.tolerance < 1:
        raise UsageError(f"--tolerance must lie in [0, 1) points, not {args.tolerance}")
    run = RunSpec(args.game, args.seed, args.deals, variants=_variants(args))
    folder = None if args.replace_shipped else args.out or user_tables(args.game)
    _check_outputs({"--out": folder}, [], force=False)
    query = CalibrationQuery(run, args.rounds, args.tolerance, folder, wanted(args.quiet))
    report = fitting(query)
    print(report.json() if args.json else report.text())
    return 0


def _check_odds_options(args: argparse.Namespace) -> None:
    """Refuse --turned, --trump or --seat where the game does not take it, naming the games
    that do (--turned is required where it applies)."""
    from sims.descriptors import serving
    from sims.tools.odds import odds_of

    declared = {name: odds_of(name) for name in serving("odds")}
    own = declared[args.game]
    turning = [name for name, odds in declared.items() if odds.turned]
    if own.turned and args.turned is None:
        raise UsageError(f"{args.game} needs --turned CARD, the card turned up for trump")
    if args.turned is not None and not own.turned:
        raise UsageError(f"--turned applies to {_listed(turning)} only, not to {args.game}")
    if args.trump != "best" and own.no_trump:
        taking = [name for name, odds in declared.items() if not odds.no_trump]
        raise UsageError(f"--trump applies to {_listed(taking)}; in {args.game} {own.no_trump}")
    if args.seat is not None and own.no_seat:
        taking = [name for name, odds in declared.items() if not odds.no_seat]
        raise UsageError(f"--seat applies to {_listed(taking)}; in {args.game} {own.no_seat}")


def _listed(names: Sequence[str]) -> str:
    """Names joined as in a sentence: `a`, `a and b`, `a, b and c`."""
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 2 else names)


ROLE_TEXT = {
    "pitcher": "the pitcher's side: a's mean result there minus b's, on the deals where each "
    "held it",
    "defender": "a defending side: a's mean result there minus b's",
}


def _compare(args: argparse.Namespace) -> int:
    from analysis.compare import difference_pairs, policy_means, policy_pairs
    from sims.run.progress import wanted
    from sims.run.runner import RunSpec
    from sims.tools import report
    from sims.tools.compare import game_trials, lead_trials, role_trials, scoring

    variants = _variants(args)
    probe = RunSpec(args.game, args.seed, 0, variants=variants)
    result = scoring(probe).result
    if args.bids is not None and not probe.described.auction:
        raise UsageError(f"--bids applies to games with an auction; {args.game} has no auction")
    listed = next(text for text in (args.leads, args.strategies, args.bids) if text is not None)
    names = [name.strip() for name in listed.split(",")]
    if len(names) < 2 or len(set(names)) != len(names):
        raise UsageError(f"give at least two different policies, comma-separated: {listed!r}")
    if args.leads is not None:
        labels = [f"{args.base}+{name}" for name in names]
    elif args.bids is not None:
        labels = [f"{name}+{args.base}" for name in names]
    else:
        labels = names
    for label in labels:  # check every strategy and the rules before any deal is played
        RunSpec(args.game, args.seed, 0, seats=(label,), variants=variants)
    show = wanted(args.quiet)

    def progress(what: str) -> None:
        if show:
            print(f"playing {what} ...", file=sys.stderr)

    if args.games is not None:
        if args.leads is not None:
            raise UsageError("--games compares --strategies or --bids, not --leads")
        trials = game_trials(
            args.game, labels, games=args.games, seed=args.seed, variants=variants,
            progress=progress,
        )  # fmt: skip
        means, pairs, roles = None, difference_pairs(trials), {}
        design = "sides swapped on the same games; result: a's share of the games won minus b's"
    elif args.leads is not None:
        trials = lead_trials(
            args.game, names, deals=args.deals, seed=args.seed, base=args.base,
            variants=variants, progress=progress,
        )  # fmt: skip
        means, pairs, roles = policy_means(trials), policy_pairs(trials), {}
        design = f"every seat plays {args.base}+LEAD; result: the pitcher's side's {result}"
    else:
        by_role = role_trials(
            args.game, labels, deals=args.deals, seed=args.seed, variants=variants,
            progress=progress,
        )  # fmt: skip
        means, pairs = None, difference_pairs(by_role.pop("all"))
        roles = {role: difference_pairs(trials) for role, trials in by_role.items()}
        design = f"sides swapped on the same deals; result: a's {result} per side minus b's"
    rules = probe.rules
    if args.json:
        about = {
            "game": args.game, "mode": "leads" if args.leads else "sides",
            **({"games": args.games} if args.games else {"deals": args.deals}),
            "seed": args.seed, "base": args.base, "rules": rules, "result": design,
        }  # fmt: skip
        print(report.compare_json(about, means, pairs, roles))
    else:
        unit = "game" if args.games else "deal"
        count = args.games or args.deals
        header = f"{args.game}: {count:,} {unit}s, seed {args.seed}, rules {rules}; {design}"
        print(report.compare_text(header, means, pairs, unit))
        for role, role_pairs in roles.items():
            print(report.role_text(f"\nas {ROLE_TEXT[role]}", role_pairs))
    return 0


def _solve(args: argparse.Namespace) -> int:
    from sims.tools.solve import main_solve

    print(main_solve(args.game, args.hands, args.trump, args.leader, args.variant, args.side))
    return 0


def _strategies(_: argparse.Namespace) -> int:
    """One line per strategy and description: a strategy that means the same in several
    games lists them together, one that differs by game gets a line per game."""
    from sims.strategies import strategies

    grouped: dict[tuple, list[str]] = {}
    for strategy in strategies():
        key = (strategy.name, strategy.kind, strategy.description, tuple(strategy.params.items()))
        grouped.setdefault(key, []).append(strategy.game)
    rows = sorted(
        (name, ",".join(games), kind, text, params)
        for (name, kind, text, params), games in grouped.items()
    )
    name_width = max(len(row[0]) for row in rows)
    games_width = max(len(row[1]) for row in rows)
    for name, games, kind, text, params in rows:
        shown = {"play": "play", "lead": "lead policy", "bid": "bidder"}[kind]
        settings = "".join(f" [{k}={v.default:g}: {v.allowed()}]" for k, v in params)
        print(f"{name:<{name_width}}  {games:<{games_width}}  {shown:<11}  {text}{settings}")
    return 0


def _bench(args: argparse.Namespace) -> int:
    from sims.tools import jsonout
    from sims.tools.bench import measure, report

    if args.against is not None:
        return _bench_against(args)

    figures = measure(
        args.deals, args.reference_deals, args.repeats, args.cold, args.aggregate_deals,
        args.search_deals,
    )  # fmt: skip
    print(jsonout.dumps(figures, indent=2) if args.json else report(figures))
    return 0


def _bench_against(args: argparse.Namespace) -> int:
    from sims.descriptors import game, names
    from sims.tools.bench_against import HEADER, compare

    if not (args.against / "sims").is_dir():
        raise UsageError(f"--against {str(args.against)!r}: no checkout there (no sims/ folder)")
    rows = [(g, s, args.deals) for g in names() for s in game(g).bench]
    rows += [(g, s, args.search_deals) for g in names() for s in game(g).bench_search]
    print(f"this checkout against {args.against}, {args.rounds} rounds, one thread; ns per "
          "card, the best round of each; change: the median of the paired ratios")  # fmt: skip
    print(HEADER)
    compare(args.against, rows, args.rounds)
    return 0


HANDLERS = {
    "simulate": _simulate,
    "replay": _replay,
    "odds": _odds,
    "advise": _advise,
    "calibrate": _calibrate,
    "compare": _compare,
    "solve": _solve,
    "strategies": _strategies,
    "bench": _bench,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command. Ctrl-C, SIGTERM and SIGHUP at any moment, start-up included, end
    it in one line with status 128 + the signal's number, leaving no partial file."""
    from sims.run.stopping import describe, signal_number, stop_on_termination

    try:
        with stop_on_termination():
            return _command(argv)
    except KeyboardInterrupt as stop:
        sys.stderr.write(f"allfours: {describe(stop)}; nothing was written\n")
        return 128 + signal_number(stop)


def _command(argv: Sequence[str] | None) -> int:
    """Parse the command line and run its command; every error ends in one line."""
    parser = build_parser()
    argv = sys.argv[1:] if argv is None else list(argv)
    for item in argv:  # argparse would take `--seed=--` as an empty list, unchecked
        option, equals, value = item.partition("=")
        if item.startswith("--") and equals and value == "--":
            parser.exit(2, f"allfours: error: {option} needs a value, not '--'\n")
    args = parser.parse_args(argv)
    from sims.core.cards import CardError
    from sims.core.options import OptionError
    from sims.run.output import OutputError
    from sims.run.runner import Interrupted, StrategyFault
    from sims.run.stopping import describe, signal_number
    from sims.strategies import StrategyError

    try:
        return HANDLERS[args.command](args)
    except (UsageError, OptionError, StrategyError, CardError, ValueError) as error:
        parser.exit(2, f"allfours: error: {error}\n")
    except (StrategyFault, OutputError) as error:
        parser.exit(1, f"allfours: {error}\n")
    except OSError as error:  # a file it reads, or the system refusing a resource
        where = f"{error.filename}: " if error.filename else ""
        parser.exit(1, f"allfours: {where}{error.strerror or error}\n")
    except Interrupted as stopped:
        parser.exit(
            128 + signal_number(stopped.stop),
            f"allfours: {describe(stopped.stop)}: {stopped.done} of {stopped.total} chunks "
            f"are written in {stopped.directory}; run the same command with --resume to "
            "finish the rest\n",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
