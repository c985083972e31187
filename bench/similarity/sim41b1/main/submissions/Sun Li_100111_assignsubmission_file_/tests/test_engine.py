"""孙丽自己写的测试：python -m pytest tests/"""

import math

from micrograd import Value


def test_square_uses_both_paths():
    a = Value(3.0)
    (a * a).backward()
    assert a.grad == 6.0


def test_tanh_at_zero():
    x = Value(0.0)
    x.tanh().backward()
    assert math.isclose(x.grad, 1.0)


def test_numeric_log():
    x = Value(1.7)
    x.log().backward()
    h = 1e-6
    assert math.isclose(x.grad, (math.log(1.7 + h) - math.log(1.7 - h)) / (2 * h), rel_tol=1e-6)
