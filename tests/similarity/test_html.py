"""The similarity report as HTML: sections, escaping, matched regions and starter lines; drawn in headless Chromium."""

import re
from pathlib import Path

import pytest

from grader.classroom import starters
from grader.similarity import PUBLIC_ARCHIVE, Result, compare
from grader.similarity.cohort import read_document, starter_kgrams
from grader.similarity.html import BAR_COLOUR, THRESHOLD_COLOUR, histogram_counts, to_html

from report.test_html import chromium, png_rows, run_chromium  # noqa: F401  (chromium is a fixture)

MALLORY = 'mallory<script>alert("pwn")</script>'


@pytest.fixture(scope="module")
def result():
    """A class of the 04-more-ops exercise: two copies (one under a hostile id), two honest, one from micrograd."""
    starter = starters.starter_files("04-more-ops")["engine.py"]
    solution = starters.solution_files("04-more-ops")["engine.py"]
    kgrams = starter_kgrams({"engine.py": starter})
    own = solution.replace("return self * -1", "return self * Value(-1.0)").replace(
        "return self + (-other)", "return self + other * -1\n        # written by hand")
    other = solution.replace("return other * self**-1", "return Value(other) / self").replace(
        "return self * other**-1", "return self * (other ** -1.0)")
    micrograd = (PUBLIC_ARCHIVE / "engine.py").read_text(encoding="utf-8")
    texts = {"alice": own, MALLORY: own.replace("# written by hand", "# mine <b>"), "carol": other,
             "dave": solution, "erin": micrograd}
    documents = [read_document(i, {"engine.py": t}, kgrams) for i, t in texts.items()]
    source = read_document("karpathy-micrograd/engine.py", {"karpathy-micrograd/engine.py": micrograd}, kgrams)
    record = compare(documents, [source],
                     meta={"submissions": [{"id": i, "status": "compared"} for i in sorted(texts)]})
    return Result(record, {d.id: d for d in documents}, {source.id: source}, kgrams)


def test_sections_and_the_flagged_pair(result):
    document = to_html(result)
    assert document.startswith("<!DOCTYPE html>")
    for section in ("histogram", "pairs", "clusters", "flagged", "public"):
        assert f'<section id="{section}">' in document
    flagged = [p for p in result.record["pairs"] if p["flagged"]]
    assert [(p["a"], p["b"]) for p in flagged][0] == ("alice", MALLORY)
    assert document.count('<h3 id="pair-') == len(flagged)
    assert '<h3 id="public-0">erin and karpathy-micrograd/engine.py: 1.00</h3>' in document
    # each listed pair shows the typical score it rose above (five students: no 5th highest, so 0)
    assert '<th class="num">score</th><th class="num">typical</th>' in document
    assert all(p["typical"] == 0.0 for p in result.record["pairs"])
    assert f'<td>alice</td><td>{MALLORY.replace("<", "&lt;").replace(">", "&gt;").replace(chr(34), "&quot;")}</td>' \
        f'<td class="num">{flagged[0]["score"]:.2f}</td><td class="num">0.00</td>' in document
    # and what only the two of them wrote as they wrote it (their traits), heaviest first
    assert "only these two wrote the line “return self * Value(-1.0)”, the line “return self + other * -1”" in document


def test_everything_from_a_submission_is_escaped(result):
    document = to_html(result)
    assert "<script" not in document.lower() and "<b>" not in document
    assert "mallory&lt;script&gt;alert(&quot;pwn&quot;)&lt;/script&gt;" in document
    assert "# mine &lt;b&gt;" in document
    assert "default-src 'none'" in document


