"""The shell blocks of README.md and docs/*.md run as pasted (issue 30: docs that failed when pasted).

Which blocks run, by one rule written here and in the README's "For contributors":

- A shell block is a fenced block tagged `sh`, `bash`, `shell` or `console`.
- Every shell block runs, unless the line before its fence is a comment
  `<!-- docs-test: not run: REASON -->`: a block that needs the network or a
  package index, a server on a fixed port, a folder of the reader's own
  (a student's exercise folder, last week's scores), or that runs this
  test suite itself. The reason is required, so that a new block is run or
  is said not to be, never forgotten.
- Install lines are not run: a line whose every command is `python3 -m venv
  ...`, `. .venv/bin/activate` or `pip install ...` (joined by `&&`). The test
  runs where the grader is installed already.
- The blocks of one file run in order, each with `bash -euo pipefail`, in one
  scratch folder per file: a copy of the checkout (without its dot-folders:
  .git, .github, .ci) with `submissions/`, the class folder the docs grade, a
  copy of examples/submissions; HOME and the grader's cache are inside it. A
  block passes when it exits 0.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from costs import slow_fixture

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SHELL = ("sh", "bash", "shell", "console")
NOT_RUN = re.compile(r"^<!-- docs-test: not run: (\S.*) -->$")
INSTALL = re.compile(r"^(python3? -m venv \S+|\. \S*/bin/activate|pip install .+)$")


def shell_blocks(path):
    """[(line number, text, reason it is not run or None)] of every shell block of a Markdown file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    blocks, i = [], 0
    while i < len(lines):
        fence = re.match(r"^(`{3,})(\w*)\s*$", lines[i])
        if not fence:
            i += 1
            continue
        end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith(fence.group(1)))
        if fence.group(2) in SHELL:
            before = NOT_RUN.match(lines[i - 1]) if i else None
            blocks.append((i + 1, "\n".join(lines[i + 1:end]) + "\n", before.group(1) if before else None))
        i = end + 1
    return blocks


def is_install_line(line):
    commands = [c.strip() for c in line.split("#")[0].split("&&")]
    return all(INSTALL.match(c) for c in commands if c) and any(commands)


def runnable(text):
    """The block without its install lines (see the module's docstring)."""
    return "".join(line + "\n" for line in text.splitlines() if not is_install_line(line))


def test_every_marker_is_well_formed_and_stands_before_a_shell_block():
    # a misspelt marker would run a block its author meant to leave out, or the other way round
    for path in DOCS:
        lines = path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            if line.lstrip().startswith("<!--") and "docs-test" in line:
                where = f"{path.relative_to(ROOT)}:{i + 1}"
                assert NOT_RUN.match(line), f"{where}: write <!-- docs-test: not run: REASON -->"
                assert re.match(r"^`{3,}(" + "|".join(SHELL) + r")\s*$", lines[i + 1]), f"{where}: no shell block follows"
    ran = [(p, line) for p in DOCS for line, text, reason in shell_blocks(p) if reason is None and runnable(text).strip()]
    assert len(ran) >= 5, ran


def test_install_lines_are_recognised():
    assert is_install_line('python3 -m venv .venv && . .venv/bin/activate && pip install -e .')
    assert is_install_line('pip install "micrograd-grader[instructor]" --extra-index-url https://PRIVATE/simple')
    assert not is_install_line("grade examples/submissions")
    assert not is_install_line("pip wheel --no-deps -w dist . ./instructor")
    assert not is_install_line("python3 -m venv .venv && grade x")


