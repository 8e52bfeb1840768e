"""`allfours serve` through its HTTP client: every page, every refusal, the command line's
checks beside each field, and answers equal to `allfours advise`/`odds --json` for the
same seed; the queue, cancelling, and a closed page's query stopped."""

from __future__ import annotations

import json
import time

import numpy as np
import pytest
from fastapi.testclient import TestClient

from analysis.odds import hand_advice
from sims.core.options import OptionError
from sims.core.options import resolve as resolve_options
from sims.descriptors import game as describe
from sims.descriptors import names
from sims.run.runner import RunSpec, seat_strategies
from sims.tools.serve import jobs as jobs_module
from sims.tools.serve.app import allowed_hosts, answer_figure, create_app
from sims.tools.serve.forms import pages
from tests.conftest import call

HAND = "AS 2S 8D TD QH 4C"
WHIST = "AS KS QS JS 9S 7S AH KH 4H AD 8D 3C 2C"
ADVICE = {
    "hand": HAND,
    "seat": "3",
    "calls": "pass,2",
    "strategy": "greedy",
    "hand_strategy": "greedy",
    "deals": "640",
    "seed": "3",
}


@pytest.fixture
def client():
    with TestClient(create_app({"testserver"})) as test:
        yield test


def finish(client, job: dict, limit: float = 600) -> dict:
    """Poll a job until it stops."""
    end = time.monotonic() + limit
    status = job
    while status["state"] in ("queued", "running") and time.monotonic() < end:
        time.sleep(0.05)
        status = client.get(f"/api/jobs/{job['id']}").json()
    return status


def test_every_page_and_file_is_served(client):
    assert client.get("/").status_code == 200
    listed = client.get("/api/pages").json()
    assert {(p["kind"], p["game"]) for p in listed} == {
        ("advice", "pitch"),
        ("advice", "cinch"),
        ("odds", "pitch"),
        ("odds", "cinch"),
        ("odds", "phat"),
        ("odds", "don"),
        ("odds", "solowhist"),
        ("odds", "allfours"),
        ("advice", "tenpoint"),
        ("odds", "tenpoint"),
    }
    assert listed == pages()
    for page in listed:
        assert client.get(f"/{page['kind']}/{page['game']}").status_code == 200
        shown = client.get(f"/api/form/{page['kind']}/{page['game']}").json()
        assert shown["title"] == page["title"] and shown["hand_size"] > 0
    assert client.get("/advice/phat").status_code == 404  # Phat has no auction
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/..%2fapp.py").status_code == 404
    defaults = client.get("/api/form/advice/pitch").json()["defaults"]
    assert defaults["strategy"] == "calibrated+learned" and defaults["deals"] == 40_000
    # learned plays 4 seats, or 6 in partnership: 5 seats get the calibrated bidder and greedy.
    five = client.get("/api/form/advice/pitch", params={"players": 5}).json()["defaults"]
    assert five["strategy"] == "calibrated+greedy"


@pytest.mark.parametrize(
    ("players", "variants", "expected"),
    [
        (4, [], "calibrated+learned"),
        (4, ["partnership=true"], "calibrated+greedy"),
        (6, ["partnership=true"], "threshold+learned"),  # no fitted table for it
        (2, [], "greedy"),  # neither the table nor the network
        (7, [], "greedy"),
    ],
)
def test_the_default_players_are_the_strongest_that_play_the_table(
    client, players, variants, expected
):
    params = {"players": players, "variant": variants}
    defaults = client.get("/api/form/advice/pitch", params=params).json()["defaults"]
    assert defaults["strategy"] == defaults["hand_strategy"] == expected
    chosen = (*variants, f"players={players}")
    seat_strategies(RunSpec("pitch", 0, 0, seats=(expected,), variants=chosen))  # it plays


def test_the_form_names_a_table_the_rules_refuse_beside_its_field(client):
    def refused(game: str, params: dict) -> dict:
        return client.get(f"/api/form/advice/{game}", params=params).json()["rules_errors"]

    assert refused("tenpoint", {"players": 5}) == {
        "players": "partnership needs 4 or 6 players, not 5 (cut-throat: partnership=false)"
    }
    assert refused("tenpoint", {"players": 5, "variant": ["partnership=false"]}) == {}
    unknown = refused("pitch", {"variant": ["nope=1"]})  # its message lists "players"
    assert list(unknown) == ["variants"] and "no variant 'nope'" in unknown["variants"]