def test_matched_regions_are_coloured_and_starter_lines_greyed(result):
    document = to_html(result)
    pair = re.search(r'<h3 id="pair-0">.*?(?=<h3 |</section>)', document, re.S).group()
    coloured = re.findall(r'<div class="m\d"><span class="n">(\d+)</span>', pair)
    greyed = re.findall(r'<div class="starter"><span class="n">(\d+)</span>', pair)
    assert coloured and greyed
    # the starter's __add__ is greyed on both sides; the student's __sub__ is a matched region
    add_line = str(result.documents["alice"].texts["engine.py"].splitlines().index(
        "    def __add__(self, other):") + 1)
    sub_line = str(result.documents["alice"].texts["engine.py"].splitlines().index(
        "        return self + other * -1") + 1)
    assert greyed.count(add_line) == 2 and sub_line in coloured


def test_histogram_counts_each_submissions_best_score(result):
    counts = histogram_counts(result.record)
    assert sum(counts) == 5
    best = {}
    for pair in result.record["pairs"]:
        for side in ("a", "b"):
            best[pair[side]] = max(best.get(pair[side], 0), pair["score"])
    assert counts[19] == sum(1 for s in best.values() if s >= 0.95)


def test_chromium_draws_the_histogram_and_the_threshold_line(chromium, tmp_path, result):  # noqa: F811
    page = tmp_path / "similarity.html"
    page.write_text(to_html(result), encoding="utf-8")
    dom = run_chromium(chromium, tmp_path, "--dump-dom", page.as_uri()).stdout.decode("utf-8")
    assert '<svg class="histogram"' in dom and '<line class="threshold"' in dom
    assert "<script" not in dom.lower()
    shot = tmp_path / "similarity.png"
    done = run_chromium(chromium, tmp_path, f"--screenshot={shot}", "--window-size=1000,700", page.as_uri())
    assert shot.exists(), done.stderr.decode(errors="replace")[-2000:]
    width, height, bpp, rows = png_rows(shot.read_bytes(), max_rows=400)

    def pixels(colour):
        target = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
        return sum(1 for row in rows for x in range(0, width * bpp, bpp)
                   if all(abs(row[x + c] - target[c]) <= 3 for c in range(3)))

    assert pixels(BAR_COLOUR) > 500  # the bars
    assert pixels(THRESHOLD_COLOUR) > 200  # the line, 3 px wide and 186 px tall, and its label


def test_the_page_names_each_students_own_file_and_draws_pairs_under_the_floor(tmp_path):
    """Issue 30 item 17: `s1336.py`, not the sandbox's `engine.py`; a best pair under 0.2 is not drawn at 0."""
    from grader.similarity import REPORT_FLOOR, similarity

    from .test_similarity import KAHN, with_backward

    own = with_backward(starters.starter_files("05-backward")["engine.py"], KAHN)
    (tmp_path / "s1336.py").write_text(own, encoding="utf-8")
    (tmp_path / "s2001.py").write_text(own.replace("paint(self)", "paint(self)  # from the top"), encoding="utf-8")
    (tmp_path / "s4242.py").write_text("def mean(xs):\n    total = 0\n    for x in xs:\n        total += x\n"
                                       "    return total / len(xs)\n", encoding="utf-8")
    result = similarity(tmp_path, shipped_public=False)
    pair = result.record["pairs"][0]
    assert (pair["a"], pair["b"]) == ("s1336", "s2001")
    assert {m["a_file"] for m in pair["matches"]} == {"s1336.py"} and {m["b_file"] for m in pair["matches"]} == {"s2001.py"}
    page = to_html(result)
    assert "s1336: s1336.py" in page and ": engine.py" not in page
    rows = {row["id"]: row for row in result.record["submissions"]}
    assert rows["s1336"]["nearest"] == {"id": "s2001", "score": pair["score"]}
    assert rows["s4242"]["nearest"] == {"id": None, "score": 0.0}
    # a best pair under the report's floor is drawn at its score, not at 0
    low = {**result.record, "submissions": [{"id": "x", "status": "compared", "nearest": {"id": "y", "score": 0.13}}],
           "pairs": []}
    assert 0.13 < REPORT_FLOOR and histogram_counts(low)[int(0.13 * 20)] == 1 and histogram_counts(low)[0] == 0
