"""Session 27's feedback that names the student's own mistake where it said nothing, or named another: fresh samples,
each the reference's engine.py, gradcheck.py or nn.py with one mistake planted, graded by the exercise's suite (one
class per exercise, graded once); each its score (no score moved: each scores what it scored before), the tests it
does not pass, its diagnosis and the words it reads. Measured on 37 samples of 01..08 (the report of session 27).

What each told before (each case's words below failed before the change):
- 05-backward, a depth-first sort on an explicit stack with no visited set: "Your gradients match an engine that
  visits nodes breadth-first with no visited set" first (the two walks give the same numbers on every probe). A
  `backward` that takes its nodes from a stack's end (`stack.pop()`, never `pop(0)` or `popleft()`) is depth-first:
  no breadth-first walk is named for it (hints.pops_a_stack), as none is for a recursive sort.
- 05-backward, a walk that runs the output's own rule twice (`for node in [self] + list(reversed(topo))`), and a seed
  that is the output's value (`self.grad = self.data`): nothing said, 0/25 each (compare.output_rule_repeats,
  compare.seed_is_output_value).
- 06-gradcheck, a check `ok = analytic == numeric`: "Where the gradient is 0, no relative test can pass: the check
  needs its absolute part" for tanh at 0.5, whose gradient is not 0 and whose relative part alone passes.
- 07-mlp-xor, a Layer of `[Neuron(nin)] * nout`: the training tests said "parameters() leaves out 9 of its 17
  weights and biases" (17 entries, 8 distinct Values: nothing is left out); and a zero_grad() that clears the
  weights only, the count of grads left alone.
"""

import pytest
from test_diag22 import planted_tests
from test_fresh_styles import _output

from grader.diagnose.compare import output_rule_repeats, seed_is_output_value
from grader.diagnose.hints import pops_a_stack, static_hints

_SORT = """\
        topo, visited = [], set()
        stack = [(self, False)]
        while stack:
            node, children_done = stack.pop()
            if children_done:
                topo.append(node)
            elif node not in visited:
                visited.add(node)
                stack.append((node, True))
                for child in node._prev:
                    if child not in visited:
                        stack.append((child, False))
"""
_STACK_NO_VISITED = """\
        topo, stack = [], [(self, False)]
        while stack:
            node, done = stack.pop()
            if done:
                topo.append(node)
            else:
                stack.append((node, True))
                for child in node._prev:
                    stack.append((child, False))
"""
_WALK = "        for node in reversed(topo):\n            node._backward()\n"

PLANTED = {
    "05-backward": {
        "dfs-stack-no-visited": [(_SORT, _STACK_NO_VISITED)],
        "root-rule-twice": [(_WALK, "        for node in [self] + list(reversed(topo)):\n"
                                    "            node._backward()\n")],
        "seed-with-data": [("        self.grad = 1\n", "        self.grad = self.data\n")],
        "visited-by-data": [(_SORT, _SORT.replace("node not in visited", "node.data not in visited")
                             .replace("visited.add(node)", "visited.add(node.data)")
                             .replace("child not in visited", "child.data not in visited"))],
    },
    "06-gradcheck": {
        "exact-equality": [("    ok = abs_diff <= atol + rtol * scale", "    ok = analytic == numeric")],
    },
    "07-mlp-xor": {
        "layer-reuses-neuron": [("        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]",
                                 "        self.neurons = [Neuron(nin, **kwargs)] * nout")],
        "zero-grad-forgets-bias": [("        for p in self.parameters():\n            p.grad = 0",
                                    "        for layer in getattr(self, 'layers', [self]):\n"
                                    "            for n in getattr(layer, 'neurons', [layer]):\n"
                                    "                for w in n.w:\n                    w.grad = 0")],
    },
}

_ALL_05 = ["deep/10000-chain", "deep/long-sum", "engine/from-scratch", "graph/micrograd-sanity", "graph/random",
           "once/a*a", "once/ladder", "once/shared-intermediate", "order/chain", "order/diamond",
           "order/nested-diamonds", "order/reused-intermediate", "order/untouched-leaf", "seed/out-grad-is-one",
           "seed/single-op"]

