"""bench/similarity/controls.py (the fresh controls' measure: sim25ctl to sim30bctl, sim30actl, sim31ctl) and the
files of sim27ctl, sim29cctl, sim30bctl, sim30actl and sim31ctl."""

import importlib.util
import sys

from bench_modules import BENCH, load_bench
from grader.similarity.normalise import read_source


def test_a_class_is_found_where_the_benchmark_keeps_it():
    controls = load_bench("controls")
    assert controls.source("nineteenth") == BENCH / "nineteenth"  # by hand, committed
    assert controls.source("fourth/seed-1") == BENCH / "build" / "fourth/seed-1"  # generated into the build


def test_sim27ctl_holds_what_its_make_writes():
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location("bench_sim27ctl_make", BENCH / "sim27ctl" / "make.py")
        make = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(make)
    finally:
        sys.path.remove(str(BENCH))
    written = {p.stem: p.read_text(encoding="utf-8") for p in (BENCH / "sim27ctl" / "honest").glob("*.py")}
    assert written == make.HONEST
    assert sorted(written) == ["r1_a", "r1_b", "r2_a", "r2_b", "r3_a", "r3_b", "r4_a", "r4_b"]
    # each pair writes its helper alike as read, with names of its own: r1's two helpers differ as written
    assert "def _as_value(x):" in written["r1_a"] and "def to_value(v):" in written["r1_b"]


def test_sim29cctl_holds_what_its_make_writes_and_labels_its_copies():
    sys.path.insert(0, str(BENCH))
    sys.path.insert(0, str(BENCH / "sim29cctl"))
    # measure.py's `from make import SOURCES` is its sibling's: another control's make.py, imported by an earlier test
    # in this process (tests/similarity/test_sim18.py's sim18ctl), may hold the name `make` in sys.modules
    held = sys.modules.get("make")
    try:
        spec = importlib.util.spec_from_file_location("bench_sim29cctl_make", BENCH / "sim29cctl" / "make.py")
        make = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(make)
        spec = importlib.util.spec_from_file_location("bench_sim29cctl_measure", BENCH / "sim29cctl" / "measure.py")
        measure = importlib.util.module_from_spec(spec)
        sys.modules["make"] = make
        spec.loader.exec_module(measure)
    finally:
        if held is None:
            sys.modules.pop("make", None)
        else:
            sys.modules["make"] = held
        sys.path.remove(str(BENCH / "sim29cctl"))
        sys.path.remove(str(BENCH))
    honest = {p.stem: p.read_text(encoding="utf-8") for p in (BENCH / "sim29cctl" / "honest").glob("*.py")}
    copies = {p.stem: p.read_text(encoding="utf-8") for p in (BENCH / "sim29cctl" / "copies").glob("*.py")}
    assert honest == make.HONEST and copies == make.copies()
    assert sorted(honest) == sorted(f"{style}{n}" for style in "lecs" for n in (1, 2, 3))
    # the tutorial's helper is the same three branches in c1, c2 and c3, each with a message of its own
    assert all("def _coerce(" in honest[f"c{n}"] and "raise TypeError(" in honest[f"c{n}"] for n in (1, 2, 3))
    labels = measure.labels("eighteenth", measure.files())["main"]
    assert labels["ctl_e2_copy"] == {"cluster": "ctl_e2", "level": 3, "kind": "sim29cctl", "hard_pair": "ctl_e"}
    assert labels["ctl_e2"]["cluster"] == "ctl_e2" and labels["ctl_e2"]["level"] == 3
    assert labels["ctl_e1"] == {"cluster": None, "level": None, "kind": "sim29cctl", "hard_pair": "ctl_e"}


