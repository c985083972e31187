"""A sort that lists each node before its inputs (pre-order): where its `append` is the mistake.

The walk `reversed-pre-order` (walks.py) gives the numbers of an order built with each node appended before the
node's inputs are done, then walked reversed as a topological order would be: the rules of the nodes nearest the
leaves run first, while nothing has reached their grad. Two shapes of that sort are read here, from the functions
`backward()` reaches in the same file:

- recursive (session 42): a function that appends its node above the loop in which it calls itself on the node's
  inputs;
- with an explicit stack (session 43): a `while` loop that pops a node (`v = stack.pop()`), appends it to the order
  there, and then pushes the node's inputs (`stack.append(child)` in a loop over them, `stack.extend(v._prev)`),
  unguarded or guarded by a membership test only (a count compared, Kahn's algorithm, is another sort). A stack
  whose node comes back to be appended once its inputs are done (`v, done = stack.pop()`, `if done:
  order.append(v)`) pops a pair, not a node, and is not this shape.

Nothing here is said alone: the reading only lets the numbers try the walk (Diagnoser.diagnose) and places the
finding they made, at the `append`.
"""

from __future__ import annotations

import ast

from ..i18n import Message, msg
from .evidence import finding_words
from .seed_source import _reached, backward_functions


def appended_first(tree, starts=None) -> int | None:
    """The line of the `append` of a sort reached from backward() (else from STARTS, functions of TREE: a module of
    the student's that backward() hands its walk to) that appends a node before its inputs are done: recursive,
    else with an explicit stack; None where there is no such sort."""
    for method in backward_functions(tree) if starts is None else starts:
        for reached in _reached(method, tree):
            functions = [n for n in ast.walk(reached) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
            for function in functions:
                tree.in_time()
                line = _recursive(function)
                if line is not None:
                    return line
    return stack_line(tree, starts)


def _top(statements) -> list:
    """STATEMENTS and those of an `if` among them (`if v not in visited: ...`), one level down."""
    return [s for n in statements for s in ([n, *n.body] if isinstance(n, ast.If) else [n])]


def _appends(statements, item=None) -> list:
    """The `X.append(...)` calls among STATEMENTS (of ITEM, a name, where given): [(X's name, line)]."""
    found = []
    for n in statements:
        if isinstance(n, ast.Expr) and isinstance(n.value, ast.Call) and isinstance(n.value.func, ast.Attribute) \
                and n.value.func.attr == "append" and isinstance(n.value.func.value, ast.Name):
            args = n.value.args
            if item is None or (len(args) == 1 and isinstance(args[0], ast.Name) and args[0].id == item):
                found.append((n.value.func.value.id, n.lineno))
    return found


def _recursive(function) -> int | None:
    """The line of FUNCTION's `append` above the loop in which it calls itself on the node's inputs."""
    body = _top(function.body)
    appends = [line for _, line in _appends(body)]
    loops = [n.lineno for n in body if isinstance(n, ast.For) and any(
        isinstance(c, ast.Call) and (isinstance(c.func, ast.Name) and c.func.id == function.name
                                     or isinstance(c.func, ast.Attribute) and c.func.attr == function.name)
        for c in ast.walk(n))]
    if appends and loops and appends[0] < loops[0]:
        return appends[0]
    return None


def _popped_then_appended(loop) -> int | None:
    """The line of the `order.append(v)` of LOOP (`while stack:`) that pops a node `v` from its stack, appends it to
    another list and then pushes `v`'s inputs onto the stack, guarded by nothing but membership tests."""
    if not isinstance(loop.test, ast.Name):
        return None
    stack = loop.test.id
    body = _top(loop.body)
    popped = [(s.targets[0].id, s.lineno) for s in body if isinstance(s, ast.Assign) and len(s.targets) == 1
              and isinstance(s.targets[0], ast.Name) and isinstance(s.value, ast.Call)
              and isinstance(s.value.func, ast.Attribute) and s.value.func.attr == "pop"
              and isinstance(s.value.func.value, ast.Name) and s.value.func.value.id == stack]
    if len(popped) != 1 or any(_compares_counts(s.test) for s in loop.body if isinstance(s, ast.If)):
        return None
    node, pop_line = popped[0]
    appends = [line for into, line in _appends(body, node) if into != stack and line > pop_line]
    pushes = [s.lineno for s in body if _pushes_inputs(s, stack, node)]
    if len(appends) == 1 and pushes and appends[0] < min(pushes):
        return appends[0]
    return None


def _pushes_inputs(statement, stack: str, node: str) -> bool:
    """STATEMENT pushes what NODE's field holds onto STACK: `stack.extend(<NODE's field>)` or `for c in <NODE's
    field>: stack.append(c)` (under a membership test at most)."""
    def of_node(expression) -> bool:
        return any(isinstance(n, ast.Name) and n.id == node for n in ast.walk(expression))
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        func = statement.value.func
        return isinstance(func, ast.Attribute) and func.attr == "extend" and isinstance(func.value, ast.Name) \
            and func.value.id == stack and any(of_node(a) for a in statement.value.args)
    if isinstance(statement, ast.For) and of_node(statement.iter) and isinstance(statement.target, ast.Name):
        inner = _top(statement.body)
        if any(isinstance(s, ast.If) and _compares_counts(s.test) for s in statement.body):
            return False
        return any(into == stack for into, _ in _appends(inner, statement.target.id))
    return False


def _compares_counts(test) -> bool:
    """TEST compares something other than by membership or identity (`indegree[c] == 0`: Kahn's algorithm)."""
    return any(isinstance(n, ast.Compare) and not all(isinstance(op, (ast.In, ast.NotIn, ast.Is, ast.IsNot))
                                                      for op in n.ops) for n in ast.walk(test))


def stack_line(tree, starts=None) -> int | None:
    """The line of the `append` of a sort with an explicit stack reached from backward() (else from STARTS) that
    lists a node as it pops it (`_popped_then_appended`), else None."""
    for method in backward_functions(tree) if starts is None else starts:
        for reached in _reached(method, tree):
            for loop in (n for n in ast.walk(reached) if isinstance(n, ast.While)):
                tree.in_time()
                line = _popped_then_appended(loop)
                if line is not None:
                    return line
    return None


def name_stack_pre_order(entries: list[dict], submission, stack_place) -> None:
    """Say a `reversed-pre-order` finding placed at a stack's `append` in that sort's terms: its `form` "stack"
    (session 43: the recursive sort's words, "Append a node after the loop over its inputs", told a student whose
    sort has no such loop). STACK_PLACE(): (file, line) of that `append` (stack_line), in the engine or, session 44,
    in a module of the student's own that backward() hands its walk to (walk_places.walk_file_place), else None."""
    for entry in entries:
        if entry.get("kind") != "walk" or entry.get("walk") != "reversed-pre-order" or not entry.get("line"):
            continue
        found = stack_place()
        if found is None or any(entry.get(k) != v for k, v in submission.place(*found).items() if v is not None):
            return
        entry["form"] = "stack"
        evidence = Message.from_json(entry["messages"]["explanation"]["params"]["evidence"]["capitalise"])
        finding_words(
            entry, msg("Your backward() lists each node in its order as it pops it from the stack, before its inputs "
                       "are done (pre-order), so walked reversed, a node's rule runs before its consumers have added "
                       "to its grad"), evidence,
            msg("A topological order lists every node after all of its inputs. A node appended when it is popped "
                "comes before the inputs pushed after it, and the reversed list runs the rules of the nodes nearest "
                "the leaves first, while nothing has reached their grad yet. Append a node only once its inputs are "
                "done: push it back with a mark before its inputs (`stack.append((v, True))`) and append it when it "
                "is popped the second time, and keep walking the order reversed."))
