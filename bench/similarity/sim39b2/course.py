"""sim39b2's course texts and public text (write.py puts each into the starter in place of the TODO line): the
lecture's example tests, the TA's forum post of test ideas, and a blog post's companion file (public/, CC0)."""

LECTURE = '''
def test_add():
    a, b = Value(2.0), Value(-3.0)
    y = a + b
    y.backward()
    assert close(y.data, -1.0)
    assert close(a.grad, 1.0) and close(b.grad, 1.0)


def test_mul():
    a, b = Value(2.0), Value(-3.0)
    y = a * b
    y.backward()
    assert close(y.data, -6.0)
    assert close(a.grad, -3.0) and close(b.grad, 2.0)


def test_a_node_used_twice():
    a = Value(3.0)
    y = a * a
    y.backward()
    assert close(a.grad, 6.0)


def test_tanh_against_the_slope():
    x = Value(0.8)
    y = x.tanh()
    y.backward()
    assert close(x.grad, slope(math.tanh, 0.8), rel=1e-6)
'''

TA = '''
# Test ideas from the forum (TA post, week 9). Copy what you like, but write your own too!

def test_relu_at_zero_has_zero_gradient():
    x = Value(0.0)
    x.relu().backward()
    assert x.grad == 0.0


def test_constant_on_the_left():
    x = Value(4.0)
    y = 2 - x
    y.backward()
    assert close(y.data, -2.0)
    assert close(x.grad, -1.0)


def test_division_by_a_value():
    x = Value(4.0)
    y = 2 / x
    y.backward()
    assert close(y.data, 0.5)
    assert close(x.grad, -2 / 16)


def test_long_chain_does_not_hit_the_recursion_limit():
    x = Value(1.0)
    y = x
    for _ in range(10000):
        y = y + 0
    y.backward()
    assert close(x.grad, 1.0)
'''

# A blog post a student finds: "Testing your autograd engine with finite differences" (written for this class, CC0)
PUBLIC = '''
# From "Testing your autograd engine with finite differences" (CC0): one helper compares the
# gradient your engine gives with the slope of its own forward pass, so each test is two lines.

def grad_of(f, x0):
    """(value, gradient) of f at x0 through the engine's backward()."""
    x = Value(x0)
    y = f(x)
    y.backward()
    return y.data, x.grad


def numeric(f, x0):
    """The slope of f's forward pass at x0, by central differences."""
    return slope(lambda t: f(Value(t)).data, x0)


def check_against_slope(f, x0):
    _, g = grad_of(f, x0)
    assert close(g, numeric(f, x0), rel=1e-5, abs_=1e-7), (g, numeric(f, x0))


def test_square():
    check_against_slope(lambda x: x * x, 1.7)


def test_cube_plus_self():
    check_against_slope(lambda x: x ** 3 + x, -0.6)


def test_tanh():
    check_against_slope(lambda x: x.tanh(), 1.1)


def test_exp_and_log():
    check_against_slope(lambda x: (x.exp() + 1).log(), 0.4)


def test_quotient():
    check_against_slope(lambda x: (x + 2) / (x * x + 1), 0.9)


def test_constants_on_both_sides():
    check_against_slope(lambda x: 3 - 2 / x + 5 * x, 1.3)


def test_relu_both_sides():
    check_against_slope(lambda x: (x * 2).relu(), 0.8)
    check_against_slope(lambda x: (x * 2).relu(), -0.8)


def test_diamond():
    check_against_slope(lambda x: (x * 3).tanh() * (x * 3), 0.35)
'''