def test_sim30bctl_holds_what_its_make_writes_and_labels_its_copies():
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location("bench_sim30bctl_make", BENCH / "sim30bctl" / "make.py")
        make = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(make)
        controls = load_bench("controls")
    finally:
        sys.path.remove(str(BENCH))
    honest = {p.stem: p.read_text(encoding="utf-8") for p in (BENCH / "sim30bctl" / "honest").glob("*.py")}
    copies = {p.stem: p.read_text(encoding="utf-8") for p in (BENCH / "sim30bctl" / "copies").glob("*.py")}
    assert honest == make.HONEST and copies == make.copies()
    assert sorted(honest) == sorted(f"{style}{n}" for style in "rhzp" for n in (1, 2, 3))
    # the tutorial's one-line helper is the starter's coercion line, each student with a name of their own
    assert "def as_value(x):" in honest["h1"] and "def to_value(v):" in honest["h2"] and "def wrap(obj):" in honest["h3"]
    labels = controls.style_labels("eighteenth", controls.style_files(BENCH / "sim30bctl"), make.SOURCES,
                                   "sim30bctl")["main"]
    assert labels["ctl_h3_copy"] == {"cluster": "ctl_h3", "level": 3, "kind": "sim30bctl", "hard_pair": "ctl_h"}
    assert labels["ctl_h3"]["cluster"] == "ctl_h3" and labels["ctl_h3"]["level"] == 3
    assert labels["ctl_r1"] == {"cluster": None, "level": None, "kind": "sim30bctl", "hard_pair": "ctl_r"}


def test_sim30actl_holds_what_its_make_writes_and_is_measured_with_the_others():
    controls = load_bench("controls")
    assert "sim30actl" in controls.FOLDERS and all((BENCH / name / "measure.py").exists() for name in controls.FOLDERS)
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location("bench_sim30actl_make", BENCH / "sim30actl" / "make.py")
        make = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(make)
    finally:
        sys.path.remove(str(BENCH))
    written = {p.stem: p.read_text(encoding="utf-8") for p in (BENCH / "sim30actl" / "honest").glob("*.py")}
    assert written == make.HONEST
    # one of each pair writes a coercion helper, the other none; both the same guard, message and all
    assert "def _as_value(x):" in written["h1_a"] and "_as_value" not in written["h1_b"]
    assert all('raise ValueError("log needs a positive input")' in written[n] for n in ("h1_a", "h1_b"))


def test_sim31ctl_holds_what_its_make_writes_and_is_measured_with_the_others():
    controls = load_bench("controls")
    assert "sim31ctl" in controls.FOLDERS
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location("bench_sim31ctl_make", BENCH / "sim31ctl" / "make.py")
        make = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(make)
    finally:
        sys.path.remove(str(BENCH))
    honest = {p.stem: p.read_text(encoding="utf-8") for p in (BENCH / "sim31ctl" / "honest").glob("*.py")}
    copies = {p.stem: p.read_text(encoding="utf-8") for p in (BENCH / "sim31ctl" / "copies").glob("*.py")}
    assert honest == make.HONEST and copies == make.copies()
    assert sorted(honest) == sorted(f"{group}{n}" for group in "tgad" for n in (1, 2, 3))
    # the instructions' guards, message and all, in each of the g group and in a3 (who took that text too)
    assert all('raise ValueError("log is undefined for non-positive inputs")' in honest[n] for n in ("g1", "g2", "g3", "a3"))
    assert all('raise ZeroDivisionError("division by zero")' in honest[f"g{n}"] for n in (1, 2, 3))
    # the TA's reflected ops as posted, in the a group and in g2
    assert all("return (self ** -1) * other" in honest[n] for n in ("a1", "a2", "a3", "g2"))
    labels = controls.style_labels("eighteenth", controls.style_files(BENCH / "sim31ctl"), make.SOURCES,
                                   "sim31ctl")["main"]
    assert labels["ctl_a1_copy"] == {"cluster": "ctl_a1", "level": 4, "kind": "sim31ctl", "hard_pair": "ctl_a"}
    assert labels["ctl_t1"] == {"cluster": None, "level": None, "kind": "sim31ctl", "hard_pair": "ctl_t"}


