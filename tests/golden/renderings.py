"""Every rendering of one graded batch, normalised: what tests/test_golden.py compares byte for byte.

The batch is tests/fixtures/submissions graded against the engine suite, with
every report format and the feedback pages (in English, Russian and Chinese), rendered from the scores file
alone (seconds differ from run to run, so the timings file is left out), with
the temporary folder's path normalised. Everything else is a pure function of the
submissions, the suite and the grader, so a change here is a change of
behaviour. When the change is intended, regenerate the golden files:

    python tests/golden/renderings.py            # or `... fixtures`, `... examples`: one of the two

and commit them with the change that explains it.

It also writes the goldens of the examples' feedback (examples/submissions, which the README's quickstart
grades): tests/golden/examples/scores.json and each example's feedback page in each language, the Markdown
page as it is (tests/golden/examples/<lang>/<id>.md, so that a change of a student's words shows in the diff)
and the HTML page's digest (tests/golden/examples/digests.json).
"""

import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

from click.testing import CliRunner

HERE = Path(__file__).parent
SUBMISSIONS = HERE.parent / "fixtures" / "submissions"
EXAMPLES = HERE.parent.parent / "examples" / "submissions"
EXAMPLES_GOLDEN = HERE / "examples"
LANGUAGES = ("en", "ru", "zh")
# the examples are graded as tests/test_fleet.py's local run grades them, so that its graded batch is also the
# check that tests/golden/examples/scores.json is still what grading the examples gives
EXAMPLE_LIMITS = ["--probe-timeout", "0.5"]
# the inputs the grade of record draws (grader/judge/drawn.py), as the suite draws them (tests/conftest.py)
os.environ["MICROGRAD_GRADER_SECRET"] = "micrograd-grader's own tests"


def renderings(workdir, render_from=None):
    """{relative file name: normalised bytes} of one run of `grade` on the fixture submissions.

    `render_from`: a scores file to render the reports and pages from instead of the fresh one
    (the test renders the golden scores, so that the renderings do not depend on the last bits of
    this CPU's tanh and exp, which the fresh scores carry in their numbers).
    """
    from grader.cli import main
    from grader.report.formats import BESIDE_SCORES

    out = Path(workdir) / "out"
    scores = out / "scores.json"
    rendered = Path(render_from) if render_from else scores
    steps = [["run", str(SUBMISSIONS), "-o", str(scores), "--no-cache", "-q", "-j", "2"],
             ["report", str(rendered), "--feedback-dir", str(out / "feedback")]]
    # the feedback pages in the course's other languages (docs/i18n.md)
    steps += [["report", str(rendered), "--feedback-dir", str(out / f"feedback-{lang}"), "--lang", lang]
              for lang in LANGUAGES if lang != "en"]
    # rendered from the scores alone: the timings file (seconds) differs from run to run
    steps += [["report", str(rendered), "--to", fmt, "-o", str(out / f"scores.{fmt}")] for fmt in BESIDE_SCORES]
    for args in steps:
        result = CliRunner().invoke(main, args)
        if result.exit_code != 0:
            raise RuntimeError(f"grade {args[0]} failed ({result.exit_code}): {result.output}")
    files = {}
    for path in sorted(out.rglob("*")):
        if path.is_file() and path.name != "scores.timings.json":
            data = path.read_bytes().replace(str(out).encode(), b"OUT")
            files[path.relative_to(out).as_posix()] = _pictures_as_their_ids(data)
    return files


def example_feedback(workdir, scores=None):
    """{`<lang>/<id>.md` or `.html`: normalised bytes}: the feedback pages of examples/submissions (the class the
    README's quickstart grades) in English, Russian and Chinese, rendered from `scores` (by default the examples
    graded afresh, with EXAMPLE_LIMITS; the fresh scores are then under "scores.json")."""
    from grader.cli import main

    out = Path(workdir) / "examples"
    steps = []
    if scores is None:
        scores = out / "scores.json"
        steps.append(["run", str(EXAMPLES), "-o", str(scores), "--no-cache", "-q", "-j", "2", *EXAMPLE_LIMITS])
    steps += [["report", str(scores), "--feedback-dir", str(out / lang), "--lang", lang] for lang in LANGUAGES]
    for args in steps:
        result = CliRunner().invoke(main, args)
        if result.exit_code != 0:
            raise RuntimeError(f"grade {args[0]} failed ({result.exit_code}): {result.output}")
    return {path.relative_to(out).as_posix(): _pictures_as_their_ids(path.read_bytes().replace(str(out).encode(), b"OUT"))
            for path in sorted(out.rglob("*")) if path.is_file() and path.name != "scores.timings.json"}


def _pictures_as_their_ids(data: bytes) -> bytes:
    """A feedback page's graph pictures as the ids of their nodes: graphviz lays the SVG out, and its bytes
    (coordinates, fonts) are its version's, not the grader's. What the grader decides stays: which value
    nodes and operations are drawn, and which is marked as the first difference (tests/test_graph.py
    checks the pictures themselves)."""
    def ids(match):
        return b'<svg ids="' + b" ".join(re.findall(rb'<g id="((?:value|op)\d+|first_difference)"', match[0])) + b'"/>'

    return re.sub(rb"<svg.*?</svg>", ids, data, flags=re.DOTALL)


def digests(files):
    return {name: hashlib.sha256(data).hexdigest() for name, data in files.items()}


def main(which=("fixtures", "examples")):
    if "fixtures" in which:
        with tempfile.TemporaryDirectory() as tmp:
            files = renderings(tmp)
        (HERE / "scores.json").write_bytes(files["scores.json"])
        (HERE / "digests.json").write_text(json.dumps(digests(files), indent=1, sort_keys=True) + "\n")
        print(f"wrote {HERE / 'scores.json'} and the digests of {len(files)} renderings", file=sys.stderr)
    if "examples" not in which:
        return
    with tempfile.TemporaryDirectory() as tmp:
        files = example_feedback(tmp)
    shutil.rmtree(EXAMPLES_GOLDEN, ignore_errors=True)
    for name, data in files.items():  # the pages as text: a reviewer reads a change of words in the diff
        if not name.endswith(".html"):
            (EXAMPLES_GOLDEN / name).parent.mkdir(parents=True, exist_ok=True)
            (EXAMPLES_GOLDEN / name).write_bytes(data)
    html = {name: data for name, data in files.items() if name.endswith(".html")}
    (EXAMPLES_GOLDEN / "digests.json").write_text(json.dumps(digests(html), indent=1, sort_keys=True) + "\n")
    print(f"wrote {len(files)} files of the examples' feedback under {EXAMPLES_GOLDEN}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:] or ("fixtures", "examples"))  # `python tests/golden/renderings.py examples`: those alone
