"""`allfours serve` in a real browser: Playwright drives Debian's Chromium (found on the
PATH, or at $ALLFOURS_CHROMIUM) against a server on a free loopback port. It clicks a hand,
a seat and the calls, runs a small advice and reads the table, the recommendation and the
chart from the page; a bad card shows its message beside the hand; cancel stops the work.
With $ALLFOURS_SCREENSHOTS set, the screenshots of docs/advisor.md are taken here, into
docs/images/. Without a Chromium the module is skipped, saying so."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("ALLFOURS_CHROMIUM") or next(
    (found for name in ("chromium", "chromium-browser") if (found := shutil.which(name))), None
)
if CHROMIUM is None:
    pytest.skip(
        "browser tests skipped: no Chromium found (apt-get install chromium)",
        allow_module_level=True,
    )

import uvicorn  # noqa: E402
from playwright.sync_api import expect, sync_playwright  # noqa: E402

from sims.tools.serve.app import allowed_hosts, create_app  # noqa: E402
from sims.tools.serve.forms import form  # noqa: E402
from tests.conftest import call  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "docs" / "images" if os.environ.get("ALLFOURS_SCREENSHOTS") else None
TIMEOUT = 240_000  # ms: the first query may wait for the kernels to load
DONE_IN = re.compile(r"^[\d,]+ deals in ([1-9]\d{0,2} ms|[1-9]\d*\.\d s)$")
expect.set_options(timeout=TIMEOUT)


@pytest.fixture(scope="module")
def server():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = create_app(allowed_hosts("127.0.0.1", port))
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    served = uvicorn.Server(config)
    thread = threading.Thread(target=served.run, daemon=True)
    thread.start()
    end = time.monotonic() + 30
    while not served.started and time.monotonic() < end:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", app
    served.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def page(browser):
    opened = browser.new_page(viewport={"width": 1100, "height": 900})
    opened.set_default_timeout(TIMEOUT)
    yield opened
    opened.close()


def open_form(page, address: str) -> None:
    """Open a form and wait until it is ready: it loads its defaults from the server and
    enables its Answer button once it has set them, so nothing typed before is overwritten."""
    page.goto(address)
    expect(page.locator("#go")).to_be_enabled()


def shoot(page, name: str) -> None:
    if SHOTS is not None:
        page.screenshot(path=str(SHOTS / f"advisor-{name}.png"), full_page=True)


def test_a_hand_a_seat_and_calls_clicked_give_the_table_advice_and_chart(server, page):
    address, _ = server
    open_form(page, f"{address}/advice/pitch")
    expect(page.locator("#title")).to_have_text("Auction Pitch: what should I call?")
    for card in ("AS", "2S", "8D", "TD", "QH", "4C"):
        page.click(f".card[data-card='{card}']")
    expect(page.locator("#hand-count")).to_have_text("6 of 6 cards")
    page.click("#table g[data-seat='3']")
    expect(page.locator("#seat-text")).to_contain_text("seat 3 of 4")
    page.click("#call-buttons button[data-call='pass']")
    page.click("#call-buttons button[data-call='2']")
    expect(page.locator("#calls")).to_have_value("pass,2")
    page.fill("#deals", "3000")
    page.click("#go")
    expect(page.locator("#answer-box")).to_be_visible()
    calls = page.locator("#answer tr[data-call]").evaluate_all(
        "rows => rows.map(r => r.dataset.call)"
    )
    assert set(calls) == {"pass", "bid 3", "bid 4"}
    expect(page.locator("#recommendation")).to_contain_text("recommended:")
    expect(page.locator("#command")).to_contain_text("allfours advise pitch --hand")
    page.wait_for_function("document.getElementById('chart').naturalWidth > 0")
    assert page.get_attribute("#csv", "href").endswith("/table.csv")
    shoot(page, "pitch")


def test_a_trump_tried_for_each_call_is_charted(server, page):
    address, _ = server
    open_form(page, f"{address}/advice/pitch")
    page.fill("#hand", "AS 2S 8D TD QH 4C")
    page.click("#table g[data-seat='3']")
    page.fill("#calls", "pass,2")
    page.select_option("#trump", "best")
    page.fill("#deals", "2000")
    page.click("#go")
    expect(page.locator("#answer-box")).to_be_visible()
    expect(page.locator("#command")).to_contain_text("--trump best")
    page.wait_for_function("document.getElementById('chart').naturalWidth > 0")


def test_a_bad_card_is_named_beside_the_hand(server, page):
    address, app = server
    open_form(page, f"{address}/advice/pitch")
    page.fill("#hand", "AS 2S 8D TD QH 1C")
    page.click("#go")
    expect(page.locator("#error-hand")).to_contain_text("1C")
    expect(page.locator("#answer-box")).to_be_hidden()


def test_cancel_stops_the_work(server, page):
    address, app = server
    open_form(page, f"{address}/advice/pitch")
    page.fill("#hand", "AH KH QH JH TH 2H")
    page.click("#table g[data-seat='4']")
    for _ in range(3):
        page.click("#call-buttons button[data-call='pass']")
    page.fill("#deals", "200000")
    page.click("#go")
    expect(page.locator("#progress")).to_contain_text("of 200,000 deals")
    page.click("#cancel")
    expect(page.locator("#progress")).to_contain_text("cancelled")
    stopped = [job for job in app.state.jobs.jobs.values() if job.total == 200_000]
    assert stopped and all(job.state == "cancelled" and job.done < 200_000 for job in stopped)


@pytest.mark.parametrize(
    ("game", "hand", "seat", "calls"),
    [
        ("cinch", "AH JH 9H 2H KS 7S 4C 8D 3D", "3", "7,pass"),
        ("tenpoint", "AH JH JD HJ 3H 2H 5C 7S 9D", "3", "pass,5"),
    ],
)
def test_the_advice_pages_of_cinch_and_ten_point_answer_as_the_command_does(
    server, page, capsys, game, hand, seat, calls
):
    address, _ = server
    open_form(page, f"{address}/advice/{game}")
    page.fill("#hand", hand)
    page.click(f"#table g[data-seat='{seat}']")
    page.fill("#calls", calls)
    page.fill("#deals", "2000")
    page.click("#go")
    expect(page.locator("#answer-box")).to_be_visible()
    shown = page.locator("#answer tr[data-call]").evaluate_all(
        "rows => rows.map(r => r.dataset.call)"
    )
    command = shlex.split(page.locator("#command").inner_text())
    assert command[:3] == ["allfours", "advise", game]
    assert "calibrated+learned" in command or "learned" in command  # the strongest cheap
    code, printed, err = call(capsys, *command[1:], "--json")
    assert code == 0, err
    answer = json.loads(printed)
    assert sorted(shown) == sorted(answer["calls"])
    expect(page.locator("#recommendation")).to_contain_text(
        f"recommended: {answer['recommendation']['call']}"
    )
    page.wait_for_function("document.getElementById('chart').naturalWidth > 0")
    if game == "cinch":  # the advice page docs/advisor.md shows for the family
        shoot(page, game)


def check_players_and_table(page, game: str) -> None:
    """Where the game has a players list, it offers the counts the game's rules take, and
    the table draws every label (the seats' numbers, "dealer") inside its frame."""
    (players,) = [o for o in form("odds", game)["options"] if o["name"] == "players"] or [None]
    if players is None:
        return
    offered = page.locator("#players option").evaluate_all("found => found.map(o => +o.value)")
    assert offered == players["values"]
    table = page.locator("#table").bounding_box()
    for label in page.locator("#table text").all():
        drawn = label.bounding_box()
        assert table["y"] <= drawn["y"]
        assert drawn["y"] + drawn["height"] <= table["y"] + table["height"]


@pytest.mark.parametrize(
    ("game", "hand", "turned"),
    [
        ("solowhist", "AS KS QS JS 9S 7S AH KH 4H AD 8D 3C 2C", "7H"),
        ("phat", "9H 5H AH KH QH JH 9S 5S AS TS TD 9D 2C", None),
        ("don", "5H 9H AH KH 3H 5S AS 9C 2D", None),
        ("allfours", "AH JH 5H KS 3C 2D", "7H"),
        ("cinch", "AH JH 9H 2H KS 7S 4C 8D 3D", None),
        ("tenpoint", "AH JH JD HJ 3H 2H 5C 7S 9D", None),
        ("pitch", "AH JH 5H KS 3C 2D", None),
    ],
)
def test_the_odds_pages_answer(server, page, game, hand, turned):
    address, _ = server
    open_form(page, f"{address}/odds/{game}")
    check_players_and_table(page, game)
    page.fill("#hand", hand)
    if turned:
        page.fill("#turned", turned)
    page.fill("#deals", "4000")
    page.click("#go")
    expect(page.locator("#answer-box")).to_be_visible()
    expect(page.locator("#recommendation")).to_contain_text("recommended")
    expect(page.locator("#command")).to_contain_text(f"allfours odds {game}")
    page.wait_for_function("document.getElementById('chart').naturalWidth > 0")
    # The time taken, in milliseconds under a second: a fast game's few deals take a few.
    expect(page.locator("#progress")).to_have_text(DONE_IN)
    if game in ("solowhist", "phat", "don", "allfours"):  # the odds pages docs/advisor.md shows
        shoot(page, game)


def test_the_rules_show_their_defaults_and_send_only_what_was_changed(server, page):
    address, _ = server
    open_form(page, f"{address}/advice/tenpoint")
    off_jack = page.locator("[data-option='off_jack']")
    expect(off_jack).to_be_checked()  # on by default: unchecking turns it off
    rob = page.locator("[data-option='rob']")
    listed = rob.locator("option").evaluate_all("found => found.map(o => o.value)")
    (option,) = [o for o in form("advice", "tenpoint")["options"] if o["name"] == "rob"]
    assert listed == option["values"] and rob.input_value() == option["default"]
    off_jack.uncheck()
    rob.select_option(option["values"][-1])
    for card in ("HJ", "LJ"):  # the jokers have buttons of their own
        page.click(f".card[data-card='{card}']")
    expect(page.locator("#hand")).to_have_value("HJ LJ")
    page.fill("#hand", "AH JH JD HJ 3H 2H 5C 7S 9D")
    page.click("#table g[data-seat='1']")
    page.fill("#deals", "1000")
    page.click("#go")
    expect(page.locator("#answer-box")).to_be_visible()
    command = page.locator("#command").inner_text()
    assert "--variant off_jack=false" in command
    assert f"--variant rob={option['values'][-1]}" in command
    assert "trey" not in command  # left at its default, not sent


def test_the_players_offered_follow_the_table_unless_changed(server, page):
    """The calibrated bidder has no table for a 6-player partnership, and the learned
    player plays 4 seats or 6 in partnership: the page offers what plays the table chosen,
    but keeps the players a user typed."""
    address, _ = server
    open_form(page, f"{address}/advice/pitch")
    strategy, hand = page.locator("#strategy"), page.locator("#hand_strategy")
    expect(strategy).to_have_value("calibrated+learned")
    page.select_option("#players", "5")
    expect(strategy).to_have_value("calibrated+greedy")
    hand.fill("threshold+greedy")
    page.select_option("#players", "6")
    page.locator("[data-option='partnership']").check()
    expect(strategy).to_have_value("threshold+learned")
    expect(hand).to_have_value("threshold+greedy")  # typed: kept
    page.select_option("#players", "2")
    expect(strategy).to_have_value("greedy")


def test_a_table_the_rules_refuse_is_named_as_soon_as_it_is_chosen(server, page):
    """Ten-point's partnership, on by default, takes 4 or 6 players: choosing 5 says so
    beside the players at once, and turning the partnership off clears it."""
    address, _ = server
    open_form(page, f"{address}/advice/tenpoint")
    page.select_option("#players", "5")
    expect(page.locator("#error-players")).to_have_text(
        "partnership needs 4 or 6 players, not 5 (cut-throat: partnership=false)"
    )
    page.locator("[data-option='partnership']").uncheck()
    expect(page.locator("#error-players")).to_have_text("")
