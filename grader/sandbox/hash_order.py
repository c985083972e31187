"""A `set` of a submission's objects iterates in an order of the program's, not of the heap's (docs/determinism.md).

Python's default hash of an object (`object.__hash__`) comes from its address, and a set iterates in the order of its
members' hashes; so an engine whose result depends on the order of a set of Values (its children walked as a set) got
a result, and a score, from the addresses its Values happened to get, which follow from everything the worker
allocated before them: every change to the worker's code, and another CPU, libc or Python build, could move it.

The worker (grader/sandbox/worker.py) calls install() just before it imports the submission. From then on, a class
that defines arithmetic (`__add__`, `__mul__`, ...: a Value) and that code other than the grader's and the standard
library's defines with a `class` statement and no base (`class Value:`, `class Value(object):`; the student's
files, a notebook's cells, 09-write-tests' engine under test and the student's tests, which its probe runs with exec())
gets `Numbered` as its base instead of `object`: its instances hash to a number drawn from a sequence, 1, 2, 3, ... in
the order in which they are first hashed, where they would have hashed to their address. The sequence starts again at each probe (restart(probe), in a range of the probe's own), so a probe's set orders are a function
of the submission and the probe only. A subclass of such a class inherits it, and so does a class that Python makes
unhashable (`__eq__` without `__hash__`, a dataclass with eq) or that defines `__hash__` (its own wins:
`super().__hash__()` in it is the number, an `id(self)` in it is still an address). What keeps the address:
- a class without arithmetic (an nn `Module`, a `Layer`, a `Node` of an edge list): a slot in its base would keep it
  from being combined with `list` or `float` later (`class Layer(list, Module)`: "multiple bases have instance lay-out
  conflict"); a class with arithmetic whose bases have a layout of their own (`float`, `Exception`, `__slots__`) or
  are built-in (`NamedTuple`); one made by calling type(). (`class Value(Node)`, `Node` a plain class without
  arithmetic, gets `Numbered` as a last base.)
- id() read by the student's code (a set of ids, `sorted(nodes, key=id)`), `object.__hash__(v)`.
What the student's code sees of the change: the base in `__mro__` and `__bases__`, and hash() giving small numbers;
not vars(), `__dict__`, dir(), `__slots__`, copy or pickle (the number lives in a slot that none of them shows, and a
copy draws its own). Two live objects share a number only where both kept it from two probes whose names fall in one range.
The student's code can read or restart the sequence as it can do anything else in its own worker: it changes only
its own observations. Its cost, a call of a Python function for each hash: docs/determinism.md.
"""

import builtins
import itertools
import sys

_HOOKS = ("__getattr__", "__getattribute__")
_HEAPTYPE = 1 << 9  # a class made by a `class` statement or type(), not one of C's
# what makes a class a number of the engine's: a Value, a Tensor; a class with none of them (an nn Module, a Layer,
# a helper) keeps `object` as its base, and so stays free to be combined with `list` or `float` (`class Layer(list,
# Module)`), which a base with a slot would refuse (a layout conflict)
_ARITHMETIC = ("__add__", "__radd__", "__mul__", "__rmul__", "__sub__", "__rsub__", "__truediv__", "__pow__",
               "__neg__")
_sequence = itertools.count(1)  # at import; restart(probe) gives each probe a range of its own
_object_new, _object_init, _object_setattr = object.__new__, object.__init__, object.__setattr__
_object_dir, _object_getstate = object.__dir__, getattr(object, "__getstate__", None)  # the latter from 3.11


class Numbered:
    """The base of a submission's classes defined without one (see the module's docstring): one slot more, which
    nothing of the class's shows (dir(), `__slots__`, vars(), copy and pickle), and a hash drawn from a sequence."""

    __slots__ = ("_grader_hash_number",)

    def __hash__(self):
        try:
            number = self._grader_hash_number  # a slot read by name (its cost: docs/determinism.md)
        except AttributeError:  # never filled: an object of a class based on Numbered alone, or made by object.__new__
            number = 0
        if number:
            return number
        self._grader_hash_number = number = next(_sequence)  # first hashed: the next number (as _draw, a call less)
        return number

    def __dir__(self):
        return [name for name in _object_dir(self) if name != "_grader_hash_number"]

    def __getstate__(self):
        """What copy and pickle take of the object: the state Python would give it without the slot (its __dict__,
        and its own slots beside it where it has any). The number stays behind: a copy draws its own."""
        if _object_getstate is not None:
            return _object_getstate(self)  # its slot names are copyreg's, which `__slots__ = ()` below keeps it from
        import copyreg  # Python 3.10: object has no __getstate__, so the default state as 3.10's C code makes it

        state = getattr(self, "__dict__", None) or None
        slots = {}
        for name in copyreg._slotnames(type(self)):
            try:
                slots[name] = getattr(self, name)
            except AttributeError:
                pass
        return (state, slots) if slots else state


