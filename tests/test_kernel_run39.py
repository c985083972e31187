"""A notebook's check() on a kernel whose cells `%run` files of its working folder (session 39's mend, mend39b).

Before: check() replayed the kernel's cells as a notebook handed in alone, so a `%run ./engine_core.ipynb` that the
kernel had run from its folder was "not handed in with it: hand in the folder (or a zip)" (0; before session 38's
mend a NameError, 0 either way). Now the check reads a `%run` file from the kernel's working folder, as IPython did
and as a folder's files beside its notebook are read, and refuses only a file that is not there, in words that fit a
kernel. The refusal quotes the `%run` line the student wrote (`%run -i ops.py`), the file kept as data.
"""
import shutil
from pathlib import Path

import pytest

BESIDE = Path(__file__).parent / "fixtures" / "strangers38" / "engine" / "correct-run-beside"
# the kernel of strangers38's correct-run-beside after Run All: the cells of its engine.ipynb, then a "Try it" cell
CELLS = ["%run ./engine_core.ipynb\n%run -i ops.py",
         "x = Value(0.5)\ny = (x * 2).tanh() + x.exp() / (1 + x)\ny.backward()"]


class _Kernel:
    """IPython's shell as check() reads it: the raw input history, and the events it registers a hook with."""

    def __init__(self, cells):
        self.history_manager = type("History", (), {"input_hist_raw": ["", *cells]})()
        self.events = type("Events", (), {"register": lambda self, name, hook: None})()


def _checked(monkeypatch, folder: Path, cells=CELLS, exercise="engine"):
    from grader.classroom import notebook_check

    monkeypatch.chdir(folder)
    monkeypatch.setattr(notebook_check, "_shell", lambda: _Kernel(cells))
    return notebook_check.check(exercise)


def test_a_kernel_that_runs_its_folders_files_scores_full(tmp_path, monkeypatch):
    for name in ("engine_core.ipynb", "ops.py"):  # the notebook itself need not be there: the kernel's cells are read
        shutil.copy(BESIDE / name, tmp_path)
    result = _checked(monkeypatch, tmp_path)
    assert result.rejected is None  # before: "engine.ipynb runs files with `%run` that were not handed in with it"
    assert (result.points, result.max_points) == (63, 63)
    assert result.diagnosis == []


def test_a_fresh_kernel_split_across_a_py_file_and_its_cells_scores_full(tmp_path, monkeypatch):
    """A sample of this session's own: the class in values.py (`%run -i`), each op added in the kernel's cells."""
    (tmp_path / "values.py").write_text(
        "import math\n\n\nclass Value:\n"
        "    def __init__(self, data, parents=(), slopes=()):\n"
        "        self.data, self.grad, self._parents, self._slopes = float(data), 0.0, parents, slopes\n\n"
        "    def backward(self):\n"
        "        order, seen, stack = [], set(), [(self, False)]\n"
        "        while stack:\n"
        "            v, done = stack.pop()\n"
        "            if done:\n"
        "                order.append(v)\n"
        "            elif id(v) not in seen:\n"
        "                seen.add(id(v))\n"
        "                stack.append((v, True))\n"
        "                stack.extend((p, False) for p in v._parents)\n"
        "        self.grad = 1.0\n"
        "        for v in reversed(order):\n"
        "            for p, s in zip(v._parents, v._slopes):\n"
        "                p.grad += s * v.grad\n", encoding="utf-8")
    ops = ("def lift(x):\n    return x if isinstance(x, Value) else Value(x)\n\n"
           "Value.__add__ = lambda a, b: Value(a.data + lift(b).data, (a, lift(b)), (1.0, 1.0))\n"
           "Value.__radd__ = Value.__add__\n"
           "Value.__mul__ = lambda a, b: Value(a.data * lift(b).data, (a, lift(b)), (lift(b).data, a.data))\n"
           "Value.__rmul__ = Value.__mul__\n"
           "Value.__neg__ = lambda a: a * -1\n"
           "Value.__sub__ = lambda a, b: a + (-lift(b))\n"
           "Value.__rsub__ = lambda a, b: lift(b) + (-a)\n"
           "Value.__pow__ = lambda a, k: Value(a.data ** k, (a,), (k * a.data ** (k - 1),))\n"
           "Value.__truediv__ = lambda a, b: a * lift(b) ** -1\n"
           "Value.__rtruediv__ = lambda a, b: lift(b) * a ** -1\n"
           "Value.relu = lambda a: Value(max(a.data, 0.0), (a,), (1.0 if a.data > 0 else 0.0,))\n"
           "def _tanh(a):\n    t = math.tanh(a.data)\n    return Value(t, (a,), (1 - t * t,))\n"
           "Value.tanh = _tanh\n"
           "def _exp(a):\n    e = math.exp(a.data)\n    return Value(e, (a,), (e,))\n"
           "Value.exp = _exp\n"
           "Value.log = lambda a: Value(math.log(a.data), (a,), (1 / a.data,))\n"
           "Value.__repr__ = lambda a: f'Value(data={a.data}, grad={a.grad})'\n")
    result = _checked(monkeypatch, tmp_path, ["%run -i values.py", ops, "print(Value(2.0).tanh())"])
    assert result.rejected is None
    assert (result.points, result.max_points) == (63, 63)


