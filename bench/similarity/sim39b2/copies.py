"""sim39b2's hard negatives, copies and public copies (write.py writes them), and its labels."""

import ast
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(1, str(HERE.parent / "sim39b1"))  # the copier's steps are sim39b1's

import copier  # noqa: E402
import course  # noqa: E402
import students  # noqa: E402

README_EXAMPLE = '''
def test_a_sum_passes_the_gradient_to_both_sides():
    a, b = Value(1.5), Value(-4.0)
    y = a + b
    y.backward()
    assert close(y.data, -2.5)
    assert close(a.grad, 1.0) and close(b.grad, 1.0)
'''
LECTURE_MUL = course.LECTURE[course.LECTURE.index("\ndef test_mul"):course.LECTURE.index("\n\ndef test_a_node")]

# hard negatives: name -> (what they typed, keep the TODO line, header)
HARD = {
    "s501": (course.LECTURE, False, ""),
    "s508": (course.LECTURE, True, "# Week 9 tests -- P. Okafor\n"),
    "s515": (course.TA, False, ""),
    "s522": (course.TA.replace("# Test ideas from the forum (TA post, week 9). Copy what you like, but write your own "
                               "too!\n", "# from the forum\n"), False, ""),
    "s529": (README_EXAMPLE + "\n" + LECTURE_MUL + "\n", False, ""),
    "s536": (README_EXAMPLE + "\n" + LECTURE_MUL + "\n", True, "# 09\n"),
}
HARD_PAIRS = {"s501": "h1", "s508": "h1", "s515": "h2", "s522": "h2", "s529": "h3", "s536": "h3"}
HARD_KINDS = {"h1": "the lecture's four example tests (materials/lecture) typed in",
              "h2": "the TA's forum post of test ideas (materials/ta-post) typed in",
              "h3": "the README's example test and the lecture's test_mul, nothing else"}


def move_functions(text, order):
    """The module's top-level functions named in ORDER moved, in that order, to where the first of them was (each with
    the blank lines and comments above it)."""
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    spans = {}
    body = tree.body
    for i, node in enumerate(body):
        if isinstance(node, ast.FunctionDef) and node.name in order:
            start = min([node.lineno] + [d.lineno for d in node.decorator_list]) - 1
            end = body[i + 1].lineno - 1 if i + 1 < len(body) else len(lines)
            if i + 1 < len(body):
                nxt = body[i + 1]
                end = min([nxt.lineno] + [d.lineno for d in getattr(nxt, "decorator_list", [])]) - 1
            while end > node.end_lineno and lines[end - 1].strip().startswith("#"):
                end -= 1
            spans[node.name] = (start, end)
    first = min(s for s, _ in spans.values())
    chunks = {name: "".join(lines[s:e]).rstrip("\n") + "\n\n\n" for name, (s, e) in spans.items()}
    kept = [line for i, line in enumerate(lines) if not any(s <= i < e for s, e in spans.values())]
    return "".join(kept[:first]) + "".join(chunks[name] for name in order) + "".join(kept[first:])


def _read(out, name):
    return (out / f"{name}.py").read_text(encoding="utf-8")


def _l3(text, mapping, order):
    text = copier.rename(text, mapping)
    text = copier.comments(text, lambda c: None if not c.startswith("# TODO") else c)
    text = move_functions(text, [mapping.get(name, name) for name in order])
    text = copier.write_out_augmented(text)
    return copier.swap_quotes(text)


COPIES = {
    "s402": lambda out: _read(out, "s301"),
    "s409": lambda out: copier.formfeed(_read(out, "s308"), "# un nodo usato"),
    "s416": lambda out: copier.annotate(copier.rename(_read(out, "s315"), {
        "op": "fn", "x0": "start", "want": "expected", "v": "node", "out": "result",
        "test_local_derivatives": "test_each_rule", "test_long_chain": "test_deep_graph"}).replace(
        '"op, x0, want"', '"fn, start, expected"')),
    "s423": lambda out: copier.pack(copier.rename(_read(out, "s336"), {
        "test_every_local_derivative": "test_all_ops", "test_nodes_used_more_than_once": "test_reuse",
        "test_constants_on_either_side": "test_constants", "test_relu_at_zero": "test_relu_zero",
        "test_chain_of_10000": "test_deep_chain", "want": "expected", "a": "v"}), head="# Mila's tests\n"),
    "s430": lambda out: copier.unit_after_statements(_l3(_read(out, "s329"), {
        "POINTS": "XS", "_check": "_agrees", "f": "fn", "g": "ref", "p": "x0", "x": "v",
        "test_polynomials": "test_poly", "test_tanh_family": "test_tanh", "test_exp_family": "test_exp",
        "test_rational": "test_rational_fn"}, ["test_rational", "test_exp_family", "test_polynomials",
                                               "test_tanh_family"])),
    "s437": lambda out: _l3(_read(out, "s350"), {
        "build": "make_graph", "replay": "plain", "ops": "steps", "rng": "gen", "k": "kind", "c": "coef",
        "depth": "n", "test_random_graphs": "test_graphs_vs_slope"}, ["replay", "build", "test_random_graphs"]),
    "s444": lambda out: copier.comments(copier.rename(_read(out, "s350"), {
        "build": "grow", "replay": "grow_float", "ops": "recipe", "rng": "r", "test_random_graphs": "test_random"}),
        lambda c: c),
}
COPY_LABELS = {
    "s402": ("c1", 1, "Leila's file handed in by Ryo as it is", None),
    "s409": ("c2", 1, "Marco's file verbatim with a form feed in the `# un nodo usato due volte` comment "
             "(copier.formfeed)", "form feed in a comment"),
    "s416": ("c3", 2, "Aarav's file by Ben: renamed (op->fn, x0->start, want->expected, v->node, out->result, both "
             "tests renamed; the parametrize names by hand), then `: float` on every one-name assignment (copier.annotate)",
             "annotation on every assignment"),
    "s423": ("c6", 2, "Mila's file by Hao: every test and a few locals renamed, then packed with zlib + base64 and run "
             "with exec (copier.pack)", "zlib+base64 and exec"),
    "s430": ("c5", 3, "Yusuf's file by Femi: renamed, comments dropped, the tests moved (rational, exp, polynomials, "
             "tanh), quotes swapped, then `; ()` after every statement (copier.unit_after_statements)",
             "() after every statement"),
    "s437": ("c8", 3, "Greta's file by Theo (who did not see Mira's copy): renamed, the helpers' order swapped, "
             "quotes swapped", None),
    "s444": ("c8", 2, "Greta's file by Mira: the helpers and the test renamed", None),
}