class Fresh(Numbered):
    """The base of a class defined with none at all (`class Value:`, `class Value(object):`, no attribute hook). Where
    the slot's empty read gives None (_empty_reads_none: CPython), Numbered itself; elsewhere with a `__new__`
    (_fresh_new) that fills the slot with 0 (no number drawn yet) as each object is made, so that its first hash reads 0
    where it raised and caught an AttributeError, most of the order's cost (docs/determinism.md). The numbers are drawn
    as before, at the first hash. Not where the class has other bases: a class that reads `__new__` off its bases (enum's
    data type) never sees it there. What `object.__new__` does with arguments is done there as it did it
    (_made_otherwise)."""

    __slots__ = ()


def _fresh_new(cls, *args, **kwargs):
    """Fresh's `__new__` where an empty slot's read raises (not CPython's layout: _empty_reads_none)."""
    if cls in _usual and cls.__setattr__ is _object_setattr:  # the slot set as the hash sets it, at its cost
        self = _object_new(cls)
        self._grader_hash_number = 0
        return self
    return _made_otherwise(cls, args, kwargs)


def _made_otherwise(cls, args, kwargs):
    """What `cls(*args, **kwargs)`, or a `super().__new__(cls, ...)` reaching Fresh, did before Fresh had a `__new__`,
    for a class not in _usual (or with a `__setattr__` of its own, which is not asked): the object of a `__new__`
    after Fresh in the order of `cls` (a mixin's, `class Scaled(Value, Mixin)`), the one found then;
    object.__new__'s TypeError where it had arguments it refuses (its words: the class's own `__new__` passed them
    on, or the class has no `__init__`); else an object of `cls` with the slot filled with 0."""
    later = super(Fresh, cls).__new__
    if later is not _object_new:
        return later(cls, *args, **kwargs)
    if args or kwargs:
        if cls.__new__ is not _fresh_new:  # the class's own __new__ calls object's with arguments
            raise TypeError("object.__new__() takes exactly one argument (the type to instantiate)")
        if cls.__init__ is _object_init:
            raise TypeError("%.200s() takes no arguments" % cls.__name__)
    self = _object_new(cls)
    _give(self, 0)
    return self


class Hooked(Numbered):
    """The base instead, where the class defines `__getattr__` or `__getattribute__`: the number read past them (the
    student's hook is not asked for the slot's name, which it might answer), at the cost of a slower read."""

    __slots__ = ()

    def __hash__(self):
        try:
            number = _number(self)
        except AttributeError:
            number = 0
        return number or _draw(self)  # 0: made by Fresh (a subclass with a hook, `class Lazy(Value)`), none drawn yet


# the classes made by install()'s hook with an `__init__` and no `__new__` in their order but Fresh's (and object's), as
# they were made: Fresh's __new__ makes their objects without a look at their order (assigning a class a `__new__`, or
# deleting its `__init__`, once it is made, is not seen: docs/determinism.md)
_usual = set()
_slot = Numbered.__dict__["_grader_hash_number"]
_number, _give = _slot.__get__, _slot.__set__
Numbered.__slots__ = ()  # the slot is not the class's to show: _held (local_probes) and copyreg read `__slots__`


def _empty_reads_none(descriptor, owner):
    """Make the slot's descriptor read None from an object whose slot is empty, where it raised AttributeError: the
    slot's C definition (a PyMemberDef) copied, with the member type T_OBJECT (6) for T_OBJECT_EX (16), the type every
    `__slots__` name gets, and the descriptor pointed at the copy. The class's own table, which Python reads to
    release the slot when an object dies, is left as it was (a T_OBJECT slot is not released: its number would leak).
    Then no object pays for a `__new__` of the grader's to fill the slot as it is made (Fresh's on other layouts), nor
    its first hash for an exception (docs/determinism.md, session 44). Only where the layout is CPython's, checked
    field by field (the descriptor names its class and its name, its definition the name and T_OBJECT_EX) and read
    back (else the descriptor is pointed back); nothing changes elsewhere. Returns the copy, kept alive by the module
    (the descriptor points into it), or None."""
    try:
        from _ctypes import _SimpleCData, addressof, sizeof

        class Word(_SimpleCData):
            _type_ = "P"

        class Int(_SimpleCData):
            _type_ = "i"

        class Text(_SimpleCData):
            _type_ = "z"

        size, at = sizeof(Word), id(descriptor)
        # PyMemberDescrObject: refcount, type, d_type, d_name, d_qualname, d_member (a PyMemberDef: name, type, offset,
        # flags, doc; five words with the two ints' padding)
        if Word.from_address(at + 2 * size).value != id(owner) or Word.from_address(at + 3 * size).value != id(
                descriptor.__name__):
            return None
        pointer = Word.from_address(at + 5 * size)
        member = pointer.value
        if not member or Text.from_address(member).value != descriptor.__name__.encode() or Int.from_address(
                member + size).value != 16:
            return None
        copy = bytearray(5 * size)
        for offset in range(0, 5 * size, size):
            Word.from_buffer(copy, offset).value = Word.from_address(member + offset).value
        Int.from_buffer(copy, size).value = 6
        pointer.value = addressof(Word.from_buffer(copy))
    except Exception:  # noqa: BLE001 - no _ctypes (a Python built without it), a layout that refuses an address
        return None
    try:
        if descriptor.__get__(_object_new(owner)) is None:
            return copy
    except AttributeError:
        pass
    pointer.value = member  # not read as it should be: the class's own definition again
    return None