def test_sim36ctl_holds_whole_engines_that_pass_the_check_and_is_measured_with_the_others():
    controls = load_bench("controls")
    assert "sim36ctl" in controls.FOLDERS
    # a blind class kept without its starter (the build's copy has it put in: run.py --sim35b1)
    assert controls.source("sim35b1") == BENCH / "build" / "sim35b1"
    sim35b1 = load_bench("sim35b1")
    added = controls.style_files(BENCH / "sim36ctl")
    assert sorted(added) == ["ctl_d1", "ctl_d1_copy", "ctl_d2", "ctl_d3", "ctl_r1", "ctl_r1_copy", "ctl_r2", "ctl_r3"]
    for sid, text in added.items():
        sim35b1.check(text, sid)  # raises on a wrong value or gradient
    # two honest students write one common repr alike (the case session 36 reads); the copies keep their sources'
    repr_line = 'return f"Value({self.data:.4f}, grad={self.grad:.4f})"'
    assert [sid for sid, text in added.items() if repr_line in text] == ["ctl_d2", "ctl_d3"]
    assert 'f"<Value {self.data:.4g} | grad {self.grad:.4g}>"' in added["ctl_r1"] and \
        'f"<Value {self.data:.4g} | grad {self.grad:.4g}>"' in added["ctl_r1_copy"]
    sources = {"d1_copy": ("d1", 4), "r1_copy": ("r1", 4)}
    labels = controls.style_labels("eighteenth", added, sources, "sim36ctl")["main"]
    assert labels["ctl_d1_copy"] == {"cluster": "ctl_d1", "level": 4, "kind": "sim36ctl", "hard_pair": "ctl_d"}
    assert labels["ctl_r2"] == {"cluster": None, "level": None, "kind": "sim36ctl", "hard_pair": "ctl_r"}


def test_sim37ctl_holds_short_fillers_that_pass_the_check_and_is_measured_with_the_others():
    controls = load_bench("controls")
    assert "sim37ctl" in controls.FOLDERS
    assert controls.source("sim36b2") == BENCH / "build" / "sim36b2"  # a blind class kept without its starter
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location("bench_sim37ctl_make", BENCH / "sim37ctl" / "make.py")
        make = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(make)
    finally:
        sys.path.remove(str(BENCH))
    honest = controls.honest_files(BENCH / "sim37ctl")
    assert honest == {f"ctl_{stem}": text for stem, text in {**make.NEURON, **make.TANH}.items()}
    assert sorted(honest) == [f"ctl_{p}_{s}" for p in ("n1", "n2", "n3", "t1", "t2") for s in "ab"]
    sim36b2, nineteenth = load_bench("sim36b2"), load_bench("nineteenth")
    for sid, text in honest.items():
        (sim36b2 if sid[4] == "n" else nineteenth).check(text, sid)  # raises on a wrong value or gradient
    # each pair makes its few rare-looking choices alike, the rest its own: n1's keyword leaves, t2's `local`
    leaves = "leaves = dict(x1=Value(x1), x2=Value(x2), w1=Value(w1), w2=Value(w2), b=Value(b))"
    assert [sid for sid, text in honest.items() if leaves in text] == ["ctl_n1_a", "ctl_n1_b"]
    assert [sid for sid, text in honest.items() if "            local = 1" in text] == ["ctl_t2_a", "ctl_t2_b"]
    assert "s = B + W1 * X1 + W2 * X2" in honest["ctl_n3_a"] and \
        'pre = leaf["b"] + leaf["w1"] * leaf["x1"] + leaf["w2"] * leaf["x2"]' in honest["ctl_n3_b"]


def test_sim39actl_engines_pass_the_whole_engine_check_and_are_measured():
    """sim39actl's four honest engines (a slide's labels and its constant) each give reference/engine.py's values and
    gradients (sim35b1's check), and controls.py measures their folder."""
    sim35b1, controls = load_bench("sim35b1"), load_bench("controls")
    honest = sorted((BENCH / "sim39actl" / "honest").glob("*.py"))
    assert [p.stem for p in honest] == ["n1", "n2", "o1", "o2"] and "sim39actl" in controls.FOLDERS
    for path in honest:
        sim35b1.check(path.read_text(encoding="utf-8"), path.stem)  # raises AssertionError on a wrong value
    # the two groups' constants, which a slide gives with its labels
    texts = {p.stem: p.read_text(encoding="utf-8") for p in honest}
    assert "CUTOFF = 30.0" in texts["n1"] and "abs(u) >= 30" in texts["n2"]
    assert "TINY = 1e-12" in texts["o1"] and texts["o2"].count("1e-12") == 3


