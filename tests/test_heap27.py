"""A set-order engine's score is the program's, not the heap's (grader/sandbox/hash_order.py, docs/determinism.md).

An engine whose result depends on the order of a `set` of Values (examples' bob: `=` for `+=`, its children a set)
scored 33-38/63 as the worker's own code changed (session 26), because a set iterated in the order of its Values'
addresses. The worker now numbers the instances of the submission's classes in the order they are first hashed; here
the same engines are graded by workers that allocate different amounts before the import (different heaps, as
another version of the worker or another machine's Python gives) and score the same, test by test.
"""

import builtins
import copy
import dataclasses
import hashlib
import importlib.util
import pickle
import shutil
import sys
from pathlib import Path

import pytest

from grader.load import load_submissions
from grader.pipeline import Settings, grade_submissions
from grader.sandbox.host import linux_sandbox_missing
from grader.suites import load_suite

HERE = Path(__file__).parent
ORDER = HERE.parent / "grader" / "sandbox" / "hash_order.py"
BOB = HERE.parent / "examples" / "submissions" / "bob.py"
UNSEEN = HERE / "fixtures" / "unseen"
BOB_HEAD = 'class Value:\n    """A number that remembers how it was computed, for backpropagation."""\n'
SLOTS = '    __slots__ = ("data", "grad", "_backward", "_prev", "_op", "label")\n'

# id -> (score, tests not passed): the same in every heap below (before, on main at 3e76b19, as the padding went
# 0 / 1 / 3 / 50 / 1000 objects: bob 34 34 34 35 35, bob-slots 35 35 35 34 35, bob-subclass 35 35 35 39 37,
# bfs-deque-visited 55.25 55.25 55.25 54.25 54.25; notebook-bfs 56.25 ... 54.25)
EXPECTED = {"bob": (35.0, 20), "bob-slots": (35.0, 20), "bob-subclass": (35.0, 20), "bfs-deque-visited": (54.25, 5),
            "notebook-bfs": (54.25, 5)}


def _batch(folder):
    bob = BOB.read_text()
    assert bob.count(BOB_HEAD) == 1
    (folder / "bob.py").write_text(bob)
    (folder / "bob-slots.py").write_text(bob.replace(BOB_HEAD, BOB_HEAD + SLOTS))  # no __dict__, no __weakref__
    (folder / "bob-subclass.py").write_text(bob.replace("class Value:\n", "class Node:\n    pass\n\n\nclass Value(Node):\n"))
    shutil.copy(UNSEEN / "bfs-deque-visited" / "engine.py", folder / "bfs-deque-visited.py")
    shutil.copy(UNSEEN / "notebook-bfs.ipynb", folder / "notebook-bfs.ipynb")
    return folder


def _graded(folder, padding):
    """{id: (score, tests not passed, their names)} from workers that allocate `padding` objects of every size
    class before they start: the submission's Values lie elsewhere."""
    suite = load_suite("engine")
    files = dict(suite.runner_files)
    worker = files["worker.py"].decode()
    pad = f"\n_PADDING = [bytes(_n % 500) for _n in range({padding})]\n\n\ndef main():\n"
    files["worker.py"] = worker.replace("\ndef main():\n", pad, 1).encode()
    assert files["worker.py"] != worker.encode()
    suite = dataclasses.replace(suite, runner_files=files, digest=hashlib.sha256(files["worker.py"]).hexdigest())
    graded = grade_submissions(load_submissions(folder, suite), suite, Settings(cache_dir=None, jobs=2))
    return {row["id"]: (row["score"], sorted(t["name"] for t in row["tests"] if t["status"] != "passed"))
            for row in graded.scores["submissions"]}


@pytest.mark.slow
@pytest.mark.skipif(linux_sandbox_missing() is not None, reason="needs the Linux sandbox")
def test_a_set_order_engine_scores_the_same_whatever_the_worker_allocated_before_it(tmp_path):
    folder = _batch(tmp_path)
    first = _graded(folder, 0)
    assert {k: (score, len(failing)) for k, (score, failing) in first.items()} == EXPECTED
    assert first["bob-slots"] == first["bob"] == first["bob-subclass"]  # the class's shape is not the order either
    for padding in (1, 5000):
        assert _graded(folder, padding) == first