@pytest.mark.parametrize("present,said", [
    # engine_core.ipynb (the class) missing: the kernel's `Value` came from a file that is not in its folder
    (["ops.py"], "this notebook runs `%run ./engine_core.ipynb`, and engine_core.ipynb is not in this notebook's "
                 "folder ({folder}): put it there, run the notebook's cells again, then the check"),
    ([], "this notebook runs files with `%run` that are not in this notebook's folder ({folder}): engine_core.ipynb "
         "and ops.py; put them there, run the notebook's cells again, then the check"),
])
def test_a_kernel_whose_run_file_is_not_in_its_folder_is_refused_in_a_kernels_words(tmp_path, monkeypatch,
                                                                                     present, said):
    for name in present:
        shutil.copy(BESIDE / name, tmp_path)
    result = _checked(monkeypatch, tmp_path)
    assert str(result.rejected) == said.format(folder=tmp_path)
    assert result.points == 0


def test_the_refusal_quotes_the_run_line_as_written_the_file_kept_as_data(tmp_path):
    from grader.load import load_entry

    (tmp_path / "alice.ipynb").write_bytes(_notebook("%run -i core.py", "Value.__add__ = add"))
    sub = load_entry(tmp_path / "alice.ipynb")
    assert sub.problem == ("alice.ipynb runs `%run -i core.py`, which was not handed in with it: hand in the folder "
                           "(or a zip) with both files")  # before: "runs `%run ./core.py`"
    assert sub.problem_message["params"] == {"file": "alice.ipynb", "command": "%run -i core.py", "other": "core.py"}


def test_the_kernels_refusal_is_said_in_the_courses_language():
    from grader.i18n import msg, translator

    text = msg("this notebook runs `{command}`, and {other} is not in this notebook's folder ({folder}): put it "
               "there, run the notebook's cells again, then the check", command="%run -i ops.py", other="ops.py",
               folder="/home/ann/hw")
    assert translator("ru").render(text) == ("этот блокнот выполняет `%run -i ops.py`, а файла ops.py нет в папке "
                                            "этого блокнота (/home/ann/hw): положите его туда, снова выполните "
                                            "ячейки блокнота, затем проверку")
    assert translator("zh").render(text) == ("本笔记本运行 `%run -i ops.py`，但 ops.py 不在本笔记本的文件夹"
                                            "（/home/ann/hw）中：请把它放到那里，重新运行笔记本的单元格，然后再运行检查")


def _notebook(*cells) -> bytes:
    from test_strangers38 import _notebook as notebook

    return notebook(*cells)
