"""A diagnosis's expression graph (grader/diagnose/graph.py's data) drawn as SVG by graphviz, as
micrograd's `draw_dot` draws it: left to right, an oval per operation, a box per value with its data
and its expected gradient beside the student's, the first difference from the output back marked.
"""

from __future__ import annotations


def _number(x) -> str:
    return "?" if isinstance(x, bool) or not isinstance(x, (int, float)) else f"{x:.4g}"


def graph_svg(graph: dict, lang: str = "en") -> str | None:
    """The graph as SVG text, drawn by graphviz as micrograd's draw_dot does (left to right, an oval per
    operation, a box per value); None where graphviz (the Python package or its `dot`) is missing. Its words are
    in `lang` (session 32: `expected grad`, `your grad`, `first difference` were English on every page); `data`
    and `grad` alone are the attributes' names, code."""
    try:
        import graphviz
    except ImportError:
        return None
    from ..i18n import msg, translator

    t = translator(lang)
    dot = graphviz.Digraph(format="svg", graph_attr={"rankdir": "LR", "bgcolor": "transparent"},
                           node_attr={"fontname": "Helvetica", "fontsize": "11"})
    for node in graph["nodes"]:
        name = node.get("name") or ""
        grads = [f"grad {_number(node['expected'])}"]
        if "observed" in node:
            # TRANSLATORS: a box of the failing expression's graph (an SVG picture); `grad` is the attribute, code
            grads = [t.render(msg("expected grad {value}", value=_number(node["expected"]))),
                     # TRANSLATORS: beside "expected grad {value}": the student's engine's gradient of the node
                     t.render(msg("your grad {value}", value=_number(node.get("observed"))))]
        # TRANSLATORS: marks the graph's node whose gradient is the first to differ, from the output back
        mark = t.render(msg("first difference")) if node.get("first") else ""
        parts = (name, f"data {_number(node['data'])}", *grads, mark)
        label = "{ " + " | ".join(_escape(p) for p in parts if p) + " }"
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
    """Text safe inside a graphviz record label. In a text that is not all ASCII a space is a no-break space:
    graphviz's record parser drops a space that follows a multibyte character (graphviz 2.43: `ожидаемый
    градиент` was drawn `ожидаемыйградиент`)."""
    text = str(text)
    if not text.isascii():
        text = text.replace(" ", "\u00a0")
    return "".join("\\" + c if c in "{}|<>\\\"" else c for c in text)
