"""Issue 27's packed evasion beyond engines: a student's test file (09-write-tests) packed and run with exec.

The packing a student scripts keeps the starter's helpers (`close`, `slope`, the imports, the `__main__` runner) as
they are and packs only their own tests, so the code it hides calls names the file around it binds: `close(a.grad,
1.0)`, `math.tanh(2.0)`. `exec` runs it in the file's namespace, so it is read with the file's names
(roles.Names.beneath); read apart, those names were unknown variables (`v` for `f` and `mod:math`) and such a copy
scored 0.84 against its plain copy, the plain copy 1.00. Each packing the unpacker reads (opaque.py) scores as the
plain copy does (within 0.1) and is reported opaque and unpacked; one it does not read is reported opaque, not
unpacked, and is not compared (nothing of it scores).

The class: six honest test files written for this module, the plain file, a verbatim copy and the packed copies, on the
exercise's starter (subtracted, as `grade similarity --starter` does), one .py file per student.
"""

import base64
import bz2
import codecs
import lzma
import re
import zlib
from pathlib import Path

import pytest
from costs import slow_fixture

from grader.similarity import similarity
from grader.similarity.normalise import read_source
from grader.similarity.reach import hidden_function, hidden_unreached

STARTER = (Path(__file__).resolve().parents[2] / "exercises" / "09-write-tests" / "test_engine.py").read_text(
    encoding="utf-8")
TODO = "# TODO(09-write-tests): your code here\n"
HEAD, MAIN = STARTER.split(TODO)

TESTS = '''def numeric_grad(build, xs, i, h=1e-6):
    """Central difference of build's output in its i-th input."""
    up = list(xs); up[i] += h
    down = list(xs); down[i] -= h
    return (build(*[Value(v) for v in up]).data - build(*[Value(v) for v in down]).data) / (2 * h)


def check_grads(build, xs):
    leaves = [Value(v) for v in xs]
    out = build(*leaves)
    out.backward()
    for i, leaf in enumerate(leaves):
        want = numeric_grad(build, xs, i)
        assert abs(leaf.grad - want) < 1e-4, (i, leaf.grad, want)


def test_mul_chain_rule():
    a, b = Value(3.0), Value(-2.0)
    y = a * b
    y.backward()
    assert close(y.data, -6.0)
    assert close(a.grad, -2.0)
    assert close(b.grad, 3.0)


def test_node_used_twice_accumulates():
    a = Value(-1.5)
    y = a * a + a
    y.backward()
    assert close(a.grad, 2 * -1.5 + 1)


def test_tanh_at_two():
    x = Value(2.0)
    y = x.tanh()
    y.backward()
    assert close(x.grad, 1 - math.tanh(2.0) ** 2)


def test_relu_at_zero_has_zero_slope():
    x = Value(0.0)
    x.relu().backward()
    assert x.grad == 0


def test_constant_on_the_left():
    check_grads(lambda t: (2 - t) * (2 / t) + (2 + t) * (2 * t), [4.0])


def test_diamond():
    check_grads(lambda a, b: (a * b + a) * (b - a).tanh(), [0.7, -1.3])


def test_power_and_exp_against_slope():
    x = Value(0.4)
    (x ** 3 + x.exp()).backward()
    assert abs(x.grad - slope(lambda t: t ** 3 + math.exp(t), 0.4)) < 1e-5


def test_long_chain():
    x = Value(1.0)
    y = x
    for _ in range(10000):
        y = y + 0.0
    y.backward()
    assert close(x.grad, 1.0)
'''