# -- the numbering itself, in this process (builtins restored after each test) ---------------------------------------


def _load_order(without_ctypes=False):
    """hash_order.py loaded afresh; `without_ctypes`: as on a Python without `_ctypes` (or without CPython's layout),
    where Fresh fills the slot with 0 by a `__new__` of its own."""
    spec = importlib.util.spec_from_file_location("_grader_hash_order", ORDER)
    module = importlib.util.module_from_spec(spec)
    saved = sys.modules.get("_ctypes", False)
    if without_ctypes:
        sys.modules["_ctypes"] = None  # `from _ctypes import ...` raises ImportError
    try:
        spec.loader.exec_module(module)
    finally:
        if without_ctypes:
            if saved is False:
                del sys.modules["_ctypes"]
            else:
                sys.modules["_ctypes"] = saved
    return module


@pytest.fixture(params=["empty-reads-none", "fresh-new"])
def order(request):
    module = _load_order(without_ctypes=request.param == "fresh-new")
    assert (module._KEPT is None) == (request.param == "fresh-new")
    saved = builtins.__build_class__
    module.install()
    try:
        yield module
    finally:
        builtins.__build_class__ = saved


STUDENT = '''
import dataclasses
class Value:
    def __init__(self, data, children=()):
        self.data, self.prev = data, set(children)
    def __add__(self, other):
        return self
class Slotted:
    __slots__ = ("data", "grad")
    def __add__(self, other):
        return self
class Module:
    def parameters(self):
        return []
class Layer(list, Module):
    pass
class Scalar(Module):
    def __mul__(self, other):
        return self
class Eq:
    def __eq__(self, other):
        return True
class Own:
    def __hash__(self):
        return 5
class Super:
    def __eq__(self, other):
        return self is other
    def __add__(self, other):
        return self
    def __hash__(self):
        return super().__hash__()
@dataclasses.dataclass
class Data:
    a: int = 1
@dataclasses.dataclass(frozen=True)
class Frozen:
    a: int = 1
class Forwards:
    def __getattr__(self, name):
        return 0
    def __add__(self, other):
        return self
class Child(Value):
    def __getattr__(self, name):
        raise AttributeError(name)
    def __add__(self, other):
        return other
class Fails(Exception):
    pass
'''


def _student(filename="/sandbox/engine.py", name="engine"):
    namespace = {"__name__": name}
    exec(compile(STUDENT, filename, "exec"), namespace)
    return namespace


def test_the_submissions_classes_are_numbered_the_graders_and_the_standard_librarys_are_not(order):
    s = _student()
    assert s["Value"].__mro__ == (s["Value"], order.Fresh, order.Numbered, object)  # no base: its slot filled at once
    assert s["Forwards"].__mro__ == (s["Forwards"], order.Hooked, order.Numbered, object)  # read past its hook
    assert order.Hooked in s["Child"].__mro__ and s["Child"].__bases__ == (s["Value"], order.Hooked)
    assert s["Fails"].__mro__[1] is Exception  # bases of its own: as they are
    assert s["Module"].__bases__ == (object,)  # no arithmetic: free to be combined with list (`Layer`)
    assert s["Scalar"].__bases__ == (s["Module"], order.Numbered)  # arithmetic on a plain base: Numbered last
    engine = _student("engine.py", "engine")  # 09-write-tests' engine under test, exec()'d by its probe
    assert order.Numbered in engine["Value"].__mro__
    assert order.Numbered not in _student("/sandbox/engine.py", "_grader_probes")["Value"].__mro__
    stdlib = str(Path(sys.base_prefix) / "lib" / "fractions.py")  # where this Python's standard library lies
    assert order.Numbered not in _student(stdlib, "fractions")["Value"].__mro__


