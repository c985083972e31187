"""Each op alone at several points, the probes diagnosis reads an op's local derivative from (no test reads them),
and each op once with the calls it makes to the engine's own ops (calls_of: shared_probes.composition's tracer).

A suite's probes.py asks for the ops its exercise has written with `local_derivative_probes(globals(), ops)`:
one probe `local_<op>` per op, bound in that module (as probekit's random graphs are), each with `local_op`,
which grader/diagnose/derivatives.py reads in the grader: the engine suite and 01-04 name a wrong local
derivative by one code path. This module travels into the sandbox beside every suite's probes.py, as
shared_probes.py does (grader/suites/__init__.py ships it and hashes it into every suite's digest).
"""

from probekit import backprop_by_hand, number, places


def _local_derivatives(V, op, cases, upstream=3.0, by_hand=False):
    """One op on fresh leaves at each case: its inputs, output and each input's gradient, seeded directly and
    again through `* V(upstream)` (which shows whether out.grad is used). `op` takes the case's inputs as Values
    by name (and `k`, a plain number, if the case has one). `by_hand`: the gradients found as 01 and 02 find
    them, before backward() is taught (probekit.backprop_by_hand); else by backward(). Keys: "<i>.<input>",
    "<i>.k", "<i>.y", "<i>.<input>.grad", "<i>.<input>.scaled"."""
    obs = {}
    for i, case in enumerate(cases):
        for scaled in (False, True):
            leaves = {name: V(value) for name, value in case.items() if name != "k"}
            extra = {"k": case["k"]} if "k" in case else {}
            out = op(**leaves, **extra)
            top = out * V(upstream) if scaled else out
            if by_hand:
                backprop_by_hand(top, *((out,) if scaled else ()))
            else:
                top.backward()
            suffix = "scaled" if scaled else "grad"
            if not scaled:
                obs.update({f"{i}.{name}": number(leaf.data, f"{i}.{name}") for name, leaf in leaves.items()})
                if extra:
                    obs[f"{i}.k"] = number(extra["k"], f"{i}.k")
                obs[f"{i}.y"] = number(out.data, f"{i}.y")
            for name, leaf in leaves.items():
                obs[f"{i}.{name}.{suffix}"] = number(leaf.grad, f"{i}.{name}.{suffix}")
    return obs


_PAIRS = [{"a": 3.0, "b": -2.0}, {"a": 0.5, "b": 4.0}, {"a": -1.5, "b": -0.8}]
_DIV_PAIRS = [{"a": 3.0, "b": 4.0}, {"a": -1.5, "b": 0.8}, {"a": 2.0, "b": -2.5}]
# op -> (what the probe computes, as the student reads it; the op on the case's inputs; the cases)
LOCAL = {
    "add": ("y = a + b at (a, b) = (3, -2), (0.5, 4), (-1.5, -0.8)", lambda a, b: a + b, _PAIRS),
    "div": ("y = a / b at (a, b) = (3, 4), (-1.5, 0.8), (2, -2.5)", lambda a, b: a / b, _DIV_PAIRS),
    "exp": ("y = exp(x) at x = -1, 0.3, 1.2", lambda x: x.exp(), [{"x": -1.0}, {"x": 0.3}, {"x": 1.2}]),
    "log": ("y = log(x) at x = 0.3, 1.5, 4", lambda x: x.log(), [{"x": 0.3}, {"x": 1.5}, {"x": 4.0}]),
    "mul": ("y = a * b at (a, b) = (3, -2), (0.5, 4), (-1.5, -0.8)", lambda a, b: a * b, _PAIRS),
    "neg": ("y = -x at x = -1.5, 0.7, 2", lambda x: -x, [{"x": -1.5}, {"x": 0.7}, {"x": 2.0}]),
    "pow": ("y = x ** k at (x, k) = (1.5, 3), (0.6, 2), (2, 0.5), (1.3, -1), (2.5, 1.5), (-1.5, 2)",
            lambda x, k: x**k, [{"x": 1.5, "k": 3}, {"x": 0.6, "k": 2}, {"x": 2.0, "k": 0.5}, {"x": 1.3, "k": -1},
                                {"x": 2.5, "k": 1.5}, {"x": -1.5, "k": 2}]),
    "relu": ("y = relu(x) at x = -1.5, 0, 0.7, 2", lambda x: x.relu(), [{"x": -1.5}, {"x": 0.0}, {"x": 0.7},
                                                                       {"x": 2.0}]),
    "rsub": ("y = 2 - x at x = 0.5, -1.2, 3", lambda x: 2 - x, [{"x": 0.5}, {"x": -1.2}, {"x": 3.0}]),
    "rtruediv": ("y = 2 / x at x = 0.5, -1.2, 3", lambda x: 2 / x, [{"x": 0.5}, {"x": -1.2}, {"x": 3.0}]),
    "sub": ("y = a - b at (a, b) = (3, -2), (0.5, 4), (-1.5, -0.8)", lambda a, b: a - b, _PAIRS),
    "tanh": ("y = tanh(x) at x = -1.3, -0.2, 0.4, 1.1, 2", lambda x: x.tanh(),
             [{"x": -1.3}, {"x": -0.2}, {"x": 0.4}, {"x": 1.1}, {"x": 2.0}]),
}


