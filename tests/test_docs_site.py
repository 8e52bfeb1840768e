"""The README and the documentation site say what the code does.

- The command-line reference (docs/reference/cli.md in the site) is generated from the
  parser by docs/hooks/allfours_docs.py; every command, option and example of the parser
  appears in it, so it cannot drift from `allfours --help`.
- Every link of the README to a file of the repository (and to a heading) resolves.
- Every code block of the README and of the user's guide (docs/guide/) marked as runnable
  runs, at the small size it shows, and exits 0. A block is marked by the HTML comment
  `<!-- runnable -->` on the line just before its opening fence (invisible on GitHub and
  in the site). By the fence's language:
    - `sh` or `bash`: the block is one bash script (`set -euo pipefail`);
    - `console`: the lines starting with `$ ` are the commands (a line ending in `\\`
      goes on on the next); every other line is output the command printed: each one
      shown must be a line of what it prints now (a line holding `...` stands for lines
      left out, and is not checked);
    - `python`: the block runs as a script.
  The blocks of one file run in order in one empty folder (with `results/` made), so that
  a block may read what an earlier one wrote; `allfours` is the one of this environment.

When a change of the code changes what a shown command prints (new numbers from a new
strategy, say), `python -m tests.test_docs_site --refresh [FILE ...]` runs the marked
blocks again and replaces each shown output line by the printed line of the same shape
(numbers aside); it names the lines it cannot place.

`mkdocs build --strict` itself, which fails on a broken link, an anchor or page that does
not exist or a page left out of the navigation, runs in `make test` (`make docs`).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
GUIDE = ROOT / "docs" / "guide"
HOOK = ROOT / "docs" / "hooks" / "allfours_docs.py"

MARK = "<!-- runnable -->"
FENCE = re.compile(r"^(`{3,})(\w*)[^\n]*\n(.*?)^\1[ \t]*$", re.MULTILINE | re.DOTALL)
BLOCK_SECONDS = 300  # a block's own limit; the kernels are compiled before the tests run


def _hook():
    spec = importlib.util.spec_from_file_location("allfours_docs", HOOK)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- The command-line reference -------------------------------------------------------


def _sections(page: str) -> dict[str, str]:
    """The reference's text under each `## command` heading."""
    parts = re.split(r"^## (\S+)\s*$", page, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_the_cli_reference_lists_every_command_option_and_example():
    from sims.tools.cli import build_parser

    hook = _hook()
    parser = build_parser()
    page = hook.cli_reference(parser)
    sections = _sections(page)
    commands = hook.subcommands(parser)
    assert list(sections) == list(commands), "one section per command, in --help's order"
    missing = []
    for name, command in commands.items():
        text = sections[name]
        if f"[`{name}`](#{name})" not in page:
            missing.append(f"{name}: not in the table of commands")
        for action in command._actions:
            if not hook.documented(action):
                continue
            shown = action.option_strings or [action.metavar or action.dest]
            missing += [f"{name} {s}" for s in shown if not re.search(rf"`{s}[ `]", text)]
            if action.help and action.help != argparse.SUPPRESS:
                first = re.sub(r"%\(\w+\)s", "", action.help).split()[:3]
                if " ".join(first) not in text:
                    missing.append(f"{name} {shown[0]}: its help")
            default = action.default
            said = "default" in (action.help or "")  # the help gives it in words
            flag = action.nargs == 0  # --quiet, --no-cold: their default is their absence
            if not flag and default not in (None, [], "", argparse.SUPPRESS):
                if not said and f"`{default}`" not in text:
                    missing.append(f"{name} {shown[0]}: its default {default!r}")
        for line in (command.epilog or "").splitlines():
            if line.startswith("  ") and line.strip() not in text:
                missing.append(f"{name}: example {line.strip()!r}")
    assert not missing, "not in the generated reference:\n" + "\n".join(missing)


def test_the_reference_check_sees_a_missing_option():
    """The check above fails for an option the page leaves out."""
    from sims.tools.cli import build_parser

    hook = _hook()
    parser = build_parser()
    command = hook.subcommands(parser)["replay"]
    command.add_argument("--not-rendered", help="an option added after the page was made")
    page = hook.cli_reference(build_parser())
    assert "`--not-rendered" not in _sections(page)["replay"]
    assert "`--not-rendered" in _sections(hook.cli_reference(parser))["replay"]


# --- The README's links ---------------------------------------------------------------

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub and MkDocs make it (for plain-text headings)."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.M | re.S)
    return {_slug(h) for h in re.findall(r"^#{1,6}\s+(.+?)\s*$", text, re.MULTILINE)}


def broken_links(path: Path) -> list[str]:
    """The links of a Markdown file that lead nowhere: a missing file of the repository,
    or a heading that neither it nor the linked Markdown file has."""
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.M | re.S)
    broken = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            if not target.startswith(("https://", "mailto:")):
                broken.append(f"{target}: not an https link")
            continue
        file, _, anchor = target.partition("#")
        linked = (path.parent / file).resolve() if file else path
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in _anchors(linked):
            broken.append(f"{target}: no such heading")
    return broken


