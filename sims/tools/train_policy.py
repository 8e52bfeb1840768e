"""Train the learned policies' networks of every game that has them (its descriptor's
`Training`: the networks, the runs that train them, the folder they are read from): play
deals with `ismcts` at every seat, rebuild from the deal log the view of each card decision
that had a choice, and fit the network to pick the card `ismcts` picked, or, for the
networks with a teacher, the card a longer search chooses from the same view (a softmax
over the legal cards, cross-entropy, Adam). A tenth of the decisions is kept apart to
report how often the network agrees with its teacher on decisions it was not fitted to.

    python -m sims.tools.train_policy        # the shipped networks, about 40 minutes
    python -m sims.tools.train_policy --only NAME --scale 0.01 --out /tmp/net

The same command on the same machine writes the same networks.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np
from numba import njit, prange

from sims.core.rng import STREAM_TEACHER, stream_key
from sims.descriptors import Training, names
from sims.descriptors import game as describe
from sims.run.deal_log import play_order
from sims.run.output import atomic_path
from sims.run.replay import card_decisions, in_tricks
from sims.run.runner import RunResult, RunSpec, run
from sims.strategies import view as v
from sims.strategies.registry import TABLE_OF, functions, resolve


def networks() -> dict[str, tuple[Training, RunSpec]]:
    """Every network of every game with learned policies (`Game.training`), by name, with
    its game's training and the run that trains it."""
    found = {}
    for game in names():
        training = describe(game).training
        if training is not None:
            found |= {name: (training, spec) for name, spec in training.runs().items()}
    return found


HIDDEN = 32
STEPS = 6_000
BATCH = 2_048
RATE = 0.003
DECAY = 1e-5  # weight decay of the fit
HELD_OUT = 0.1


def decision_views(result: RunResult) -> Iterator[tuple[np.ndarray, int]]:
    """(the view, the card played) of every card decision of the run's logged deals that
    had more than one legal card, in play order: the view the deal loop showed, so that a
    player given it decides as it did in play (a search drawing from the deal's stream
    too). Trump is named by the opening lead."""
    spec = result.spec
    players = spec.layout.players
    training = spec.described.training
    game = spec.described.rules  # the rules module: its rules array, card values
    rules = game.rules_array(spec.rules)
    must_follow = spec.rules.get("must_follow", True)  # a game without the option: always
    size = spec.deck.size

    def taken(view: np.ndarray, seat: int, cards: int, trump: int) -> None:
        """The trick's card points to the side of the seat that took it."""
        points = sum(int(game.CARD_VALUES[trump, c]) for c in range(size) if cards >> c & 1)
        view[v.POINTS + view[v.SIDE_OF + seat]] += points

    for deal in range(len(result.table)):
        row = result.table[deal]
        order = play_order(int(row["pitcher"]), result.plays[deal], result.winners[deal], players)
        yield from card_decisions(
            training.first_view(spec, row, rules),
            in_tricks(order, players),
            [int(hand) for hand in result.hands[deal]],
            spec.deck,  # effective suits and trick ranks: a moved card follows its trump
            strict=must_follow,
            taken=taken if training.card_points else None,
        )


def rebuilt_views(result: RunResult) -> Iterator[tuple[np.ndarray, int]]:
    """The run's card decisions as `decision_views` gives them, by the game's own rebuild
    (`Training.views`) where it has one."""
    own = result.spec.described.training.views
    return own(result) if own is not None else decision_views(result)


