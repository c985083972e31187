"""The course order: every handout up to an exercise holds nothing of it or of a later one, and every
"Try it" example runs on its exercise's starter once that exercise alone is solved."""

import ast
import math
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner
from conftest import EXERCISES_DIR

from grader.classroom import starters
from grader.classroom.breaks import accumulate_bug
from grader.classroom.notebooks import try_it
from grader.classroom.solution_regions import regions, solution_source
from grader.classroom.starters import solved_files
from grader.cli import main
from grader.course import COURSE, position, upto


def test_the_course_has_every_exercise_once():
    suites = sorted(p.name for p in starters.SUITES.iterdir() if (p / "probes.py").exists() and p.name != "engine")
    assert sorted(COURSE) == suites == sorted(p.name for p in EXERCISES_DIR.iterdir() if p.is_dir())
    assert len(set(COURSE)) == len(COURSE)
    # the lessons' order: closures, accumulation, backward(), then more operations
    assert COURSE[:5] == ("01-mul-backward", "02-accumulate", "05-backward", "03-tanh", "04-more-ops")


# -- no handout gives away what the course has not reached -------------------------------------------
#
# An oracle of its own, on purpose simpler than the scan of grader/classroom/handout.py: every code line of a
# solution region (and the value it assigns or returns) with all whitespace removed, looked for
# anywhere in the handed-out text with all whitespace removed, so that a piece of a line in a README
# sentence, a comment or a notebook cell is found too.


def _squeezed(text):
    return re.sub(r"\s+", "", text)


def _fragments(line):
    code = line.strip()
    if not code or code.startswith("#"):
        return set()
    found = {code}
    try:
        statement = ast.parse(code).body[0]
    except SyntaxError:  # a line of a block: `while stack:`
        statement = None
    if isinstance(statement, (ast.Assign, ast.AugAssign, ast.Return)) and isinstance(
            statement.value, (ast.BinOp, ast.Call, ast.Tuple, ast.List, ast.IfExp, ast.ListComp, ast.BoolOp)):
        found.add(ast.get_source_segment(code, statement.value))
    # shorter than `self*-1` is any code's vocabulary; making a leaf is every example's
    return {f for f in map(_squeezed, found) if len(f) >= 7 and not re.fullmatch(r"([\w,]+=)?Value\([-\d.e]+\)", f)}


def _solution_fragments(exercise):
    """{fragment: the line it comes from} of everything `exercise` asks the student to write."""
    if exercise == "02-accumulate":  # the repair: each `+=` of a backward rule, as the reference has it
        engine = solution_source((starters.reference_folder() / "engine.py").read_text())
        lines = [line for line in engine.splitlines() if re.match(r"\s*[\w.]+\.grad \+= ", line)]
    else:
        lines = []
        for path in sorted(starters.reference_folder().glob("*.py")):
            text = path.read_text()
            ours = [line for r in regions(text) if r.exercise == exercise for line in text.splitlines()[r.begin + 1:r.end]]
            if path.name.startswith("test_"):  # 09: tests are given away by what they assert, not their examples
                ours = [line for line in ours if re.match(r"\s*(assert\b|def test_)", line)]
            lines += ours
    return {f: line.strip() for line in lines for f in _fragments(line)}


def _reached(exercise):
    """The reference as the course has it before `exercise`: later and own regions out, 02's break in."""
    kept = []
    for path in sorted(starters.reference_folder().glob("*.py")):
        text = path.read_text()
        lines = text.splitlines()
        out = {i for r in regions(text) if position(r.exercise) >= position(exercise) for i in range(r.begin, r.end + 1)}
        text = "\n".join(line for i, line in enumerate(lines) if i not in out)
        if path.name == "engine.py" and position("02-accumulate") >= position(exercise):
            text = accumulate_bug(text)
        kept.append(text)
    return _squeezed("\n".join(kept))


def _handed_out_text(path):
    if path.suffix == ".ipynb":
        import nbformat
        return "\n".join(cell.source for cell in nbformat.read(path, as_version=4).cells)
    return path.read_text()


