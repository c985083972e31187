"""A tape of recorded operations: `with Graph():` records every operation made inside it on its own tape (outside
any, on the module's default tape)."""

import itertools


class Graph:
    _active = []

    def __init__(self):
        self.entries = {}  # node id -> (node, ((input, local derivative), ...))
        self._tick = itertools.count()

    def __enter__(self):
        Graph._active.append(self)
        return self

    def __exit__(self, *exc):
        Graph._active.pop()
        return False

    @classmethod
    def current(cls):
        return cls._active[-1] if cls._active else DEFAULT

    def record(self, node, links):
        node.stamp = next(self._tick)
        node.tape = self
        self.entries[id(node)] = (node, links)

    def links(self, node):
        entry = self.entries.get(id(node))
        return entry[1] if entry and entry[0] is node else ()

    def replay(self, root):
        """Every recorded node the root depends on, latest first (creation order is a topological order)."""
        reach, todo = {id(root): root}, [root]
        while todo:
            node = todo.pop()
            for inp, _ in self.links(node):
                if id(inp) not in reach:
                    reach[id(inp)] = inp
                    todo.append(inp)
        return sorted(reach.values(), key=lambda n: -n.stamp)


DEFAULT = Graph()
