"""`allfours advise`: what to call from a seat, after the calls heard so far."""

from __future__ import annotations

import argparse

from sims.tools.commands.common import (
    KEPT,
    add_game_argument,
    add_run_options,
    examples,
    positive,
    run_spec,
    up_to,
)


def add(commands: argparse._SubParsersAction) -> None:
    """Register `advise` and its options."""
    advise = commands.add_parser(
        "advise",
        help="what to call from a seat, after the calls heard so far",
        description="Hold one hand fixed at --seat (1 = the dealer's left; the dealer, seat = "
        "players, bids last) and deal the other hands at random from the rest of the deck, so "
        "that the earlier seats' bidders, seeing their hands, make exactly the --calls given. "
        "The deals are drawn by chains over the earlier seats' hands that keep every call heard "
        "(--sampler chain, the default: exact and quick however rare the calls), or by dealing "
        "whole deals and keeping those that fit (--sampler rejection: the share kept is "
        "printed). On the same deals, the hand then makes every call legal at its turn (pass, "
        "each legal bid, the dealer's steal or forced bid); the later seats bid and everyone "
        "plays by their strategies. Printed per call: P(the hand wins the contract), P(made | "
        "it won), the expected score change of its side and the paired difference from the "
        "best call, each with a 95% interval; then the call with the highest expected score "
        "change, and whether the best two can be told apart at this deal count.",
        epilog=examples("advise"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    advise.set_defaults(handler=run)
    add_game_argument(advise, "advice")
    advise.add_argument("--hand", required=True, help='the hand, e.g. "AS 2S 8D TD QH 4C"')
    advise.add_argument(
        "--seat",
        type=positive,
        required=True,
        help="the hand's seat counted from the dealer's left (the dealer is seat = players)",
    )
    advise.add_argument(
        "--calls",
        default="",
        help="the calls of the seats before it, in order, e.g. pass,2 (none when it speaks first)",
    )
    advise.add_argument(
        "--trump",
        help="the suit the hand pitches when it wins the contract (C D H S), or best: "
        "each suit the game lets it try (its guide says which), the table showing the best "
        "(default: its strategy chooses)",
    )
    advise.add_argument(
        "--deals",
        type=up_to(5_000_000, KEPT),
        default=20_000,
        help="deals kept, each played once per call (default 20000)",
    )
    advise.add_argument(
        "--sampler",
        choices=("chain", "rejection"),  # sims.run.queries.SAMPLERS (the parser loads no pandas)
        default="chain",
        help="how the deals that fit the calls are found: chain (default) or rejection",
    )
    advise.add_argument(
        "--max-tries",
        type=positive,
        default=0,
        help="--sampler rejection: the most deals dealt to find them (default 500 per deal kept)",
    )
    add_run_options(advise, hand_seat=True)
    advise.add_argument("--quiet", action="store_true", help="print no progress")
    advise.add_argument("--json", action="store_true", help="print the table as JSON")


def run(args: argparse.Namespace) -> int:
    """`advise GAME`: the game's descriptor deals conditioned on the calls heard and plays
    every legal call on the same deals."""
    from sims.run.conditional import parse_hand
    from sims.run.progress import wanted
    from sims.run.queries import AdviceQuery, call_name, counted, parse_calls
    from sims.tools import report
    from sims.tools.advise import advice_of

    declared = advice_of(args.game)
    spec = run_spec(args, args.deals, games=False)
    hand = parse_hand(args.hand, args.game, spec.rules)
    deck = spec.deck
    calls = parse_calls(args.calls)
    query = AdviceQuery(
        spec, hand, args.seat, calls, args.trump, args.max_tries, wanted(args.quiet), args.sampler
    )
    played = declared.play(query)
    heard = ", ".join(map(call_name, calls)) or "none"
    players = spec.layout.players
    if args.json:
        about = {
            "game": args.game,
            "hand": [deck.card_name(card) for card in hand],
            "seat": args.seat,
            "players": players,
            "calls": heard,
            "deals": played.accepted,
            "sampler": args.sampler,
            "dealt" if args.sampler == "rejection" else "hands_drawn": played.tries,
            "seed": args.seed,
            "seats": list(spec.seats),
            "rules": spec.rules,
        }
        print(report.advice_json(played.table, about, played.recommendation))
    else:
        deals = counted(played.accepted, "deal")
        if args.sampler == "rejection":
            found = f"{deals} kept of {played.tries:,} dealt ({played.accepted / played.tries:.2%})"
        else:
            fit = "fits" if played.accepted == 1 else "fit"
            found = f"{deals} that {fit} them (chains, {played.tries:,} hands drawn)"
        header = (
            f"{args.game} advice: hand {deck.format_cards(hand)} as seat {args.seat} of {players} "
            f"(the dealer is seat {players}), calls heard: {heard}; {found}, seed "
            f"{args.seed}, strategies {' '.join(spec.seats)}, rules {spec.rules}"
        )
        print(report.advice_text(played.table, header, played.advice))
    return 0
