"""`allfours solve`: the solver's value and best cards for a deal given as text, and clear
errors that name the problem."""

import pytest

from sims.engine.solver import solve_position
from sims.tools.solve import parse_deal
from tests.conftest import call

PITCH_HANDS = "AH JH 5H KS 3C 2D / QH 9H 4C 8D TS 2S / 3H KC TC 7D 6S 4S / 2H AC 9C 5D QS JS"


def test_solve_prints_the_value_the_best_cards_and_every_card(capsys):
    code, printed, _ = call(capsys, "solve", "pitch", "--hands", PITCH_HANDS, "--trump", "H")
    solution = solve_position(parse_deal("pitch", PITCH_HANDS, "H", 0))
    assert code == 0
    lines = printed.splitlines()
    assert lines[0] == f"{solution.value} points of the deal for side 0, seat 0 to play"
    # With Ace, Jack and 5 of trumps against the Queen, only the ace lead keeps all four
    # points: led first, the Jack or the 5 falls to the Queen.
    assert solution.value == 4 and lines[1] == "best: AH"
    assert lines[2].split()[:2] == ["AH", "4"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["pitch", "--hands", "AH JH / KS", "--trump", "H"], "equal size"),
        (["pitch", "--hands", PITCH_HANDS, "--trump", "X"], "bad trump 'X'"),
        (["pitch", "--hands", PITCH_HANDS.replace("QH", "AH"), "--trump", "H"], "AH"),
        (["phat", "--hands", "9H 5H / KH 3S / QH JS", "--trump", "H"], "give 4 hands"),
        (
            ["phat", "--hands", " / ".join(["2C 3C 4C 5C 6C 7C 8C"] * 4), "--trump", "C"],
            "at most 6 cards",
        ),
        (["pitch", "--hands", PITCH_HANDS, "--trump", "H", "--variant", "smudge=2"], "smudge"),
        (["tenpoint", "--hands", "AH KH", "--trump", "H"], "3 to 6 players: give a hand for each"),
        (["cinch", "--hands", "AH KH", "--trump", "H"], "played by 2, 3, 4, 5 or 6 players"),
    ],
)
def test_solve_refuses_bad_positions_with_status_2(capsys, args, message):
    code, printed, err = call(capsys, "solve", *args)
    assert code == 2 and printed == ""
    assert err.startswith("allfours: error:") and message in err and "Traceback" not in err