def test_other_hosts_and_other_sites_pages_are_refused():
    app = create_app(allowed_hosts("127.0.0.1", 8044))
    with TestClient(app, base_url="http://127.0.0.1:8044") as local:
        assert local.get("/").status_code == 200
        assert local.get("/", headers={"Host": "localhost:8044"}).status_code == 200
        assert local.get("/", headers={"Host": "evil.example:8044"}).status_code == 403
        sent = local.post(
            "/api/check/advice/pitch", json=ADVICE, headers={"Origin": "http://evil.example"}
        )
        assert sent.status_code == 403 and "another site" in sent.text
        own = local.post(
            "/api/check/advice/pitch", json=ADVICE, headers={"Origin": "http://127.0.0.1:8044"}
        )
        assert own.status_code == 200


def cli_error(capsys, *args: str) -> str:
    code, _, err = call(capsys, *args)
    assert code == 2
    return err.strip().removeprefix("allfours: error: ")


@pytest.mark.parametrize(
    ("change", "field", "cli"),
    [
        ({"hand": "AS 2S 8D TD QH 1C"}, "hand", ("--hand", "AS 2S 8D TD QH 1C")),
        ({"hand": "AS AS 8D TD QH 4C"}, "hand", ("--hand", "AS AS 8D TD QH 4C")),
        ({"hand": "AS 2S 8D TD QH"}, "hand", ("--hand", "AS 2S 8D TD QH")),
        ({"calls": "2,1"}, "calls", ("--calls", "2,1")),
        ({"calls": "pass,4"}, "calls", ("--calls", "pass,4")),
        ({"seat": "5", "calls": "pass,2,pass,pass"}, "seat", ("--seat", "5")),
        ({"trump": "X"}, "trump", ("--trump", "X")),
    ],
)
def test_bad_input_is_named_beside_its_field_as_the_command_line_names_it(
    client, capsys, change, field, cli
):
    sent = client.post("/api/ask/advice/pitch", json=ADVICE | change)
    assert sent.status_code == 422
    errors = sent.json()["errors"]
    assert list(errors) == [field]
    args = {"--hand": HAND, "--seat": "3", "--calls": "pass,2"}
    args |= dict(zip(cli[::2], cli[1::2], strict=True))
    if field == "seat":
        args["--calls"] = change["calls"]
    flat = [item for pair in args.items() for item in pair]
    assert errors[field] == cli_error(capsys, "advise", "pitch", "--quiet", *flat)
    assert not client.app.state.jobs.jobs  # nothing ran


@pytest.mark.parametrize("variants", [True, 3, 1.5, {"smudge": "true"}])
def test_rules_sent_as_neither_a_list_nor_a_text_are_refused_beside_them(client, variants):
    sent = client.post("/api/check/odds/pitch", json={"hand": HAND, "variants": variants})
    assert sent.status_code == 422
    assert sent.json()["errors"]["variants"] == "the rules must be a list of NAME=VALUE"


def test_too_many_deals_and_unknown_strategies_are_refused(client):
    errors = client.post("/api/ask/advice/pitch", json=ADVICE | {"deals": "900000"}).json()
    assert "more than 200,000" in errors["errors"]["deals"]
    errors = client.post("/api/ask/advice/pitch", json=ADVICE | {"strategy": "nonesuch"}).json()
    assert "nonesuch" in errors["errors"]["strategy"]
    errors = client.post("/api/ask/odds/pitch", json={"hand": HAND, "players": "9"}).json()
    assert "players" in errors["errors"]


def test_the_advice_page_gives_the_command_lines_numbers(client, capsys):
    job = client.post("/api/ask/advice/pitch", json=ADVICE).json()
    assert job["command"].startswith("allfours advise pitch --hand 'AS 2S 8D TD QH 4C' --seat 3")
    done = finish(client, job)
    assert done["state"] == "done", done
    args = job["command"].split(" ", 1)[1]
    import shlex

    code, out, _ = call(capsys, *shlex.split(args), "--quiet", "--json")
    assert code == 0
    assert done["answer"] == json.loads(out)
    assert done["advice"].startswith("recommended:")
    csv = client.get(done["csv"])
    assert csv.status_code == 200 and csv.text.splitlines()[0].startswith("call,trump,deals")
    chart = client.get(done["chart"])
    assert chart.status_code == 200 and chart.content[:4] == b"\x89PNG"