def local_derivative_probes(namespace, ops, by_hand=False):
    """One probe `local_<op>` per op of `ops`, in that order, bound in `namespace` (the globals() of the probes.py
    that asks) as functions of that module, so that the suite counts them among its probes; returned in order."""
    made = tuple(_local_probe(namespace["__name__"], op, by_hand) for op in ops)
    namespace.update({probe.__name__: probe for probe in made})
    return made


def _local_probe(module, op_name, by_hand):
    doc, op, cases = LOCAL[op_name]

    def probe(V):
        return _local_derivatives(V, op, cases, by_hand=by_hand)

    probe.__name__ = probe.__qualname__ = f"local_{op_name}"
    probe.__doc__ = doc
    probe.__module__ = module
    probe.local_op = op_name  # read by grader/diagnose/derivatives.py, in the grader
    return probe


# -- each op in the middle of a graph, and twice on one input (diagnosis: an op cut out of the graph) ---------


def local_mid_probes(namespace, ops):
    """One probe `local_mid_<op>` per op of `ops`, in that order, bound in `namespace` as local_derivative_probes
    binds its own (the engine suite's and 03-04's: grader/diagnose/midgraph.py names an op cut out of the graph
    from them; session 26, 04's exp written `Value(math.exp(x))`, linked to nothing, was named nowhere)."""
    made = tuple(_graph_probe(namespace["__name__"], op, "mid", _mid_derivatives,
                              lambda expression, points: f"{expression} with each input made as leaf + 0.5, at {points}")
                 for op in ops)
    namespace.update({probe.__name__: probe for probe in made})
    return made


_SHIFT = 0.5  # each input made as `leaf + 0.5`: a node with a rule of its own, below the op


def _mid_derivatives(V, op, cases):
    """One op whose inputs are made by `+` (`a = xa + 0.5`, so each input has a rule of its own), seeded by
    backward() directly: each input's gradient (the op's local derivative, as on a leaf) and what reaches the
    leaf below it through `+` (the same number, unless the walk stops at the op's input). Then the op twice
    on the same leaves, summed: each leaf gets the local derivative twice (once, when each op's rule is kept
    on its input and the second replaces the first). Keys: "<i>.<input>", "<i>.k", "<i>.y", "<i>.<input>.grad",
    "<i>.<input>.below", "<i>.<input>.twice"."""
    obs = {}
    for i, case in enumerate(cases):
        names = [name for name in case if name != "k"]
        extra = {"k": case["k"]} if "k" in case else {}
        below = {name: V(case[name] - _SHIFT) for name in names}
        inputs = {name: below[name] + V(_SHIFT) for name in names}
        out = op(**inputs, **extra)
        out.backward()
        obs.update({f"{i}.{name}": number(inputs[name].data, f"{i}.{name}") for name in names})
        if extra:
            obs[f"{i}.k"] = number(extra["k"], f"{i}.k")
        obs[f"{i}.y"] = number(out.data, f"{i}.y")
        for name in names:
            obs[f"{i}.{name}.grad"] = number(inputs[name].grad, f"{i}.{name}.grad")
            obs[f"{i}.{name}.below"] = number(below[name].grad, f"{i}.{name}.below")
        leaves = {name: V(case[name]) for name in names}
        twice = op(**leaves, **extra) + op(**leaves, **extra)
        twice.backward()
        for name in names:
            obs[f"{i}.{name}.twice"] = number(leaves[name].grad, f"{i}.{name}.twice")
    return obs





