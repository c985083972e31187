"""Session 27's strangers: submissions in shapes and styles no earlier fixture has, graded once, by the real program.

`tests/fixtures/strangers27/engine/` holds engines written by hand in styles no earlier fixture uses: the ops as a
table keyed by the `operator` module, the derived operators written by a metaclass, `__slots__` with `data` and
`grad` as properties, Python 3.11's `typing.Self`, `match` and the walrus, the topological order as a generator, a
class decorator that makes the functions from a table over a `total_ordering` dataclass, a `no_grad()` ContextVar,
CLRS's three-colour DFS over an Enum, the standard library's `graphlib.TopologicalSorter`; and micrograd's repository
as cloned (`micrograd/` beside `demo.py` and `setup.py`). `SHAPES` makes the instructor's own solutions (reference/)
into files as strangers hand them in: Windows line ends, old Mac ones (CR alone), UTF-16 from Notepad or
PowerShell's `>`, tabs, a notebook with magics and shell escapes, a Colab notebook saved with its outputs and an
error, nbconvert's export of a `%%time` cell, a folder with `__pycache__`, `.DS_Store` and Jupyter's checkpoints,
GitHub Classroom's zip, a zip in a zip. `PLANTED` plants one mistake of the course in several.

The holes these found, each closed as a class: see CHANGELOG.md (session 27) and the tests at the end.
"""

import io
import json
import shutil
import zipfile
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import FILE, LIMITS, _output, _rows, assert_scored_and_named, reference_solution

FRESH = Path(__file__).parent / "fixtures" / "strangers27"
ROOT = Path(__file__).parent.parent
FILES = {**FILE, **{exercise: "engine.py" for exercise in ["01-mul-backward", "02-accumulate", "05-backward"]}}


def _cells(*sources, outputs=None):
    """A notebook (nbformat 4) of these code cells ('# md:' opens a Markdown one), with OUTPUTS[i] for cell i."""
    cells = []
    for index, source in enumerate(sources):
        if source.startswith("# md:"):
            cells.append({"cell_type": "markdown", "metadata": {}, "source": source[5:].lstrip()})
            continue
        stored = (outputs or {}).get(index, ([], None))
        cells.append({"cell_type": "code", "execution_count": stored[1], "metadata": {"id": f"c{index}"},
                      "outputs": stored[0], "source": source.splitlines(keepends=True)})
    return cells


