"""Each mistake costs once: a test does not charge again for an op that has its own test and failed it.

A suite lists, for each op an engine can get wrong on its own (`2 / a`,
tanh, relu, ...), the tests that charge for it and the probes that isolate
it (`OwnTests`). Every test then checks its probes through `OwnTests.check`:

- A probe the student gets wrong is *excused* when the expression needs an op
  (other than the ones this test is about, and other than the core `+` and
  `*` of two Values) whose own probes the student also gets wrong: the test
  that isolates that op has already charged for it. The probe earns its
  share and the test's output says which test charged instead.
- A test reading several probes (eight random graphs, a value and its
  variant) earns its points in proportion to the probes it gets right or
  excused: a seventh graph gone wrong costs one eighth, not all of it.

Which ops a probe uses is found by running it once on the reference engine
with its operations traced (`ops_of`): data from the expression itself, not
a list kept by hand beside it. Only the outermost operation counts (`a - b`
is `sub`, not the `+`, `*` and `**` the reference builds it from), so an op
means what the student's own method is asked to do. Where the suite has a
composition probe (`OwnTests(composition=...)`), an op the student's engine
builds on other ops of its own, right as written (judge/composition.py), is
followed to them: micrograd's `a / b = a * b ** -1` over a wrong `**` is
charged on `**`'s tests, and div/values excused, saying so.

Why excuse rather than build the integrative tests from `+` and `*` only:
random graphs, micrograd's checks and the gradient checks are how the suite
sees tanh, `2 / a` and pow working *together* with the walk; taking those
ops out would stop testing exactly that. Why `+` and `*` of two Values are
never excused: every expression of every test is built on them (a tanh test
multiplies by 2), so an engine whose `*` is wrong cannot show anything else,
and excusing would hand it the points of every test. The cost of excusing:
a graph that fails for a second reason as well as an op already charged is
excused too; that second mistake is still charged by its own tests.
"""

from __future__ import annotations

import sys

from . import Mismatch, ProbeTimeout, StudentError, assert_values, expression_of
from ..i18n import items, msg, nmsg
from .composition import delegates, natives
from .ops import _METHODS as _METHOD_OPS
from .ops import READING_FOR_CHARGING, ops_of

CORE_OPS = frozenset({"add", "mul"})


# How a student reads each op (in feedback): the expression it is asked to compute.
OP_WORDS = {
    "add": "`a + b`", "add-constant": "`a + 2`", "radd": "`2 + a`",
    "mul": "`a * b`", "mul-constant": "`a * 2`", "rmul": "`2 * a`",
    "mul-same": "`a * a`", "mul-fraction": msg("`a * b` (a or b not a whole number)"),
    "sub": "`a - b`", "sub-constant": "`a - 2`", "rsub": "`2 - a`",
    "div": "`a / b`", "div-constant": "`a / 2`", "rtruediv": "`2 / a`",
    "neg": "`-a`", "pow": msg("`a ** k` (k a whole number)"), "pow-other": msg("`a ** k` (k negative or fractional)"),
    "relu": "`relu`", "tanh": "`tanh`", "exp": "`exp`", "log": "`log`",
}  # code, but for the words of the two powers and of a fraction's `*` (grader/i18n)

class Excused(Mismatch):
    """Every probe the test got wrong needs an op that its own test already charged: full points.

    The judge records the test as passed, with this message as its output.
    """