# -- each op several times in one graph, each of its own input (diagnosis: an op that keeps state between calls) --


def local_pair_probes(namespace, ops):
    """One probe `local_pair_<op>` per op of `ops`, in that order, bound in `namespace` as local_derivative_probes
    binds its own. Each makes every case's op in one graph, `y = op(case 0) * 2 + op(case 1) * 3 + ...`, and calls
    backward() once: each input's gradient is its own case's local derivative times its factor. An op that keeps
    state between calls (a class attribute, a global, a mutable default, a cache) gives every case the same value
    or the same local derivative, where alone, on fresh leaves, its rule may be right (grader/diagnose/stale.py;
    session 26: nothing named it)."""
    made = tuple(_graph_probe(namespace["__name__"], op, "pair", _pair_derivatives,
                              lambda expression, points: f"{expression} at {points}, each of its own leaves, in one "
                                                         "graph: the first times 2, the next 3, ...")
                 for op in ops)
    namespace.update({probe.__name__: probe for probe in made})
    return made


def _pair_derivatives(V, op, cases):
    """Keys: "<i>.<input>", "<i>.k", "<i>.y" (each case's output), "<i>.<input>.grad" (its gradient, the factor
    i + 2 included), "<i>.factor"."""
    obs, outs, leaves = {}, [], []
    for i, case in enumerate(cases):
        names = [name for name in case if name != "k"]
        extra = {"k": case["k"]} if "k" in case else {}
        leaves.append({name: V(case[name]) for name in names})
        outs.append(op(**leaves[i], **extra))
        obs.update({f"{i}.{name}": number(leaves[i][name].data, f"{i}.{name}") for name in names})
        if extra:
            obs[f"{i}.k"] = number(extra["k"], f"{i}.k")
    total = outs[0] * V(2.0)
    for i, out in enumerate(outs[1:], start=1):
        total = total + out * V(float(i + 2))
    total.backward()
    for i, out in enumerate(outs):
        obs[f"{i}.y"] = number(out.data, f"{i}.y")
        obs[f"{i}.factor"] = float(i + 2)
        for name, leaf in leaves[i].items():
            obs[f"{i}.{name}.grad"] = number(leaf.grad, f"{i}.{name}.grad")
    return obs


def _graph_probe(module, op_name, kind, measure, describe):
    """The probe `local_<kind>_<op>` of the op's LOCAL cases, `measure(V, op, cases)`, its doc `describe(expression,
    points)` of the op's own doc's halves, marked `<kind>_op` (read by grader/diagnose/midgraph.py and stale.py)."""
    doc, op, cases = LOCAL[op_name]

    def probe(V):
        return measure(V, op, cases)

    expression, _, points = doc.partition(" at ")
    probe.__name__ = probe.__qualname__ = f"local_{kind}_{op_name}"
    probe.__doc__ = describe(expression, points)
    probe.__module__ = module
    setattr(probe, f"{kind}_op", op_name)
    return probe


# -- each op once, with the calls it makes to the engine's own ops (shared_probes.composition, which
# grader/judge/composition.py judges) ----------------------------------------------------------------------

_OPS = ("__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__", "__rtruediv__",
        "__neg__", "__pow__", "relu", "tanh", "exp", "log")
CALLS = {"add": lambda a, b: a + b, "add-constant": lambda a, b: a + 2, "radd": lambda a, b: 2 + a,
          "sub": lambda a, b: a - b, "sub-constant": lambda a, b: a - 2, "rsub": lambda a, b: 2 - a,
          "mul": lambda a, b: a * b, "mul-constant": lambda a, b: a * 2, "rmul": lambda a, b: 2 * a,
          "div": lambda a, b: a / b, "div-constant": lambda a, b: a / 2, "rtruediv": lambda a, b: 2 / a,
          "neg": lambda a, b: -a, "pow": lambda a, b: a**3, "pow-other": lambda a, b: a**-1,
          "relu": lambda a, b: a.relu(), "tanh": lambda a, b: a.tanh(), "exp": lambda a, b: a.exp(),
          "log": lambda a, b: a.log()}


