"""An `if` statement on a symbolic value, for meanings.py's evaluator: both branches followed, their effects merged.

`if x > 20: th = 1.0` / `elif x < -20: th = -1.0` / `else: th = (exp(2x) - 1) / (exp(2x) + 1)` (a clamp written as
statements) means what `th = 1.0 if x > 20 else -1.0 if x < -20 else ...` means, and that expression is already read
(evaluator_expressions.e_IfExp: `(a if c else b)`). So the evaluator follows each branch in turn, each from the state
before the `if`: every name and attribute a branch sets is written down with its value before (the trail) and put
back after it; then each one either branch set takes both values merged, `(then if test else orelse)` as the
expression reads it. Two nodes a branch each made (`result = Value(x, ...)` / `result = Value(0, ...)`) merge
attribute by attribute, into one node. Both branches returning merge their values the same way (a function's end is a
`return None`: `if k == 0: return` before a rule returns on both). A branch that raises (a guard, `if x <= 0: raise
ValueError(...)`) is where the op computes nothing: the other branch is followed alone. Anything else a branch does
that the trail cannot put back (a list or dict changed in place, a subscript set, `setattr`, a class, an import, a
yield, `break`, `continue`) or a value that does not merge (two functions, a name only one branch sets and the code
reads after) leaves the op unread, as any decision on a symbolic value did before.

A `match` statement (an op table written as its cases: `match name: case 'add': ...`) is followed on a known subject
only: the first case whose literal pattern (`'add'`, `'mul' | 'times'`, `_`, a name) matches and whose guard holds; a
symbolic subject, or a pattern of another kind (a class, a sequence, a mapping), leaves the op unread.
"""

from __future__ import annotations

import ast

from .evaluator_objects import Broken, Continued, Function, Obj, Returned, Scope, born
from .symbolic import Sym, Unread, choose
from .walk import walk

MAX_MERGE_DEPTH = 4  # a node's attributes, their items, ...: two nodes that differ deeper are not one node
_ABSENT = object()  # a name or attribute that was not set before the branch


