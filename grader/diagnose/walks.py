"""A walk in the wrong order, named from the student's own numbers: walks no variant of the library makes.

Each walk here is the reference engine with its `backward()` walking the graph
another way (breadth-first from the output, with or without a visited set; a
depth-first stack that marks a node visited when it is pushed instead of when
it is expanded; a depth-first walk that runs each rule as it reaches the node,
in pre-order: session 28's stranger, named by nothing before; a sort with no
visited set under an engine that keeps adjoints in a table of its own: session
38). Their numbers depend on the order of each node's children, which a
student's engine may keep in a set: each walk runs with the children
in each order of ORDERS (as given, reversed, with duplicates as given or
reversed, and either way round at each of the first nodes made). A walk explains a submission when, on every
probe of W (where the student is wrong), one of its orders reproduces the
student's numbers, and it is never wrong on a probe the student gets right in
every order (refuted, as a variant is: docs/diagnosis.md, rule 2).

The walks run in the grader's process on trusted code (the reference,
patched), each probe once per batch.
"""

from __future__ import annotations

import dataclasses
import json

from ..boot_files import append_entries
from ..variants import ITERATIVE_TOPO, Variant, engine_class
from ..variants.walk import NO_VISITED_SORT
from .compare import agree, not_run, wrong
from .styles import observe_in_process
from .walks_kept import KEPT_CAP, _kept_file

_WALK = "        for node in reversed(topo):\n            node._backward()\n"
_CHILDREN = "        self._prev = tuple(dict.fromkeys(_children))\n"
# the walks below that hand a node's gradient on at each listing start from every node's gradient kept and zeroed
_KEPT_AND_ZEROED = """\
        kept = {node: node.grad for node in topo}
        for node in topo:
            node.grad = 0
        self.grad, kept[self] = 1, 0
"""
_BFS_CONSUMERS = ("A node's gradient is complete only once every node that uses it has passed its share back. "
                  "Breadth-first order visits a node as soon as it is first reached, at its shortest distance "
                  "from the output, and runs its rule then, although a longer path to it may not have been "
                  "walked yet; what arrives later is never passed on. ")

