"""The reference engine against PyTorch (float64) on random expression graphs."""

import pytest

from random_graphs import BINARY, POWERS, UNARY, agree, build, describe, graph_scale, make_program
from reference.engine import Value

GRAPHS = 500  # mixed int/float graphs, compared within 1e-12
EXACT_GRAPHS = 100  # integer-only graphs, compared bit for bit
EXACT_SEED_BASE = 1_000_000  # keeps the two families' seeds apart


def run_both(program, torch):
    """Build the program on Value and on torch (tests/conftest.py's fixture), backward on both; return what to
    compare."""
    v_leaves, v_nodes = build(program, lambda i, data: Value(data))
    v_nodes[-1].backward()
    t_leaves, t_nodes = build(program, lambda i, data: torch.tensor(float(data), dtype=torch.float64,
                                                                    requires_grad=True))
    if t_nodes[-1].requires_grad:
        t_nodes[-1].backward()
    # torch leaves no .grad on a leaf the output does not depend on; ours stays 0
    t_grads = [0.0 if t.grad is None else t.grad.item() for t in t_leaves]
    pairs = [("output", v_nodes[-1].data, t_nodes[-1].item())]
    pairs += [(f"n{i}.grad", v.grad, g) for i, (v, g) in enumerate(zip(v_leaves, t_grads))]
    return pairs, graph_scale(v_nodes[-1])


@pytest.mark.parametrize("seed", range(GRAPHS), ids=lambda s: f"graph-seed-{s}")
def test_random_graph_matches_torch(seed, torch):
    program = make_program(seed)
    pairs, scale = run_both(program, torch)
    bad = [f"{name}: ours {ours!r}, torch {theirs!r}" for name, ours, theirs in pairs if not agree(ours, theirs, scale)]
    assert not bad, f"graph seed {seed}:\n{describe(program)}\n" + "\n".join(bad)


@pytest.mark.parametrize("seed", range(EXACT_SEED_BASE, EXACT_SEED_BASE + EXACT_GRAPHS), ids=lambda s: f"exact-seed-{s}")
def test_integer_graph_matches_torch_exactly(seed, torch):
    # only + - * neg relu and small integer powers of small integers: every
    # value and gradient is an integer far below 2**53, so both are exact
    program = make_program(seed, exact=True)
    pairs, _ = run_both(program, torch)
    bad = [f"{name}: ours {ours!r}, torch {theirs!r}" for name, ours, theirs in pairs if ours != theirs]
    assert not bad, f"graph seed {seed}:\n{describe(program)}\n" + "\n".join(bad)


def test_random_graphs_cover_every_form():
    """The generator really produces every op, both constant sides, int and float data, shared nodes."""
    seen = set()
    for seed in range(GRAPHS):
        program = make_program(seed)
        uses = {}
        for step in program:
            kind = step[0]
            if kind == "leaf":
                seen.add(("leaf", type(step[1])))
                continue
            if kind == "binary":
                _, op, i, j = step
                seen.add(("binary", op))
                if i == j:
                    seen.add("same node twice")
                operands = {i, j}
            elif kind in ("const_right", "const_left"):
                op, c = step[1], step[3] if kind == "const_right" else step[2]
                seen.add((kind, op, type(c)))
                operands = {step[2] if kind == "const_right" else step[3]}
            elif kind == "unary":
                seen.add(("unary", step[1]))
                operands = {step[2]}
            else:
                seen.add(("pow", step[2], type(step[2])))
                operands = {step[1]}
            for i in operands:
                uses[i] = uses.get(i, 0) + 1
        if any(n >= 2 for n in uses.values()):
            seen.add("node used by two later steps")

    wanted = {("leaf", int), ("leaf", float), "same node twice", "node used by two later steps"}
    wanted |= {("binary", op) for op in BINARY}
    wanted |= {("unary", op) for op in UNARY}
    wanted |= {("pow", k, type(k)) for k in POWERS}
    wanted |= {(kind, op, t) for kind in ("const_right", "const_left") for op in BINARY for t in (int, float)}
    assert wanted - seen == set()
    # relu'(0) = 0 is compared with torch too: the exact family takes relu of an integer 0
    assert any(relu_of_zero(make_program(seed, exact=True)) for seed in range(EXACT_SEED_BASE, EXACT_SEED_BASE + EXACT_GRAPHS))


def relu_of_zero(program):
    """True when some relu step of the program gets exactly 0."""
    _, nodes = build(program, lambda i, data: Value(data))
    return any(step[0] == "unary" and step[1] == "relu" and nodes[step[2]].data == 0 for step in program)