def _held(obj, depth=4):
    """A node's fields (its labels, strings, left out) by identity, and what a list, tuple, set or dict among them
    holds (64 items each, 3 deep): an op whose own code changes a node, even a list of its edges in place, is seen."""
    v = {**(vars(obj) if hasattr(obj, "__dict__") else {}), **{n: getattr(obj, n) for k in type(obj).__mro__
         for n in getattr(k, "__slots__", ()) if isinstance(n, str) and hasattr(obj, n)}} if depth == 4 else obj
    try:
        items = None if depth < 4 and (not depth or not isinstance(v, (list, tuple, set, frozenset, dict))) else (
            sorted(v, key=id) if isinstance(v, (set, frozenset)) else list(v.items() if isinstance(v, dict) else v))
    except Exception:  # noqa: BLE001 - a container of the student's that cannot be read: its identity
        items = None
    if depth == 4:
        return {k: _held(x, 3) for k, x in items if not isinstance(x, str)}
    return id(v) if items is None else (id(v), len(items), tuple(_held(x, depth - 1) for x in items[:64]))


def calls_of(V, call, a, b, field):
    """{"op": [method, operands], "calls": [[method, operands], ...], "returns": k, "raised": k}: the method the
    op called, the calls of the engine's own ops it made itself, each operand ["a"], ["b"], ["call", k] (what
    call k returned), ["const", x], ["leaf", x] (a Value made some other way) or ["other"]; `returns` the call
    whose node it returned unchanged, `raised` the call that raised (-1: none). `field`: a node's number."""
    s = {"depth": 0, "calls": [], "made": {}, "outer": [], "raised": -1, "watched": [], "seen": [], "own": False}

    def look(changed):  # the inputs and the nodes inner calls made (kept alive): `changed` since the last look?
        now = [_held(x) for x in s["watched"]]
        s["own"], s["seen"] = s["own"] or (changed and now != s["seen"]), now

    def operand(x):  # what a call returned first (`-b` may return b itself: what is used then is `-b`)
        if id(x) in s["made"]:
            return ["call", s["made"][id(x)]]
        if x is a or x is b:
            return ["a" if x is a else "b"]
        if not isinstance(x, V):
            return ["const", number(x, "a constant")] if isinstance(x, (int, float)) else ["other"]
        try:
            return ["leaf", number(getattr(x, field), "a node's data")]
        except Exception:  # noqa: BLE001 - its data is no number: not replayed
            return ["other"]

    def traced(name, raw):
        def op(self, *args):
            depth, k = s["depth"], len(s["calls"])
            if depth < 2:
                s["outer" if depth == 0 else "calls"] += [[name, [operand(self), *map(operand, args)]]]
            s["watched"] = [x for x in (self, *args) if isinstance(x, V)] if depth == 0 else s["watched"]
            look(depth == 1) if depth < 2 else None  # what the op's own code did before this call
            s["depth"] = depth + 1
            try:
                out = (raw.__get__(self, type(self)) if hasattr(raw, "__get__") else raw)(*args)
            except BaseException:
                s["raised"] = k if depth == 1 and s["raised"] < 0 else s["raised"]
                raise
            finally:
                s["depth"] = depth
            if depth == 1:
                s["made"][id(out)] = k
                s["watched"].append(out)
            look(depth == 0) if depth < 2 else None  # after its last call
            return out
        return op

    raws, patched = {n: vars(k)[n] for k in reversed(V.__mro__) for n in _OPS if n in vars(k)}, []
    own = {n: vars(V)[n] for n in raws if n in vars(V)}
    try:
        for name, raw in raws.items():
            setattr(V, name, traced(name, raw)), patched.append(name)
        out = call(a, b)
    except Exception:  # noqa: BLE001 - the op raised: the call it raised in is what is observed
        out = s
    finally:
        for name in patched:
            setattr(V, name, own[name]) if name in own else delattr(V, name)
    k = s["made"].get(id(out), -1) if out is not s and len(s["outer"]) == 1 and not s["own"] else -1
    raised = s["raised"] if out is s else -1
    return {"op": (s["outer"] or [None])[0], "calls": s["calls"], "returns": k, "raised": raised}


# -- where each op gives its inputs their gradients (where_written: the engine suite's, and 01-04's since session 34) --


