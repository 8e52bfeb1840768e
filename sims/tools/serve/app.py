"""`allfours serve`: a local web application (FastAPI on uvicorn) whose pages answer the
questions a player has at the table with the project's own functions: the game's advice
(`Game.advice`) and odds (`Game.odds`), the tables and advice lines the command line
prints (`sims.tools.report`), the charts in the house style (`analysis.plots`).

Safety: a request whose Host is not the server's own address, or whose Origin is another
site's, is refused (a local server is otherwise open to any page the user visits); deals
and waiting queries are limited; no path or file name is ever taken from a request (the
page files are named in this module, the jobs by random ids looked up in memory).
"""

from __future__ import annotations

import io
import json
from importlib import resources
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import FastAPI, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from sims.tools.serve import forms
from sims.tools.serve.jobs import Busy, Jobs

if TYPE_CHECKING:
    from matplotlib.figure import Figure

STATIC = {  # every file the pages load, by the name they load it under
    "app.js": "application/javascript",
    "style.css": "text/css",
}
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _asset(name: str) -> str:
    return resources.files("sims.tools.serve").joinpath("static", name).read_text("utf-8")


class SameOrigin:
    """Refuse a request whose Host header is not one of `hosts`, or whose Origin (sent by
    browsers with every request a page makes to another site) is not `http://` one of
    them: another site's page, or a name rebound to this machine, gets nothing."""

    def __init__(self, app: ASGIApp, hosts: set[str]) -> None:
        self.app, self.hosts = app, hosts
        self.state = getattr(app, "state", None)  # the application's (its queue)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
            host = headers.get("host", "")
            origin = headers.get("origin")
            problem = ""
            if host not in self.hosts:
                problem = f"refused: this server answers only to {', '.join(sorted(self.hosts))}"
            elif origin is not None and origin not in {f"http://{h}" for h in self.hosts}:
                problem = "refused: a request from another site's page"
            if problem:
                response = Response(problem, status_code=403, media_type="text/plain")
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def allowed_hosts(host: str, port: int) -> set[str]:
    """The Host headers of requests to this server: its address, and the loopback names
    when it listens on loopback (or on every address: then give --host the address the
    other machines use, for theirs to be answered)."""
    names = {host}
    if host in LOOPBACK or host in ("0.0.0.0", "::"):
        names |= {"127.0.0.1", "localhost", "[::1]"}
    shown = {f"[{n}]" if ":" in n and not n.startswith("[") else n for n in names}
    return {f"{name}:{port}" for name in shown}