def decision_features(
    result: RunResult, teacher: str | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per decision: the features of each legal card (up to a hand's size, in card order),
    which slots hold a card, and the slot of the card played, or of the card the search
    strategy `teacher` chooses from the same view (`teacher_cards`)."""
    features_of = result.spec.described.training.features
    hand_size = result.spec.layout.tricks
    deck_size = result.spec.deck.size
    rows, masks, views, cards = [], [], [], []
    features = np.empty(features_of.FEATURES)
    for view, card in rebuilt_views(result):
        table = np.zeros((hand_size, features_of.FEATURES), np.float32)
        mask = np.zeros(hand_size, bool)
        legal = [c for c in range(deck_size) if view[v.LEGAL] >> c & 1]
        for slot, candidate in enumerate(legal):
            features_of.card_features(view, candidate, features)
            table[slot] = features
            mask[slot] = True
        rows.append(table)
        masks.append(mask)
        views.append(view)
        cards.append(card)
    if teacher is not None:
        print(f"{len(views):,} decisions, each searched again by {teacher}", file=sys.stderr)
        cards = teacher_cards(result.spec, np.array(views), teacher)
    # A card's slot is the number of legal cards below it.
    chosen = [
        int(view[v.LEGAL] & ((1 << int(card)) - 1)).bit_count()
        for view, card in zip(views, cards, strict=True)
    ]
    return np.array(rows), np.array(masks), np.array(chosen)


def teacher_cards(spec: RunSpec, views: np.ndarray, teacher: str) -> np.ndarray:
    """The card the strategy `teacher` chooses from each of `views` (decisions of `spec`'s
    game and rules), decision n drawing from a stream of its own, (`spec.seed`, n); over
    numba's threads."""
    table = functions(TABLE_OF[spec.described.strategy_game])
    seat = resolve(teacher, spec.described.strategy_game, spec.rules)
    cards = np.empty(len(views), np.int64)
    _choose_all(
        views,
        table[seat.lead_fid],
        seat.lead_params,
        table[seat.play_fid],
        seat.play_params,
        spec.seed,
        cards,
    )
    return cards


@njit(parallel=True)
def _choose_all(views, lead, lead_params, play, play_params, seed, cards):
    """`teacher_cards`' loop: `lead` chooses the opening leads, `play` the other cards."""
    for n in prange(views.shape[0]):
        stream = np.array([stream_key(seed, n, STREAM_TEACHER)])
        if views[n, v.DECISION] == v.OPENING:
            cards[n] = lead(views[n], lead_params, stream)
        else:
            cards[n] = play(views[n], play_params, stream)


def _forward(network: list[np.ndarray], x: np.ndarray, mask: np.ndarray):
    """Hidden pre-activations, activations and the probabilities over the slots."""
    weights, biases, outputs = network
    hidden = x @ weights + biases
    active = np.maximum(hidden, 0)
    scores = np.where(mask, active @ outputs, -np.inf)
    scores -= scores.max(axis=1, keepdims=True)
    probabilities = np.exp(scores)
    probabilities /= probabilities.sum(axis=1, keepdims=True)
    return hidden, active, probabilities


def _loss(probabilities: np.ndarray, chosen: np.ndarray) -> float:
    return float(-np.log(probabilities[np.arange(len(chosen)), chosen] + 1e-12).mean())


def fit(
    x: np.ndarray,
    mask: np.ndarray,
    chosen: np.ndarray,
    *,
    hidden: int = HIDDEN,
    steps: int = STEPS,
    seed: int = 0,
) -> tuple[np.ndarray, dict[str, float]]:
    """The network (flat, as `policy_network` reads it) fitted to choose `chosen`, and its
    cross-entropy and agreement on the fitted decisions and on the held-out tenth."""
    rng = np.random.default_rng(seed)
    features = x.shape[2]
    order = rng.permutation(len(chosen))
    apart = max(1, int(len(chosen) * HELD_OUT))
    held, fitted = order[:apart], order[apart:]
    network = [
        (rng.standard_normal((features, hidden)) * np.sqrt(2 / features)).astype(np.float32),
        np.zeros(hidden, np.float32),
        (rng.standard_normal(hidden) * 0.1).astype(np.float32),
    ]
    first = [np.zeros_like(part) for part in network]
    second = [np.zeros_like(part) for part in network]
    for step in range(1, steps + 1):
        batch = rng.choice(fitted, min(BATCH, len(fitted)), replace=False)
        xb, mb, cb = x[batch], mask[batch], chosen[batch]
        hidden_in, active, probabilities = _forward(network, xb, mb)
        error = probabilities
        error[np.arange(len(cb)), cb] -= 1
        error /= len(cb)
        back = error[:, :, None] * network[2][None, None, :] * (hidden_in > 0)
        gradients = [
            np.einsum("nkf,nkh->fh", xb, back) + DECAY * network[0],
            back.sum(axis=(0, 1)),
            np.einsum("nk,nkh->h", error, active) + DECAY * network[2],
        ]
        for k, gradient in enumerate(gradients):
            first[k] = 0.9 * first[k] + 0.1 * gradient
            second[k] = 0.999 * second[k] + 0.001 * gradient * gradient
            mean = first[k] / (1 - 0.9**step)
            spread = np.sqrt(second[k] / (1 - 0.999**step))
            network[k] -= RATE * mean / (spread + 1e-8)
    report = {}
    for name, part in (("fitted", fitted), ("held_out", held)):
        probabilities = _forward(network, x[part], mask[part])[2]
        report[f"{name}_loss"] = _loss(probabilities, chosen[part])
        report[f"{name}_agreement"] = float((probabilities.argmax(axis=1) == chosen[part]).mean())
    report["held_out_random_agreement"] = float((1 / mask[held].sum(axis=1)).mean())
    return np.concatenate([part.ravel() for part in network]).astype(np.float64), report


def train(spec: RunSpec, teacher: str | None = None, steps: int = STEPS) -> tuple[np.ndarray, dict]:
    """Play `spec` with its deals logged and fit a network to it, to the cards played or
    to `teacher`'s choices: (the network, what was played and how well the network
    agrees with its teacher)."""
    result = run(spec, record=True, progress=True)
    x, mask, chosen = decision_features(result, teacher)
    network, report = fit(x, mask, chosen, steps=steps)
    about = {
        "played_by": spec.seats[0],
        "teacher": teacher or spec.seats[0],
        "seed": spec.seed,
        "deals": spec.count,
        "variants": list(spec.variants),
        "decisions": len(chosen),
        "features": x.shape[2],
        "hidden": HIDDEN,
        "steps": steps,
        **report,
    }
    return network, about


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m sims.tools.train_policy",
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    trained = networks()
    parser.add_argument(
        "--only", choices=sorted(trained), help="train this network only (default: every one)"
    )
    parser.add_argument(
        "--scale",
        type=float,
        default=1.0,
        help="share of the training deals to play (default 1: "
        + ", ".join(f"{spec.count:,} for {name}" for name, (_, spec) in trained.items())
        + "); smaller for a quick trial",
    )
    parser.add_argument(
        "--out",
        type=Path,
        help="folder for NAME.npy and NAME.json (default: the game's own networks folder "
        "in the package, which `learned` and `learned_ismcts` read)",
    )
    args = parser.parse_args(argv)
    if not 0 < args.scale <= 1:
        parser.error(f"--scale must be above 0 and at most 1, not {args.scale}")
    for name, (training, spec) in trained.items():
        if args.only not in (None, name):
            continue
        count = max(1, round(spec.count * args.scale))
        network, about = train(replace(spec, count=count), training.teachers.get(name))
        folder = args.out or training.folder
        folder.mkdir(parents=True, exist_ok=True)
        with atomic_path(folder / f"{name}.npy") as path, path.open("wb") as file:
            np.save(file, network)
        with atomic_path(folder / f"{name}.json") as path:
            path.write_text(json.dumps(about, indent=2, sort_keys=True) + "\n")
        print(
            f"{name}: {about['decisions']:,} decisions; agreement with {about['teacher']} on "
            f"the held-out tenth {about['held_out_agreement']:.1%} (a uniform choice: "
            f"{about['held_out_random_agreement']:.1%}); wrote {folder / name}.npy"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