class OwnTests:
    """Per op, the tests that charge for it and the probes that isolate it; and the core probes.

    `table`: {op: [(test name, [probes]), ...]}. `core`: probes built from
    `+` and `*` of Values alone, shared nodes and the walk (not the
    10,000-deep chain: a recursive sort is a mistake of its own). Excusing
    needs the core to stand: where the core itself is wrong, no op can be
    seen on its own and nothing is excused.

    An op is already charged, for one student, in one of two ways:
    - *missing* (it raised): one of its isolating probes raised an exception,
      and the failing probe raised the very same one (`AttributeError:
      'Value' object has no attribute 'tanh'`). Needs every core probe right
      too: with the op missing, nothing shows whether the expression would be
      right with it, and a wrong core says it would not. (Needing only that
      the core runs excused an engine for every expression its core bug broke
      too, wherever it made an op raise: fewer working ops scored more.)
      Or the failing probe raised inside the method of another op it asks for,
      where Python found no method for the missing op (`2 / a` as
      `Value(other) / self` without `__truediv__`): the worker's facts name the
      missing methods and where it raised (`_missing_beneath`).
    - *wrong* (numbers): one of its isolating probes disagrees with the
      reference. Needs every core probe right: a walk in the wrong order makes
      tanh's own tests fail too, and that is not tanh's mistake.
    """

    def __init__(self, table: dict, core=(), composition=None, excuse_missing=True):
        unknown = set(table) - set(OP_WORDS)
        if unknown:
            raise ValueError(f"unknown ops {sorted(unknown)}: known are {sorted(OP_WORDS)}")
        self.table = {op: [(name, tuple(probes)) for name, probes in tests] for op, tests in table.items()}
        self.core = tuple(core)
        # the probe that observes which of the student's ops call which (judge/composition.py), or None
        self.composition = composition
        # False where the suite's core is the exercise's given code (04-more-ops): an op not written yet raises (or
        # never returns), and excusing the expressions that need it would credit untouched work: only an op wrong in
        # numbers is charged once there
        self.excuse_missing = excuse_missing

    def _composed(self, observe):
        """judge/composition.py's delegates of the student's engine: ({op: ops it is built on, right as
        written}, {op: ops it called up to one that raised}); ({}, {}) without a composition probe or where it
        did not run. Read as charging reads, once per observation object."""
        if self.composition is None:
            return {}, {}

        def read():
            try:
                return delegates(observe(self.composition))
            except (Mismatch, StudentError, ProbeTimeout, *_never_ran()):  # raised, or never ran
                return {}, {}

        token = READING_FOR_CHARGING.set(True)
        try:
            remembered = getattr(observe, "remembered", None)
            return read() if remembered is None else remembered(self.composition, "composed", read)
        finally:
            READING_FOR_CHARGING.reset(token)

    def _beside(self, op, test) -> set:
        """The other ops the probes of OP's isolating TEST ask for, the core's left out."""
        return set().union(*(ops_of(p) for name, probes in self.table.get(op, ()) if name == test
                             for p in probes)) - CORE_OPS - {op}

    @staticmethod
    def _verdict(observe, expect, probe) -> tuple[str, str, str | None]:
        """("right", "", None), ("numbers", "", None) for wrong numbers, ("raised", the exception as the
        engine raised it, the op its facts say is missing or None), or ("other", "", None) for a timeout
        or a probe that never ran. Once per observation object where the judge's `observe` remembers
        (judge/plugin.py): a batch's tests ask it of the same core and isolating probes again and again."""
        remembered = getattr(observe, "remembered", None)
        if remembered is None:
            return OwnTests._read_verdict(observe, expect, probe)
        return remembered(probe, ("charging", expect), lambda: OwnTests._read_verdict(observe, expect, probe))

    @staticmethod
    def _read_verdict(observe, expect, probe):
        try:
            assert_values(observe(probe), expect(probe), probe=probe)
        except StudentError as exc:
            raised = exc.raised
            if not raised:  # a probe that never ran
                return "other", "", None
            return "raised", raised, _named_by(exc.exception, exc.facts)
        except (ProbeTimeout, *_never_ran()):  # timed out; or never ran (a run that ended before it)
            return "other", "", None
        except Mismatch:
            return "numbers", "", None
        return "right", "", None

    def _charged_elsewhere(self, observe, expect, ops) -> tuple[dict, dict]:
        """({op: test name} wrong in numbers, {op: {exception text: test name}} raising), for `ops`.

        Every core probe and every isolating probe of every op in `ops` is
        read, right or wrong, so a test reads the same probes on every engine
        (the judge groups submissions by what a test reads).
        """
        token = READING_FOR_CHARGING.set(True)
        try:
            per_run = getattr(observe, "per_run", None)  # the judge's: once per run and `ops` (judge/plugin.py)
            if per_run is None:
                return self._read_charged(observe, expect, ops)
            ops = frozenset(ops)
            read = [p.__name__ for p in self.core] + [p.__name__ for op in ops for _, probes in self.table.get(op, ())
                                                      for p in probes]
            return per_run(("charged", self, expect, ops), read, lambda: self._read_charged(observe, expect, ops))
        finally:
            READING_FOR_CHARGING.reset(token)

    def _read_charged(self, observe, expect, ops):
        core = [self._verdict(observe, expect, probe)[0] for probe in self.core]
        core_right = all(kind == "right" for kind in core)
        wrong, raising = {}, {}
        for op in sorted(ops):
            for name, probes in self.table.get(op, ()):
                for probe in probes:
                    kind, raised, named = self._verdict(observe, expect, probe)
                    # a probe of two ops (`a * 5` and `5 * a`) that raised because one of them is missing
                    # charges that one, not the other: `a * 2` may work
                    if not core_right or kind == "right" or (kind != "numbers" and not self.excuse_missing):
                        continue
                    if named is None or named == op:
                        wrong.setdefault(op, name)
                    if kind == "raised":
                        raising.setdefault(op, {}).setdefault(raised, name)
        return wrong, raising

    def check(self, observe, expect, probes, *, owns=(), against=None, verdict=None, unit="expression",
              **tolerance):
        """Check each probe (against `against`, default `expect`); charge only what no other test charges.

        `owns`: the ops this test is itself about (never excused here).
        `verdict(observe, want, probe)`: the check of one probe (default: every
        value within tolerance). `unit`: what a probe is, in the student's words
        ("graph"), for partial credit's message.
        A tuple of probes among `probes` is one expression at several inputs (the engine suite's op at its fixed
        input and far from 0, session 35): it is right when each of them is, and counts once in partial credit, so
        that an engine right wherever the first is right scores what it scored with the first alone.
        """
        for op in owns:
            if op not in OP_WORDS:
                raise ValueError(f"unknown op {op!r}")
        against = against or expect
        groups = [tuple(p) if isinstance(p, tuple) else (p,) for p in probes]
        failures = []  # (its group's index, probe, exception)
        for index, group in enumerate(groups):
            for probe in group:
                try:
                    if verdict is not None:
                        verdict(observe, against, probe)
                    else:
                        assert_values(observe(probe), against(probe), probe=probe, **tolerance)
                except (Mismatch, StudentError, ProbeTimeout) as exc:
                    failures.append((index, probe, exc))
        # an op may be built on any other (judge/composition.py): with a composition probe, every op's own
        # probes are read, so that a test reads the same probes on every engine
        asked = set(self.table) if self.composition is not None else set().union(
            *(ops_of(p) for group in groups for p in group))
        wrong, raising = self._charged_elsewhere(observe, expect, asked - set(owns) - CORE_OPS)
        composed, composed_raising = self._composed(observe)
        if not failures:
            return
        # an op wrong by a probe of its own that asks for no other op found wrong (`2 - a` and `a - 2` in one probe
        # blame neither alone)
        composed = refuted_compositions(composed, wrong, {op for op, test in wrong.items()
                                                          if not self._beside(op, test) & set(wrong)})
        excused, kept, charged = [], [], set()  # charged: the groups a kept failure is in
        for index, probe, exc in failures:
            raised = exc.raised  # "" for wrong numbers, a timeout or a probe that never ran
            # the ops the student's engine computes itself, an op built on others followed to them
            native = natives(ops_of(probe), {**composed, **composed_raising} if raised else composed)
            if raised:  # an op that raised inside a call of its own may have raised by its own doing (`a / 2` as
                # `Value.__pow__(2, -1)`): it stays one of the ops the probe needs, as well as the ops it called
                native.update({op: frozenset() for op in ops_of(probe) if op in composed_raising and op not in owns})
            used = set(native) - set(owns) - CORE_OPS
            if set(owns) & set(native):  # an op of this test's own, computed by itself, may be what went wrong:
                # an op reached only through this test's own ops explains nothing here
                used = {op for op in used if not native[op] or native[op] - set(owns)}
            by = {op: raising[op][raised] for op in used if raised and raised in raising.get(op, {})}
            if not by:
                by = {op: wrong[op] for op in used if op in wrong}
            named = _named_by(exc.exception, exc.facts)
            if named in by:  # one isolating probe serves two ops (`a / 4` and `2 / a`): the error says which
                by = {named: by[named]}
            if not by and raised:
                by, native = _missing_beneath(probe, exc, owns, raising, wrong, native)
            (excused if by else kept).append((probe, exc, {op: (test, native[op]) for op, test in by.items()}))
            if not by:
                charged.add(index)
        note = _excuse_note(excused)
        if not kept:
            raise Excused(note)
        probe, exc, _ = kept[0]
        right = len(groups) - len(charged)
        said = getattr(exc, "message", None) or str(exc)  # as data where the judge made it so (grader/i18n)
        if len(groups) > 1:
            counts = {"said": said, "right": right, "total": len(groups)}
            said = (msg("{said} ({right} of {total} graphs right or already charged elsewhere)", **counts)
                    if unit == "graph" else
                    msg("{said} ({right} of {total} expressions right or already charged elsewhere)", **counts))
        if note:
            said = msg("{said} {note}", said=said, note=note)
        # the place it points at and its parts stay
        raise type(exc)(said, where=exc.where, raised=exc.raised, exception=exc.exception, facts=exc.facts,
                        credit=right / len(groups), **exc.detail) from exc