WALKS = (
    Variant(
        name="breadth-first",
        title="visits nodes breadth-first, so a node's rule can run before all of its consumers have added to "
              "its grad",
        explanation=_BFS_CONSUMERS + "Build a topological order (depth-first, each node after all of its "
                                     "inputs) and call the rules in reverse.",
        concept="traversal", lead_in="that",
        patches=((_WALK, """\
        order, seen, queue = [self], {self}, [self]
        while queue:
            node = queue.pop(0)
            for child in node._prev:
                if child not in seen:
                    seen.add(child)
                    order.append(child)
                    queue.append(child)
        for node in order:
            node._backward()
"""),),
    ),
    Variant(
        name="breadth-first-no-visited",
        title="visits nodes breadth-first with no visited set, so a node's rule can run before all of its "
              "consumers have added to its grad, and a shared node runs its rule more than once",
        explanation=_BFS_CONSUMERS + "Without a visited set, a node reached along two paths also runs its rule "
                                     "twice. Build a topological order (depth-first, with a visited set) and call "
                                     "the rules in reverse.",
        concept="traversal", lead_in="that",
        patches=((_WALK, """\
        queue = [self]
        while queue:
            node = queue.pop(0)
            node._backward()
            queue.extend(node._prev)
"""),),
    ),
    Variant(
        name="expands-twice",
        title="does not check whether a node popped from the stack was visited already, so a node reached "
              "twice before it is finished is listed twice and its backward rule runs twice",
        explanation=("An explicit-stack depth-first sort may push a node once for each node that uses it, before "
                     "it is finished. When it is popped again, the sort must skip it if it is visited already; "
                     "without that test it is expanded again and placed in the topological order twice, so its "
                     "backward rule runs twice and its inputs receive its gradient twice. Skip a popped node "
                     "that is in the visited set (`elif node not in visited:`)."),
        concept="traversal", lead_in="that",
        patches=(("            elif node not in visited:\n", "            else:\n"),),
    ),
    # session 38: a sort with no visited set that lists a node once per path, walked by an engine that sums
    # adjoints in a table of its own (`adj[child] += local * adj[node]`) and adds a node's adjoint to its `grad`
    # at each listing: the node's grad is the sum of what it had been handed at each listing, its inputs are
    # handed that again each time (the micrograd-shaped no-visited variant, whose node keeps one grad, passes on
    # what it has and adds nothing to itself, is grader/variants/walk.py's `no-visited`)
    Variant(
        name="no-visited-adjoints",
        title="lists a shared node once per path to it (its topological sort has no visited set), and at each "
              "listing adds the gradient the node has been handed so far to its grad and passes it on again",
        explanation=("A node reached along two paths must appear only once in the topological order. Without a "
                     "visited set it is listed once per path, and your walk handles it each time: it adds the "
                     "gradient summed for it so far to its grad and hands that to its inputs again, so a shared "
                     "node and everything below it get too much. Keep a set of the nodes already visited and skip "
                     "a node that is in it, so that each node is handled once, after all of its consumers."),
        concept="traversal", lead_in="that",
        patches=(NO_VISITED_SORT, (_WALK, _KEPT_AND_ZEROED + """\
        handed = {}
        for node in reversed(topo):
            handed[node] = handed.get(node, 0) + node.grad
            node._backward()
        for node, total in handed.items():
            node.grad = kept[node] + total
"""),),
    ),
    # the same sort, each listing handing on what the node has so far, and the adjoints written back after the walk
    # by a loop over the order (`for v in order: v.grad += adj[v]`): once per listing
    Variant(
        name="no-visited-written-back",
        title="lists a shared node once per path to it (its topological sort has no visited set), so it passes its "
              "gradient on again at each listing, and writes each node's gradient back once per listing",
        explanation=("A node reached along two paths must appear only once in the topological order. Without a "
                     "visited set it is listed once per path: your walk hands its gradient to its inputs again at "
                     "each listing, before it is complete, and the loop that writes the gradients back to the "
                     "nodes adds a node's gradient once for every time it is listed. Keep a set of the nodes "
                     "already visited and skip a node that is in it, so that each node is listed once."),
        concept="traversal", lead_in="that",
        patches=(NO_VISITED_SORT, (_WALK, _KEPT_AND_ZEROED + """\
        for node in reversed(topo):
            node._backward()
        final = {node: node.grad for node in topo}
        for node in final:
            node.grad = kept[node]
        for node in topo:
            node.grad += final[node]
"""),),
    ),
    Variant(
        name="visited-on-push",
        title="marks a node visited when it is pushed on the stack, not when it is expanded, so a node can be "
              "placed in the order before a consumer found later",
        explanation=("An explicit-stack depth-first sort must mark a node visited when its children are being "
                     "expanded. Marked when pushed, a node reached first as a child of one node and later as a "
                     "child of another, deeper in the stack, is never pushed again, and ends up in the order "
                     "before the node that uses it: its rule runs before that node has added to its grad. Mark "
                     "a node visited when you pop it to expand it, or use a recursive post-order walk."),
        concept="traversal", lead_in="that",
        patches=((ITERATIVE_TOPO, """\
        topo, visited = [], {self}
        stack = [(self, False)]
        while stack:
            node, children_done = stack.pop()
            if children_done:
                topo.append(node)
                continue
            stack.append((node, True))
            for child in node._prev:
                if child not in visited:
                    visited.add(child)
                    stack.append((child, False))
"""),),
    ),
    Variant(
        name="depth-first-pre-order",
        title="runs each node's rule as soon as a depth-first walk from the output reaches it (pre-order), so a "
              "node's rule can run before all of its consumers have added to its grad",
        explanation=("A node's gradient is complete only once every node that uses it has passed its share back. "
                     "A depth-first walk that runs a node's rule when it pops the node (or lists the nodes in that "
                     "order) reaches a shared node through one consumer and runs its rule then, although another "
                     "consumer may not have been walked yet; what arrives later is never passed on. Build a "
                     "topological order (each node appended after all of its inputs) and call the rules in reverse."),
        concept="traversal", lead_in="that",
        patches=((_WALK, """\
        order, seen, stack = [], {self}, [self]
        while stack:
            node = stack.pop()
            order.append(node)
            for child in node._prev:
                if child not in seen:
                    seen.add(child)
                    stack.append(child)
        for node in order:
            node._backward()
"""),),
    ),
    # session 42: a sort that appends a node before it visits the node's inputs (pre-order: `order.append(v)` above
    # `for child in v._prev: build(child)`), its list then walked reversed, as a topological order would be: the
    # leaves' rules run first. (A recursive sort's reversed pre-order walk; the stack here pops in the same order.)
    Variant(
        name="reversed-pre-order",
        title="builds its order with each node before its inputs (pre-order), so walked reversed, a node's rule "
              "runs before its consumers have added to its grad",
        explanation=("A topological order lists every node after all of its inputs: a depth-first sort appends a "
                     "node once it has visited the node's inputs. Appended before them, a node comes before its "
                     "inputs, and the reversed list runs the rules of the nodes nearest the leaves first, while "
                     "nothing has reached their grad yet. Append a node after the loop over its inputs, and keep "
                     "walking the order reversed."),
        concept="traversal", lead_in="that",
        patches=((ITERATIVE_TOPO, """\
        topo, visited, stack = [], set(), [self]
        while stack:
            node = stack.pop()
            if node in visited:
                continue
            visited.add(node)
            topo.append(node)
            stack.extend(reversed(node._prev))
"""),),
    ),
    # the sort leaves out some of a node's inputs (`node._prev[:1]`, `node._prev[1:]`): the node's own rule still
    # gives them their grad, but their rules never run, so nothing passes below them (one title: both say that)
    *(Variant(
        name=name,
        title="leaves some of a node's inputs out of the topological sort, so their backward rules never run and "
              "nothing passes below them",
        explanation=("The sort must visit every input of every node (`for child in node._prev:`, all of them). An "
                     "input left out still receives its grad from the node that uses it, but it is never placed in "
                     "the order, so its own backward rule never runs: a leaf there is right, and everything below "
                     "an inner node gets nothing. Loop over all of a node's inputs when you build the order."),
        concept="traversal", lead_in="that",
        patches=(("                for child in node._prev:\n", f"                for child in node._prev{part}:\n"),),
    ) for name, part in (("first-input-only", "[:1]"), ("first-input-left-out", "[1:]"))),
    Variant(
        name="output-rule-every-step",
        title="runs the output's backward rule at every step of the walk (`self._backward()` for "
              "`node._backward()`), so no other node's rule runs",
        explanation=("The loop over the topological order must call each node's own rule, `node._backward()`. "
                     "Calling `self._backward()` there runs the output's rule once per node: its direct inputs "
                     "receive its gradient again and again, and no rule below them ever runs."),
        concept="traversal", lead_in="that",
        patches=((_WALK, "        for node in reversed(topo):\n            self._backward()\n"),),
    ),
)


