"""What the whole suite shares: a cache folder of its own, and the `slow` marker.

A test module names its expensive module fixtures in `SLOW_FIXTURES` (a fixture
that grades a whole class of submissions in the sandbox, once per module, takes
10 to 30 seconds); every test that uses one of them is marked `slow`, as is a
test marked `@pytest.mark.slow` itself. `python -m pytest -m "not slow"` is the
quick loop for editing; `python -m pytest -q` (the README's, and CI's) runs all.
"""

import os
import tempfile

import pytest


def pytest_configure(config):
    # The grader's default cache is the user's ($XDG_CACHE_HOME/micrograd-grader): a test that grades
    # without --cache-dir must neither read nor fill the cache of whoever runs the tests.
    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="grader-tests-cache-")
    # The feedback's language follows $GRADE_LANG, then the locale (grader/i18n): the suite's expected words
    # are English whatever the machine's locale; a test of another language asks for it.
    os.environ["GRADE_LANG"] = "en"


def pytest_collection_modifyitems(config, items):
    for item in items:
        slow_fixtures = set(getattr(item.module, "SLOW_FIXTURES", ()))
        if slow_fixtures & set(item.fixturenames):
            item.add_marker(pytest.mark.slow)
