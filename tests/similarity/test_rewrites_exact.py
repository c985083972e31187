"""The tree-level rewrites of the similarity reading that claim to be exact compute what the program as written does
(session 19, simexact): decorators.decorators_as_written (argument-rewriting and parameter-binding decorators read
as the function's first lines), plain_names' `it = iter(xs)` then `for x in it:` (names_as_written) and
plain_statements' index loop over a literal length (statements_as_written). Each case is parsed, rewritten in place,
unparsed, and the text as written and the rewritten text are each run in a fresh namespace: what they compute (an
engine's values and gradients after backward, a function's return values or the type of what it raised) is the
same, to the bit. The engines: the tests' class of honest engines with fresh_tricks.py's FRESH19 tricks applied
(lifted-coercion, iter-bound), the fixtures c_lifted_coercion and c_iter_bound; the hand-written cases are the edge
cases each rewrite must either read exactly or leave as written (`fires` says which)."""

import ast
import math
import sys
import textwrap
import types
from pathlib import Path

import pytest

from grader.similarity.decorators import decorators_as_written
from grader.similarity.normalise import read_source
from grader.similarity.plain_names import names_as_written
from grader.similarity.plain_statements import statements_as_written

from .test_similarity import CLASS, engine

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench" / "similarity"))

from fresh_tricks import FRESH19  # noqa: E402

EVASIONS = Path(__file__).resolve().parent / "evasions"
REWRITES = {"decorators": decorators_as_written, "names": names_as_written, "statements": statements_as_written}


@pytest.fixture(autouse=True)
def _recursion_limit_kept():
    """The engines run here are the classes' own, and some raise the recursion limit as they load
    (`sys.setrecursionlimit(10000)`): put it back, or a later test in this worker sees a deep walk succeed that fails
    at the default (tests/test_variant_library.py's recursive-topo variant on its deep chain)."""
    limit = sys.getrecursionlimit()
    yield
    sys.setrecursionlimit(limit)


def _rewritten(text: str, rewrite) -> tuple[str, bool]:
    tree = ast.parse(text)
    changed = rewrite(tree, text)
    return ast.unparse(ast.fix_missing_locations(tree)), changed


def _outcome(call):
    """What CALL() returns, or the type of what it raises."""
    try:
        return ("value", call())
    except Exception as error:  # noqa: BLE001 - the outcome compared is the exception's type
        return ("raised", type(error).__name__)


def _bits(x):
    """A float as its exact bits (nan and -0.0 included), other values as they are."""
    return float(x).hex() if isinstance(x, float) else x


def _engine_run(text: str):
    """An engine's values and gradients: each op on Values (and numbers, either side), one loss from all that
    worked, its backward; what raised, by type. (The engine a module of its own while it runs: a dataclass looks
    its module up.)"""
    module = types.ModuleType("exact_engine")
    sys.modules[module.__name__] = module
    try:
        exec(compile(text, "engine.py", "exec"), module.__dict__)  # noqa: S102 - the tests' own fixtures
        return _ran(module.__dict__["Value"])
    finally:
        del sys.modules[module.__name__]


def _ran(value):
    a, b, c = value(2.0), value(-3.0), value(0.5)
    ops = {"mul": lambda: a * b, "add": lambda: a + b, "radd": lambda: 1.5 + a, "rmul": lambda: 3 * b,
           "addn": lambda: a + 4, "muln": lambda: b * 0.25, "sub": lambda: a - c, "rsub": lambda: 1 - c,
           "div": lambda: a / b, "rdiv": lambda: 2 / c, "pow": lambda: c ** 3, "neg": lambda: -b,
           "tanh": lambda: (a * c).tanh(), "relu": lambda: b.relu(), "exp": lambda: c.exp(),
           "chain": lambda: (a * b + c) * (a + 1) - b / 2}
    out, made = {}, []
    for name, op in ops.items():
        got = _outcome(op)
        if got[0] == "value":
            made.append(got[1])
            got = ("value", _bits(got[1].data))
        out[name] = got
    loss = made[0]
    for v in made[1:]:
        loss = loss + v
    loss.backward()
    out["loss"] = _bits(loss.data)
    out["grads"] = [_bits(v.grad) for v in (a, b, c)]
    return out


def _tricked():
    """{name: an engine with a FRESH19 trick applied} for each of the class's engines it applies to, and the
    fixtures."""
    found = {}
    for name in CLASS:
        for trick in ("lifted-coercion", "iter-bound"):
            try:
                found[f"{trick}:{name.split('/')[-1]}"] = FRESH19[trick](engine(name))
            except ValueError:
                continue  # no method the trick applies to
    for name in ("c_lifted_coercion", "c_iter_bound"):
        found[name] = (EVASIONS / f"{name}.py").read_text(encoding="utf-8")
    return found