def test_hash_follows_the_programs_order_and_python_s_rules_of_hashing_stand(order):
    s = _student()
    Value = s["Value"]
    order.restart("first/probe")
    a, b = Value(1.0), Value(2.0)
    c = Value(3.0, (b, a))  # b is hashed first
    start = hash(b)  # the probe's range: a multiple of 2**32 read from its name, and 1
    assert start % 2**32 == 1 and (hash(b), hash(a), hash(c)) == (start, start + 1, start + 2)
    order.restart("first/probe")
    assert hash(Value(4.0)) == start and hash(b) == start  # each probe's sequence from its start; a number kept is kept
    order.restart("second/probe")
    other = hash(Value(5.0))
    assert other % 2**32 == 1 and other != start  # another probe, another range: the same slots of a set, low bits
    for unhashable in (s["Eq"](), s["Data"]()):
        with pytest.raises(TypeError, match="unhashable"):
            hash(unhashable)
    assert hash(s["Frozen"](3)) == hash(s["Frozen"](3)) and hash(s["Own"]()) == 5
    order.restart("third/probe")
    assert hash(s["Super"]()) % 2**32 == 1  # super().__hash__() in the student's own __hash__: the number
    assert isinstance(hash(s["Forwards"]()), int)  # its __getattr__ answers 0 for any name: not asked


def test_a_sets_order_is_the_same_in_another_heap(order):
    Value = _student()["Value"]

    def walk(junk):
        order.restart()
        kept = [bytearray(n % 300) for n in range(junk)]  # the Values below lie elsewhere
        leaves = [Value(float(n)) for n in range(40)]
        root = Value(0.0, leaves)
        return [v.data for v in root.prev], kept

    assert walk(0)[0] == walk(1)[0] == walk(777)[0]


def _drawn(order, obj):
    """The number `obj` drew, 0 where it has drawn none (the slot empty, read as None, or made by Fresh's `__new__` on
    a layout that does not: 0; made by object.__new__ there: the slot empty, read as an AttributeError)."""
    try:
        return order._number(obj) or 0
    except AttributeError:
        return 0


def test_the_student_sees_no_attribute_field_or_state_of_the_number(order):
    s = _student()
    v, slotted = s["Value"](1.5), s["Slotted"]()
    slotted.data = 2.0
    hash(v), hash(slotted)
    assert vars(v) == {"data": 1.5, "prev": set()} and s["Slotted"].__slots__ == ("data", "grad")
    assert not [n for n in dir(v) + dir(slotted) if "number" in n]
    assert all(getattr(k, "__slots__", ()) in ((), ("data", "grad")) for k in type(slotted).__mro__)
    globals().update(Value=s["Value"], Slotted=s["Slotted"])  # pickle finds the classes by name
    s["Value"].__module__ = s["Slotted"].__module__ = __name__
    try:
        for obj in (v, slotted):
            copies = [copy.copy(obj), copy.deepcopy(obj)]
            copies += [pickle.loads(pickle.dumps(obj, protocol)) for protocol in range(pickle.HIGHEST_PROTOCOL + 1)]
            for made in copies:
                assert getattr(made, "__dict__", None) == getattr(obj, "__dict__", None)
                assert made.data == obj.data
                # the copy has no number until it is hashed (Fresh's 0, or the slot empty): it draws its own
                assert _drawn(order, made) == 0 and hash(made) != hash(obj) and _drawn(order, made) == hash(made)
    finally:
        del globals()["Value"], globals()["Slotted"]


def test_a_value_made_at_import_never_shares_its_number_with_a_probes(order):
    """review27: `MINUS_ONE = Value(-1.0)` at import took number 1, and so did a probe's first Value when each probe's
    sequence started from 1: an engine whose visited set keeps hash(v) (unique among live objects while hashes were
    addresses) skipped a node, 63 -> 60.5/63."""
    Value = _student()["Value"]
    order.restart("first/probe")  # a fresh worker: what came before the first probe is the import's
    order._sequence = __import__("itertools").count(1)
    minus_one = Value(-1.0)
    assert hash(minus_one) == 1
    order.restart("loss/softplus")
    assert hash(Value(2.0)) != hash(minus_one)


# -- Fresh: the slot filled with 0 as an object is made (a first hash that does not raise), nothing else moved ----------

