"""Hidden tests of 02-accumulate.

The points are on nodes used more than once, where `=` keeps only the last
path: every such test fails on the untouched starter. The engine at this
point of the course has `+`, `*` and relu (every rule of them assigns), and
no backward() yet: the probes call the rules by hand. The single-use checks
("everything that already worked still works") carry no points of their own:
the starter passes them, and a repair that breaks one of them also breaks the
shared-node tests that use the same operation, which do carry points.

Each mistake costs once (grader/judge/charging.py): every test checks its probes through the suite's `OWN.check`
(its __init__.py), so a `*` rule wrong on `a * a` alone is charged by shared/a*a alone.
"""

from grader.judge import from_scratch_test, import_test, points, suite_config, suite_probes

p = suite_probes(__file__)
OWN = suite_config(__file__).OWN  # which test charges a `*` wrong on `a * a` alone: the suite's __init__.py


def check(observe, expect, probe, owns=(), **tolerance):
    """The student's observations of `probe` equal the reference's, a mistake already charged not charged again."""
    OWN.check(observe, expect, [probe], owns=owns, **tolerance)


test_imports = import_test(__file__)
test_from_scratch = from_scratch_test(__file__)


# -- the classroom cases -------------------------------------------------------------------


@points(2, concept="accumulate", name="shared/a+a")
def test_shared_add(observe, expect):
    """y = a + a gives a.grad = 2 (with `=`: 1), and + adds to a gradient its input already holds"""
    check(observe, expect, p.shared_add_by_hand)
    check(observe, expect, p.add_onto_held)


@points(2, concept="accumulate", name="shared/a*a")
def test_shared_mul(observe, expect):
    """y = a * a at 3 gives a.grad = 6 (with `=`: 3)"""
    check(observe, expect, p.shared_mul_by_hand, owns=("mul-same",))


@points(2, concept="accumulate", name="shared/a*a+a")
def test_classroom(observe, expect):
    """q = a * a + a at 3 gives a.grad = 7"""
    check(observe, expect, p.classroom)


@points(2, concept="accumulate", name="shared/three-paths")
def test_three_paths(observe, expect):
    """a * a + a * b + a: a is reached along three paths"""
    check(observe, expect, p.three_paths)


@points(2, concept="accumulate", name="diamond/simple")
def test_diamond(observe, expect):
    """a diamond: a feeds b and c, which meet again in d"""
    check(observe, expect, p.diamond_by_hand)


@points(2, concept="accumulate", name="diamond/nested", visibility="hidden")
def test_diamond_deep(observe, expect, torch_expect):
    """nested diamonds through relu, against PyTorch"""
    OWN.check(observe, expect, [p.diamond_deep_relu], against=torch_expect)


@points(1, concept="accumulate", name="shared/intermediate", visibility="hidden")
def test_shared_intermediate(observe, expect):
    """an intermediate node used twice passes on the sum of both paths"""
    check(observe, expect, p.shared_intermediate_by_hand)


@points(1, concept="accumulate", name="shared/a*a*a", visibility="hidden")
def test_shared_cube(observe, expect):
    """y = a * a * a at 2: 12"""
    check(observe, expect, p.shared_cube)


@points(1, concept="accumulate", name="shared/pairwise-products", visibility="hidden")
def test_shared_products(observe, expect):
    """a*b + a*c + b*c: every operand used twice"""
    check(observe, expect, p.shared_products)


@points(1, concept="accumulate", name="shared/loss", visibility="hidden")
def test_squared_errors(observe, expect, torch_expect):
    """a weight used in every term of a loss, against PyTorch"""
    OWN.check(observe, expect, [p.squared_errors], against=torch_expect)


@points(1, concept="accumulate", name="rule/relu")
def test_shared_relu(observe, expect):
    """relu(a) used twice: relu's rule adds"""
    check(observe, expect, p.shared_relu)


# -- what already worked still works (no points of their own) -------------------------------


@points(0, concept="regression", name="still-works/add-mul")
def test_single_add_mul(observe, expect):
    """(a + b) * c, each node used once, as before the repair"""
    check(observe, expect, p.single_add_mul)


@points(0, concept="regression", name="still-works/relu")
def test_single_relu(observe, expect):
    """relu inside products and sums, each node used once, as before the repair"""
    check(observe, expect, p.single_relu)


@points(0, concept="regression", name="still-works/deep-chain")
def test_deep_chain(observe, expect):
    """a 10,000-node chain, as before the repair"""
    # 1e-6, looser than it need be: the chain's 10,000 roundings, in whatever order an engine makes them
    # (and whatever the CPU: no libm function is in it), move the result by about 1e-12 relative, and a
    # wrong rule or a missed node moves it by far more than 1e-6.
    check(observe, expect, p.deep_chain_affine_by_hand, rel=1e-6)