def _test_file_controls(folder: str):
    """FOLDER's make, measure and controls.py, having checked that FOLDER/honest and FOLDER/copies hold what its make
    writes: each student's body in 09-write-tests' starter where its TODO line is (make imports its own bodies.py,
    which another folder's make may have left in sys.modules under the same name)."""
    sys.path.insert(0, str(BENCH))
    sys.path.insert(0, str(BENCH / folder))
    held = sys.modules.pop("bodies", None)
    try:
        make = load_bench(f"{folder}/make")
        measure = load_bench(f"{folder}/measure")
        controls = load_bench("controls")
    finally:
        sys.modules.pop("bodies", None)
        if held is not None:
            sys.modules["bodies"] = held
        sys.path.remove(str(BENCH / folder))
        sys.path.remove(str(BENCH))
    starter = (BENCH.parents[1] / "exercises" / "09-write-tests" / "test_engine.py").read_text(encoding="utf-8")
    for kind, students in (("honest", make.HONEST), ("copies", make.COPIES)):
        written = {p.stem: p.read_text(encoding="utf-8") for p in (BENCH / folder / kind).glob("*.py")}
        assert written == {stem: starter.replace(make.TODO, body.lstrip("\n")) for stem, body in students.items()}
    return make, measure, controls


def test_sim40tctl_holds_what_its_make_writes_and_labels_its_copies():
    make, measure, controls = _test_file_controls("sim40tctl")
    # labelled as measure.py labels them in sim39b2 (here in a class the repository keeps whole: no build needed)
    labels = controls.style_labels("eighteenth", controls.style_files(BENCH / "sim40tctl"), measure.SOURCES,
                                   "sim40tctl")["main"]
    assert labels["ctl_x1copy"] == {"cluster": "ctl_x1", "level": 4, "kind": "sim40tctl", "hard_pair": "ctl_x"}
    assert labels["ctl_p1"] == {"cluster": None, "level": None, "kind": "sim40tctl", "hard_pair": "ctl_p"}
    assert "sim40tctl" in controls.FOLDERS


def test_sim40actl_engines_pass_the_whole_engine_check_write_the_course_s_formulas_and_are_measured():
    """sim40actl's five honest engines (the canonical local derivatives in five architectures, one of them operators
    stamped out of a template with exec) each give reference/engine.py's values and gradients (sim35b1's check), and
    controls.py measures their folder; f1's template is read as the code it makes (opaque.py)."""
    sim35b1, controls = load_bench("sim35b1"), load_bench("controls")
    honest = sorted((BENCH / "sim40actl" / "honest").glob("*.py"))
    assert [p.stem for p in honest] == ["d1", "d2", "e1", "e2", "f1"] and "sim40actl" in controls.FOLDERS
    for path in honest:
        sim35b1.check(path.read_text(encoding="utf-8"), path.stem)  # raises AssertionError on a wrong value
    texts = {p.stem: p.read_text(encoding="utf-8") for p in honest}
    assert "lambda up: up * (1 - t * t)" in texts["d1"] and "(1 - t * t,)" in texts["e2"]
    assert '"tanh": lambda node, a: (1 - node.data * node.data,)' in texts["d2"]
    assert '"tanh": (math.tanh, lambda x, y: 1 - y ** 2)' in texts["e1"]
    f1 = read_source(texts["f1"])
    assert f1.opaque == [{"file": "engine.py", "line": 90, "call": "exec", "unpacked": True}]
    assert "self.grad += g * (1 - out.data ** 2)" in f1.unpacked[0]


def _measure_of(folder):
    """FOLDER's measure.py, loaded with FOLDER on sys.path (as `python FOLDER/measure.py` runs it)."""
    sys.path.insert(0, str(folder))
    try:
        spec = importlib.util.spec_from_file_location(f"bench_{folder.name}_measure", folder / "measure.py")
        measure = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(measure)
    finally:
        sys.path.remove(str(folder))
    return measure