def refuted_compositions(composed: dict, wrong: dict, blamed) -> dict:
    """`composed` ({op: the ops it calls}, judge/composition.py's compositions right at the one point observed)
    without the ops of `blamed` (a probe of their own wrong, asking for no other op of `wrong`, {op: its test}) that
    call no op of `wrong`: the composition's caveat, right there and wrong elsewhere (a branch on the data: relu as
    `self * (self >= 0)`, right at 0.7, 1 at 0). Such an op is one of the student's own, wrong where its own test
    charges it, so a graph that meets it at 0 is excused as that test's, not charged again as the ops beneath it
    (strangers40: 0.25 more lost)."""
    return {op: inner for op, inner in composed.items() if op not in blamed or set(inner) & set(wrong)}


def _missing_beneath(probe, exc, owns, raising, wrong, native):
    """(by, native) for a probe that raised because the class lacks an op the expression does not ask for
    itself, inside one it does ask for (`2 - a` as `other + (-self)` without `__neg__`; `2 / a` as `other / self`
    without `__truediv__`; `2 / a` as `other * self ** -1` without `__pow__`; `2 - a` as `self.__neg__() + other`
    without `__neg__`, an AttributeError): the worker's facts name the missing methods, and where an op of theirs had its own isolating probes raise for that very reason
    (`raising` and `wrong`: core right), its own test has charged it. No composition probe can trace this (no
    method of the student's is called for the missing op), so the op the probe raised in is read from the
    facts: `native` gains the missing op, built beneath it. ({}, native) otherwise: where the expression itself
    applied the missing op (`a / 4` without `__truediv__` stays div/constant's), and where the op it raised in
    is one of this test's own (`owns`): an op of its own may be what went wrong, as in `check`."""
    from ..diagnose.missing import missing_operation

    facts = exc.facts or {}
    methods = list(facts.get("missing") or ())
    called = missing_operation(exc.exception, facts)  # `self.__neg__()` called by name: an AttributeError
    if called is not None and called["raised"] == "AttributeError":
        methods.append(called["method"])
    missing = {_METHOD_OPS.get(method) for method in methods} - {None}
    function = (facts.get("raised_in") or "").rpartition(".")[2]
    outer = {op for op in ops_of(probe) if op.partition("-")[0] == _METHOD_OPS.get(function)}
    if not outer or outer & set(owns):  # raised by the expression itself (`a / 4`), or in an op of its own
        return {}, native
    by = {op: wrong[op] for op in raising if op in wrong and op.partition("-")[0] in missing
          and op not in owns and op not in CORE_OPS}
    return by, {**native, **{op: frozenset(outer) for op in by}}


