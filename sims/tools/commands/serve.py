"""`allfours serve`: the local web pages that answer questions at the table."""

from __future__ import annotations

import argparse
import ipaddress
import sys

from sims.tools.commands.common import UsageError, positive

DEFAULT_PORT = 8044


def add(commands: argparse._SubParsersAction) -> None:
    """Register `serve` and its options."""
    serve = commands.add_parser(
        "serve",
        help="local web pages: what to call, which trump or contract",
        description="Start a local web application whose pages answer the questions a player "
        "has at the table with the simulator's own functions: what a hand should call in an "
        "auction after the calls heard (as `allfours advise`), and the odds of a hand (as "
        "`allfours odds`). Each answer shows the command line that gives the same numbers. The "
        "server listens on 127.0.0.1 (this machine only) unless --host says otherwise; it answers "
        "only requests addressed to it by that address, and from its own pages.",
        epilog="examples:\n  allfours serve\n  allfours serve --port 8080\n",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    serve.set_defaults(handler=run)
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)"
    )
    serve.add_argument(
        "--port", type=positive, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})"
    )


def loopback(host: str) -> bool:
    """Whether `host` names this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl-C."""
    if args.port > 65535:
        raise UsageError(f"--port {args.port} is more than 65535")
    import uvicorn

    from sims.tools.serve.app import allowed_hosts, create_app

    host = args.host
    if not loopback(host):
        sys.stderr.write(
            f"allfours: warning: --host {host} is not a loopback address: other machines that "
            "reach it can use these pages and the CPU they run on\n"
        )
    shown = f"[{host}]" if ":" in host else host
    print(f"allfours serve: open http://{shown}:{args.port}/ (Ctrl-C stops it)", flush=True)
    app = create_app(allowed_hosts(host, args.port))
    uvicorn.run(app, host=host, port=args.port, log_level="warning")
    return 0
