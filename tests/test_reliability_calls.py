"""`--calls` of `allfours advise`: `0` is refused rather than heard as a pass, the words
taken are named, and the calls as the tables name them are read back."""

import pytest

from sims.run.queries import AdviceError, call_name, parse_calls
from tests.conftest import call

HAND = "AS 2S 8D TD QH 4C"


@pytest.mark.parametrize("calls", ["pass,0", "0", "bid 0", "00"])
def test_a_zero_call_is_refused_naming_the_words_taken(calls):
    with pytest.raises(AdviceError, match=r"give pass \(or p\) or a bid from 1 to 99"):
        parse_calls(calls)


def test_a_zero_call_on_the_command_line_is_refused_before_any_deal(capsys):
    code, out, err = call(
        capsys, "advise", "pitch", "--hand", HAND, "--quiet", "--seat", "3", "--calls", "pass,0"
    )
    assert code == 2 and out == ""
    assert "bad call '0'" in err and "pass or p" in err and "Traceback" not in err


def test_calls_are_read_as_written_and_as_the_tables_name_them():
    assert parse_calls("pass, P ,2") == (0, 0, 2)
    assert parse_calls(", ".join(call_name(code) for code in (0, 2, 3))) == (0, 2, 3)
    assert parse_calls((0, 4)) == (0, 4)
    assert parse_calls("10, bid 10") == (10, 10)
    assert parse_calls("") == ()
