"""`allfours odds`: the odds of one known hand's choices, the other hands dealt at random."""

from __future__ import annotations

import argparse

from sims.tools.commands.common import (
    KEPT,
    UsageError,
    add_game_argument,
    add_run_options,
    examples,
    notes,
    positive,
    run_spec,
    up_to,
)


def add(commands: argparse._SubParsersAction) -> None:
    """Register `odds` and its options."""
    odds = commands.add_parser(
        "odds",
        help="odds of one known hand's choices (bid, trump, beg or stand)",
        description="Hold one hand fixed, deal the other hands at random from the rest of the "
        "deck and play each deal once per choice the hand has (each trump suit it could "
        "name, or the one given; each contract it could declare; what its seat chooses "
        "before play); print the estimates with 95% intervals and the choice they recommend."
        + notes("odds"),
        epilog=examples("odds"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    odds.set_defaults(handler=run)
    add_game_argument(odds, "odds")
    odds.add_argument(
        "--hand",
        required=True,
        help='the hand, e.g. "AH JH 5H KS 3C 2D", as many cards as the game deals (10H, lower '
        "case and suit symbols also read)",
    )
    odds.add_argument(
        "--seat",
        type=positive,
        help="the hand's seat counted from the dealer's left, where the game seats it (default "
        "1; the dealer is seat = players, and the dealer where the hand holds the turned card)",
    )
    odds.add_argument(
        "--turned", help="the turned card, e.g. 7H, in a game that turns one (required there)"
    )
    odds.add_argument(
        "--trump",
        default="best",
        help="the trump suit the hand names (C D H S), or best: every suit it holds (default)",
    )
    odds.add_argument(
        "--deals",
        type=up_to(5_000_000, KEPT),
        default=200_000,
        help="deals per choice (default 200000)",
    )
    add_run_options(odds, hand_seat=True)
    odds.add_argument("--quiet", action="store_true", help="print no progress")
    odds.add_argument("--json", action="store_true", help="print the estimates as JSON")


def run(args: argparse.Namespace) -> int:
    """`odds GAME`: the game's descriptor plays the conditional deals and says what to bid;
    the header and the JSON around its estimates are the same for every game."""
    from sims.run.conditional import parse_hand
    from sims.run.progress import wanted
    from sims.run.queries import OddsQuery, counted
    from sims.tools import report
    from sims.tools.odds import odds_of, odds_refusal

    declared = odds_of(args.game)
    refusal = odds_refusal(args.game, args.seat, args.trump, args.turned)
    if refusal:
        raise UsageError(refusal)
    spec = run_spec(args, args.deals, games=False)
    hand = parse_hand(args.hand, args.game, spec.rules)
    deck = spec.deck
    query = OddsQuery(spec, hand, args.seat, args.trump, args.turned, wanted(args.quiet))
    played = declared.play(query)
    if args.json:
        about = (
            {"game": args.game, "hand": [deck.card_name(card) for card in hand]}
            | played.about
            | {
                "deals": args.deals,
                "seed": args.seed,
                "seats": list(spec.seats),
                "rules": spec.rules,
            }
        )
        print(report.odds_json(played.estimates, about, played.recommendation))
    else:
        deals = counted(args.deals, "deal")
        header = (
            f"{args.game} odds: hand {deck.format_cards(hand)} {played.where}; "
            f"{deals} per {played.estimates.index.names[0]}, seed {args.seed}, "
            f"strategies {' '.join(spec.seats)}, rules {spec.rules}"
        )
        print(report.odds_text(played.estimates, header, played.advice))
    return 0