# Walks that leave gradients at 0 where others pass them on (an input's rule never run): a walk in topological order
# instead of reversed, which leaves most gradients 0, is wrong wherever they are, with numbers of its own. These
# explain a submission only where every probe of W is reproduced in some order, not merely wrong in every order.
_EVERY_PROBE = frozenset({"first-input-only", "first-input-left-out", "output-rule-every-step"})

# How a student's engine may order each node's children: as given, reversed, as given with duplicates
# (`a * a` lists a twice), reversed with duplicates (a sort that expands a node's first input first over a list
# of inputs: a recursive one, or a stack of per-node indices or iterators; session 38); and a set's order, which follows the nodes' addresses, so that any node may have
# its two children either way: `mask` reverses the children of the i-th node made where bit i is set (the
# first MASK_BITS nodes; the probes whose order shows are small). A run records in `_used` the bits of the nodes
# whose children a mask could reverse (two or more): a mask that differs from one already run only in the others
# runs the same program to the same numbers, and is taken from that run, not run again (session 39: a leaf, or a node
# of one input, reversed is itself; the probes make their inputs first, so most of a probe's 256 masks are alike).
MASK_BITS = 8
_MASKED = ("        Value._made = getattr(Value, '_made', -1) + 1\n"
           "        self._prev = tuple(dict.fromkeys(_children))\n"
           "        if Value._mask >> Value._made & 1:\n"
           "            self._prev = self._prev[::-1]\n"
           "        if len(self._prev) > 1 and Value._made < %d:\n"
           "            Value._used |= 1 << Value._made\n" % MASK_BITS)