def test_sim41actl_engines_pass_the_whole_engine_check_and_i1copy_is_labelled_a_copy_of_i1():
    """sim41actl's six honest engines (the course's local derivatives in the architectures of session 40's level-4
    copies: a getattr'd rules object, a tape of opcodes, a NamedTuple with a side table of grads, operators made with
    setattr over the operator module, an abc hierarchy, a __getattr__ dispatcher) and i1's copy each give
    reference/engine.py's values and gradients (sim35b1's check); the copy is labelled in i1's cluster at level 1, the
    honest pairs hard negatives; controls.py measures the folder."""
    sim35b1, controls = load_bench("sim35b1"), load_bench("controls")
    folder = BENCH / "sim41actl"
    honest = sorted((folder / "honest").glob("*.py"))
    assert [p.stem for p in honest] == ["g1", "g2", "h1", "h2", "i1", "i2"] and "sim41actl" in controls.FOLDERS
    copy = folder / "copies" / "i1copy.py"
    for path in [*honest, copy]:
        sim35b1.check(path.read_text(encoding="utf-8"), path.stem)  # raises AssertionError on a wrong value
    texts = {p.stem: p.read_text(encoding="utf-8") for p in honest}
    assert 'rule = getattr(PARTIALS, "of_" + node.operation)' in texts["g1"]
    assert "class Value(NamedTuple):" in texts["h1"] and "operator.mul, lambda x, y: (y, x)" in texts["h2"]
    assert "class Value(abc.ABC):" in texts["i1"] and "def __getattr__(self, name):" in texts["i2"]
    # the copy differs from its source in its first two lines only (a ring of one file with it)
    source, copied = texts["i1"].splitlines(), copy.read_text(encoding="utf-8").splitlines()
    assert len(source) == len(copied) and [n for n, (a, b) in enumerate(zip(source, copied)) if a != b] == [0, 1]
    labels = controls.style_labels("eighteenth", controls.style_files(folder), _measure_of(folder).SOURCES,
                                   "sim41actl")["main"]
    assert labels["ctl_i1copy"] == {"cluster": "ctl_i1", "level": 1, "kind": "sim41actl", "hard_pair": "ctl_i"}
    assert labels["ctl_i1"] == {"cluster": "ctl_i1", "level": 1, "kind": "sim41actl", "hard_pair": "ctl_i"}
    assert labels["ctl_i2"] == {"cluster": None, "level": None, "kind": "sim41actl", "hard_pair": "ctl_i"}


def test_sim41hctl_holds_what_its_make_writes_and_labels_its_copies():
    """sim41hctl (session 41): honest test files that paste the course's texts (n: the lecture's worked expressions,
    n1 and n4 as its cells write them; t: one TA's post) and a copy of one of each group, labelled for sim39b2."""
    make, measure, controls = _test_file_controls("sim41hctl")
    assert sorted(make.HONEST) == ["n1", "n2", "n3", "n4", "t1", "t2"] and sorted(make.COPIES) == ["n1copy", "t1copy"]
    # the TA's post is in both honest pasters and in the copy of one of them, as written but for its header
    post = "    for leaf, want in zip(leaves, numeric_gradients(build, inputs)):\n"
    assert [stem for stem, body in {**make.HONEST, **make.COPIES}.items() if post in body] == ["t1", "t2", "t1copy"]
    # the lecture's neuron, as its cells build it, in n1 and n4 alike
    cell = "    x1w1 = x1 * w1\n    x2w2 = x2 * w2\n"
    assert [stem for stem, body in make.HONEST.items() if cell in body] == ["n1", "n4"]
    labels = controls.style_labels("eighteenth", controls.style_files(BENCH / "sim41hctl"), measure.SOURCES,
                                   "sim41hctl")["main"]
    assert labels["ctl_n1copy"] == {"cluster": "ctl_n1", "level": 3, "kind": "sim41hctl", "hard_pair": "ctl_n"}
    assert labels["ctl_t1copy"] == {"cluster": "ctl_t1", "level": 2, "kind": "sim41hctl", "hard_pair": "ctl_t"}
    assert labels["ctl_n4"] == {"cluster": None, "level": None, "kind": "sim41hctl", "hard_pair": "ctl_n"}
    assert "sim41hctl" in controls.FOLDERS


