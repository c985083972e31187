"""Session 37 (mend37b): figures that come from a text students can read are no pair's own evidence, whoever writes
them. micrograd's README example (grader/data/canonical/micrograd-readme, MIT) gives its figures in comments
(`# prints 24.7041`); two honest students who paste it as asserts wrote three rare numbers that only they hold, a
written item of sim37a's (scores.written_items), and were a flagged pair at 0.9209. A known text's figures (not
whole) are subtracted as given wherever it writes them, in prose too: a starter's, its handouts', a public source's,
the lecture's and the README example's, not the course reference's (students never see it)."""

import shutil
from pathlib import Path

from grader.similarity import canonical_sources, read_class, scored
from grader.similarity.documents import read_document
from grader.similarity.figures import REFERENCE_NAME, known_figures, written_figures
from grader.similarity.traits import _hash
from grader.similarity.variants import known_kgrams

REPO = Path(__file__).parents[2]
CLASS = REPO / "bench" / "similarity" / "sim37b1"
HERE = Path(__file__).parent / "readme_example"
STUDENT = '''
from engine import Value


def test_readme():
    g = Value(24.7041)
    assert abs(g.data - 24.7041) < 1e-4
'''


def _number(figure):
    return _hash("number", figure)


def test_figures_are_read_wherever_a_text_writes_them_whole_ones_never():
    text = "# prints 24.7041, then 138.8338.\n'''good to ~1e-9, or .5; 3.0 and 10_000 are whole; v1.2 is a version'''\n"
    assert written_figures(text) == {_number(f) for f in ("24.7041", "138.8338", "1e-9", ".5")}


def test_a_starters_prose_figure_is_subtracted_from_a_students_numbers():
    given = known_figures({"engine.py": "# the example's forward pass prints 24.7041\n"})
    numbers = {t for t in read_document("s1", {"test_engine.py": STUDENT}, given).trait_text.values() if t[0] == "number"}
    assert numbers == {("number", "1e-4")}
    numbers = {t for t in read_document("s1", {"test_engine.py": STUDENT}).trait_text.values() if t[0] == "number"}
    assert numbers == {("number", "24.7041"), ("number", "1e-4")}


def test_the_readme_example_is_canonical_and_the_references_prose_is_not_known():
    canonical = canonical_sources()
    assert "micrograd README/example.py" in canonical
    public, _ = known_kgrams({}, {**canonical, f"{REFERENCE_NAME}notes.py": '"""good to ~1e-9 relative"""\n'})
    assert {_number(f) for f in ("24.7041", "138.8338", "645.5773")} <= public
    assert _number("1e-9") not in public


def test_two_honest_files_that_paste_the_readme_example_are_no_pair(tmp_path):
    """sim37b1's 20 independent files, two of them (s104, s111) with micrograd's README example pasted as asserts
    (review37's probe): 0.9209 and flagged at sim37a, now 0.2104 (0.505 before sim37a, which read their shared
    example's code as theirs); no other pair moves (the highest stays 0.3999)."""
    folder = tmp_path / "class"
    folder.mkdir()
    for path in sorted((CLASS / "main" / "submissions").glob("s[12]*.py"))[:20]:
        shutil.copy(path, folder / path.name)
    for path in HERE.glob("*.py"):
        shutil.copy(path, folder / path.name)
    reading = read_class(folder, starters=(CLASS / "starter",))
    _, _, found = scored(reading.documents, reading.sources)
    scores = {(p.a, p.b): p.score for p in found}
    assert scores[("s104", "s111")] == 0.2104
    assert max(s for pair, s in scores.items() if pair != ("s104", "s111")) == 0.3999