SOURCE_CLUSTERS = {"s301": "c1", "s308": "c2", "s315": "c3", "s322": "c4", "s329": "c5", "s336": "c6", "s343": "c7",
                   "s350": "c8", "s357": "c9"}


def public_text(mapping=None, comments=None, order=None):
    text = course.PUBLIC
    if mapping:
        text = copier.rename(text, mapping)
    if comments:
        text = copier.comments(text, comments)
    if order:
        text = move_functions(text, order)
        text = copier.swap_quotes(text)
    return text


PUBLIC_COPIES = {
    "s601": lambda: public_text(),
    "s608": lambda: "# tests adapted from a blog post on finite differences\n" + public_text(),
    "s615": lambda: public_text({"grad_of": "engine_grad", "numeric": "fd_slope", "check_against_slope": "agree",
                                 "x0": "point", "g": "got"}),
    "s622": lambda: public_text({"check_against_slope": "same_as_slope", "f": "fn", "t": "u"},
                                lambda c: None),
    "s629": lambda: public_text({"check_against_slope": "check", "grad_of": "backprop", "numeric": "finite_diff"},
                                lambda c: None, ["test_diamond", "test_relu_both_sides", "test_quotient",
                                                 "test_square", "test_tanh", "test_cube_plus_self",
                                                 "test_exp_and_log", "test_constants_on_both_sides"]),
}
PUBLIC_LEVELS = {
    "s601": (1, "the blog post's code typed in as it is"),
    "s608": (1, "as s601 with a comment naming where it came from"),
    "s615": (2, "the helpers renamed (grad_of->engine_grad, numeric->fd_slope, check_against_slope->agree), x0->point"),
    "s622": (2, "the check renamed (same_as_slope), f->fn, comments dropped"),
    "s629": (3, "the helpers renamed, comments dropped, the tests moved, quotes swapped"),
}


def labels():
    out = {}
    for name, (who, _) in students.FILES.items():
        out[name] = {"cluster": None, "level": None, "kind": f"independent: {who}"}
    out["s188"]["bug"] = "test_relu_at_zero expects relu'(0) = 1: it fails on the correct engine"
    out["s195"]["bug"] = ("test_backward_twice_gives_the_same_gradient expects 6 after two backward() calls; a "
                          "correct engine accumulates to 12: it fails on the correct engine")
    for name, (who, _) in students.SOURCES.items():
        out[name] = {"cluster": SOURCE_CLUSTERS[name], "level": 1, "kind": f"source: {who}"}
    for name, (cluster, level, what, evasion) in COPY_LABELS.items():
        out[name] = {"cluster": cluster, "level": level, "kind": f"copy (level {level}): {what}"}
        if evasion:
            out[name]["evasion"] = evasion
    for name, (cluster, what, _) in students.L4.items():
        out[name] = {"cluster": cluster, "level": 4, "kind": f"copy (level 4): {what}"}
    for name, (_, keep, header) in HARD.items():
        pair = HARD_PAIRS[name]
        extra = (", the TODO line kept" if keep else "") + (f", a header comment ({header.strip()})" if header else "")
        out[name] = {"cluster": None, "level": None, "hard_pair": pair, "kind": f"hard negative: {HARD_KINDS[pair]}{extra}"}
    for name, (level, what) in PUBLIC_LEVELS.items():
        out[name] = {"cluster": "public", "level": level, "kind": f"public copy (level {level}): {what}",
                     "public_source": "sim39b2/public/test_engine.py (a blog post's companion code, CC0)"}
    return out