def _never_ran() -> tuple:
    """What the judge's `observe` raises for a probe the run never reached (pytest's skip: judge/plugin.py), where
    pytest is loaded (not imported here: a student wheel's build imports this module without it)."""
    outcomes = sys.modules.get("_pytest.outcomes")
    return (outcomes.Skipped,) if outcomes is not None else ()


def _named_by(exception: str | None, facts: dict | None) -> str | None:
    """The op an exception's facts say is missing (`2 / a` without `__rtruediv__` → rtruediv), else None."""
    from ..diagnose.missing import missing_operation

    missing = missing_operation(exception, facts)
    if missing is None:
        return None
    method, expression = missing["method"], missing["expression"]
    if not method.startswith("__"):
        return method
    op = method.strip("_")
    if op.startswith("r") and op not in ("relu",):
        return {"rtruediv": "rtruediv", "radd": "radd", "rsub": "rsub", "rmul": "rmul"}.get(op)
    if op == "pow":  # `a ** k` for k whole (pow) and k negative or fractional (pow-other) alike: either
        return None
    return {"truediv": "div", "neg": "neg"}.get(op, op)


def _charged(tests: list[str]):
    """Who already charged for the ops a note names (a Message, its form following the number of tests): `ops/exp
    already charges`; the note's own form follows the number of ops («нужен `exp`, а за него …»)."""
    # TRANSLATORS: {charged} in "{expression} needs {ops}, which {charged}": {tests} are test names; the note's
    # own form (singular or plural) follows the number of ops, and says what stands for them (Russian: «за него»)
    return nmsg("{tests} already charges", "{tests} already charge", "n", tests=items(tests, "and-each"),
                n=len(tests))