@pytest.mark.parametrize(("trump", "deals"), [("best", 300), ("S", 300), ("best", 1)])
def test_the_advice_chart_plots_each_call_with_the_trump_it_named(trump, deals):
    table = hand_advice("pitch", HAND, seat=3, calls="pass,2", trump=trump, deals=deals)
    axis = answer_figure({"kind": "advice", "table": table}).axes[0]
    labels = [label.get_text() for label in axis.get_yticklabels()]
    assert labels == [
        f"{call}{f' ({row.trump})' if row.trump != '-' else ''} (n = {deals})"
        for call, row in zip(table.index, table.itertuples(), strict=True)
    ]
    points = axis.lines[0].get_xdata()
    assert np.array_equal(points, table["E[score change]"].to_numpy())


@pytest.mark.parametrize(
    ("game", "form", "field"),
    [
        ("allfours", {"hand": HAND, "turned": "KH", "seat": "3", "players": "4"}, "seat"),
        ("solowhist", {"hand": WHIST, "turned": "7H", "seat": "4"}, "turned"),
        ("solowhist", {"hand": WHIST, "turned": "AS", "seat": "1"}, "turned"),
    ],
)
def test_a_query_refused_as_it_starts_names_its_field(client, game, form, field):
    job = client.post(f"/api/ask/odds/{game}", json=form | {"deals": "50", "strategy": "greedy"})
    job = job.json()
    done = finish(client, job)
    assert done["state"] == "failed" and done["field"] == field, done


@pytest.mark.parametrize(
    ("game", "form", "extra"),
    [
        ("pitch", {"hand": HAND, "seat": "2", "players": "3"}, ()),
        ("phat", {"hand": "9H 5H AH KH QH JH 9S 5S AS TS TD 9D 2C"}, ()),
        ("don", {"hand": "5H 9H AH KH 3H 5S AS 9C 2D"}, ()),
        ("allfours", {"hand": "AS KS QD 9C 6D 2C", "turned": "KH", "seat": "2"}, ()),
    ],
)
def test_the_odds_pages_give_the_command_lines_numbers(client, capsys, game, form, extra):
    job = client.post(
        f"/api/ask/odds/{game}", json=form | {"deals": "1500", "seed": "2", "strategy": "greedy"}
    ).json()
    done = finish(client, job)
    assert done["state"] == "done", done
    import shlex

    code, out, _ = call(capsys, *shlex.split(job["command"].split(" ", 1)[1]), "--quiet", "--json")
    assert code == 0 and done["answer"] == json.loads(out)
    assert client.get(done["chart"]).content[:4] == b"\x89PNG"


def test_a_full_queue_refuses_and_cancel_stops_the_work(client):
    queue = client.app.state.jobs
    learned = {"strategy": "calibrated+learned", "hand_strategy": "calibrated+learned"}
    slow = ADVICE | learned | {"deals": "200000"}
    first = client.post("/api/ask/advice/pitch", json=slow).json()
    waiting = [client.post("/api/ask/advice/pitch", json=slow) for _ in range(queue.max_waiting)]
    assert all(sent.status_code == 200 for sent in waiting)
    refused = client.post("/api/ask/advice/pitch", json=slow)
    assert refused.status_code == 429 and "busy" in refused.json()["errors"]["form"]
    for sent in waiting:
        client.post(f"/api/jobs/{sent.json()['id']}/cancel")
    while client.get(f"/api/jobs/{first['id']}").json()["state"] == "queued":
        time.sleep(0.05)
    client.post(f"/api/jobs/{first['id']}/cancel")
    stopped = finish(client, first, 60)
    assert stopped["state"] == "cancelled" and stopped["done"] < 200_000
    assert all(
        client.get(f"/api/jobs/{sent.json()['id']}").json()["state"] == "cancelled"
        for sent in waiting
    )