def test_the_readme_links_resolve():
    assert not broken_links(README), "\n".join(broken_links(README))
    # The README is the front door: it links into the documentation.
    assert len(LINK.findall(README.read_text(encoding="utf-8"))) >= 10


def test_the_link_check_finds_broken_links(tmp_path):
    page = tmp_path / "page.md"
    (tmp_path / "there.md").write_text("# A heading\n", encoding="utf-8")
    page.write_text(
        "# Top\n[ok](there.md) [ok](there.md#a-heading) [ok](#top) [ok](https://x.org)\n"
        "[bad](missing.md) [bad](there.md#nothing) [bad](#nowhere) [bad](http://x.org)\n"
        "```\n[not a link](inside-a-code-block.md)\n```\n",
        encoding="utf-8",
    )
    assert len(broken_links(page)) == 4


def test_the_readme_is_a_front_door():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 250, f"the README has {len(lines)} lines; details go to docs/"


# --- Runnable blocks ------------------------------------------------------------------


def runnable_blocks(text: str) -> list[tuple[str, str]]:
    """(language, body) of every block marked runnable, in order."""
    blocks = []
    for match in FENCE.finditer(text):
        before = text[: match.start()].rstrip("\n").rsplit("\n", 1)[-1]
        if before.strip() == MARK:
            blocks.append((match.group(2), match.group(3)))
    return blocks


def console_steps(body: str) -> list[tuple[str, list[str]]]:
    """(command, the output lines shown after it) of a console block."""
    steps: list[tuple[str, list[str]]] = []
    lines = iter(body.splitlines())
    for line in lines:
        if line.startswith("$ "):
            command = line[2:]
            while command.endswith("\\"):
                command = command[:-1] + " " + next(lines).strip()
            steps.append((command, []))
        elif steps:
            steps[-1][1].append(line)
    return steps


def _documents() -> list[Path]:
    return [README, *sorted(GUIDE.glob("*.md"))]


