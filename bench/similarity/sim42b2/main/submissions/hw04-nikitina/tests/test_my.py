from engine import Value


def test_neg_is_new_node():
    a = Value(1.0)
    assert (-a) is not a


def test_rsub_order():
    a = Value(0.5)
    assert (2 - a).data == 1.5