HONEST = [
    '''def test_add():
    a, b = Value(1.5), Value(-4.0)
    y = a + b
    y.backward()
    assert close(y.data, -2.5)
    assert close(a.grad, 1.0) and close(b.grad, 1.0)


def test_sub_right_constant():
    a = Value(3.0)
    (5 - a).backward()
    assert close(a.grad, -1.0)


def test_tanh_slope():
    x = Value(2.0)
    x.tanh().backward()
    assert abs(x.grad - slope(math.tanh, 2.0)) < 1e-6
''',
    '''import pytest


@pytest.mark.parametrize("x", [-2.0, -0.5, 0.5, 2.0])
def test_tanh(x):
    v = Value(x)
    out = v.tanh()
    out.backward()
    assert out.data == pytest.approx(math.tanh(x))
    assert v.grad == pytest.approx(slope(math.tanh, x), rel=1e-5)


@pytest.mark.parametrize("x", [0.3, 1.0, 2.5])
def test_exp(x):
    v = Value(x)
    v.exp().backward()
    assert v.grad == pytest.approx(math.exp(x))
''',
    '''def grads_of(fn, *values):
    xs = [Value(v) for v in values]
    fn(*xs).backward()
    return [x.grad for x in xs]


def test_square_uses_node_twice():
    (g,) = grads_of(lambda a: a * a, 3.0)
    assert close(g, 6.0)


def test_quotient():
    ga, gb = grads_of(lambda a, b: a / b, 3.0, 4.0)
    assert close(ga, 0.25)
    assert close(gb, -3.0 / 16)


def test_deep_chain_does_not_recurse():
    x = Value(0.5)
    y = x
    for _ in range(10_000):
        y = y * 1.0
    y.backward()
    assert close(x.grad, 1.0)
''',
    '''CASES = [
    ("relu positive", lambda v: v.relu(), 1.5, 1.0),
    ("relu negative", lambda v: v.relu(), -1.5, 0.0),
    ("pow", lambda v: v ** 2, 3.0, 6.0),
    ("rsub", lambda v: 2 - v, 3.0, -1.0),
    ("rdiv", lambda v: 2 / v, 2.0, -0.5),
]


def test_cases():
    for name, f, x, want in CASES:
        v = Value(x)
        f(v).backward()
        assert close(v.grad, want), name


def test_seed_is_one():
    v = Value(7.0)
    v.backward()
    assert v.grad == 1.0
''',
    '''def test_neuron_like():
    w1, w2, x1, x2, b = Value(0.5), Value(-1.0), Value(2.0), Value(0.3), Value(0.1)
    out = (w1 * x1 + w2 * x2 + b).tanh()
    out.backward()
    t = math.tanh(0.5 * 2.0 - 1.0 * 0.3 + 0.1)
    assert close(out.data, t)
    assert abs(w1.grad - (1 - t * t) * 2.0) < 1e-9


def test_mixed_with_slope():
    def f(t):
        return math.exp(t) * t - t / 3
    x = Value(0.8)
    (x.exp() * x - x / 3).backward()
    assert abs(x.grad - slope(f, 0.8)) < 1e-5
''',
    '''def test_everything_once():
    a, b = Value(-0.6), Value(1.7)
    c = a * b + b ** 2 - a / b
    d = c.tanh() + c.relu() + (a - 3).exp()
    d.backward()
    def f(x):
        cc = x * 1.7 + 1.7 ** 2 - x / 1.7
        return math.tanh(cc) + max(cc, 0) + math.exp(x - 3)
    assert abs(a.grad - slope(f, -0.6)) < 1e-5


def test_sum_of_many():
    xs = [Value(float(i)) for i in range(5)]
    s = xs[0]
    for x in xs[1:]:
        s = s + x
    s.backward()
    assert all(x.grad == 1.0 for x in xs)
''',
]


def filled(tests: str) -> str:
    """The starter with TESTS where its TODO is."""
    return HEAD + tests + MAIN


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


PLAIN = filled(TESTS)
# each packing as a student scripts it: only their tests packed, the starter's helpers and runner left as given
PACKED = {
    "zlib": filled(f'import base64, zlib\n\nexec(zlib.decompress(base64.b64decode(b"{b64(zlib.compress(TESTS.encode()))}")))\n'),
    "rot13 in a name": filled(f"import codecs\n\n_tests = {codecs.encode(TESTS, 'rot13')!r}\n"
                              "exec(codecs.decode(_tests, 'rot13'))\n"),
    "hex in if True": filled(f"if True:\n    exec(bytes.fromhex({TESTS.encode().hex()!r}).decode())\n"),
    "bz2": filled(f'import base64, bz2\n\nexec(bz2.decompress(base64.b64decode("{b64(bz2.compress(TESTS.encode()))}")), '
                  "globals())\n"),
    "lzma": filled(f'import base64, lzma\n\nexec(lzma.decompress(base64.b64decode("{b64(lzma.compress(TESTS.encode()))}")))\n'),
    # the whole file packed, the starter's helpers too
    "whole file": f'import base64, zlib\nexec(zlib.decompress(base64.b64decode(b"{b64(zlib.compress(PLAIN.encode()))}")))\n',
}
# a packing the unpacker does not decode (a call of the student's own between exec and the data): opaque, not read
UNREAD = filled(f"import base64, zlib\n\n\ndef _unpack(data):\n    return zlib.decompress(base64.b64decode(data))\n\n\n"
                f'exec(_unpack(b"{b64(zlib.compress(TESTS.encode()))}"))\n')


def _line(text: str, word: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if word in line)