def _excuse_note(excused):
    """"Not charged again: ..." for the probes another test already charged (a Message), or "".

    An op the expression asks for itself is named as such; one the student's engine builds another op on
    (judge/composition.py) is named with the op built on it."""
    if not excused:
        return ""
    parts = []
    for probe, _, by in excused:
        direct = {op: test for op, (test, via) in by.items() if not via}
        inner = {op: test for op, (test, via) in by.items() if via}
        if direct:
            ops = items([OP_WORDS[op] for op in sorted(direct)], "and-each")
            tests = sorted(set(direct.values()))
            # the count that decides the form is the ops' (`needs exp`, «нужен `exp`»; `needs exp and log`,
            # «нужны `exp` и `log`»); the tests' own count decides the clause that says who charged
            parts.append(nmsg("{expression} needs {ops}, which {charged}",
                              "{expression} needs {ops}, which {charged}", "n", expression=expression_of(probe),
                              ops=ops, charged=_charged(tests), n=len(direct)))
        if inner:
            outers = sorted(set().union(*(by[op][1] for op in inner)))
            tests = sorted(set(inner.values()))
            parts.append(nmsg(
                "{expression}: your engine builds {outers} on your {ops}, which {charged}",
                "{expression}: your engine builds {outers} on your {ops}, which {charged}", "n",
                expression=expression_of(probe), outers=items([OP_WORDS[op] for op in outers], "and-each"),
                ops=items([OP_WORDS[op] for op in sorted(inner)], "and-each"), charged=_charged(tests),
                n=len(inner)))
    return msg("Not charged again: {parts}.", parts=items(parts, "semicolon"))


__all__ = ["CORE_OPS", "Excused", "OP_WORDS", "OwnTests", "ops_of"]