def test_a_query_whose_page_closed_stops(client, monkeypatch):
    monkeypatch.setattr(jobs_module, "IDLE_CANCEL", 0.5)
    learned = {"strategy": "calibrated+learned", "hand_strategy": "calibrated+learned"}
    job = client.post("/api/ask/advice/pitch", json=ADVICE | learned | {"deals": "200000"}).json()
    # Nobody asks after it; it stops at the end of a chunk (the first may wait for the
    # kernels to load), long before its 200,000 deals would be done.
    end = time.monotonic() + 120
    status = client.app.state.jobs.get(job["id"], touch=False).status()
    while status["state"] in ("queued", "running") and time.monotonic() < end:
        time.sleep(0.1)
        status = client.app.state.jobs.get(job["id"], touch=False).status()
    assert status["state"] == "cancelled" and status["why"] == "its page closed"
    assert status["done"] < 200_000


def test_the_command_listens_on_loopback_and_warns_of_any_other_address(capsys, monkeypatch):
    from sims.tools.commands import serve

    assert serve.loopback("127.0.0.1") and serve.loopback("localhost") and serve.loopback("::1")
    assert not serve.loopback("0.0.0.0") and not serve.loopback("192.168.1.5")
    assert allowed_hosts("192.168.1.5", 80) == {"192.168.1.5:80"}
    assert "[::1]:8044" in allowed_hosts("::1", 8044)
    started = []
    monkeypatch.setattr("uvicorn.run", lambda app, **where: started.append(where))
    code, out, err = call(capsys, "serve", "--host", "0.0.0.0", "--port", "8099")
    assert code == 0 and started == [{"host": "0.0.0.0", "port": 8099, "log_level": "warning"}]
    assert "open http://0.0.0.0:8099/" in out and "not a loopback address" in err
    code, out, err = call(capsys, "serve")
    assert "127.0.0.1:8044" in out and err == ""


def test_ten_point_pitch_s_odds_page_names_its_jokers_and_answers_as_the_command_line(
    client, capsys
):
    shown = client.get("/api/form/odds/tenpoint").json()
    assert shown["hand_size"] == 9
    hand = "AH JH JD HJ 3H 2H 5C 7S 9D"
    asked = {"hand": hand, "strategy": "greedy", "trump": "H", "deals": "300", "seed": "2"}
    job = client.post("/api/ask/odds/tenpoint", json=asked).json()
    assert f"--hand '{hand}'" in job["command"]
    done = finish(client, job)
    assert done["state"] == "done", done
    import shlex

    code, out, _ = call(capsys, *shlex.split(job["command"].split(" ", 1)[1]), "--quiet", "--json")
    assert code == 0
    assert done["answer"] == json.loads(out) and done["answer"]["hand"][3] == "HJ"


def _takes(game: str, players: int) -> bool:
    """Whether the rules of `game` accept `players` seats (with their other defaults)."""
    try:
        resolve_options(game, describe(game).rules.OPTIONS, [f"players={players}"])
    except OptionError:
        return False
    return True


@pytest.mark.parametrize("game", [g for g in names() if "players" in describe(g).rules.OPTIONS])
def test_the_players_list_offers_the_counts_the_rules_take(client, game):
    options = client.get(f"/api/form/odds/{game}").json()["options"]
    (players,) = [option for option in options if option["name"] == "players"]
    assert players["values"] == [n for n in range(1, 13) if _takes(game, n)]
    assert players["default"] in players["values"]


def test_a_page_says_its_games_note_without_the_command_lines_option_names(client, capsys):
    """A page's fields stand for the command's options: the game's note on the command,
    which the command's --help prints with the options named, names none on the page."""
    for page in pages():
        shown = client.get(f"/api/form/{page['kind']}/{page['game']}").json()["notes"]
        assert "--" not in shown, (page, shown)
    shown = client.get("/api/form/odds/allfours").json()["notes"]
    assert shown.startswith("All Fours: the card turned proposes trump; the hand is the elder")
    code, printed, _ = call(capsys, "odds", "--help")
    assert code == 0
    assert "All Fours: the card turned (--turned) proposes trump" in " ".join(printed.split())
