"""Session 25's coordinator: what `grade check` prints for a test that passed because its failing expression was
excused (each mistake costs once, grader/judge/charging.py)."""

from pathlib import Path

from grader.classroom.check_report import html_table, table_rows
from grader.classroom.student_check import check, report_lines

REFERENCE = Path(__file__).resolve().parents[1] / "reference" / "engine.py"


def test_an_excused_test_prints_pass_with_its_doc_and_the_note_below(tmp_path):
    # the course's `1 - t` for tanh: tanh's own tests charge it; graph/numeric's expression needs tanh and is
    # excused. It printed "PASS graph/numeric  backward() agrees with central differences of your own forward pass"
    # alone, as if the gradients agreed (cb0dc34)
    source = REFERENCE.read_text()
    assert source.count("(1 - t**2) * out.grad") == 1
    (tmp_path / "engine.py").write_text(source.replace("(1 - t**2) * out.grad", "(1 - t) * out.grad"))
    result = check(tmp_path / "engine.py", "03-tanh")
    lines = "\n".join(report_lines(result)).splitlines()  # an entry of several lines is one item
    at = next(i for i, line in enumerate(lines) if line.startswith("PASS  graph/numeric"))
    assert lines[at].split("  ", 2)[2].strip() == "backward() agrees with central differences of your own forward pass"
    assert lines[at + 1].strip() == ("Not charged again: f(a, b) = tanh(a * b + a) * tanh(b) at a = 0.5, b = -1.5 "
                                     "needs `tanh`, which tanh/two already charges.")
    assert lines[at + 1].startswith(" " * 30)  # under the text of its test's line
    assert f"{result.points:g}/{result.max_points:g}" == "4.5/9"
    # the notebook's table: the row passed, the note in its diagnosis column
    row = next(row for row in table_rows(result) if row["name"] == "graph/numeric")
    assert (row["label"], row["got"], row["diagnosis"]) == ("PASS", "", lines[at + 1].strip())
    assert "Not charged again: f(a, b) = tanh(a * b + a) * tanh(b)" in html_table(result)
    # in Russian too: the doc and the note each in the course's words
    ru = "\n".join(report_lines(result, "ru")).splitlines()
    at = next(i for i, line in enumerate(ru) if line.startswith("PASS  graph/numeric"))
    assert ru[at].split("  ", 2)[2].strip() == "backward() согласуется с центральными разностями вашего же прямого прохода"
    assert ru[at + 1].strip() == ("Баллы повторно не снимались: для f(a, b) = tanh(a * b + a) * tanh(b) при a = 0.5, "
                                  "b = -1.5 нужен `tanh`, а за него уже сняты баллы в тесте tanh/two.")


def test_a_test_that_passed_with_nothing_to_say_prints_its_doc_alone(tmp_path):
    (tmp_path / "engine.py").write_text(REFERENCE.read_text())
    lines = "\n".join(report_lines(check(tmp_path / "engine.py", "03-tanh"))).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("PASS  graph/numeric"))
    assert lines[at + 1].startswith("Score on the visible tests: 9/9 points")
