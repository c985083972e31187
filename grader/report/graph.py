"""A diagnosis's expression graph (grader/diagnose/graph.py's data) drawn as SVG by graphviz, as
micrograd's `draw_dot` draws it: left to right, an oval per operation, a box per value with its data
and its expected gradient beside the student's, the first difference from the output back marked.
"""

from __future__ import annotations


def _number(x) -> str:
    return "?" if isinstance(x, bool) or not isinstance(x, (int, float)) else f"{x:.4g}"


def graph_svg(graph: dict) -> str | None:
    """The graph as SVG text, drawn by graphviz as micrograd's draw_dot does (left to right, an oval per
    operation, a box per value); None where graphviz (the Python package or its `dot`) is missing."""
    try:
        import graphviz
    except ImportError:
        return None
    dot = graphviz.Digraph(format="svg", graph_attr={"rankdir": "LR", "bgcolor": "transparent"},
                           node_attr={"fontname": "Helvetica", "fontsize": "11"})
    for node in graph["nodes"]:
        name = node.get("name") or ""
        grads = f"grad {_number(node['expected'])}"
        if "observed" in node:
            grads = f"expected grad {_number(node['expected'])} | your grad {_number(node.get('observed'))}"
        mark = "first difference" if node.get("first") else ""
        label = "{ " + " | ".join(p for p in (_escape(name), f"data {_number(node['data'])}", grads, mark) if p) + " }"
        style = {"shape": "record", "id": f"value{node['id']}"}
        if node.get("differs"):
            style.update(color="#b00020", fontcolor="#b00020")
        if node.get("first"):
            style.update(penwidth="3", id="first_difference")
        dot.node(f"n{node['id']}", label, **style)
        if node["op"]:
            dot.node(f"n{node['id']}op", _escape(node["op"]), shape="ellipse", id=f"op{node['id']}")
            dot.edge(f"n{node['id']}op", f"n{node['id']}")
    for child, parent in graph["edges"]:
        dot.edge(f"n{child}", f"n{parent}op" if graph["nodes"][parent]["op"] else f"n{parent}")
    try:
        svg = dot.pipe(format="svg", encoding="utf-8")
    except (graphviz.ExecutableNotFound, graphviz.CalledProcessError, OSError):
        return None
    return svg[svg.find("<svg"):] if "<svg" in svg else None


def _escape(text: str) -> str:
    """Text safe inside a graphviz record label."""
    return "".join("\\" + c if c in "{}|<>\\\"" else c for c in str(text))