def _run(command: list[str], folder: Path, what: str) -> str:
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env.pop("COLUMNS", None)
    done = subprocess.run(
        command,
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=BLOCK_SECONDS,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, (
        f"{what} exited {done.returncode}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    )
    return done.stdout


def test_the_marked_blocks_are_found():
    """The README and the user's guide mark their examples; a marker that no longer sits
    on the line before a fence would silently drop its block."""
    counts = {p.name: len(runnable_blocks(p.read_text(encoding="utf-8"))) for p in _documents()}
    marks = {p.name: p.read_text(encoding="utf-8").count(MARK) for p in _documents()}
    assert counts == marks, f"a marker not just before a fence: {counts} against {marks}"
    assert counts["README.md"] >= 3
    assert sum(counts.values()) >= 15


@pytest.mark.parametrize("path", _documents(), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_runnable_blocks_run(path, tmp_path):
    (tmp_path / "results").mkdir()
    where = path.relative_to(ROOT)
    for number, (language, body) in enumerate(runnable_blocks(path.read_text("utf-8")), 1):
        what = f"{where}, runnable block {number}"
        if language in ("sh", "bash"):
            _run(["bash", "-c", "set -euo pipefail\n" + body], tmp_path, what)
        elif language == "python":
            script = tmp_path / f"block{number}.py"
            script.write_text(body, encoding="utf-8")
            _run([sys.executable, script.name], tmp_path, what)
        elif language == "console":
            for command, shown in console_steps(body):
                printed = _run(["bash", "-c", command], tmp_path, f"{what}: `{command}`")
                lines = {line.rstrip() for line in printed.splitlines()}
                absent = [
                    line
                    for line in shown
                    if line.strip() and "..." not in line and line.rstrip() not in lines
                ]
                assert not absent, (
                    f"{what}: `{command}` no longer prints:\n"
                    + "\n".join(absent)
                    + f"\n\nit prints:\n{printed}"
                )
        else:
            pytest.fail(f"{what}: a runnable block in {language or 'no language'}")


VALUE = re.compile(r"[-+]?\d[\d,]*\.\d+%?|[-+]?\d{1,3}(?:,\d{3})+|[-+]?\d+%|[-+]\d+")


def _shape(line: str) -> str:
    """A printed line with its values masked (decimals, percentages, signed numbers and
    counts with thousands separators; not the small whole numbers that label a row, as
    in "bid 3"): the same row of a table, whatever its values."""
    return " ".join(VALUE.sub("#", line).split())


def refresh(path: Path) -> list[str]:
    """Run the marked blocks of `path` in order, in a fresh folder, and replace each output
    line its console blocks show by the printed line of the same shape; the lines that
    have none, described."""
    import tempfile

    text, problems = path.read_text(encoding="utf-8"), []
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        (here / "results").mkdir()
        for language, body in runnable_blocks(text):
            if language in ("sh", "bash"):
                _run(["bash", "-c", "set -euo pipefail\n" + body], here, str(path))
            elif language == "python":
                (here / "block.py").write_text(body, encoding="utf-8")
                _run([sys.executable, "block.py"], here, str(path))
            else:
                lines, result, printed, command = body.splitlines(), [], [], ""
                for number, line in enumerate(lines):
                    if line.startswith("$ ") or (result and result[-1].endswith("\\")):
                        if line.startswith("$ "):
                            command = line[2:]
                        else:
                            command = command[:-1] + " " + line.strip()
                        result.append(line)
                        continues = line.endswith("\\") and number + 1 < len(lines)
                        if not continues:
                            printed = _run(["bash", "-c", command], here, command).splitlines()
                            cursor = 0  # lines are placed in the order they are printed
                        continue
                    if line.strip() and "..." not in line:
                        same = [
                            n
                            for n in range(cursor, len(printed))
                            if _shape(printed[n]) == _shape(line)
                        ]
                        if same:
                            line, cursor = printed[same[0]].rstrip(), same[0] + 1
                        else:
                            problems.append(f"{path.name}: `{command}`: no line like {line!r}")
                    result.append(line)
                text = text.replace(body, "\n".join(result) + "\n", 1)
    path.write_text(text, encoding="utf-8")
    return problems


def test_console_blocks_are_read_as_commands_and_output():
    body = "$ allfours simulate phat \\\n    --deals 10\nline one\n...\n$ allfours strategies\n"
    assert console_steps(body) == [
        ("allfours simulate phat  --deals 10", ["line one", "..."]),
        ("allfours strategies", []),
    ]
    shown = "bid 3   99.76% [99.58%, 99.86%]   +0.343 [-0.986, -0.826]   5,000 deals"
    assert _shape(shown) == "bid 3 # [#, #] # [#, #] # deals"
    assert _shape(shown) == _shape(shown.replace("+0.343", "-1.035").replace("5,000", "20,000"))
    assert _shape(shown) != _shape(shown.replace("bid 3", "bid 4"))
    text = f"{MARK}\n```sh\necho hi\n```\n\n```sh\nnot marked\n```\n"
    assert runnable_blocks(text) == [("sh", "echo hi\n")]


if __name__ == "__main__":
    import argparse as _argparse

    options = _argparse.ArgumentParser(description="Refresh the output the docs show.")
    options.add_argument("--refresh", action="store_true", required=True)
    options.add_argument("files", nargs="*", type=Path, default=_documents())
    unplaced = [problem for file in options.parse_args().files for problem in refresh(file)]
    print("\n".join(unplaced) or "every shown line placed")
    sys.exit(1 if unplaced else 0)
