"""The documents in docs/ are the ones the code cites: every reference to them in the code,
the tests, the README and the notebooks resolves to a file, section, heading or example
that exists, and every worked example of docs/examples.md is exercised by a test whose
expected values are the example's."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
CITING = ["sims", "analysis", "tests", "notebooks", "results/notebooks", "README.md"]
SUFFIXES = {".py", ".md", ".ipynb"}
THIS = Path(__file__).resolve()

REFERENCE = re.compile(r"docs/([\w.-]+?\.md)\b")
NUMBER = r"\d+(?:\.\d+)*"
SECTIONS = re.compile(rf"\s*\(?\s*sections?\s+({NUMBER}(?:\s*(?:,|and)\s*{NUMBER})*)")
TITLE = re.compile(r'\s*\(?\s*"([^"]+)"')
EXAMPLE = re.compile(r"\b(Pitch|Phat|Don|Whist) (\d+)(?: to (\d+))?")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*$", re.MULTILINE)
EXAMPLE_HEADING = re.compile(r"^### (Pitch|Phat|Don|Whist) (\d+)\. ", re.MULTILINE)
OLD_NAMES = re.compile(r"(?<![\w/])(?:RULES|DESIGN|EXAMPLES)\.md")


def _text(path: Path) -> str:
    """A file's text with line breaks (and comment markers at line starts) folded into
    single spaces, so that a reference split over two lines reads as one. A notebook
    gives the text of its cells."""
    raw = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":
        raw = "\n".join("".join(cell["source"]) for cell in json.loads(raw)["cells"])
    return re.sub(r"\s*\n\s*(?:#\s*)?", " ", raw)


def _citing_files() -> list[Path]:
    files = []
    for name in CITING:
        path = ROOT / name
        found = [path] if path.is_file() else sorted(path.rglob("*"))
        files += [f for f in found if f.suffix in SUFFIXES and f.resolve() != THIS]
    return files


def _numbers(listed: str) -> list[str]:
    return re.findall(NUMBER, listed)


def _targets(name: str) -> tuple[set[str], set[str], set[tuple[str, int]]] | None:
    """(section numbers, heading titles, examples) of docs/NAME, or None if it is missing."""
    path = DOCS / name
    if not path.is_file():
        return None
    text = path.read_text(encoding="utf-8")
    sections, titles = set(), set()
    for heading in HEADING.findall(text):
        number = re.match(rf"({NUMBER})\.?\s+(.*)", heading)
        if number:
            sections.add(number.group(1))
            titles.add(number.group(2))
        titles.add(heading)
    examples = {(game, int(n)) for game, n in EXAMPLE_HEADING.findall(text)}
    return sections, titles, examples


def problems_in(text: str) -> tuple[int, list[str]]:
    """(references found, the ones that do not resolve, described) in `text`."""
    found, broken = 0, []
    for match in REFERENCE.finditer(text):
        found += 1
        name = match.group(1)
        tail = text[match.end() : match.end() + 160]
        shown = f"docs/{name}{tail[:40]}".strip()
        targets = _targets(name)
        if targets is None:
            broken.append(f"{shown}: no file docs/{name}")
            continue
        sections, titles, examples = targets
        cited = SECTIONS.match(tail)
        for number in _numbers(cited.group(1)) if cited else []:
            if number not in sections:
                broken.append(f"{shown}: docs/{name} has no section {number}")
        title = TITLE.match(tail)
        if title and title.group(1) not in titles:
            broken.append(f'{shown}: docs/{name} has no heading "{title.group(1)}"')
        clause = re.match(r"\s*\(?([^().;:]*)", tail).group(1)
        for game, first, last in EXAMPLE.findall(clause):
            for n in range(int(first), int(last or first) + 1):
                if (game, n) not in examples:
                    broken.append(f"{shown}: docs/{name} has no example {game} {n}")
    return found, broken


def test_every_reference_to_the_documents_resolves():
    found, broken = 0, []
    for path in _citing_files():
        count, problems = problems_in(_text(path))
        found += count
        broken += [f"{path.relative_to(ROOT)}: {problem}" for problem in problems]
    assert not broken, "\n".join(broken)
    # The code, tests, README and notebooks cite the documents some fifty times; a scan
    # that finds far fewer has stopped reading them.
    assert found >= 40


def test_no_reference_to_documents_outside_the_repository():
    stale = [
        f"{path.relative_to(ROOT)}: {match}"
        for path in _citing_files()
        for match in OLD_NAMES.findall(path.read_text(encoding="utf-8"))
    ]
    assert not stale, "cite docs/rules.md, docs/design.md, docs/examples.md:\n" + "\n".join(stale)


def test_the_check_finds_broken_references():
    good = (
        "docs/rules.md section 4.2; docs/rules.md sections 2, 3 and 5; "
        'docs/examples.md (Don 1 and Don 2); docs/examples.md "Solo Whist", Whist 1 to 4. '
        'docs/design.md "The deal log"'
    )
    assert problems_in(good) == (5, [])
    bad = [
        "docs/rules.md section 9",
        "docs/rules.md sections 1 and 9",
        'docs/examples.md "No such part"',
        "docs/examples.md (Pitch 7)",
        "docs/examples.md Whist 1 to 5.",
        "docs/missing.md",
    ]
    for text in bad:
        assert problems_in(text)[0] == 1
        assert len(problems_in(text)[1]) == 1, text


def _in_the_site(page: Path, target: str) -> bool:
    """Whether a link of a page under docs/ leads to a file of the documentation site: a
    file under docs/, the generated command-line reference, or a file the site's build
    hook brings in from results/ under the same path (notebooks/, search_players/,
    figures/)."""
    linked, docs = (page.parent / target).resolve(), DOCS.resolve()
    if linked.exists():
        return True
    if not linked.is_relative_to(docs):
        return False
    relative = linked.relative_to(docs).as_posix()
    return relative == "reference/cli.md" or (ROOT / "results" / relative).is_file()


def test_links_between_the_documents_resolve():
    """(`mkdocs build --strict`, in `make test`, checks the headings they lead to too.)"""
    pages = [p for p in DOCS.rglob("*.md") if "hooks" not in p.parts]
    assert len(pages) > 10
    for path in pages:
        text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.M | re.S)
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if "://" not in target:
                assert _in_the_site(path, target), f"{path.name} links to missing {target}"


def test_each_game_module_cites_the_section_of_its_own_game():
    games = {
        "pitch": "Auction Pitch",
        "phat": "Phat",
        "don": "Nine-card Don",
        "solowhist": "Solo Whist",
    }
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    titles = dict(re.findall(r"^## (\d+)\. (.+)$", text, re.MULTILINE))
    checked = 0
    for module in ("rules", "deal", "reference"):
        for stem, game in games.items():
            path = ROOT / "sims" / "games" / stem / f"{module}.py"
            if not path.is_file():
                continue
            text = _text(path)
            assert "docs/rules.md" in text, f"{path.relative_to(ROOT)} cites no docs/rules.md"
            cited = SECTIONS.match(text.split("docs/rules.md", 1)[1])
            assert cited, f"{path.relative_to(ROOT)} cites no section of docs/rules.md"
            number = _numbers(cited.group(1))[0]
            assert titles.get(number, "").startswith(game), (
                f"{path.relative_to(ROOT)} cites section {number}, which is not {game}"
            )
            checked += 1
    assert checked >= 10


def _examples() -> dict[tuple[str, int], str]:
    """Every worked example of docs/examples.md with its text, by (game, number)."""
    text = (DOCS / "examples.md").read_text(encoding="utf-8")
    starts = list(EXAMPLE_HEADING.finditer(text))
    ends = [m.start() for m in starts[1:]] + [len(text)]
    return {
        (m.group(1), int(m.group(2))): re.split(r"\n-{20,}", text[m.start() : end])[0]
        for m, end in zip(starts, ends, strict=True)
    }


def _test_files() -> dict[Path, str]:
    return {p: p.read_text(encoding="utf-8") for p in sorted(ROOT.glob("tests/*.py")) if p != THIS}


def _exercising(game: str, number: int, tests: dict[Path, str]) -> list[Path]:
    """Test files with a test named after the example (`test_pitch1_...`, `test_don_2_...`)
    or a parametrised case labelled with it (`"Whist 1"`)."""
    named = re.compile(rf"def test_{game.lower()}_?{number}_|[\"']{game} {number}[\"',]")
    return [path for path, text in tests.items() if named.search(text)]


def test_the_examples_are_numbered_as_the_tests_cite_them():
    examples = _examples()
    expected = {"Pitch": 6, "Phat": 4, "Don": 2, "Whist": 4}
    for game, count in expected.items():
        assert sorted(n for g, n in examples if g == game) == list(range(1, count + 1))


def test_every_example_is_exercised_by_a_test():
    tests = _test_files()
    missing = [f"{g} {n}" for g, n in _examples() if not _exercising(g, n, tests)]
    assert not missing, f"no test exercises examples {missing}"
    # And no test is named after an example that does not exist.
    named = {
        (game.capitalize(), int(n))
        for text in tests.values()
        for game, n in re.findall(r"def test_(pitch|phat|don|whist)_?(\d+)_", text)
    }
    assert named and named <= set(_examples())


def test_the_results_of_the_examples_are_the_values_their_tests_expect():
    """Each list on an example's **Result** lines (points, muck, bonus, won, delta, scores
    after, tricks, settlement) appears, as a list or a tuple, in a test that exercises it."""
    tests = _test_files()
    labels = "points|muck|bonus|won|delta|scores after|tricks|settlement"
    checked, absent = 0, []
    for (game, number), text in _examples().items():
        results = " ".join(re.findall(r"\*\*Result:\*\*(.*?)(?=\n\n|\n- |\Z)", text, re.DOTALL))
        where = "\n".join(tests[p] for p in _exercising(game, number, tests))
        for label, values in re.findall(rf"\b({labels}) \[([-\d, ]+)\]", results):
            items = [v.strip() for v in values.split(",")]
            body = r",\s*".join(re.escape(v) for v in items)
            if not re.search(rf"[\[(]\s*{body}\s*[\])]", where):
                absent.append(f"{game} {number}: {label} [{values}]")
            checked += 1
    assert not absent, "results not found in the example's tests:\n" + "\n".join(absent)
    assert checked >= 40