def test_sim42hctl_holds_what_its_make_writes_and_labels_its_copy():
    """sim42hctl (session 42): three honest test files that paste one answer from a question-and-answer site whole
    (q2 without its header comment) and a level-2 copy of one of them, labelled for sim39b2."""
    make, measure, controls = _test_file_controls("sim42hctl")
    assert sorted(make.HONEST) == ["q1", "q2", "q3"] and sorted(make.COPIES) == ["q1copy"]
    # the answer's body is in every one of them, its header comment in all but q2
    body = "        num = (f(*map(Value, plus)).data - f(*map(Value, minus)).data) / (2 * eps)\n"
    header = "# nudge each input both ways and compare the slope with what backward() put in .grad.\n"
    texts = {**make.HONEST, **make.COPIES}
    assert [stem for stem, text in texts.items() if body in text] == ["q1", "q2", "q3", "q1copy"]
    assert [stem for stem, text in texts.items() if header in text] == ["q1", "q3", "q1copy"]
    labels = controls.style_labels("eighteenth", controls.style_files(BENCH / "sim42hctl"), measure.SOURCES,
                                   "sim42hctl")["main"]
    assert labels["ctl_q1copy"] == {"cluster": "ctl_q1", "level": 2, "kind": "sim42hctl", "hard_pair": "ctl_q"}
    assert labels["ctl_q2"] == {"cluster": None, "level": None, "kind": "sim42hctl", "hard_pair": "ctl_q"}
    assert "sim42hctl" in controls.FOLDERS


def test_sim42actl_engines_pass_the_whole_engine_check_and_j1copy_is_labelled_a_copy_of_j1():
    """sim42actl (session 42): four honest engines in the architectures of sim40b1's and sim40b2's missed level-4
    copies (pullback pairs with a frame stack; an index tape; an instruction interpreter with an `adjoint` function
    and Kahn's release; a class per operation) and j1's copy each give reference/engine.py's values and gradients
    (sim35b1's check, as its README says); the copy is j1 with its header's name and one comment changed (a ring of
    one file), labelled in j1's cluster at level 1, j2 beside them a hard negative; controls.py measures the folder."""
    sim35b1, controls = load_bench("sim35b1"), load_bench("controls")
    folder = BENCH / "sim42actl"
    honest = sorted((folder / "honest").glob("*.py"))
    assert [p.stem for p in honest] == ["j1", "j2", "k1", "k2"] and "sim42actl" in controls.FOLDERS
    copy = folder / "copies" / "j1copy.py"
    assert sorted(p.name for p in (folder / "copies").iterdir()) == ["j1copy.py"]
    for path in [*honest, copy]:
        sim35b1.check(path.read_text(encoding="utf-8"), path.stem)  # raises AssertionError on a wrong value
    texts = {p.stem: p.read_text(encoding="utf-8") for p in honest}
    assert "def numeric(f, x0, h=1e-6):" in texts["j1"] and "def unary(f, slope):" in texts["j2"]
    assert "def adjoint(op, out, args, k):" in texts["k1"] and "def _install():" in texts["k2"]
    source, copied = texts["j1"].splitlines(), copy.read_text(encoding="utf-8").splitlines()
    assert len(source) == len(copied) and [n for n, (a, b) in enumerate(zip(source, copied)) if a != b] == [0, 4]
    measure = _measure_of(folder)
    assert measure.SOURCES == {"j1copy": ("j1", 1)}
    labels = controls.style_labels("eighteenth", controls.style_files(folder), measure.SOURCES, "sim42actl")["main"]
    assert labels["ctl_j1copy"] == {"cluster": "ctl_j1", "level": 1, "kind": "sim42actl", "hard_pair": "ctl_j"}
    assert labels["ctl_j1"] == {"cluster": "ctl_j1", "level": 1, "kind": "sim42actl", "hard_pair": "ctl_j"}
    assert labels["ctl_j2"] == {"cluster": None, "level": None, "kind": "sim42actl", "hard_pair": "ctl_j"}
    assert labels["ctl_k1"] == {"cluster": None, "level": None, "kind": "sim42actl", "hard_pair": "ctl_k"}