@pytest.mark.parametrize("exercise", COURSE)
def test_no_handout_up_to_an_exercise_holds_any_piece_of_its_solution_or_a_later_one(exercise, tmp_path):
    out = tmp_path / "handout"
    result = CliRunner().invoke(main, ["handout", str(out), "--upto", exercise])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir() if p.is_dir()) == sorted(upto(exercise))
    given = _reached(exercise)
    forbidden = {}
    for later in COURSE[position(exercise):]:
        for f, line in _solution_fragments(later).items():
            if f not in given:
                forbidden.setdefault(f, (later, line))  # the first exercise that asks for it
    assert len(forbidden) > 3
    leaks = []
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        text = _squeezed(_handed_out_text(path))
        leaks += [f"{path.relative_to(out)}: {owner}'s {line!r}" for f, (owner, line) in forbidden.items() if f in text]
    assert leaks == []


def test_the_oracle_finds_a_piece_of_a_line_in_a_sentence(tmp_path):
    fragments = _solution_fragments("01-mul-backward")
    text = _squeezed("When your rule runs, `self` receives `other.data  *  out.grad`.")
    assert [line for f, line in fragments.items() if f in text] == ["self.grad += other.data * out.grad"]
    assert _squeezed("self.grad += out.grad") in _solution_fragments("02-accumulate")
    assert _squeezed("self.grad += out.grad") not in _reached("02-accumulate")
    assert _squeezed("self.grad += out.grad") in _reached("05-backward")


# -- Try it --------------------------------------------------------------------------------------------


def _same_output(got, want, rel=1e-6, abs_=1e-9):
    """Equal text, numbers within a tolerance: the last digits of math.tanh and friends are the C library's."""
    number = r"-?\d+(?:\.\d+)?(?:e[-+]?\d+)?"
    if re.split(number, got) != re.split(number, want):
        return False
    return all(math.isclose(float(g), float(w), rel_tol=rel, abs_tol=abs_)
               for g, w in zip(re.findall(number, got), re.findall(number, want)))


@pytest.mark.parametrize("exercise", [e for e in COURSE if try_it((EXERCISES_DIR / e / "README.md").read_text())])
def test_try_it_runs_on_the_starter_with_only_its_own_exercise_solved(exercise, tmp_path):
    example = try_it((EXERCISES_DIR / exercise / "README.md").read_text())
    for name, text in solved_files(exercise).items():
        (tmp_path / name).write_text(text)
    result = subprocess.run([sys.executable, "-c", example.code], cwd=tmp_path, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert example.expected is not None, "the README says what its example prints, in a ```text block after it"
    assert _same_output(result.stdout, example.expected), result.stdout


def test_the_mul_example_calls_the_closures_by_hand_because_there_is_no_backward_yet():
    engine = solved_files("01-mul-backward")["engine.py"]
    assert "def backward" not in engine and "def tanh" not in engine and "def __pow__" not in engine
    example = try_it((EXERCISES_DIR / "01-mul-backward" / "README.md").read_text())
    assert "._backward()" in example.code and ".backward()" not in example.code.replace("._backward()", "")


def test_output_comparison_allows_only_the_last_digits_to_differ():
    assert _same_output("1 0.07065082485316443\n", "1 0.07065082485316447\n")
    assert not _same_output("1 0.0707\n", "1 0.07065082485316443\n")
    assert not _same_output("ok=True\n", "ok=False\n")


# -- probes before backward() exists -------------------------------------------------------------


def test_backprop_by_hand_gives_what_backward_gives_and_says_what_it_needs():
    from grader.probekit import backprop_by_hand
    from reference.engine import Value

    def graph():
        a, b = Value(2.0), Value(-3.0)
        ab = a * b
        y = ab * a + a
        return a, b, ab, y

    a, b, ab, y = graph()
    backprop_by_hand(y, y._prev[0], ab)  # y = (ab * a) + a: the product, then ab
    by_hand = (a.grad, b.grad, ab.grad)
    a, b, ab, y = graph()
    y.backward()
    assert by_hand == (a.grad, b.grad, ab.grad) == (-11.0, 4.0, 2.0)  # dy/da = 2ab + 1

    class EdgeList:  # another legitimate engine: no closures, its own backward()
        def __init__(self):
            self.grad = 0

        def backward(self):
            self.grad = 1

    node = EdgeList()
    backprop_by_hand(node)
    assert node.grad == 1
    with pytest.raises(AttributeError, match="this Value has no _backward and no backward()"):
        backprop_by_hand(object())
