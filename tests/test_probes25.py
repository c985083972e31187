"""Session 25's fresh samples of the class tests/test_probes24.py holds (a backward rule that reads shared, stale
state: the last op's of its kind, not its own node's), in forms that file has not: the state kept in a mutable
default argument, in a closure's cell (`nonlocal`), as a class attribute of the op's own subclass, as an attribute
of the op's method, and a local derivative memoised with `functools.lru_cache` on the exponent alone; and two
correct engines that keep state of their own beside them (a derivative memoised on the base and the exponent, a
tanh that keeps its output on its own node), which lose nothing. Each planted in the reference's engine and graded
by the engine suite: its score, the tests it does not pass, and what the diagnosis names.

Before probes25 (each op's `_inner` probe holds a second instance of the op of another input, and pow/cube's
`x ** 4 + z ** 4 * 2` a second base), each stale sample was charged on no test of its op (scores in the comments).
"""

from test_diag22 import planted_tests
from test_probes24 import _EXP, _EXP_OUT, _LOG, _LOG_OUT, _POW, _POW_OUT, _REF, _REPR, _TANH, _TANH_OUT

_RELU = _REF[_REF.index("    def relu(self):"):_REF.index("    def tanh(self):")]
_RELU_CELL = '''

def _relu_with_a_cell():
    positive = False

    def relu(self):
        nonlocal positive
        positive = self.data > 0
        out = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad += positive * out.grad

        out._backward = _backward
        return out

    return relu


Value.relu = _relu_with_a_cell()
'''
_SLOPE = '''import functools
import math

_BASE = [0.0]


@functools.lru_cache(maxsize={size})
def _slope({key}):
    return k * {base} ** (k - 1)
'''

# case -> patches of reference/engine.py
PLANTED = {
    # the last tanh's output, kept in a mutable default argument of the method
    "tanh-mutable-default": [("    def tanh(self):\n", "    def tanh(self, _last=[0.0]):\n"),
                             (_TANH_OUT, _TANH_OUT + "        _last[0] = t\n"),
                             (_TANH, "self.grad += (1 - _last[0] ** 2) * out.grad")],
    # the last relu's sign, kept in a closure's cell shared by every relu (the method made by a factory)
    "relu-nonlocal-cell": [(_RELU, ""), (_REPR, _REPR + _RELU_CELL)],
    # the last exp's output, a class attribute of exp's own subclass of Value
    "exp-subclass-attribute": [(_EXP_OUT, _EXP_OUT.replace("Value(", "_Exp(") + "        type(out).last = out.data\n"),
                               (_EXP, "self.grad += type(out).last * out.grad"),
                               (_REPR, _REPR + "\n\nclass _Exp(Value):\n    last = None\n")],
    # the last log's input, an attribute of the log method itself
    "log-method-attribute": [(_LOG_OUT, _LOG_OUT + "        Value.log.x = self.data\n"),
                             (_LOG, "self.grad += (1 / Value.log.x) * out.grad")],
    # k * x ** (k - 1) memoised on k alone, x the last base (a module global) when first asked
    "pow-lru-cache-on-k": [("import math\n", _SLOPE.format(size=1, key="k", base="_BASE[0]")),
                           (_POW_OUT, _POW_OUT + "        _BASE[0] = self.data\n"),
                           (_POW, "self.grad += _slope(k) * out.grad")],
    # correct: memoised on the base and the exponent; the output kept on tanh's own node
    "pow-lru-cache-on-x-and-k": [("import math\n", _SLOPE.format(size=None, key="x, k", base="x")),
                                 (_POW, "self.grad += _slope(self.data, k) * out.grad")],
    "tanh-on-its-node": [(_TANH_OUT, _TANH_OUT + "        out._t = t\n"), (_TANH, "self.grad += (1 - out._t**2) * out.grad")],
}

TABLES = {
    "engine": {
        # before: 62.75, random/torch-9-16
        "tanh-mutable-default": (62.5, ["tanh/two"], [("derivative", "tanh", "stale-rule")]),
        # 58.0, gradcheck/relu-sum and micrograd's two checks
        # 62.5 before holes28: relu/positive's relu(a) * a * 3 holds one relu, where a stale rule is right
        "relu-nonlocal-cell": (62.6667, ["relu/positive"], [("derivative", "relu", "stale-rule")]),
        "exp-subclass-attribute": (62.5, ["exp/negative"], [("derivative", "exp", "stale-rule")]),  # 63.0, nothing
        # 62.75, random/torch-9-16
        "log-method-attribute": (62.5, ["log/small"], [("derivative", "log", "stale-rule")]),
        # 54.75: div/constant, backward/long-sum, micrograd/more-ops, gradcheck/rational and two random tests
        "pow-lru-cache-on-k": (62.0, ["pow/cube", "pow/fractional"], []),
        "pow-lru-cache-on-x-and-k": (63.0, [], []),
        "tanh-on-its-node": (63.0, [], []),
    },
}

rows, test_every_sample_is_graded_and_in_a_table, test_each_sample_scores_and_is_named = planted_tests(
    {"engine": PLANTED}, TABLES)