TRICKED = _tricked()


def _same(before: dict, after: dict) -> bool:
    """AFTER computes as BEFORE: each op's value and the loss to the bit, the gradients within a millionth of a
    millionth (an engine that walks a set of Values, ordered by id, sums a gradient's parts in an order of the run's:
    the engine as written differs from itself in the last bits)."""
    grads = [float.fromhex(g) for g in before.pop("grads")], [float.fromhex(g) for g in after.pop("grads")]
    return after == before and all(math.isclose(x, y, rel_tol=1e-12) for x, y in zip(*grads))


@pytest.mark.parametrize("name", sorted(TRICKED))
def test_an_engine_with_a_trick_applied_computes_the_same_rewritten(name):
    text = TRICKED[name]
    before = _engine_run(text)
    fired = set()
    for rewrite_name, rewrite in REWRITES.items():
        after, changed = _rewritten(text, rewrite)
        assert _same(dict(before), _engine_run(after)), rewrite_name
        if changed:
            fired.add(rewrite_name)
    trick = "decorators" if "lifted" in name else "names"
    assert trick in fired  # the rewrite the trick is for reads it


def test_the_tricks_apply_to_engines_of_the_class():
    assert sum(name.startswith("lifted-coercion:") for name in TRICKED) >= 3
    assert sum(name.startswith("iter-bound:") for name in TRICKED) == len(CLASS)


# -- hand-written cases: (rewrite, text, probe expressions run in the namespace, whether the rewrite fires) ----------

