import math
import pytest
from engine import Value


def test_log_negative():
    with pytest.raises(ValueError):
        Value(-1.0).log()


def test_quotient_rule():
    a, b = Value(3.0), Value(2.0)
    (a / b).backward()
    assert math.isclose(a.grad, 0.5) and math.isclose(b.grad, -0.75)
