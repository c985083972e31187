"""Issue 27, session 20: a public source read as it spaced its lines (spacing.py). micrograd's nn.py is what 07-mlp-xor
asks for, so its code is the class's common knowledge and weighs nothing in a public match; a copy still keeps it as
micrograd spaced it (`wi*xi for wi,xi`, `nonlin=i!=len(nouts)-1`), which no honest student writes, the lecture's own
spacing (`wi*xi`, `uniform(-1,1)`, `sz[i+1]`) aside."""

from pathlib import Path

from costs import slow_fixture

from grader.similarity import similarity
from grader.similarity.spacing import held_runs, source_runs

HERE = Path(__file__).parent
FRESH = Path(__file__).parents[2] / "bench" / "similarity" / "pubcopies" / "nn"
NETWORK = "karpathy-micrograd/nn.py"


def test_the_sources_own_spacing_is_what_the_usual_spacing_and_the_course_do_not_write():
    line = "        act = sum((wi*xi for wi,xi in zip(self.w, x)), self.b)  # the weighted sum plus the bias\n"
    lecture = "act = sum((wi*xi for wi, xi in zip(self.w, x)), self.b)\n"  # the lecture spaces `wi*xi` so too
    runs = source_runs({"nn.py": line}, {"nn.py": {1}}, {"course lecture": lecture})
    # `wi,xi` without its space (names as `v`, a space a token), and the comment as runs of six words
    assert sorted(runs) == [
        ("code", " ", "for", " ", "v", ",", "v"), ("code", " ", "v", ",", "v", " ", "in"),
        ("code", ",", "v", " ", "in", " ", "v"), ("code", "for", " ", "v", ",", "v", " "),
        ("code", "v", ",", "v", " ", "in", " "), ("comment", "the", "weighted", "sum", "plus", "the", "bias")]
    # a renamed copy holds each run of code; the lecture's line none; a line beyond the starter's only counts
    renamed = "z = sum((w*v for w,v in zip(self.w, x)), self.b)\n"
    assert held_runs({"s.py": renamed}, runs) == {r for r in runs if r[0] == "code"}
    assert held_runs({"s.py": lecture}, runs) == set()
    assert held_runs({"s.py": renamed}, runs, {"s.py": {2}}) == set()
    assert source_runs({"nn.py": line}, {"nn.py": set()}, {}) == frozenset()


@slow_fixture(scope="module")  # a class read and scored: seconds of CPU
def network_class(tmp_path_factory):
    """Seven honest networks (network/, lecture_network/: cara and dan write the lecture's lines as it spaces them)
    and the six fresh copies of micrograd's nn.py adapted to 07 (bench/similarity/pubcopies/nn)."""
    folder = tmp_path_factory.mktemp("spaced")
    for path in sorted((HERE / "network").glob("*.py")) + sorted((HERE / "lecture_network").glob("*.py")) + \
            sorted(FRESH.glob("*.py")):
        (folder / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    return similarity(folder, exercise="07-mlp-xor").record


def test_copies_of_a_public_network_are_attributed_by_its_spacing_and_no_honest_student_is(network_class):
    # n201-n204 (level 1 to 3: the whole file, pasted into the regions, renamed and typed, reordered with loops
    # written out) keep micrograd's spacing: attributed (their code alone held 0.001-0.012 of it); n205, respaced by a
    # formatter, keeps none (the limit), n206, micrograd's Neuron and Layer only, too little; the honest students,
    # cara and dan with the lecture's `wi*xi` among them, nothing of it
    assert [(m["id"], m["source"], m["score"], m["flagged"]) for m in network_class["public_matches"]] == [
        ("n201", NETWORK, 0.7288, True), ("n202", NETWORK, 0.7288, True), ("n203", NETWORK, 0.7288, True),
        ("n204", NETWORK, 0.7288, True)]
    # no pair flagged; of the copies' pairs only n203|n205 is over the floor (what the formatted one shares); n201|ruth
    # 0.3006 before session 28 (each function's part of the shared code at most units.UNIT_MOST)
    assert [(p["a"], p["b"], p["score"], p["flagged"]) for p in network_class["pairs"]] == [
        ("n201", "ruth", 0.281, False), ("ada", "n203", 0.2593, False), ("n203", "n205", 0.2433, False),
        ("cara", "n202", 0.2256, False)]


def test_lines_are_numbered_as_python_numbers_them_a_form_feed_in_a_comment_cuts_none():
    # issue 27's first evasion: str.splitlines breaks a line at a form feed, Python does not; the line numbers that
    # say which lines are a student's own (own_lines, from the parsed tree) are Python's, on both sides
    source = "# the neuron\x0c its sum\nact = sum((wi*xi for wi,xi in zip(self.w, x)), self.b)\n"
    runs = source_runs({"nn.py": source}, {"nn.py": {2}}, {})
    assert ("code", "for", " ", "v", ",", "v", " ") in runs
    copy = "# mine\x0c\nz = sum((w*v for w,v in zip(self.w, x)), self.b)\n"
    assert held_runs({"s.py": copy}, runs, {"s.py": {2}}) == runs
