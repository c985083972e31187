from engine import Value

def test_div_by_number():
    x = Value(3.0)
    (x / 4).backward()
    assert x.grad == 0.25

def test_op1_uses_output():
    x = Value(2.0)
    y = x.exp()
    y.backward()
    assert x.grad == y.data
