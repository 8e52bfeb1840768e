"""Error messages repeat a bad text cut to a short prefix with an ellipsis and its length:
a 15,000-character --hand (or label, variant, call, address) is refused in one short line."""

import pytest

from sims.core.cards import CardError, parse_cards
from sims.core.options import OptionError, quoted
from sims.core.options import resolve as resolve_options
from sims.descriptors import game as describe
from sims.run.backends import ClusterError, backend
from sims.run.queries import AdviceError, parse_calls
from sims.strategies import StrategyError, resolve
from tests.conftest import call

LONG = "Z" * 15_000
SHORT = 300  # characters: a message that long still reads as one line


def test_quoted_cuts_a_long_text_and_keeps_a_short_one():
    assert quoted("AH") == "'AH'"
    assert quoted(LONG) == f"'{'Z' * 40}'... (15,000 characters)"


@pytest.mark.parametrize(
    ("refuse", "error"),
    [
        (lambda: parse_cards(f"AH KH {LONG}"), CardError),
        (lambda: parse_cards("AH " * 5_000), CardError),
        (
            lambda: resolve_options("phat", describe("phat").rules.OPTIONS, [f"target={LONG}"]),
            OptionError,
        ),
        (lambda: resolve_options("phat", describe("phat").rules.OPTIONS, [LONG]), OptionError),
        (lambda: resolve(LONG, "phat"), StrategyError),
        (lambda: resolve(f"greedy:guard_big_phat={LONG}", "phat"), StrategyError),
        (lambda: resolve(f"greedy:{LONG}=1", "phat"), StrategyError),
        (lambda: parse_calls(f"pass,{LONG}"), AdviceError),
        (lambda: backend(LONG), ClusterError),
        (lambda: backend(f"local:{LONG}"), ClusterError),
    ],
    ids=[
        "card",
        "twice",
        "variant value",
        "variant",
        "strategy",
        "value",
        "parameter",
        "call",
        "cluster",
        "workers",
    ],
)
def test_a_long_bad_text_is_echoed_cut_short(refuse, error):
    with pytest.raises(error) as refused:
        refuse()
    message = str(refused.value)
    assert len(message) < SHORT, message
    assert "characters)" in message


def test_a_long_bad_hand_is_refused_in_one_short_line(capsys):
    code, out, err = call(capsys, "odds", "pitch", "--hand", f"AH KH {LONG}", "--quiet")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and len(err) < SHORT, err[:400]
    assert "'ZZZZ" in err and "... (15,000 characters)" in err