@slow_fixture(scope="module")  # a class read and scored: seconds of CPU
def record(tmp_path_factory):
    """The class's record: the honest files, the plain one, its verbatim copy, each packed copy and the unread one."""
    folder = tmp_path_factory.mktemp("packed_tests")
    (folder / "starter").mkdir()
    (folder / "starter" / "test_engine.py").write_text(STARTER, encoding="utf-8")
    files = {f"h{n}": filled(tests) for n, tests in enumerate(HONEST, 1)}
    files |= {"plain": PLAIN, "copy": PLAIN, "unread": UNREAD}
    files |= {f"packed {n}": text for n, text in enumerate(PACKED.values())}
    (folder / "submissions").mkdir()
    for name, text in files.items():
        (folder / "submissions" / f"{name.replace(' ', '_')}.py").write_text(text, encoding="utf-8")
    return similarity(folder / "submissions", starters=(folder / "starter" / "test_engine.py",)).record


def _score(record, other: str) -> float:
    scores = {p["b"] if p["a"] == "plain" else p["a"]: p["score"] for p in record["pairs"]
              if "plain" in (p["a"], p["b"])}
    return scores.get(other, 0.0)  # a pair below the record's floor is not listed: it scored (nearly) nothing


@pytest.mark.parametrize("n, packing", list(enumerate(PACKED)))
def test_a_packed_test_file_scores_as_its_plain_copy_and_is_reported_opaque(record, n, packing):
    name = f"packed_{n}"
    assert _score(record, "copy") >= 0.99
    assert _score(record, name) >= _score(record, "copy") - 0.1
    row = next(row for row in record["submissions"] if row["id"] == name)
    text = PACKED[packing]
    assert row["opaque"] == [{"file": f"{name}.py", "line": _line(text, "exec("), "call": "exec", "unpacked": True}]


def test_a_packing_it_cannot_read_is_opaque_and_not_compared(record):
    row = next(row for row in record["submissions"] if row["id"] == "unread")
    assert row["opaque"] == [{"file": "unread.py", "line": _line(UNREAD, "exec(_unpack"), "call": "exec",
                              "unpacked": False}]
    assert _score(record, "unread") < 0.1  # the starter's helpers and runner are subtracted: nothing of its own is read


def test_the_hidden_tests_are_read_with_the_names_of_the_file_that_runs_them():
    plain = {u.name: u.tokens for u in read_source(PLAIN, "test_engine.py").units}
    hidden = {u.name.split(">.", 1)[1]: u.tokens for u in read_source(PACKED["zlib"], "test_engine.py").units
              if u.name.startswith("<exec")}
    assert set(hidden) == {name for name in plain if f"def {name}(" in TESTS}
    for name, tokens in hidden.items():
        assert tokens == plain[name], name
    # the file's helper `close` is a function (f) and `math` its module, as in the plain file, not unknown names (v)
    assert "f" in hidden["test_mul_chain_rule"] and "mod:math" in hidden["test_tanh_at_two"]


def test_a_name_the_hidden_code_binds_is_read_as_it_binds_it():
    # the file imports math; the hidden code binds `math` itself, as a variable: its own binding is the one read
    packed = HEAD + "exec(\"math = 2.0\\ndef test_x():\\n    assert close(math, 2.0)\\n\")\n" + MAIN
    hidden = [u for u in read_source(packed, "test_engine.py").units if u.name.endswith(".test_x")]
    assert len(hidden) == 1 and "mod:math" not in hidden[0].tokens and "f" in hidden[0].tokens


