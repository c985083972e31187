"""A walk in the wrong order, named from the student's own numbers: walks no variant of the library makes.

Each walk here is the reference engine with its `backward()` walking the graph
another way (breadth-first from the output, with or without a visited set; a
depth-first stack that marks a node visited when it is pushed instead of when
it is expanded; a depth-first walk that runs each rule as it reaches the node,
in pre-order: session 28's stranger, named by nothing before; a sort with no
visited set under an engine that keeps adjoints in a table of its own: session
38). Their numbers depend on the order of each node's children, which a
student's engine may keep in a set: each walk runs with the children
in each order of walk_book.ORDERS (as given, reversed, with duplicates as given or
reversed, and either way round at each of the first nodes made). A walk explains a submission when, on every
probe of W (where the student is wrong), one of its orders reproduces the
student's numbers, and it is never wrong on a probe the student gets right in
every order (refuted, as a variant is: docs/diagnosis.md, rule 2).

The walks run in the grader's process on trusted code (the reference,
patched), each probe once per batch.
"""

from __future__ import annotations

from ..variants import ITERATIVE_TOPO, Variant
from ..variants.walk import NO_VISITED_SORT

_WALK = "        for node in reversed(topo):\n            node._backward()\n"
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


def walk_entry(walk, probe, observed: dict, expected: dict, tests: list[str]) -> dict:
    """One diagnosis entry for a walk in the wrong order, its evidence from the smallest probe it explains."""
    from ..i18n import items, msg
    from .evidence import evidence, finding_words, lead_in, table

    sentence, _ = evidence(probe, observed, expected)
    title = msg("Your gradients match {engines}", engines=items([lead_in(walk)], join="or"))
    entry = {"kind": "walk", "walk": walk.name, "concept": walk.concept, "match": "exact",
             "table": table(probe, observed, expected), "tests": tests}
    return finding_words(entry, title, sentence, walk.explanation_message())