class Branches:
    """The evaluator's side of a symbolic `if`: the trail of what a branch sets, and the merge."""

    trail: list | None = None  # (owner, mapping, key, value before) of each set while a branch runs
    since: int = -1  # the stamp when the running branch began: what was made after it is the branch's own

    def store(self, owner, mapping: dict, key, value) -> None:
        """MAPPING[KEY] = VALUE (MAPPING: OWNER's names or attributes), written down when a branch is running."""
        if self.trail is not None and owner.born < self.since:
            self.trail.append((owner, mapping, key, mapping.get(key, _ABSENT)))
        mapping[key] = value

    def store_name(self, scope: Scope, name: str, value) -> None:
        target = scope.target(name)
        self.store(target, target.names, name, value)

    def forbid_in_branch(self, what: str) -> None:
        """What the trail cannot put back, while a branch runs: the op is left unread."""
        if self.trail is not None:
            raise Unread(f"{what} in a branch")

    def branches(self, test: Sym, body, orelse, scope, rest=()) -> None:
        """`if TEST: BODY else: ORELSE` with TEST symbolic: both followed, their effects merged, then REST (the
        statements after it). A branch that ends in `return` has no rest: `if c: return a` then `return b` is
        `return a if c else b`."""
        if _raises(body) != _raises(orelse):
            # a guard (`if x <= 0: raise ValueError(...)`): the op is what it computes where it does not raise
            self.block(list(body if _raises(orelse) else orelse) + list(rest), scope)
            return
        if rest and _returns(body) != _returns(orelse):
            body, orelse, rest = (body, list(orelse) + list(rest), ()) if _returns(body) else \
                (list(body) + list(rest), orelse, ())
        outer, outer_since = self.trail, self.since
        self.since = since = born()
        try:
            then_sets, then_returned = self._follow(body, scope)
            else_sets, else_returned = self._follow(orelse, scope)
        finally:
            self.trail, self.since = outer, outer_since
        if (then_returned is None) != (else_returned is None):
            raise Unread("one branch returns")
        keys = dict.fromkeys(list(then_sets) + list(else_sets))
        for key in keys:
            owner, mapping, name, before = (then_sets.get(key) or else_sets.get(key))[:4]
            a = then_sets[key][4] if key in then_sets else before
            b = else_sets[key][4] if key in else_sets else before
            if a is _ABSENT or b is _ABSENT:
                continue  # set by one branch only, from nothing: that branch's temporary, unknown after the `if`
            self.store(owner, mapping, name, self.merged(test, a, b, since))
        if then_returned is not None:
            raise Returned(self.merged(test, then_returned.value, else_returned.value, since))
        self.block(rest, scope)

    def _follow(self, statements, scope):
        """Follow STATEMENTS with a trail; put back what they set. Returns ({key: (owner, mapping, name, before,
        after)}, the Returned they ended in or None)."""
        self.trail = trail = []
        returned = None
        try:
            try:
                self.block(statements, scope)
            except Returned as done:
                returned = done
            except (Broken, Continued):
                raise Unread("a jump out of a branch") from None
            sets = {}
            for owner, mapping, name, before in trail:
                key = (id(mapping), name)
                if key not in sets:
                    sets[key] = (owner, mapping, name, before, mapping.get(name, _ABSENT))
            return sets, returned
        finally:
            for owner, mapping, name, before in reversed(trail):
                if before is _ABSENT:
                    mapping.pop(name, None)
                else:
                    mapping[name] = before

    def merged(self, test: Sym, a, b, since: int, depth: int = 0):
        """A and B (what each branch left) as one value: `(a if test else b)` as the evaluator reads it (SINCE: when
        the branches began: a node made after it is a branch's own)."""
        from .evaluator_expressions import _t

        self.charge()  # each value merged is a step: two long lists merged at every turn of a loop stay in the budget
        if a is b:
            return a
        if depth > MAX_MERGE_DEPTH:
            raise Unread("a merge too deep")
        if isinstance(a, (int, float, Sym)) and isinstance(b, (int, float, Sym)) and not isinstance(a, bool) \
                and not isinstance(b, bool):
            if _t(a) == _t(b):
                return a
            return choose(test, a, b)
        if isinstance(a, (str, bool, type(None))) and a == b and type(a) is type(b):
            return a
        if isinstance(a, (list, tuple)) and type(a) is type(b) and len(a) == len(b):
            return type(a)(self.merged(test, x, y, since, depth + 1) for x, y in zip(a, b))
        if isinstance(a, Function) and isinstance(b, Function) and a.node is b.node and a.kind == b.kind \
                and not _reads_names(a.node):
            return a  # one code that reads nothing around it (a leaf's `lambda: None`), made in each branch
        if isinstance(a, Obj) and isinstance(b, Obj) and a.klass is b.klass and a.born > since \
                and b.born > since and a.attrs.keys() == b.attrs.keys():
            node = Obj(a.klass)  # two nodes, one made by each branch: one node
            for name in a.attrs:
                node.attrs[name] = self.merged(test, a.attrs[name], b.attrs[name], since, depth + 1)
            return node
        raise Unread("values that do not merge")

    def match(self, s, scope):
        """`match`: the first case whose pattern (a literal, `_`, a name, `a | b`) matches and whose guard holds; a
        symbolic subject or any other pattern is not followed."""
        subject = self.expr(s.subject, scope)
        for case in s.cases:
            self.charge()
            if self.matches(case.pattern, subject, scope) and (
                    case.guard is None or self.truth(self.expr(case.guard, scope))):
                self.block(case.body, scope)
                return

    def matches(self, pattern, subject, scope) -> bool:
        if isinstance(pattern, ast.MatchAs):
            if pattern.pattern is not None and not self.matches(pattern.pattern, subject, scope):
                return False
            if pattern.name is not None:
                self.store_name(scope, pattern.name, subject)
            return True
        if isinstance(pattern, ast.MatchOr):
            return any(self.matches(p, subject, scope) for p in pattern.patterns)
        if isinstance(pattern, (ast.MatchValue, ast.MatchSingleton)):
            value = self.expr(pattern.value, scope) if isinstance(pattern, ast.MatchValue) else pattern.value
            if not all(x is None or isinstance(x, (str, int, float)) for x in (subject, value)):
                raise Unread("a match")  # a symbolic value, or an object whose `==` is its own
            return subject is value if isinstance(pattern, ast.MatchSingleton) else subject == value
        raise Unread("a pattern")


def _reads_names(function) -> bool:
    """Whether FUNCTION's code (a lambda or a def) reads any name but its own parameters."""
    a = function.args
    own = {p.arg for p in a.posonlyargs + a.args + a.kwonlyargs} | {p.arg for p in (a.vararg, a.kwarg) if p}
    body = [function.body] if isinstance(function, ast.Lambda) else function.body
    return any(isinstance(n, ast.Name) and n.id not in own for part in body for n in walk(part))


def _ending(statements):
    """The block's first `return` or `raise` of its own (not one in a block inside it), or None: what follows it
    never runs, so a block that ends in it ends so whatever is written after it (`raise E; ()`, `return x; x`)."""
    return next((s for s in statements if isinstance(s, (ast.Return, ast.Raise))), None)


def _raises(statements) -> bool:
    return isinstance(_ending(statements), ast.Raise)


def _returns(statements) -> bool:
    return _ending(statements) is not None