def _notebook(cells, metadata=None):
    return json.dumps({"cells": cells, "metadata": metadata or {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python", "version": "3.11.4"}}, "nbformat": 4, "nbformat_minor": 5},
        indent=1).encode("utf-8")


def magics_notebook(code, name):
    """A notebook as a student keeps it: installs, autoreload, the code under `%%time`, a shell cell, help, timing."""
    return {name.replace(".py", ".ipynb"): _notebook(_cells(
        "# md: # Homework\nRun every cell from the top.",
        "!pip install -q graphviz\n%load_ext autoreload\n%autoreload 2\n%matplotlib inline\nimport sys",
        "!{sys.executable} -m pip --version\n%env PYTHONHASHSEED=0",
        "%%time\n" + code,
        "%%bash\necho 'hello from bash'\nls -la",
        "files = !ls\nprint(files[:3])",
        "%%capture\nresult = 1 + 1",
        "%who"))}


ERROR_OUTPUT = {"output_type": "error", "ename": "ZeroDivisionError", "evalue": "float division by zero",
                "traceback": ["\u001b[0;31m-------------------------------------------------------------------\u001b[0m",
                              "\u001b[0;31mZeroDivisionError\u001b[0m: float division by zero"]}


def colab_notebook(code, name):
    """Colab's File > Download > .ipynb, run: outputs saved (a stream, a result, a PNG) and one cell's error."""
    outputs = {1: ([{"output_type": "stream", "name": "stdout", "text": ["Collecting graphviz\n"]}], 1),
               2: ([], 2),
               3: ([{"output_type": "execute_result", "execution_count": 3, "metadata": {},
                     "data": {"text/plain": ["4.0"]}},
                    {"output_type": "display_data", "metadata": {}, "data": {"image/png": "iVBORw0KGgo=",
                                                                             "text/plain": ["<Figure>"]}}], 3),
               4: ([ERROR_OUTPUT], 4)}
    metadata = {"colab": {"provenance": [], "name": name.replace(".py", ".ipynb"), "toc_visible": True},
                "kernelspec": {"name": "python3", "display_name": "Python 3"}, "language_info": {"name": "python"},
                "accelerator": "GPU", "gpuClass": "standard"}
    return {name.replace(".py", ".ipynb"): _notebook(_cells(
        "# md: ## Setup",
        "!pip install graphviz",
        code,
        "2.0 + 2.0",
        "# try it out (it raised before I fixed it)\nprint(1 / 4.0)", outputs=outputs), metadata)}


NBCONVERT_TIME = '''#!/usr/bin/env python
# coding: utf-8

# # Homework

# In[1]:


get_ipython().system('pip install -q graphviz')


# In[2]:


get_ipython().run_cell_magic('time', '', {body})


# In[3]:


print("done")
'''


def nbconvert_time(code, name):
    """`jupyter nbconvert --to script` of a notebook whose code cell is timed (`%%time`): one call, its code a string."""
    return {name: NBCONVERT_TIME.format(body=repr(code)).encode("utf-8")}


def crlf(code, name):
    return {name: code.replace("\n", "\r\n").encode("utf-8")}


def cr_only(code, name):
    """Saved by an old Mac editor: CR alone ends a line (Python reads it)."""
    return {name: code.replace("\n", "\r").encode("utf-8")}


def utf16(code, name):
    """Notepad's "Unicode", PowerShell 5's `Get-Content ... > engine.py`: UTF-16, little-endian, a byte-order mark."""
    return {name: code.replace("\n", "\r\n").encode("utf-16")}


def tabs(code, name):
    """Indented with tabs (an editor set so), every level one tab."""
    lines = []
    for line in code.split("\n"):
        stripped = line.lstrip(" ")
        lines.append("\t" * ((len(line) - len(stripped)) // 4) + " " * ((len(line) - len(stripped)) % 4) + stripped)
    return {name: "\n".join(lines).encode("utf-8")}


def cluttered(code, name):
    """A folder as macOS and Jupyter leave it: `__pycache__`, `.DS_Store`, a checkpoint of an older (broken) copy."""
    stem = name[:-3]
    return {name: code.encode("utf-8"), f"__pycache__/{stem}.cpython-311.pyc": b"\xa7\r\r\n" + bytes(60),
            ".DS_Store": b"\x00\x00\x00\x01Bud1" + bytes(40),
            f".ipynb_checkpoints/{stem}-checkpoint.py": b"class Value:\n    pass  # TODO\n",
            ".vscode/settings.json": b'{"python.defaultInterpreterPath": "venv/bin/python"}\n'}


def _zip(files):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path, data in files.items():
            archive.writestr(path, data)
    return buffer.getvalue()


def classroom_zip(code, name, beside=()):
    """GitHub Classroom's "Download ZIP" of a student's repository: one folder, with its CI and README."""
    top = "hw-autograd-octocat-main/"
    return {"hw-autograd-octocat-main.zip": _zip({
        top + name: code.encode("utf-8"), **{top + path: data for path, data in beside},
        top + "README.md": b"# Autograd homework\n",
        top + ".github/workflows/classroom.yml": b"name: Autograding Tests\non: [push]\n",
        top + ".github/classroom/autograding.json": b'{"tests": []}\n',
        top + ".gitignore": b"__pycache__/\n"})}


def zip_in_zip(code, name, beside=()):
    """Moodle's download of a student's upload, zipped again by the student's group lead: a zip holding a zip."""
    return {"group-upload.zip": _zip({"submission.zip": _zip({name: code.encode("utf-8"), **dict(beside)})})}


def non_ascii(code, name):
    """A Chinese course's names: a helper and a constant named in Chinese, a comment in Chinese."""
    return {name: (code + "\n\n# 数值梯度 (用于检查)\n步长 = 1e-6\n\n\ndef 数值导数(函数, 自变量, h=步长):\n"
                   "    return (函数(自变量 + h) - 函数(自变量 - h)) / (2 * h)\n").encode("utf-8")}


SUBPLOTS = '''

def plot_activation(name="tanh"):
    """Plot an activation and its derivative side by side (run in the notebook)."""
    import matplotlib.pyplot as plt

    xs = [i / 10 for i in range(-40, 41)]
    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    for i in range(len(axes)):
        axes[i].grid(True)
    parts = list(plt.subplots())
    parts[1].set_title(name)
    for ax, label in zip(axes, ["f", "f'"]):
        ax.set_title(label)
    return xs


plot_activation()
'''


def subplots(code, name):
    """A helper that plots, called at import: `len(axes)` and `list(plt.subplots())`, as matplotlib's own API has them."""
    return {name: (code + SUBPLOTS).encode("utf-8")}


def import_above(code, name):
    """A notebook whose first cell imports the engine by its file's name, above the cell that defines it (a leftover
    from when the engine was a file beside the notebook)."""
    stem = name[:-3]
    return {name.replace(".py", ".ipynb"): _notebook(_cells(
        f"from {stem} import Value\nimport math", code, outputs={0: ([], 2), 1: ([], 1)}))}


def future_cell(code, name):
    """A notebook whose second cell opens with `from __future__ import annotations` (Jupyter runs it: IPython
    compiles each cell on its own)."""
    return {name.replace(".py", ".ipynb"): _notebook(_cells(
        "import random\nrandom.seed(0)", "from __future__ import annotations\n" + code,
        outputs={0: ([], 1), 1: ([], 2)}))}


def colab_drive(code, name):
    """A Colab notebook whose first cell mounts Google Drive and changes into the homework's folder."""
    return {name.replace(".py", ".ipynb"): _notebook(_cells(
        "from google.colab import drive\ndrive.mount('/content/drive')\n%cd /content/drive/MyDrive/hw",
        code, "from google.colab import files\nfiles.download('" + name + "')", outputs={0: ([], 1), 1: ([], 2)}),
        {"colab": {"provenance": []}, "kernelspec": {"name": "python3", "display_name": "Python 3"}})}


SHAPES = {"colab-drive-mount": colab_drive, "future-import-cell": future_cell, "crlf": crlf, "cr-only": cr_only, "utf16-notepad": utf16, "tabs": tabs, "magics-notebook": magics_notebook,
          "colab-outputs-error": colab_notebook, "nbconvert-time-cell": nbconvert_time, "cluttered-folder": cluttered,
          "classroom-zip": classroom_zip, "zip-in-zip": zip_in_zip, "chinese-names": non_ascii,
          "subplots-helper": subplots, "import-above-defining-cell": import_above}

# exercise -> {case: its shape}: the reference solution in that shape
GENERATED = {
    "engine": {f"shape-{shape}": shape for shape in SHAPES},
    "01-mul-backward": {"shape-cr-only": "cr-only", "shape-nbconvert-time-cell": "nbconvert-time-cell"},
    "02-accumulate": {"shape-crlf": "crlf", "shape-magics-notebook": "magics-notebook"},
    "03-tanh": {"shape-tabs": "tabs", "shape-utf16-notepad": "utf16-notepad"},
    "04-more-ops": {"shape-colab-outputs-error": "colab-outputs-error", "shape-cluttered-folder": "cluttered-folder"},
    "05-backward": {"shape-classroom-zip": "classroom-zip", "shape-chinese-names": "chinese-names"},
    "06-gradcheck": {"shape-nbconvert-time-cell": "nbconvert-time-cell", "shape-utf16-notepad": "utf16-notepad",
                     "shape-cr-only": "cr-only"},
    "07-mlp-xor": {"shape-magics-notebook": "magics-notebook", "shape-tabs": "tabs", "shape-crlf": "crlf",
                   "shape-future-import-cell": "future-import-cell"},
    "08-dual-numbers": {"shape-colab-outputs-error": "colab-outputs-error", "shape-classroom-zip": "classroom-zip",
                        "shape-cr-only": "cr-only", "shape-colab-drive-mount": "colab-drive-mount"},
    "09-write-tests": {"shape-cluttered-folder": "cluttered-folder", "shape-crlf": "crlf",
                       "shape-nbconvert-time-cell": "nbconvert-time-cell"},
}

# exercise -> {id: (the case it is planted in, [(text, replaced by), ...])}: in a hand-written engine's file, or in
# the reference solution before it is shaped
PLANTED = {
    "engine": {
        "bug-operator-table-mul-own-data": ("correct-operator-table", [
            ("lambda a, b, out: (b, a)", "lambda a, b, out: (a, b)")]),
        "bug-slots-relu-ge": ("correct-slots-properties", [
            ("(1.0 if out.data > 0 else 0.0)", "(1.0 if self.data >= 0 else 0.0)")]),
        "bug-walrus-tanh-input": ("correct-self-match-walrus", [("d = 1 - y * y", "d = 1 - x * x")]),
        "bug-generator-forward-order": ("correct-generator-postorder", [
            ("for node in reversed(self.nodes()):", "for node in self.nodes():")]),
        "bug-graphlib-forward-order": ("correct-graphlib-sorter", [
            ("sorter.add(child, node)", "sorter.add(node, child)")]),
        "bug-colors-pow-no-minus-one": ("correct-enum-colors-dfs", [
            ("other * (self.data ** (other - 1))", "other * (self.data ** other)")]),
        "bug-contextvar-exp-input": ("correct-contextvar-no-grad", [
            ("self.grad += e * out.grad", "self.grad += self.data * out.grad")]),
        "bug-tabs-tanh-one-minus-t": ("shape-tabs", [
            ("self.grad += (1 - t**2) * out.grad", "self.grad += (1 - t) * out.grad")]),
        "bug-crlf-mul-assign": ("shape-crlf", [
            ("self.grad += other.data * out.grad\n            other.grad += self.data * out.grad",
             "self.grad = other.data * out.grad\n            other.grad = self.data * out.grad")]),
    },
    "01-mul-backward": {"bug-nbconvert-time-mul-self-for-both": ("shape-nbconvert-time-cell", [
        ("self.grad += other.data * out.grad", "self.grad += self.data * out.grad")])},
    "02-accumulate": {"bug-magics-add-assign": ("shape-magics-notebook", [
        ("            self.grad += out.grad\n            other.grad += out.grad",
         "            self.grad = out.grad\n            other.grad = out.grad")])},
    "03-tanh": {"bug-tabs-tanh-one-minus-t": ("shape-tabs", [
        ("self.grad += (1 - t**2) * out.grad", "self.grad += (1 - t) * out.grad")])},
    "04-more-ops": {"bug-colab-pow-no-minus-one": ("shape-colab-outputs-error", [
        ("self.grad += k * self.data ** (k - 1) * out.grad", "self.grad += k * self.data ** k * out.grad")])},
    "05-backward": {"bug-classroom-forward-order": ("shape-classroom-zip", [
        ("for node in reversed(topo):", "for node in topo:")])},
    "06-gradcheck": {},
    "07-mlp-xor": {"bug-tabs-last-layer-tanh": ("shape-tabs", [
        ("nonlin=(i != len(nouts) - 1)", "nonlin=True")])},
    "08-dual-numbers": {"bug-cr-only-cos-sign": ("shape-cr-only", [
        ("Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)",
         "Dual(math.cos(self.value), math.sin(self.value) * self.deriv)")])},
    "09-write-tests": {},
}


def _handed(exercise):
    return sorted((FRESH / exercise).iterdir()) if (FRESH / exercise).is_dir() else []


def _patched(code, patches, where):
    for old, new in patches:
        assert code.count(old) == 1, f"{where}: {old!r} stands {code.count(old)} times"
        code = code.replace(old, new)
    return code


def planted_class(folder, engines, planted):
    """Each entry of ENGINES (a folder or a file) copied into FOLDER, then each of PLANTED (id -> (the entry it is
    planted in, [(text, replaced by), ...])) as a copy of its entry (of the same kind) whose one file holding every
    text has them replaced: a class of engines written by hand and their planted mistakes (strangers35, 36)."""
    for case in sorted(engines.iterdir()):
        (shutil.copytree if case.is_dir() else shutil.copy)(case, folder / case.name)
    for name, (base, patches) in planted.items():
        source = engines / base
        if source.is_dir():
            shutil.copytree(source, folder / name)
            paths = sorted((folder / name).rglob("*.py"))
        else:
            paths = [folder / (name + source.suffix)]
            shutil.copy(source, paths[0])
        path = next(p for p in paths if all(old in p.read_text(encoding="utf-8") for old, _ in patches))
        path.write_text(_patched(path.read_text(encoding="utf-8"), patches, name), encoding="utf-8")


def _write(folder, files):
    for path, data in files.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_bytes(data)


def _class(folder, exercise):
    """The exercise's class: each generated case (the reference solution in its shape), each case handed in, each
    planted mistake (in a hand-written file, or in the solution before it is shaped); the exercise's given engine
    beside an exercise file that is not the engine."""
    name = FILES[exercise]
    solution = reference_solution(name)
    given = b"" if name == "engine.py" else (ROOT / "exercises" / exercise / "engine.py").read_bytes()
    planted_in = {base: (case, patches) for case, (base, patches) in PLANTED[exercise].items()}
    for case, shape in GENERATED[exercise].items():
        for made, code in [(case, solution)] + ([(planted_in[case][0], _patched(solution, planted_in[case][1], case))]
                                                if case in planted_in else []):
            (folder / made).mkdir()
            beside = [("engine.py", given)] if name != "engine.py" else []
            if shape in ("classroom-zip", "zip-in-zip"):
                files = SHAPES[shape](code, name, beside)
            else:
                files = {**dict(beside), **SHAPES[shape](code, name)}
            _write(folder / made, files)
    for case in _handed(exercise):
        shutil.copytree(case, folder / case.name)
        if case.name in planted_in:
            planted, patches = planted_in[case.name]
            shutil.copytree(case, folder / planted)
            path = folder / planted / "engine.py"
            path.write_text(_patched(path.read_text(encoding="utf-8"), patches, planted), encoding="utf-8")


def _cases(exercise):
    return sorted([*GENERATED[exercise], *(case.name for case in _handed(exercise)), *PLANTED[exercise]])


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    return {exercise: _rows(tmp_path_factory, exercise, make=_class) for exercise in GENERATED}


IMPORT_ABOVE = ("engine.ipynb could not be used: ImportError: cannot import name 'Value' from partially initialized "
                "module 'engine' (most likely due to a circular import) (/sandbox/engine.py) (engine.ipynb, cell 1, "
                "line 1). `Value` is defined in cell 2, below cell 1 that uses it: your notebook ran its cells out of "
                "order (cell 2 ran before cell 1). Graders run a notebook top to bottom, as Restart & Run All does: "
                "move cell 2 above cell 1 and run it again. Every other test was skipped.")
UTF16 = ("{case}/{file} is UTF-16 text, not UTF-8 (as Windows Notepad's \"Unicode\" or PowerShell's `>` saves it); "
         "re-save it as UTF-8 and submit again")

ENGINE = {
    **{case: (63.0, [], []) for case in [
        *(f"shape-{shape}" for shape in SHAPES if shape not in (
            "utf16-notepad", "import-above-defining-cell")),  # zip-in-zip: rejected before session 28
        "correct-class-decorator-specs", "correct-contextvar-no-grad", "correct-enum-colors-dfs",
        "correct-generator-postorder", "correct-graphlib-sorter", "correct-metaclass-ops", "correct-operator-table",
        "correct-self-match-walrus", "correct-slots-properties", "micrograd-clone-demo-setup-py",
        # 0/63 before: "engine.py defines no class named `Value`" (setup.py, demo.ipynb taken as the engine)
        "micrograd-clone-setup-py", "micrograd-clone-demo-ipynb"]},
    # (0/63 before, each: colab-drive-mount "`google` is not installed where the grader runs your code: `drive.mount
    # (...)` (google.colab.drive) (engine.ipynb, cell 1, line 2)", future-import-cell "SyntaxError: from __future__ imports must occur at the beginning of
    # the file (engine.ipynb, cell 2, line 1)", magics-notebook "NameError: name 'files' is not defined" (`files = !ls`), nbconvert-time-cell
    # "defines no class named `Value`", subplots-helper "`matplotlib` is not installed ...: `axes`")
    # the notebook is graded top to bottom: 0, now with the cell that defines `Value` said (IMPORT_ABOVE)
    "shape-import-above-defining-cell": (0.0, 52, []),
    "bug-operator-table-mul-own-data": (16.5, 40, [("variant", "mul-own-data", "exact")]),  # 16.6667 before holes27 (pow/fractional: a third per probe)
    "bug-slots-relu-ge": (62.0, ["relu/zero"], [("variant", "relu-at-zero", "exact")]),
    "bug-walrus-tanh-input": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                              [("variant", "tanh-input", "exact")]),
    **{case: (14.1667, 41, [("variant", "forward-order", "exact")]) for case in [
        "bug-generator-forward-order", "bug-graphlib-forward-order"]},
    "bug-colors-pow-no-minus-one": (61.0, ["pow/cube", "pow/fractional"], [("variant", "pow-no-minus-one", "exact")]),
    "bug-contextvar-exp-input": (61.0, ["exp/negative", "exp/values"], [("variant", "exp-input", "exact")]),
    "bug-tabs-tanh-one-minus-t": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                  [("variant", "tanh-one-minus-t", "exact")]),
    # `=` in `*`'s rule: the numbers of `=` on one side, as test_fresh_styles's bug-floatsub-mul-assign
    "bug-crlf-mul-assign": (35.0, 20, [("variant", "mul-assign-not-accumulate", "exact")]),
}
REJECTED = {  # (exercise, case) -> the row's message: Python itself cannot read the file, or the zip is not unpacked
    ("engine", "shape-utf16-notepad"): UTF16.format(case="shape-utf16-notepad", file="engine.py"),
    ("03-tanh", "shape-utf16-notepad"): UTF16.format(case="shape-utf16-notepad", file="engine.py"),
    ("06-gradcheck", "shape-utf16-notepad"): UTF16.format(case="shape-utf16-notepad", file="gradcheck.py"),
}
TABLES = {
    "engine": ENGINE,
    # 0/14 before: "defines no class named `Value`" (the code under `%%time`, exported)
    "01-mul-backward": {"shape-cr-only": (14.0, [], []), "shape-nbconvert-time-cell": (14.0, [], []),
                        # the exercise is that rule: every test of it
                        "bug-nbconvert-time-mul-self-for-both": (0.0, 12, [("variant", "mul-self-data", "exact")])},
    # 0/18 before: `files = !ls`
    "02-accumulate": {"shape-crlf": (18.0, [], []), "shape-magics-notebook": (18.0, [], []),
                      "bug-magics-add-assign": (16.0, ["shared/a+a"], [("variant", "add-assign-not-accumulate",
                                                                         "exact")])},
    "03-tanh": {"shape-tabs": (17.0, [], []), "bug-tabs-tanh-one-minus-t": (10.5, 6, [("variant", "tanh-one-minus-t",
                                                                                         "exact")])},
    "04-more-ops": {"shape-cluttered-folder": (30.0, [], []), "shape-colab-outputs-error": (30.0, [], []),
                    "bug-colab-pow-no-minus-one": (26.0, ["pow/cube", "pow/fractional", "pow/negative-base"],
                                                   [("variant", "pow-no-minus-one", "exact")])},
    "05-backward": {"shape-chinese-names": (25.0, [], []), "shape-classroom-zip": (25.0, [], []),
                    "bug-classroom-forward-order": (6.0, 10, [("variant", "forward-order", "exact")])},
    # 0/15 before: nbconvert's `%%time` cell
    "06-gradcheck": {"shape-cr-only": (15.0, [], []), "shape-nbconvert-time-cell": (15.0, [], [])},
    # 0/23 before: `files = !ls` (of 24 since holes28's parameters/rng)
    "07-mlp-xor": {"shape-crlf": (24.0, [], []), "shape-magics-notebook": (24.0, [], []), "shape-tabs": (24.0, [], []),
                   "shape-future-import-cell": (24.0, [], []),  # 0/23 before: the SyntaxError
                   # charged on forward/mlp alone since holes28 (10/23 before: backward/mlp, forward/parameter-order
                   # and the three training tests too)
                   "bug-tabs-last-layer-tanh": (22.0, ["forward/mlp"], []), },
    "08-dual-numbers": {case: (20.0, [], []) for case in ["shape-classroom-zip", "shape-colab-outputs-error",
                                                          "shape-cr-only",
                                                          "shape-colab-drive-mount"]} | {  # 0/20 before: Drive
        "bug-cr-only-cos-sign": (19.0, ["beyond/sin-cos"], [])},
    # 0/38 before: nbconvert's `%%time` cell
    "09-write-tests": {case: (38.0, [], []) for case in ["shape-cluttered-folder", "shape-crlf",
                                                         "shape-nbconvert-time-cell"]},
}


def test_every_submission_is_in_a_table(rows):
    for exercise, table in TABLES.items():
        rejected = [case for where, case in REJECTED if where == exercise]
        assert sorted(rows[exercise]) == sorted([*table, *rejected]) == _cases(exercise)


@pytest.mark.parametrize("exercise,case", [(e, c) for e, table in TABLES.items() for c in sorted(table)])
def test_each_submission_scores_and_is_named(rows, exercise, case):
    assert rows[exercise][case]["status"] == "graded"
    assert_scored_and_named(rows[exercise][case], TABLES[exercise][case])


@pytest.mark.parametrize("exercise,case", sorted(REJECTED))
def test_a_file_python_cannot_read_is_rejected_in_words(rows, exercise, case):
    row = rows[exercise][case]
    assert (row["status"], row["score"], row["message"]) == ("rejected", 0, REJECTED[exercise, case])


def test_an_import_of_the_notebook_itself_above_its_definition_says_the_cell(rows):
    # before: the ImportError alone ("cannot import name 'Value' from partially initialized module 'engine'")
    row = rows["engine"]["shape-import-above-defining-cell"]
    assert _output(row, "engine/imports") == IMPORT_ABOVE


# -- the surfaces: `grade check` and the portable check agree with the batch ------------------------------------

SURFACES = ["shape-import-above-defining-cell", "shape-magics-notebook", "shape-nbconvert-time-cell",
            "shape-subplots-helper", "micrograd-clone-setup-py"]


@pytest.mark.slow
@pytest.mark.parametrize("use_bwrap", [True, False], ids=["check", "portable-check"])
def test_grade_check_and_the_portable_check_agree_with_the_batch(rows, tmp_path, use_bwrap):
    from grader.classroom.student_check import check

    _class(tmp_path, "engine")
    for case in SURFACES:
        batch = {t["name"]: (t["status"], t["output"]) for t in rows["engine"][case]["tests"]}
        result = check(tmp_path / case, "engine", limits=LIMITS, use_bwrap=use_bwrap)
        assert result.rejected is None, case
        seen = {t["name"]: (t["status"], t["output"]) for t in result.tests}
        assert seen and all(batch[name] == said for name, said in seen.items()), case


# -- in process: the readings the holes were closed in ----------------------------------------------------------


def test_nbconverts_timed_cell_is_its_code_in_the_calls_place():
    from grader.load.scripts import exported_script

    export = ("#!/usr/bin/env python\n# coding: utf-8\n\n# In[1]:\n\n\n"
              "get_ipython().run_cell_magic('time', '', 'x = 1\\ny = 2\\n!ls\\n')\n\n\n# In[2]:\n\n\nz = x + y\n"
              "get_ipython().run_cell_magic('bash', '', 'ls\\n')\n")
    assert exported_script(export.encode()).decode().split("\n") == [
        "#!/usr/bin/env python", "# coding: utf-8",
        "display = lambda *objects, **options: None; get_ipython = lambda: None  # grader: as in a notebook",
        "# In[1]:", "", "",
        "x = 1", "y = 2", "pass",  # the cell's three lines, taking the two blank lines below: z stays on line 13
        "# In[2]:", "", "", "z = x + y", "pass", ""]


def test_an_escapes_output_assigned_stays_bound():
    from grader.load.notebooks import without_escapes

    cell = ("files = !ls\nout = %sx ls\nt = %timeit -o f()\nif x:\n    a, b = !echo 1\n"
            "v = get_ipython().getoutput('ls')\nw = get_ipython().run_line_magic('pwd', '')\n!pip x\nValue?\n"
            "y = get_ipython() is None\n")
    assert [text for text, _ in without_escapes(cell)] == [
        "files = []", "out = []", "t = None", "if x:", "    a, b = ['', '']", "v = []", "w = None", "pass", "pass",
        "y = get_ipython() is None"]


def test_a_plot_stand_in_has_matplotlibs_shape_and_no_length():
    from grader.sandbox.standins import AbsentModuleError, _DisplayStandIn

    plt = _DisplayStandIn("matplotlib.pyplot")
    figure, axes = parts = plt.subplots(1, 2)
    assert isinstance(parts, tuple) and len(list(plt.subplots())) == 2
    assert (len(axes), list(axes), len(figure.axes)) == (0, [], 0)
    with pytest.raises(AbsentModuleError) as refused:
        float(axes[0].get_xlim()[0])
    assert str(refused.value).startswith("`matplotlib` is not installed where the grader runs your code: ")


def test_a_future_import_that_opens_a_cell_stands_first():
    from grader.load.notebooks import read_notebook

    code, places, _ = read_notebook(_notebook(_cells(
        "x: int = 1", '"""Cell 2."""\nfrom __future__ import annotations\ny = 2', "z = 3\nfrom __future__ import division")),
        "hw.ipynb")
    lines = code.decode().split("\n")
    assert lines[0] == "from __future__ import annotations  # grader: IPython keeps it for the cells after it"
    # the one that opens cell 2 is `pass` in its place; cell 3's follows a statement: left, a SyntaxError in Jupyter too
    assert lines[-9:] == ["x: int = 1", "", '"""Cell 2."""', "pass", "y = 2", "", "z = 3",
                          "from __future__ import division", ""]
    assert places[0] is None and places[lines.index("pass")] == (2, 2) and len(places) == len(lines) - 1