@slow_fixture(any_worker=True)  # each document's blocks run in a copy of their own, in any worker
def scratch_checkout(tmp_path_factory):
    """(a copy of the checkout with `submissions/` beside its files, the environment the blocks run in).
    `submissions/`, the class the README's later blocks grade, is the examples' class but frank: his three probes that
    never finish cost 9 s of CPU a grading (the sandbox's, which /usr/bin/time does not see), and the README's
    quickstart block grades him in examples/submissions before `grade cache clear`."""
    def factory(name):
        folder = tmp_path_factory.mktemp(name) / "checkout"
        shutil.copytree(ROOT, folder, ignore=lambda where, names: [
            n for n in names if n.startswith(".") or n in ("__pycache__", "build", "dist") or n.endswith(".egg-info")])
        shutil.copytree(ROOT / "examples" / "submissions", folder / "submissions",
                        ignore=shutil.ignore_patterns("frank.py"))
        (folder / ".home").mkdir()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "GRADE_"))}
        env.update(HOME=str(folder / ".home"), XDG_CACHE_HOME=str(folder / ".home" / "cache"), PYTHONPATH=str(folder),
                   PATH=os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")]))
        return folder, env

    return factory


@pytest.mark.parametrize("doc", [p for p in DOCS if any(r is None and runnable(t).strip() for _, t, r in shell_blocks(p))],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_the_shell_blocks_of_a_document_run_as_pasted(doc, scratch_checkout):
    folder, env = scratch_checkout(doc.stem)
    for line, text, reason in shell_blocks(doc):
        script = runnable(text)
        if reason or not script.strip():
            continue
        done = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=folder, env=env,
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, (f"{doc.relative_to(ROOT)}:{line} exited {done.returncode}:\n{script}\n"
                                      f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}")


def _sample_matches(sample, output):
    """Whether `output` reads as the sample: `...` alone stands for any lines, a line ending in ` ...`
    for any rest of that line."""
    pattern = []
    for line in sample.splitlines():
        if line == "...":
            pattern.append(r"(?:.*\n)*?")
        elif line.endswith(" ..."):
            pattern.append(re.escape(line[:-3]) + r".*\n")
        else:
            pattern.append(re.escape(line) + r"\n")
    return re.fullmatch("".join(pattern), output) is not None


@pytest.mark.parametrize("lang", ["en", "ru", "zh"])
def test_the_students_sample_output_is_what_grade_check_prints(tmp_path, lang):
    # issue 30: docs/students.md showed 2/8 points and columns of an older version; its translations
    # (docs/students.ru.md, .zh.md, the top of a translated handout) show `grade check --lang`'s
    from grader.classroom.starters import solution_files
    from grader.classroom.student_check import check

    text = (ROOT / "docs" / ("students.md" if lang == "en" else f"students.{lang}.md")).read_text(encoding="utf-8")
    sample = re.search(r"^```\n(03-tanh[:：].*?)^```$", text, re.M | re.S).group(1)
    folder = tmp_path / "03-tanh"
    folder.mkdir()
    engine = solution_files("03-tanh")["engine.py"]
    assert engine.count("(1 - t**2) * out.grad") == 1
    (folder / "engine.py").write_text(engine.replace("(1 - t**2) * out.grad", "(1 - t) * out.grad"))
    output = str(check(folder, "03-tanh", lang=lang)) + "\n"
    assert _sample_matches(sample, output), output
    assert not _sample_matches(sample.replace("4.5/9", "2/8"), output)


def test_the_quickstart_installs_what_grading_needs_and_no_more():
    # issue 30: the quickstart's `pip install -e ".[test]"` pulled PyTorch (1 GB) though grading needs none
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+

    quickstart = next(text for line, text, _ in shell_blocks(ROOT / "README.md") if "grade examples/submissions" in text)
    installs = [line for line in quickstart.splitlines() if is_install_line(line)]
    assert installs == ["python3 -m venv .venv && . .venv/bin/activate && pip install -e ."]
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert not [d for d in project["dependencies"] if d.lower().startswith(("torch", "numpy"))]
    assert any(d.startswith("torch") for d in project["optional-dependencies"]["test"])


def test_the_readmes_russian_check_is_what_grade_check_prints(tmp_path):
    # session 32: README's `grade check --lang ru` on 02-accumulate showed shared/a+a's words of an older version
    from grader.classroom.starters import starter_files
    from grader.classroom.student_check import check

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    sample = re.search(r"^```\n\$ grade check --lang ru\n(.*?)^```$", text, re.M | re.S).group(1)
    engine = starter_files("02-accumulate")["engine.py"]
    repaired = engine.replace("self.grad = out.grad\n            other.grad = out.grad",
                              "self.grad += out.grad\n            other.grad += out.grad")
    repaired = repaired.replace("self.grad = (out.data > 0) * out.grad", "self.grad += (out.data > 0) * out.grad")
    assert repaired.count("+=") == engine.count("+=") + 3  # `__add__` and relu repaired, as the README says
    (tmp_path / "02-accumulate").mkdir()
    (tmp_path / "02-accumulate" / "engine.py").write_text(repaired, encoding="utf-8")
    output = str(check(tmp_path / "02-accumulate", "02-accumulate", lang="ru")) + "\n"
    assert _sample_matches(sample, output), output