# id -> (score, the tests not passed, diagnosis), each score as before the change
TABLES = {
    "05-backward": {
        # before: ("walk", "breadth-first-no-visited", "exact") first, then the same variant
        "dfs-stack-no-visited": (14.0, ["graph/micrograd-sanity", "graph/random", "once/ladder",
                                        "once/shared-intermediate", "order/nested-diamonds",
                                        "order/reused-intermediate"], [("variant", "no-visited", "exact")]),
        # before: no diagnosis (each of the two)
        "root-rule-twice": (0.0, _ALL_05, [("seed", None, "output-rule-repeated")]),
        "seed-with-data": (0.0, _ALL_05, [("seed", None, "output-value")]),
        # before: no diagnosis
        "visited-by-data": (17.0, ["deep/long-sum", "graph/micrograd-sanity", "graph/random", "order/chain",
                                   "order/nested-diamonds"], [("hint", "visited-by-value", None)]),
    },
    "06-gradcheck": {
        "exact-equality": (11.0, ["gradcheck/correct-gradients", "gradcheck/large-gradients",
                                  "gradcheck/zero-gradient"], []),
    },
    "07-mlp-xor": {
        # of 24 since holes28: parameters/rng excuses the equal outputs of a neuron repeated (parameters/counts')
        "layer-reuses-neuron": (11.0, ["backward/mlp", "forward/parameter-order", "parameters/counts",
                                       "train/course-loop", "train/course-seed", "train/train-xor"], []),
        "zero-grad-forgets-bias": (22.0, ["parameters/zero-grad"], []),  # of 24 since holes28
    },
}

rows, test_every_sample_is_graded_and_in_a_table, test_each_sample_scores_and_is_named = planted_tests(PLANTED, TABLES)

_REPEATED = ("The same Value stands in several places: a list made with `* n` (`[Neuron(nin)] * nout`, `[Value(...)] * "
             "nin`) repeats one object n times instead of making n of them, and every copy gets the same update, so "
             "they can never learn different things. Make each with its own call: `[Neuron(nin) for _ in "
             "range(nout)]`")

# (exercise, case, a test's name or "diagnosis") -> the words the student reads there
WORDS = {
    ("05-backward", "dfs-stack-no-visited", "diagnosis"):
        "Your gradients match an engine in which the topological sort has no visited set, so a shared node is "
        "processed twice: ",
    ("05-backward", "root-rule-twice", "diagnosis"):
        "Your backward() runs the output's own backward rule more than once. For y = a * b + b at a = 2, b = 3; "
        "y.grad after y.backward(): y.grad is 1, as it should be, but every other gradient is the right one times 2. "
        "The output's rule passes its gradient to its inputs; run again (called before the walk and again in it, or "
        "the output listed twice in the order), it passes it again, and everything below is built on that. Call each "
        "node's rule once, walking the topological order in reverse.",
    ("05-backward", "seed-with-data", "diagnosis"):
        "Your backward() seeds the output's gradient with the output's own value instead of 1. For y = a * b + b at "
        "a = 2, b = 3; y.grad after y.backward(): y.grad is 9.0, not 1, and in every graph tried each gradient is the "
        "right one times the output's value (`self.grad = self.data`). The seed is dL/dL, the output's gradient with "
        "respect to itself, which is 1 whatever the output's value. Set `self.grad = 1` on the node backward() was "
        "called on.",
    # before: "..., but backprop and the numeric slope agree here: they differ by less than `atol = 1e-07`. Where the
    # gradient is 0, no relative test can pass: the check needs its absolute part, ..."
    ("05-backward", "visited-by-data", "diagnosis"):
        "Line 133: the sort marks a node visited by its `.data`, so two different nodes with the same value (two "
        "leaves that are both 1.0) count as one: the second is never placed in the topological order, and its "
        "backward rule never runs. Keep the nodes themselves in the set (`visited.add(node)`): a Value is told apart "
        "by what it is, not by its number.",
    ("06-gradcheck", "exact-equality", "gradcheck/correct-gradients"):
        "gradcheck for tanh at 0.5 fails (ok=False; analytic 0.786447733, numeric 0.7864477), but backprop and the "
        "numeric slope agree here: they differ by 5e-11, well within `rtol = 1e-05` of the larger. Your check asks "
        "for more than the tolerance (an exact `==`, or a tolerance far below the one given): the numeric slope is "
        "only close to the gradient, never equal to it. Pass when `abs_diff <= atol + rtol * max(|analytic|, "
        "|numeric|)`",
    # before: "Layer(3, 2).parameters() lists some parameter more than once (4 distinct of 8)" alone
    ("07-mlp-xor", "layer-reuses-neuron", "parameters/counts"):
        "Layer(3, 2).parameters() lists some parameter more than once (4 distinct of 8). " + _REPEATED,
    # before: "... MLP(2, [4, 1]).parameters() leaves out 9 of its 17 weights and biases: ..."
    ("07-mlp-xor", "layer-reuses-neuron", "train/train-xor"):
        "train_xor(seed=0, steps=300): after 300 steps the loss is 2.714025721, not below 0.001. MLP(2, [4, "
        "1]).parameters() lists 17 entries, but they hold only 8 distinct Values. " + _REPEATED,
    # before: "... 4 of 13 grads are not 0 after zero_grad() (the first is -1.384767788)"
    ("07-mlp-xor", "zero-grad-forgets-bias", "parameters/zero-grad"):
        "MLP(2, [3, 1]): backward() of a loss, then zero_grad(); every parameter's grad: 4 of 13 grads are not 0 "
        "after zero_grad(), and they are the biases, one per neuron (each neuron's last parameter, in parameters() "
        "order): your zero_grad() clears the weights and leaves every bias's gradient, which the next backward() adds "
        "to. Set the grad of every parameter, `for p in self.parameters(): p.grad = 0`",
}