_KEPT = _empty_reads_none(_slot, Numbered)
if _KEPT is None:
    Fresh.__new__ = staticmethod(_fresh_new)
del _slot


def _draw(obj):
    """The next number of the sequence, given to `obj` (first hashed). The numbers as they come: a fresh heap's
    addresses, and so their hashes, rise as its objects are made, and a set's order follows them as it follows
    these (a set of a few numbers iterates them in order, but for those that wrap around its table's size)."""
    _give(obj, number := next(_sequence))
    return number


def _plain(base):
    """Whether `base` is a class of Python's whose every class has `object`'s layout (no slot), so that a class of
    it and of Numbered can be made: `class Node:`, `abc.ABC`, not `float`, `Exception` or one with `__slots__`."""
    return isinstance(base, type) and all(k is object or k.__flags__ & _HEAPTYPE and not k.__dict__.get("__slots__")
                                          for k in base.__mro__)


def restart(probe=""):
    """The sequence from its start: the worker calls this before each probe, with the probe's name. Each probe's numbers
    lie in a range of their own, above every number drawn before the first probe (at import: 1, 2, ...), so that a
    Value made at import (`MINUS_ONE = Value(-1.0)` beside `__neg__`) never shares its number with one of the probe's:
    an engine whose walk keeps `hash(v)` in its visited set, as the addresses let it, lost 2.5 of 63 points (review27).
    The range starts at a multiple of 2**32 read from the name alone (not Python's hash of it, which is salted per
    process), so a set's slots, which the low bits choose, are as they were, and the probe's order its own."""
    global _sequence
    key = 0
    for byte in probe.encode("utf-8"):  # FNV-1a, 30 bits: a pure function of the name
        key = ((key ^ byte) * 16777619) & 0x3FFFFFFF
    _sequence = itertools.count(((key | 1) << 32) + 1)


def install(grader_module_prefix="_grader_"):
    """From now on, give `Numbered` as the base of every class defined without one whose body defines arithmetic
    (`__add__`, `__mul__`, ...), except the grader's own (its modules are named `grader_module_prefix`...) and the
    standard library's (its files lie under Python's prefix);
    `Hooked` where the class's body names `__getattr__` or `__getattribute__`, or adds them to a numbered class."""
    build, bases_alone = builtins.__build_class__, (object,)
    prefixes = tuple(p for p in {sys.base_prefix, sys.prefix, "<frozen"} if len(p) > 1)  # not a Python at "/"

    def __build_class__(func, name, /, *bases, **kwargs):  # a class keyword may be `name=` or `func=`
        code = getattr(func, "__code__", None)
        module = getattr(func, "__globals__", {}).get("__name__")
        if code is None or type(module) is str and module.startswith(grader_module_prefix) or \
                code.co_filename.startswith(prefixes):
            return build(func, name, *bases, **kwargs)
        hooks = any(hook in code.co_names for hook in _HOOKS)
        arithmetic = any(op in code.co_names for op in _ARITHMETIC)
        numbered = any(isinstance(b, type) and issubclass(b, Numbered) for b in bases)
        if not bases or bases == bases_alone:
            if arithmetic:  # Fresh only where the class is type's: a metaclass is not asked what Fresh reads
                bases = (Hooked if hooks else Numbered if "metaclass" in kwargs else Fresh,)
        elif arithmetic and not numbered and all(_plain(b) for b in bases):  # `class Value(Node)`, Node unnumbered
            bases += (Hooked if hooks else Numbered,)
        elif hooks and numbered and not any(isinstance(b, type) and issubclass(b, Hooked) for b in bases):
            bases += (Hooked,)
        made = build(func, name, *bases, **kwargs)
        if type(made) is type and Fresh in made.__mro__ and made.__init__ is not _object_init and not any(
                "__new__" in vars(k) for k in made.__mro__ if k is not Fresh and k is not object):
            _usual.add(made)
        return made

    builtins.__build_class__ = __build_class__