def where_written_probe(namespace, ops):
    """The probe `where_written` over `ops`, bound in `namespace` as local_derivative_probes binds its own: each op at
    its last point, seeded directly, traced (traced_op). Marked `@places`: it reports lines, not numbers (a
    finding's line, grader/diagnose/written_at.py; no test reads it)."""
    ops = tuple(ops)

    @places
    def where_written(V):
        """each op at its last point, seeded directly: the lines of yours that gave its inputs their gradients"""
        found = {}
        for op in ops:  # the last point: relu's is 2, where its rule passes a gradient on
            try:
                found[op] = traced_op(V, LOCAL[op][1], LOCAL[op][2][-1])
            except Exception:  # noqa: BLE001 - an op that raises has no place here (what it raised says its line)
                found[op] = None
        return found

    where_written.__module__ = namespace["__name__"]
    namespace["where_written"] = where_written
    return where_written


def traced_op(V, op, case):
    """One op on fresh leaves at `case`, seeded directly, its forward and its backward() traced: for each input, the
    student's line ([file, line]) that was running when that input's gradient changed, the student's lines the
    backward ran, and those of the method the op called forwards (`made`)."""
    import os
    import sys

    root, state = os.getcwd() + os.sep, {"last": None, "written": {}, "ran": []}
    leaves = {name: V(value) for name, value in case.items() if name != "k"}
    made = []  # the lines of the op's own method (the student's function the probe called): a local computed there
    helped = []  # the lines of the student's helpers that method called (`_Dual.tanh`, an Enum member's function)

    def called_by_the_student(frame):  # any caller of theirs, up the stack: a function a library calls for their
        while frame is not None:      # method (functools.singledispatchmethod's registered `_`) is a helper too
            if frame.f_code.co_filename.startswith(root):
                return True
            frame = frame.f_back
        return False

    def forward(frame, event, arg):  # a helper's it calls (a shared `_unary`, an interned constant's lookup) apart
        if event == "line":
            at = [os.path.relpath(frame.f_code.co_filename, root), float(frame.f_lineno)]
            lines = helped if called_by_the_student(frame.f_back) else made
            if at not in lines and len(lines) < 64:
                lines.append(at)
        return forward

    previous = sys.gettrace()
    sys.settrace(lambda frame, event, arg: forward(frame, event, arg) if frame.f_code.co_filename.startswith(root)
                 else None)
    try:
        out = op(**leaves, **({"k": case["k"]} if "k" in case else {}))
    finally:
        sys.settrace(previous)
    before = {name: getattr(leaf, "grad", None) for name, leaf in leaves.items()}

    # A line event costs little (docs/diagnosis.md, "The probe's cost"): a tape engine's backward runs the same few
    # lines for every entry its tape holds, the other probes' too (12,851 after the engine suite's), so a line's place
    # is made once and a gradient is read only until a line has written it.
    seen = {}  # (code, line) -> [file, line], each made once (os.path.relpath costs what a dozen line events do)
    watch = [(name, leaf, before[name]) for name, leaf in leaves.items()]  # the leaves no line has written yet

    def check():  # a gradient changed since the last line began: that line changed it (or a call it made)
        changed = []
        for name, leaf, was in watch:
            try:
                got = getattr(leaf, "grad", None)
                wrote = got is not was and bool(got != was)
            except Exception:  # noqa: BLE001 - a gradient that cannot be read or compared has no line
                wrote = False
            if wrote:
                changed.append(name)
        if changed:
            for name in changed:
                state["written"][name] = state["last"]
            watch[:] = [item for item in watch if item[0] not in changed]

    def lines(frame, event, arg):
        if watch:
            check()
        if event == "line":
            at = seen.get((frame.f_code, frame.f_lineno))
            if at is None:
                at = seen[frame.f_code, frame.f_lineno] = [os.path.relpath(frame.f_code.co_filename, root),
                                                           float(frame.f_lineno)]
                if len(state["ran"]) < 64 and at not in state["ran"]:
                    state["ran"].append(at)
            state["last"] = at
        return lines

    previous = sys.gettrace()
    sys.settrace(lambda frame, event, arg: lines(frame, event, arg) if frame.f_code.co_filename.startswith(root)
                 else None)
    try:
        out.backward()
    finally:
        sys.settrace(previous)
    check()
    return {"written": {name: at for name, at in state["written"].items() if at is not None}, "ran": state["ran"],
            "made": made, "helped": helped}