# A whole test file of the student's own (no starter: their docstring, imports, helpers and a dozen tests, nothing
# calling them: pytest does) packed whole. Nothing in the file runs its functions, so the plain file's count at
# reach.UNREACHED_WEIGHT where no classmate's idle function holds them too; the packed copy's hidden functions were
# all on the exec line and counted in full, and the pair scored 0.02 against its source alone in the class, 0.39
# among a dozen (the plain copy 0.99). Read as a plain file is (reach.hidden_unreached), it scores as the plain copy.
OWN = filled('''EPS = 1e-6


def near(x, y, tol=1e-7):
    return abs(x - y) <= tol * max(1.0, abs(x), abs(y))


def fd(fn, at):
    return (fn(at + EPS) - fn(at - EPS)) / (2 * EPS)


def test_sum_and_product():
    p, q = Value(2.5), Value(-0.5)
    r = p * q + p
    r.backward()
    assert near(r.data, 1.25)
    assert near(p.grad, 0.5) and near(q.grad, 2.5)


def test_reused_leaf():
    p = Value(4.0)
    r = p * p * p
    r.backward()
    assert near(p.grad, 48.0)


def test_numbers_on_both_sides():
    p = Value(3.0)
    r = 1 - p + 2 * p - p / 4 + 6 / p
    r.backward()
    assert near(p.grad, -1 + 2 - 0.25 - 6 / 9)


def test_relu_below_and_above():
    lo, hi = Value(-2.0), Value(2.0)
    (lo.relu() + hi.relu()).backward()
    assert lo.grad == 0.0 and hi.grad == 1.0


def test_tanh_matches_math():
    p = Value(-0.7)
    r = p.tanh()
    r.backward()
    assert near(r.data, math.tanh(-0.7))
    assert near(p.grad, fd(math.tanh, -0.7), tol=1e-5)


def test_exp_of_sum():
    p, q = Value(0.2), Value(0.9)
    (p + q).exp().backward()
    assert near(p.grad, math.exp(1.1)) and near(q.grad, math.exp(1.1))


def test_power_rule():
    p = Value(1.5)
    (p ** 4).backward()
    assert near(p.grad, 4 * 1.5 ** 3)


def test_fan_out_and_in():
    p = Value(0.3)
    s, t = p * 2, p.tanh()
    (s * t + s - t).backward()
    want = fd(lambda z: 2 * z * math.tanh(z) + 2 * z - math.tanh(z), 0.3)
    assert near(p.grad, want, tol=1e-5)


def test_grad_starts_at_zero():
    p = Value(9.0)
    assert p.grad == 0.0


def test_ten_thousand_steps():
    p = Value(2.0)
    r = p
    for _ in range(10_000):
        r = r * 1.0 + 0.0
    r.backward()
    assert near(p.grad, 1.0)


def test_division_by_leaf():
    p, q = Value(6.0), Value(3.0)
    (p / q).backward()
    assert near(p.grad, 1 / 3) and near(q.grad, -6 / 9)
''')
# the copy: the source renamed as a copier renames (its helpers and tests' names, its variables), then packed whole
RENAMED = re.sub(r"\b(near|fd|p|q|r)\b", lambda m: {"near": "approx_eq", "fd": "numdiff", "p": "u", "q": "w", "r": "out"}[
    m.group(1)], OWN).replace("def test_", "def test_v_")
WHOLE = f'import base64, zlib\nexec(zlib.decompress(base64.b64decode(b"{b64(zlib.compress(RENAMED.encode()))}")))\n'


@slow_fixture(scope="module")  # three classes read and scored: seconds of CPU
def own_scores(tmp_path_factory):
    """The source's pair score with its plain copy and with its packed copy, among honest classmates (no starter)."""
    def score(**copies):
        folder = tmp_path_factory.mktemp("own_tests")
        files = {f"h{n}": filled(tests) for n, tests in enumerate(HONEST, 1)}  # the starter's helpers, their tests
        for name, text in (files | {"source": OWN} | copies).items():
            (folder / f"{name}.py").write_text(text, encoding="utf-8")
        pairs = similarity(folder).record["pairs"]
        return {p["b"] if p["a"] == "source" else p["a"]: p["score"] for p in pairs if "source" in (p["a"], p["b"])}
    return {"plain alone": score(plain=RENAMED), "packed alone": score(packed=WHOLE),
            "both": score(plain=RENAMED, packed=WHOLE)}


def test_a_whole_test_file_packed_scores_as_its_plain_copy_with_or_without_the_plain_copy_in_the_class(own_scores):
    # the two copies differ by the packing's own line alone (`import base64, zlib`, the exec): 0.05 leaves it room;
    # read with its hidden tests in full and the source's idle, the packed copy scored 0.88 here without the plain one
    plain = own_scores["plain alone"]["plain"]
    assert plain >= 0.99
    assert abs(own_scores["packed alone"]["packed"] - plain) <= 0.05
    assert abs(own_scores["both"]["packed"] - own_scores["both"]["plain"]) <= 0.05


def test_the_hidden_functions_that_nothing_runs_are_those_no_text_names_and_the_starter_does_not_give():
    # a and b only call each other's way (a calls b, nothing calls a); the file around it calls c; the starter has d
    hidden = "def a():\n    return b()\n\n\ndef b():\n    return 1\n\n\ndef c():\n    return 2\n\n\ndef d():\n    return 3\n"
    found = hidden_unreached({"t.py <unpacked 0>": hidden}, {"t.py": "exec(data)\nc()\n"}, lambda name: name == "d",
                             10_000)
    assert found == {"t.py <unpacked 0>": {"a": range(1, 3), "b": range(5, 7)}}
    assert hidden_unreached({"t.py <unpacked 0>": hidden}, {}, lambda name: False, len(hidden) - 1) == \
        {"t.py <unpacked 0>": {}}  # over the reading's limit: counted in full
    assert [hidden_function(name) for name in ("<exec line 3>.a", "<exec line 3>.<exec line 1>.b",
                                               "<exec line 3>.Value.grad", "<exec line 3>.<module>", "a")] == \
        ["a", "b", None, None, None]
