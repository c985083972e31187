"""The HTML class report: self-contained, escaped, and drawn (checked in headless Chromium)."""

import os
import re
import shutil
import struct
import subprocess
import zlib

import pytest
from costs import slow_fixture

from grader.report.html import BAR_COLOUR, histogram_bins, to_html
from grader.report.html_feedback import submission_html

from .conftest import MALLORY


ESCAPED_MALLORY = "mallory&lt;script&gt;alert(&quot;pwn&quot;)&lt;/script&gt;,x"


def bars(document):
    """(width, height) of every histogram bar, read from the markup."""
    svg = re.search(r'<svg class="histogram".*?</svg>', document, re.S).group()
    return [(float(w), float(h)) for w, h in
            re.findall(r'<rect class="bar"[^>]*? width="([\d.]+)" height="([\d.]+)"', svg)]


def test_sections_and_numbers(scores, timings):
    document = to_html(scores, timings)
    assert document.startswith("<!DOCTYPE html>")
    for section in ("histogram", "pass-rate", "heatmap", "slowest", "did-not-run", "submissions"):
        assert f'<section id="{section}">' in document
    assert "7 submissions: 4 graded, 1 timeout, 1 crashed, 1 rejected. Mean score 9.6, median 12.5, out of 20." in document
    assert 'id="slowest"' not in to_html(scores)


def test_histogram_bins_and_bars(scores):
    assert [n for _, _, n in histogram_bins(scores)] == [2, 0, 1, 0, 0, 0, 2, 0, 0, 2]
    heights = [h for _, h in bars(to_html(scores))]
    assert len(heights) == 10
    assert sum(h > 0 for h in heights) == 4
    assert heights[0] == heights[6] == heights[9] == 2 * heights[2] > 0


def test_pass_rate_and_heat_map(scores):
    document = to_html(scores)
    assert document.count('<rect class="rate"') == 9
    assert "2/4 · 50%" in document and "5/5 · 100%" in document  # pow/constant: dave timed out in it
    assert "2/3 · 67%" in document  # tanh/chain: carol skipped it
    assert document.count('<g class="cell">') == 7 * 4
    assert ">100%</text>" in document and "bob, accumulate: 0 / 2" in document
    assert "erin, ops: no result (crashed)" in document
    assert f"{ESCAPED_MALLORY}, chain-rule: 1.5 / 3" in document


def test_slowest_and_did_not_run(scores, timings):
    document = to_html(scores, timings)
    slowest = re.search(r'<section id="slowest">.*?</section>', document, re.S).group()
    assert re.findall(r"<tr><td>(.*?)</td>", slowest) == ["dave", "erin", ESCAPED_MALLORY, "carol", "bob", "alice"]
    did_not_run = re.search(r'<section id="did-not-run">.*?</section>', document, re.S).group()
    assert re.findall(r"<strong>(.*?)</strong>", did_not_run) == ["dave", "erin", "frank"]
    assert "<pre>not a notebook: invalid JSON (Expecting value: line 1 column 1 (char 0))</pre>" in did_not_run


def test_everything_from_the_record_is_escaped(scores):
    for document in (to_html(scores), submission_html(scores["submissions"][2], show_hidden=True)):
        assert "<script" not in document.lower()
        assert ESCAPED_MALLORY in document
        assert "\x1b" not in document
    page = submission_html(scores["submissions"][2])
    assert "got &lt;b&gt;6.0&lt;/b&gt; ]]&gt; &amp; \\x1b[31mred\\x1b[0m\nsee https://example.org/help</pre>" in page


def test_nothing_is_fetched(scores, timings):
    for document in (to_html(scores, timings), submission_html(scores["submissions"][2], show_hidden=True)):
        assert not re.search(r"""\b(src|href|xlink:href|action|poster|data)\s*=\s*["']?\s*(?!#)""", document, re.I)
        assert "url(" not in document and "@import" not in document
        assert "http://" not in document
        # the one URL is a student's text, shown as text
        assert set(re.findall(r"https?://[^\s<\"']*", document)) <= {"https://example.org/help"}
        assert "default-src 'none'" in document     # the browser refuses any fetch that slipped in


# --- in a browser -------------------------------------------------------------

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--hide-scrollbars"]


@slow_fixture(scope="module")
def chromium():
    path = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed, and CI must run the browser test: apt-get install -y chromium")
        pytest.skip("chromium is not installed (apt-get install -y chromium; .ci/run installs it)")
    return path


def run_chromium(chromium, tmp_path, *args):
    profile = tmp_path / "profile"
    profile.mkdir(exist_ok=True)
    return subprocess.run([chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *args],
                          capture_output=True, timeout=120, check=False)


def png_rows(data: bytes, max_rows: int):
    """(width, height, rows of RGB(A) bytes) of an 8-bit, non-interlaced RGB or RGBA PNG: its first max_rows rows."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
        pos += 12 + length
    assert (depth, interlace) == (8, 0) and colour in (2, 6)
    bpp = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(idat), width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(min(height, max_rows)):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif kind == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, prev))
        elif kind == 3:
            for i in range(stride):
                line[i] = (line[i] + ((line[i - bpp] if i >= bpp else 0) + prev[i]) // 2) & 0xFF
        elif kind == 4:
            for i in range(stride):
                a, b, c = (line[i - bpp] if i >= bpp else 0), prev[i], (prev[i - bpp] if i >= bpp else 0)
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def test_chromium_draws_a_non_empty_histogram(chromium, tmp_path, scores, timings):
    page = tmp_path / "report.html"
    page.write_text(to_html(scores, timings), encoding="utf-8")
    shot = tmp_path / "report.png"
    done = run_chromium(chromium, tmp_path, f"--screenshot={shot}", "--window-size=1200,1600", page.as_uri())
    assert shot.exists(), done.stderr.decode(errors="replace")[-2000:]

    width, height, bpp, rows = png_rows(shot.read_bytes(), max_rows=700)   # the histogram is near the top
    assert (width, height) == (1200, 1600)
    target = tuple(int(BAR_COLOUR[i:i + 2], 16) for i in (1, 3, 5))
    bar_pixels = sum(
        1 for row in rows for x in range(0, width * bpp, bpp)
        if abs(row[x] - target[0]) <= 3 and abs(row[x + 1] - target[1]) <= 3 and abs(row[x + 2] - target[2]) <= 3)
    drawn_area = sum(w * h for w, h in bars(page.read_text(encoding="utf-8")))
    assert drawn_area > 0
    assert 0.85 * drawn_area <= bar_pixels <= 1.05 * drawn_area


def test_chromium_dom_has_the_bars_and_no_script(chromium, tmp_path, scores):
    page = tmp_path / "report.html"
    page.write_text(to_html(scores), encoding="utf-8")
    done = run_chromium(chromium, tmp_path, "--dump-dom", page.as_uri())
    dom = done.stdout.decode("utf-8")
    assert '<svg class="histogram"' in dom, done.stderr.decode(errors="replace")[-2000:]
    heights = [h for _, h in bars(dom)]
    assert len(heights) == 10 and sum(h > 0 for h in heights) == 4
    assert "<script" not in dom.lower()
    assert 'mallory&lt;script&gt;alert("pwn")&lt;/script&gt;,x' in dom    # a text node, not an element


def test_backticked_code_in_a_diagnosis_becomes_code_elements():
    from grader.report.html import code_spans

    assert code_spans("overwrites `grad` with `=` <b>") == "overwrites <code>grad</code> with <code>=</code> &lt;b&gt;"
    assert code_spans("an unmatched ` stays") == "an unmatched ` stays"
