"""The test suite's two tiers, given by what a test uses (tests/conftest.py applies them).

A fixture that costs seconds of CPU is declared with `slow_fixture` instead of
`pytest.fixture`: every test that uses it, directly or through another fixture,
is marked `slow`, and `python -m pytest -m "not slow"` (the edit-and-test loop)
leaves it out. The costly things a test can use are fixtures of this kind:

- a class graded in the sandbox (a module's graded batch: `batch`, `rows`,
  `graded`, `fresh`...; `class_batch` and `grade_in_sandbox` of tests/exercises);
- a wheel built, or a venv installed from it (`wheels`, `student_install`);
- a notebook executed headless in a Jupyter kernel (`executed`);
- a Redis server, `grade worker` processes, the examples graded to compare with
  (`server`, `fleet`, `local_run`);
- a headless browser (`chromium`);
- the docs' commands run in a copy of the checkout (`scratch_checkout`).

A test that is costly on its own, without such a fixture, says so with
`@pytest.mark.slow`. The terminal summary of a `-m "not slow"` run names every
test that used more than FAST_CPU_SECONDS of CPU anyway (its own and its
children's): give it a slow fixture, or the mark.
"""

import pytest

FAST_CPU_SECONDS = 2.0


def slow_fixture(function=None, **kwargs):
    """`pytest.fixture(**kwargs)` for a fixture that costs seconds of CPU: its tests are `slow`."""

    def declare(f):
        f.slow_fixture = True
        return pytest.fixture(**kwargs)(f)

    return declare(function) if function is not None else declare


def uses_slow_fixture(item):
    """The name of the first slow fixture `item` uses, directly or through another fixture, or None."""
    definitions = getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", {})
    for name in item.fixturenames:
        if any(getattr(d.func, "slow_fixture", False) for d in definitions.get(name, ())):
            return name
    return None