MADE = '''
outcomes = []
def attempt(make):
    try:
        made = make()
        outcomes.append(("made", type(made).__name__, sorted(vars(made)) if hasattr(made, "__dict__") else None))
    except TypeError as exc:
        outcomes.append(("TypeError", str(exc)))
class Plain:
    def __init__(self, data): self.data = data
    def __add__(self, other): return self
class NoInit:
    def __add__(self, other): return self
class OwnNew:
    def __new__(cls, data): return super().__new__(cls)
    def __init__(self, data): self.data = data
    def __add__(self, other): return self
class PassesOn:
    def __new__(cls, data): return super().__new__(cls, data)
    def __add__(self, other): return self
class Mixin:
    def __new__(cls, *args):
        outcomes.append(("Mixin.__new__", args))
        return super().__new__(cls)
class Mixed(Plain, Mixin):
    pass
class Logged:
    def __init__(self, data): self.data = data
    def __setattr__(self, name, value):
        outcomes.append(("__setattr__", name))
        object.__setattr__(self, name, value)
    def __add__(self, other): return self
attempt(lambda: Plain(1.0)); attempt(lambda: Plain()); attempt(lambda: Plain(data=1.0)); attempt(lambda: NoInit())
attempt(lambda: NoInit(1.0)); attempt(lambda: NoInit(data=1.0)); attempt(lambda: OwnNew(1.0)); attempt(lambda: PassesOn(1.0))
attempt(lambda: Mixed(2.0)); attempt(lambda: Logged(3.0)); attempt(lambda: Plain.__new__(Plain, 1.0))
attempt(lambda: object.__new__(Plain)); attempt(lambda: Plain.__new__(NoInit))
'''


def test_an_object_is_made_as_python_makes_it_with_its_errors_words_and_what_its_classes_new_and_setattr_see(order):
    """Every way of making an object, numbered (Fresh's __new__) and not (a grader module's name: no base given): the
    same objects, the same TypeErrors word for word, a mixin's __new__ called with the same arguments, the student's
    __setattr__ told of nothing more."""
    numbered, plain = _student(name="engine"), _student(name="_grader_made")
    for namespace in (numbered, plain):
        exec(compile(MADE, "/sandbox/engine.py", "exec"), namespace)
    assert order.Fresh in numbered["Plain"].__mro__ and order.Numbered not in plain["Plain"].__mro__
    assert numbered["outcomes"] == plain["outcomes"]
    assert ("TypeError", "NoInit() takes no arguments") in numbered["outcomes"]
    assert ("TypeError", "object.__new__() takes exactly one argument (the type to instantiate)") in numbered["outcomes"]
    assert ("Mixin.__new__", (2.0,)) in numbered["outcomes"]


def test_a_first_hash_draws_the_next_number_however_the_object_was_made(order):
    """Made by Fresh (the slot 0), by object.__new__ (the slot empty) or of a subclass with a hook (read past it): each
    first hash draws the next number, each later one reads it."""
    s = _student()
    exec(compile(MADE, "/sandbox/engine.py", "exec"), s)
    order.restart("made/probe")
    made = [s["Plain"](1.0), object.__new__(s["Plain"]), s["Child"](2.0), s["Logged"](3.0), s["Value"](4.0)]
    first = [hash(v) for v in made]
    assert first[0] % 2**32 == 1 and first == list(range(first[0], first[0] + 5))
    assert [hash(v) for v in made] == first


def test_on_cpython_an_empty_slot_reads_none_and_a_dead_objects_number_is_released():
    """Session 44: the slot's descriptor reads None from an empty slot (a T_OBJECT copy of its definition), so Fresh
    needs no `__new__`; the class's own definition still releases the number when its object dies (no leak)."""
    order = _load_order()
    saved = builtins.__build_class__
    order.install()
    try:
        Value = _student()["Value"]
    finally:
        builtins.__build_class__ = saved
    assert order._KEPT is not None and "__new__" not in vars(order.Fresh)
    assert order._number(Value(1.0)) is None and order._number(object.__new__(Value)) is None
    order.restart("released/probe")
    v = Value(2.0)
    first = hash(v)
    number = order._number(v)
    assert number == first == hash(v) and number % 2**32 == 1
    held = sys.getrefcount(number)
    del v
    assert sys.getrefcount(number) == held - 1