@pytest.mark.parametrize("exercise,case,where", sorted(WORDS))
def test_each_sample_reads_its_own_mistake(rows, exercise, case, where):
    row = rows[exercise][case]
    first = row["diagnosis"][0] if where == "diagnosis" else None
    said = (first.get("message") or first["explanation"]) if first else _output(row, where)
    assert said.startswith(WORDS[exercise, case, where])


# -- the rules alone, on sources and numbers ------------------------------------------------------------------------

def _backward(body):
    return {"engine.py": ("class Value:\n    def backward(self):\n" + body).encode()}


@pytest.mark.parametrize("body,depth_first", [
    (_STACK_NO_VISITED, True),
    (_SORT, True),
    ("        stack = [self]\n        while stack:\n            node = stack.pop(-1)\n", True),
    ("        queue = [self]\n        while queue:\n            node = queue.pop(0)\n", False),
    ("        queue = deque([self])\n        while queue:\n            node = queue.popleft()\n", False),
    # both ends: which one orders the walk is not read
    ("        a, b = [self], [self]\n        a.pop()\n        b.pop(0)\n", False),
    ("        for node in reversed(topo):\n            node._backward()\n", False),
])
def test_a_walk_that_pops_a_stack_is_depth_first(body, depth_first):
    assert pops_a_stack(_backward(body)) is depth_first


@pytest.mark.parametrize("body,line", [
    ("        seen = set()\n        seen.add(self.data)\n", 4),
    ("        for child in self._prev:\n            if child.data not in seen:\n                pass\n", 4),
    ("        seen = set()\n        seen.add(self)\n        if self in seen:\n            pass\n", None),
    # a test against numbers written out is not a visited set
    ("        seen = {id(self)}\n        if self.data in (0, 1):\n            pass\n", None),
])
def test_a_visited_set_of_numbers_is_named_on_its_first_line(body, line):
    found = [(h["hint"], h["line"]) for h in static_hints(_backward(body))]
    assert found == ([("visited-by-value", line)] if line else [])


SEED = "seed_gradient"
_REFERENCE = {SEED: {"a.grad": 3.0, "b.grad": 3.0, "y.grad": 1.0},
              "one_op": {"y": -6.0, "y.grad": 1.0, "a.grad": -2.0, "b.grad": 3.0},
              "shared": {"y": 6.0, "a.grad": 10.0, "b.grad": -7.5}}


def _observed(scale_by):
    """The reference's observations with each probe's gradients (not the output's own) times scale_by(probe)."""
    out = {}
    for probe, values in _REFERENCE.items():
        c = scale_by(probe, values)
        out[probe] = {"status": "ok", "values": {k: (v * c if k.endswith(".grad") and k != "y.grad" else v)
                                                 for k, v in values.items()}}
    return out


def _both(probes):
    names = list(_REFERENCE)
    return (output_rule_repeats(probes, _REFERENCE.get, names, names),
            seed_is_output_value(probes, _REFERENCE.get, names, names))


def test_every_gradient_but_the_outputs_doubled_is_the_output_rule_run_twice():
    assert _both(_observed(lambda probe, values: 2.0)) == (2, None)


def test_gradients_times_each_graphs_output_are_a_seed_of_the_outputs_value():
    probes = _observed(lambda probe, values: values.get("y", 9.0))
    probes[SEED]["values"]["y.grad"] = 9.0
    probes["one_op"]["values"]["y.grad"] = -6.0
    assert _both(probes) == (None, 9.0)


def test_a_factor_that_is_not_a_whole_number_or_not_the_same_everywhere_is_neither():
    assert _both(_observed(lambda probe, values: 1.5)) == (None, None)
    assert _both(_observed(lambda probe, values: 2.0 if probe == SEED else 3.0)) == (None, None)