ORDERS = (None, "        self._prev = tuple(reversed(dict.fromkeys(_children)))\n",
          "        self._prev = tuple(_children)\n", "        self._prev = tuple(reversed(_children))\n", _MASKED)


def _orders(walk):
    """The walk with each way of ordering children (ORDERS)."""
    return [walk if order is None else dataclasses.replace(walk, patches=walk.patches + ((_CHILDREN, order),))
            for order in ORDERS]


class WalkBook:
    """The walks' observations of a suite's probes, each run once (in the grader's process).

    They depend on no student: `kept` is a file they are read from when first needed and written back to
    (keep()) when a batch observed more, so that the next batch of the same grader, suite and reference
    (the file's name says which: verdicts.walks_path) observes only what no batch before it needed."""

    def __init__(self, suite, kept=None):
        self.suite = suite
        self._classes = {}
        self._seen: dict[tuple, dict] = {}
        self._made: dict[tuple, int] = {}  # (walk, probe) -> the nodes the probe makes
        self._used: dict[tuple, int] = {}  # (walk, k, probe, mask) -> the bits of the nodes the mask could reverse
        self._useds: dict[tuple, dict] = {}  # (walk, probe) -> the distinct values of _used, in the order found
        self._kept, self._read, self._new = kept, kept is None, {}  # the file, whether read, what it lacks
        self._alike: dict[str, dict] = {}  # repr -> the one observation of that repr observed here

    def _read_kept(self):
        self._read = True
        try:
            seen, made, used = _kept_file(self._kept)
        except (OSError, ValueError, TypeError, KeyError, RecursionError):
            return  # none kept yet, or not readable: observed here
        self._seen.update(seen)
        self._made.update(made)
        for key, bits in used.items():
            self._used_by(key, bits)

    def keep(self):
        """Append the observations to the `kept` file (boot_files.append_entries), when this book observed some
        that it does not hold."""
        if self._kept is None or not self._new:
            return
        try:
            append_entries(self._kept, self._new, KEPT_CAP)
            self._new = {}
        except (OSError, TypeError, ValueError):
            pass  # a full disk: the next batch observes them again

    def observe(self, walk, k: int, probe: str, mask: int = 0) -> dict:
        key = (walk.name, k, probe, mask)
        if key not in self._seen and not self._read:
            self._read_kept()
        if key not in self._seen:
            if (walk.name, k) not in self._classes:
                self._classes[(walk.name, k)] = engine_class(_orders(walk)[k].source(), f"walk {walk.name} {k}")
            value_class = self._classes[(walk.name, k)]
            value_class._mask, value_class._made, value_class._used = mask, -1, 0
            observation = observe_in_process(value_class, getattr(self.suite.probes, probe))
            # one object for the observations alike (session 39: a first batch of 100 observes 17,500 of 285
            # distinct ones, most of a walk's masks giving its numbers again); repr tells 1 from 1.0, as JSON does
            self._seen[key] = self._alike.setdefault(repr(observation), observation)
            if self._kept is not None:
                self._new[json.dumps(["seen", *key])] = self._seen[key]
            if k == len(ORDERS) - 1:
                self._used_by(key, value_class._used)
                if self._kept is not None:
                    self._new[json.dumps(["used", *key])] = value_class._used
            if mask == 0 and k == len(ORDERS) - 1:
                self._made[(walk.name, probe)] = value_class._made + 1
                if self._kept is not None:
                    self._new[json.dumps(["made", walk.name, probe])] = value_class._made + 1
        return self._seen[key]

    def runs(self, walk, probe: str, masks: bool = True):
        """The walk's observations of a probe in every order: the fixed orders, then each mask."""
        for k in range(len(ORDERS) - 1):
            yield self.observe(walk, k, probe)
        if not masks:
            return
        yield self.observe(walk, len(ORDERS) - 1, probe, 0)
        made = self._made.get((walk.name, probe), MASK_BITS)
        for mask in range(1, 1 << min(MASK_BITS, made)):  # a bit past the nodes the probe makes changes nothing
            alike = self._alike_mask(walk, probe, mask)
            yield self.observe(walk, len(ORDERS) - 1, probe, mask) if alike is None else alike

    def _alike_mask(self, walk, probe: str, mask: int) -> dict | None:
        """The observation of MASK taken from a run of a mask that differs from it only in bits of nodes whose
        children it could not reverse (the bits that run recorded, `_used`), or None: none run yet. Both run the same
        program: up to the first node whose children only one of them reverses they make the same nodes, and the run
        of the other records that node's bit as used, so it is in both masks alike. The masks run before are the
        smaller ones, and `mask & used` is one of them."""
        k = len(ORDERS) - 1
        key = (walk.name, k, probe, mask)
        if key in self._seen:
            return self._seen[key]
        if not self._read:
            self._read_kept()
        for used in self._useds.get((walk.name, probe), ()):
            alike = (walk.name, k, probe, mask & used)
            if self._used.get(alike) == used and alike in self._seen:
                self._seen[key] = self._seen[alike]
                self._used_by(key, used)
                return self._seen[key]
        return None

    def _used_by(self, key, used: int):
        self._used[key] = used
        self._useds.setdefault((key[0], key[2]), {})[used] = None

    def explaining(self, probes: dict, W: list[str], reference, deep: set[str], size,
                   breadth_first=True, pre_order=False) -> Variant | None:
        """The first walk that explains W, up to the order of children: on every probe of W some order
        reproduces the student's numbers, or every order is wrong there (the numbers depend on an order
        the engine does not show), and some probe of W is reproduced (which ones depends on the order a set
        of children happens to take in the student's process: the smallest may be one the masks do not
        reach); and that is not refuted by a
        probe the student gets right where every order is wrong (`deep` probes left out on both sides: a
        10,000-node chain says nothing of order, and a recursive sort's RecursionError there is a finding
        of its own). `breadth_first=False`: the source rules those walks out (a recursive sort); `pre_order`: the
        source shows a sort that appends a node before its inputs, the one engine `reversed-pre-order` is tried on
        (its numbers are forward-order's on most probes)."""
        W = sorted((p for p in W if p not in deep), key=size)
        if not W:
            return None
        right = [p for p in self.suite.probe_names if p not in W and p not in deep
                 and not not_run(probes.get(p)) and (probes.get(p) or {}).get("status") == "ok"
                 and not wrong(probes[p], reference(p))]
        for walk in WALKS:
            if not breadth_first and walk.name.startswith("breadth-first") or \
                    walk.name == "reversed-pre-order" and not pre_order:
                continue
            if not self._reproduces(walk, probes, W, reference, every=walk.name in _EVERY_PROBE):
                continue
            if any(all(wrong(obs, reference(p)) for obs in self.runs(walk, p)) for p in right):
                continue
            return walk
        return None

    def _reproduces(self, walk, probes, W, reference, every=False) -> bool:
        """Some probe of W reproduced in some order, and every other reproduced or wrong in every order
        (the smallest first: a probe that is neither stops the search); `every`: each one reproduced."""
        reproduced = False
        for p in W:
            if any(agree(probes[p], obs) for obs in self.runs(walk, p)):
                reproduced = True
            elif every or not all(wrong(obs, reference(p)) for obs in self.runs(walk, p)):
                return False
        return reproduced


def walk_entry(walk, probe, observed: dict, expected: dict, tests: list[str]) -> dict:
    """One diagnosis entry for a walk in the wrong order, its evidence from the smallest probe it explains."""
    from ..i18n import items, msg
    from .evidence import evidence, finding_words, lead_in, table

    sentence, _ = evidence(probe, observed, expected)
    title = msg("Your gradients match {engines}", engines=items([lead_in(walk)], join="or"))
    entry = {"kind": "walk", "walk": walk.name, "concept": walk.concept, "match": "exact",
             "table": table(probe, observed, expected), "tests": tests}
    return finding_words(entry, title, sentence, walk.explanation_message())