def create_app(hosts: set[str], jobs: Jobs | None = None) -> FastAPI:
    """The application, answering to the Host headers `hosts`."""
    app = FastAPI(title="allfours", docs_url=None, redoc_url=None, openapi_url=None)
    work = jobs or Jobs(forms.failure)
    app.state.jobs = work

    @app.get("/", response_class=HTMLResponse)
    def index() -> str:
        return _asset("index.html")

    @app.get("/static/{name}")
    def static(name: str) -> Response:
        if name not in STATIC:
            raise HTTPException(404, "no such file")
        return Response(_asset(name), media_type=STATIC[name])

    @app.get("/api/pages")
    def pages() -> list[dict[str, str]]:
        return forms.pages()

    @app.get("/api/form/{kind}/{game}")
    def form(
        kind: str,
        game: str,
        players: int | None = None,
        variant: Annotated[list[str] | None, Query()] = None,  # repeated: NAME=VALUE each
    ) -> dict[str, Any]:
        _known(kind, game)
        return forms.form(kind, game, players, tuple(variant or ()))

    @app.exception_handler(forms.Invalid)
    async def invalid(request: Request, error: forms.Invalid) -> JSONResponse:
        """A form that does not check: each field's problem, shown beside the field."""
        return JSONResponse({"errors": error.errors}, status_code=422)

    @app.post("/api/check/{kind}/{game}")
    async def check(kind: str, game: str, request: Request) -> JSONResponse:
        _known(kind, game)
        query = forms.check(kind, game, await _body(request))
        return JSONResponse({"errors": {}, "command": query.command})

    @app.post("/api/ask/{kind}/{game}")
    async def submit(kind: str, game: str, request: Request) -> JSONResponse:
        _known(kind, game)
        query = forms.check(kind, game, await _body(request))

        def runner(job):
            def run(progress) -> dict[str, Any]:
                def sized(total: int) -> None:
                    job.total = total

                return query.play(progress, sized) | {"kind": kind, "game": game}

            return run

        try:
            job = work.submit(runner, query.total, query.command)
        except Busy as busy:
            return JSONResponse({"errors": {"form": str(busy)}}, status_code=429)
        return JSONResponse(job.status(work.position(job)))

    @app.get("/api/jobs/{job_id}")
    def status(job_id: str) -> dict[str, Any]:
        job = _job(job_id)
        shown = job.status(work.position(job) if job.state == "queued" else 0)
        if job.state == "done":
            shown |= {
                "answer": json.loads(job.result["json"]),
                "advice": job.result["advice"],
                "csv": f"/api/jobs/{job.id}/table.csv",
                "chart": f"/api/jobs/{job.id}/chart.png",
            }
        return shown

    @app.post("/api/jobs/{job_id}/cancel")
    def cancel(job_id: str) -> dict[str, Any]:
        job = _job(job_id, touch=False)
        job.cancel("cancelled on its page")
        if job.state == "queued":
            job.state = "cancelled"
        return job.status()

    @app.get("/api/jobs/{job_id}/table.csv")
    def table(job_id: str) -> Response:
        job = _done(job_id)
        text = job.result["table"].to_csv()
        name = f"allfours-{job.result['kind']}-{job.result['game']}.csv"
        headers = {"Content-Disposition": f'attachment; filename="{name}"'}
        return Response(text, media_type="text/csv", headers=headers)

    @app.get("/api/jobs/{job_id}/chart.png")
    def chart(job_id: str) -> Response:
        job = _done(job_id)
        return Response(_chart(job.result), media_type="image/png")

    @app.get("/{kind}/{game}", response_class=HTMLResponse)  # last: after /api/ and /static/
    def page(kind: str, game: str) -> str:
        _known(kind, game)
        return _asset("page.html")

    def _job(job_id: str, touch: bool = True):
        job = work.get(job_id, touch=touch)
        if job is None:
            raise HTTPException(404, "no such query (finished ones are kept a while)")
        return job

    def _done(job_id: str):
        job = _job(job_id)
        if job.state != "done":
            raise HTTPException(409, f"the query is {job.state}")
        return job

    return SameOrigin(app, hosts)  # type: ignore[return-value]


def _known(kind: str, game: str) -> None:
    if not any(p["kind"] == kind and p["game"] == game for p in forms.pages()):
        raise HTTPException(404, f"no {kind} page for {game}")


async def _body(request: Request) -> dict[str, Any]:
    try:
        data = await request.json()
    except ValueError:
        raise HTTPException(400, "the form must be sent as JSON") from None
    if not isinstance(data, dict):
        raise HTTPException(400, "the form must be a JSON object")
    return data


def answer_figure(result: dict[str, Any]) -> Figure:
    """The answer's chart in the house style: expected score change by call with 95%
    intervals (advice), or the first expected quantity by trump or contract (odds)."""
    import matplotlib

    matplotlib.use("Agg")
    import pandas as pd

    from analysis.plots.common import paired_differences

    table = result["table"]
    if result["kind"] == "advice":
        column = "E[score change]"
        shown = pd.DataFrame(
            {  # by position: the rows are labelled anew, with the trump each call named
                "difference": table[column].to_numpy(),
                "low": table[f"{column} low"].to_numpy(),
                "high": table[f"{column} high"].to_numpy(),
                "n": table["deals"].to_numpy(),
            },
            index=[
                f"{call}" + (f" ({trump})" if trump not in ("-", "") else "")
                for call, trump in zip(table.index, table["trump"], strict=True)
            ],
        )
        figure = paired_differences(
            shown, "estimate", "Expected score change of each call", "score change (points)"
        )
    else:
        quantities = table.index.get_level_values(1)
        quantity = next((q for q in quantities if q.startswith("E[")), quantities[0])
        rows = table[quantities == quantity]
        shown = pd.DataFrame(
            {
                "difference": rows["estimate"].to_numpy(),
                "low": rows["low"].to_numpy(),
                "high": rows["high"].to_numpy(),
                "n": rows["n"].to_numpy(),
            },
            index=[str(name) for name in rows.index.get_level_values(0)],
        )
        level = table.index.names[0]
        figure = paired_differences(
            shown, "estimate", f"{quantity} by {level}", f"{quantity}, as estimated"
        )
    return figure


def _chart(result: dict[str, Any]) -> bytes:
    """The answer's chart (`answer_figure`) as a PNG."""
    from matplotlib import pyplot as plt

    figure = answer_figure(result)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=110)
    plt.close(figure)
    return buffer.getvalue()