CASES = {
    # decorators.py
    "keyword call, same parameter names": ("decorators", """
        def _lifted(op):
            def wrapper(self, other):
                return op(self, other if isinstance(other, V) else V(other))
            return wrapper
        class V:
            def __init__(self, x):
                self.x = x
            @_lifted
            def add(self, other):
                return self.x + other.x
        """, ["V(1).add(other=2)", "V(1).add(2)", "V(1).add(self=V(0), other=2)"], True),
    "keyword call, other parameter names": ("decorators", """
        def _lifted(op):
            def wrapper(self, other):
                return op(self, other if isinstance(other, V) else V(other))
            return wrapper
        class V:
            def __init__(self, x):
                self.x = x
            @_lifted
            def add(self, rhs):
                return self.x + rhs.x
        """, ["V(1).add(other=2)", "V(1).add(rhs=2)"], True),
    "keyword call by the function's name": ("decorators", """
        def _lifted(op):
            def wrapper(self, other):
                if not isinstance(other, V):
                    other = V(other)
                return op(self, other)
            return wrapper
        class V:
            def __init__(self, x):
                self.x = x
            @_lifted
            def add(self, rhs):
                return self.x + rhs.x
        """, ["V(1).add(rhs=V(2))", "V(1).add(other=V(2))"], True),
    "positional-only wrapper": ("decorators", """
        def _lifted(op):
            def wrapper(self, other, /):
                return op(self, other if isinstance(other, V) else V(other))
            return wrapper
        class V:
            def __init__(self, x):
                self.x = x
            @_lifted
            def add(self, other):
                return self.x + other.x
        """, ["V(1).add(other=V(2))", "V(1).add(V(2))"], False),
    "decorated generator": ("decorators", """
        def _lifted(op):
            def wrapper(self, other):
                return op(self, other if isinstance(other, V) else V(other))
            return wrapper
        class V:
            def __init__(self, x):
                self.x = x
            @_lifted
            def pairs(self, other):
                yield self.x
                yield other.x
        """, "list(V(1).pairs(2))", False),
    "decorator rebound after its def": ("decorators", """
        def _lifted(op):
            def wrapper(self, other):
                return op(self, other if isinstance(other, V) else V(other))
            return wrapper
        _lifted = lambda op: op
        class V:
            def __init__(self, x):
                self.x = x
            @_lifted
            def add(self, other):
                return self.x + other.x
        """, "V(1).add(2)", False),
    "decorator defined again as another": ("decorators", """
        def _lifted(op):
            def wrapper(self, other):
                return op(self, other if isinstance(other, V) else V(other))
            return wrapper
        def _lifted(op):
            return op
        class V:
            def __init__(self, x):
                self.x = x
            @_lifted
            def add(self, other):
                return self.x + other.x
        """, "V(1).add(2)", False),
    "decorator defined below the class": ("decorators", """
        class V:
            def __init__(self, x):
                self.x = x
            @_lifted
            def add(self, other):
                return self.x + other.x
        def _lifted(op):
            def wrapper(self, other):
                return op(self, other if isinstance(other, V) else V(other))
            return wrapper
        """, "V(1).add(2)", False),
    "function in a function that binds a name the wrapper reads": ("decorators", """
        def _lifted(op):
            def wrapper(a, b):
                return op(a, b if isinstance(b, float) else float(b))
            return wrapper
        def make():
            float = str
            @_lifted
            def add(a, b):
                return a + b
            return add
        """, "make()('x', 2)", False),
    "function in a function": ("decorators", """
        def _lifted(op):
            def wrapper(a, b):
                return op(a, b if isinstance(b, float) else float(b))
            return wrapper
        def make():
            @_lifted
            def add(a, b):
                return a + b
            return add
        """, "make()(1.5, 2)", True),
    "yield in the wrapper's argument": ("decorators", """
        def _lifted(op):
            def wrapper(a, b):
                return op(a, (yield b))
            return wrapper
        @_lifted
        def add(a, b):
            return a + b
        """, "list(add(1, 2))", False),
    "function binds a name the argument reads": ("decorators", """
        def _lifted(op):
            def wrapper(a, b):
                return op(a, b if isinstance(b, float) else float(b))
            return wrapper
        @_lifted
        def add(a, b):
            float = int
            return a + b
        """, "add(1.0, 2)", False),
    "plain function, two coerced": ("decorators", """
        def _lifted(op):
            def wrapper(a, b):
                return op(float(a), b * 2)
            return wrapper
        @_lifted
        def add(a, b):
            return a + b
        """, "[add(1, 2), add(3, 'x')]", True),
    # plain_names._iterator_loops
    "iterator looped over": ("names", """
        def f(xs):
            out = []
            it = iter(xs)
            for x in it:
                out.append(x * 2)
            return out
        """, "[f([1, 2, 3]), f(range(4)), f({'a': 1})]", True),
    "iterator also advanced with next()": ("names", """
        def f(xs):
            it = iter(xs)
            first = next(it)
            out = [first]
            for x in it:
                out.append(x * 2)
            return out
        """, "f([1, 2, 3])", False),
    "iterator advanced in the loop": ("names", """
        def f(xs):
            it = iter(xs)
            out = []
            for x in it:
                out.append((x, next(it, None)))
            return out
        """, "f([1, 2, 3, 4, 5])", False),
    "iterator looped over twice": ("names", """
        def f(xs):
            it = iter(xs)
            for x in it:
                if x > 1:
                    break
            for y in it:
                return y
        """, "f([1, 2, 3, 4])", False),
    "iterator of another function's": ("names", """
        def f(xs):
            it = iter(xs)
            for x in it:
                return x
        def g(it):
            return next(it)
        """, "[f([5, 6]), g(iter([7]))]", False),
    "iter bound in the module": ("names", """
        iter = reversed
        def f(xs):
            it = iter(xs)
            return [x for x in it]
        def g(xs):
            it = iter(xs)
            out = []
            for x in it:
                out.append(x)
            return out
        """, "g([1, 2, 3])", False),
    "loop's name the list's": ("names", """
        def f(xs):
            out = []
            it = iter(xs)
            for xs in it:
                out.append(xs)
            return out, xs
        """, "f([1, 2, 3])", True),
    # plain_statements' index loop over a literal length
    "literal length over a list of that length": ("statements", """
        xs = [1.5, 2.5, 3.5, 4.5]
        def f():
            total = 0
            for i in range(4):
                total += xs[i] * i
            return total
        """, "f()", True),
    "list mutated in the loop": ("statements", """
        xs = [1, 2, 3, 4]
        def f():
            for i in range(4):
                xs[i] = xs[i] * 2
            return xs
        """, "f()", False),
    "list grown in the loop": ("statements", """
        xs = [1, 2, 3, 4]
        def f():
            out = []
            for i in range(4):
                out.append(xs[i])
                xs.append(i)
            return out, len(xs)
        """, "f()", False),
    "list shorter than the literal": ("statements", """
        xs = [1, 2, 3]
        def f():
            out = []
            for i in range(4):
                out.append(xs[i])
            return out
        """, "f()", False),
    "list longer than the literal": ("statements", """
        xs = [1, 2, 3, 4, 5]
        def f():
            return [xs[i] for i in range(4)] + [sum(xs[i] for i in range(4))]
        """, "f()", False),
    "a parameter of the list's name": ("statements", """
        xs = [1, 2, 3, 4]
        def f(xs):
            out = []
            for i in range(4):
                out.append(xs[i])
            return out
        """, "[f([9, 8, 7, 6, 5]), f(xs)]", False),
    "list rebound by `except ... as`": ("statements", """
        xs = [1, 2, 3, 4]
        def f():
            out = []
            for i in range(4):
                out.append(xs[i])
            return out
        def g():
            global xs
            try:
                raise ValueError('x')
            except ValueError as xs:
                pass
        """, "[f(), g(), f()]", False),
    "list rebound by a `case` capture": ("statements", """
        xs = [1, 2, 3, 4]
        def f():
            out = []
            for i in range(4):
                out.append(xs[i])
            return out
        def g(v):
            global xs
            match v:
                case [*xs]:
                    pass
        """, "[f(), g([5]), f()]", False),
    "index rebound in the body": ("statements", """
        xs = [1, 2, 3, 4]
        def f():
            out = []
            for i in range(4):
                out.append(xs[i])
                i = 0
            return out
        """, "f()", False),
    "list indexed in a conditional, bound after the loop": ("statements", """
        out = []
        for i in range(4):
            if i > 10:
                out.append(xs[i])
        xs = [1, 2, 3, 4]
        def f():
            return out
        """, "f()", False),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_rewrite_computes_what_the_code_as_written_does_or_does_not_fire(case):
    which, text, probe, fires = CASES[case]
    text = textwrap.dedent(text)
    after, changed = _rewritten(text, REWRITES[which])

    def run(source):
        space = {"__name__": "case"}
        got = _outcome(lambda: exec(compile(source, "case.py", "exec"), space))  # noqa: S102 - the cases above
        probes = [probe] if isinstance(probe, str) else probe  # each on its own: one raising hides none after it
        return got if got[0] == "raised" else [_outcome(lambda: eval(p, space)) for p in probes]  # noqa: S307

    assert run(after) == run(text)
    assert changed is fires, after


def test_the_cases_compute_as_their_probes_say():
    """The probes tell the readings apart where they would differ (what each case guards)."""
    space = {}
    exec(textwrap.dedent(CASES["keyword call, other parameter names"][1]), space)  # noqa: S102
    assert space["V"](1).add(other=2) == 3


# -- the emitter's readings (tokens only, no tree to run): programs that read alike and compute otherwise ------------

def _tokens(source: str) -> str:
    return next(" ".join(u.tokens) for u in read_source(source, "engine.py").units if u.name == "f")


def _computed(source: str, *args):
    space = {}
    exec(source, space)  # noqa: S102 - the cases below
    return _outcome(lambda: space["f"](*args))


# (two functions `f`, the arguments): each pair reads as the same tokens and computes otherwise (docs/similarity.md,
# Limits). Left as they are: a copier's regrouping or listing is what the readings take back, and what differs is a
# float's last bit or what an item that raises or has an effect does.
ALIKE = {
    # a chain of + (or *) in any grouping: floats round by grouping
    "a float sum regrouped": ("def f(a, b, c):\n    return (a + b) + c\n",
                              "def f(a, b, c):\n    return a + (b + c)\n", (0.1, 0.2, 0.3)),
    "a float product regrouped": ("def f(a, b, c):\n    return (a * b) * c\n",
                                  "def f(a, b, c):\n    return a * (b * c)\n", (0.1, 0.2, 0.3)),
    # a list comprehension in any/all is its generator: the generator stops at the first item that decides
    "any of a list": ("def f(xs):\n    return any([1 / x > 0 for x in xs])\n",
                      "def f(xs):\n    return any(1 / x > 0 for x in xs)\n", ([1, 0],)),
    # an inner def nothing names is dead code, but its defaults (no call among them) and annotations run at the def
    "a dead def's default": ("def f(d):\n    def unused(x=d['k']):\n        pass\n    return 1\n",
                             "def f(d):\n    return 1\n", ({},)),
    "a dead def's annotation": ("def f(d):\n    def unused(x: d()):\n        pass\n    return 1\n",
                                "def f(d):\n    return 1\n", ({},)),
}


@pytest.mark.parametrize("case", sorted(ALIKE))
def test_programs_the_emitter_reads_alike_that_compute_otherwise(case):
    one, other, args = ALIKE[case]
    assert _tokens(one) == _tokens(other)
    assert _computed(one, *args) != _computed(other, *args)