def test_sim42pctl_networks_pass_sim41b2_s_check_and_c1copy_is_labelled_a_copy_of_c1():
    """sim42pctl's three honest adaptations of micrograd's nn.py (p3 formatted by black, the rng as sim41b2's public
    copies write it), the copier c1 and his level-2 copy each pass sim41b2's check (41 parameters, gradients against
    central differences, train_xor's loss falls); the copy is labelled in c1's cluster at level 2, the honest pairs
    hard negatives; controls.py measures the folder."""
    sim41b2, controls = load_bench("sim41b2"), load_bench("controls")
    folder = BENCH / "sim42pctl"
    honest = sorted((folder / "honest").glob("*.py"))
    assert [p.stem for p in honest] == ["c1", "p1", "p2", "p3"] and "sim42pctl" in controls.FOLDERS
    copy = folder / "copies" / "c1copy.py"
    for path in [*honest, copy]:
        sim41b2.check(path.read_text(encoding="utf-8"), path.stem)  # raises AssertionError on a wrong network
    texts = {p.stem: p.read_text(encoding="utf-8") for p in honest}
    assert "self.weights = [Value((rng or random).uniform(-1, 1)) for _ in range(nin)]" in texts["p3"]
    assert "self.w = [Value((rng or random).uniform(-1,1)) for _ in range(nin)]" in texts["c1"]
    assert "rng = rng if rng is not None else random.Random()" in texts["p1"] and "random.Random(1234)" in texts["p2"]
    sys.path.insert(0, str(folder))
    try:
        spec = importlib.util.spec_from_file_location("bench_sim42pctl_measure", folder / "measure.py")
        measure = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(measure)
    finally:
        sys.path.remove(str(folder))
    labels = controls.style_labels("eighteenth", controls.style_files(folder), measure.SOURCES, "sim42pctl")["main"]
    assert labels["ctl_c1copy"] == {"cluster": "ctl_c1", "level": 2, "kind": "sim42pctl", "hard_pair": "ctl_c"}
    assert labels["ctl_p3"] == {"cluster": None, "level": None, "kind": "sim42pctl", "hard_pair": "ctl_p"}


def test_sim43actl_engines_pass_the_whole_engine_check_and_make_some_of_the_same_rare_decisions():
    """sim43actl (session 43): four honest engines, two groups of two in unrelated architectures, each group making some
    of the same rare decisions by chance (m: sigmoid and softplus in the same forms, the same raised messages, the same
    difference check's step and point; n: the same cut-offs 20, 700 and 1e-12, a `label=""` default, the same assert and
    message), each giving reference/engine.py's values and gradients (sim35b1's check); no copies, every control a hard
    negative of its group; controls.py measures the folder."""
    sim35b1, controls = load_bench("sim35b1"), load_bench("controls")
    folder = BENCH / "sim43actl"
    honest = sorted((folder / "honest").glob("*.py"))
    assert [p.stem for p in honest] == ["m1", "m2", "n1", "n2"] and "sim43actl" in controls.FOLDERS
    assert not (folder / "copies").exists()
    for path in honest:
        sim35b1.check(path.read_text(encoding="utf-8"), path.stem)  # raises AssertionError on a wrong value
    texts = {p.stem: p.read_text(encoding="utf-8") for p in honest}
    for stem in ("m1", "m2"):
        assert 'raise TypeError("exponent must be a number")' in texts[stem]
        assert 'raise ValueError("log of a non-positive number")' in texts[stem]
        assert "s = 1 / (1 + math.exp(-self.data))" in texts[stem] and "math.log1p(math.exp(self.data))" in texts[stem]
    for stem in ("n1", "n2"):
        assert 'assert isinstance(p, (int, float)), "power must be a constant"' in texts[stem]
        assert all(number in texts[stem] for number in ("20.0", "700.0", "1e-12", 'label=""'))
    measure = _measure_of(folder)
    assert measure.SOURCES == {} and measure.COHORTS == ["sim37b1", "sim38b1", "sim39b1", "sim40b1", "sim40b2"]
    labels = controls.style_labels("eighteenth", controls.style_files(folder), measure.SOURCES, "sim43actl")["main"]
    assert labels["ctl_m1"] == {"cluster": None, "level": None, "kind": "sim43actl", "hard_pair": "ctl_m"}
    assert labels["ctl_n2"] == {"cluster": None, "level": None, "kind": "sim43actl", "hard_pair": "ctl_n"}
