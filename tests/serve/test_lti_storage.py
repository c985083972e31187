"""The LTI tool's store of states, nonces and launches (grader/serve/lti.py, Storage): `/lti/login` needs no sign-in,
so what it keeps is bounded (session 22's red team: on 3fb8cc3 nothing was ever removed)."""

import pytest

lti = pytest.importorskip("grader.serve.lti")


def test_expired_entries_go_then_the_oldest_and_the_newest_stay(monkeypatch):
    monkeypatch.setattr(lti.Storage, "MAX_VALUES", 10, raising=False)
    clock = [1000.0]
    monkeypatch.setattr(lti.time, "monotonic", lambda: clock[0])
    store = lti.Storage()
    for n in range(4):
        store.set_value(f"short-{n}", n, exp=5)  # expire at 1005
    for n in range(6):
        store.set_value(f"long-{n}", n)
    clock[0] = 1010.0
    store.set_value("next", "x")  # the eleventh: the four expired go, and no more than half of 10 are kept
    assert list(store._values) == ["long-1", "long-2", "long-3", "long-4", "long-5", "next"]
    assert store.get_value("next") == "x" and store.get_value("long-0") is None
    for n in range(100):
        store.set_value(f"flood-{n}", n)
    assert len(store._values) <= 10 and store.get_value("flood-99") == 99
