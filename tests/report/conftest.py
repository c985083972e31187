"""The sample scores record every report test renders."""

import copy
import json
from pathlib import Path

import pytest

SAMPLE = Path(__file__).with_name("sample_scores.json")
MALLORY = 'mallory<script>alert("pwn")</script>,x'   # an id a student chose: markup, quotes and a comma


@pytest.fixture(scope="session")
def _sample():
    return json.loads(SAMPLE.read_text(encoding="utf-8"))


@pytest.fixture
def scores(_sample):
    """A fresh copy of tests/report/sample_scores.json: 7 submissions, 9 tests of which 2 hidden, 2 after the due date, 1 after publishing."""
    return copy.deepcopy(_sample)


@pytest.fixture
def timings():
    return {"alice": 1.8, "bob": 2.1, MALLORY: 7.4, "carol": 3.3, "dave": 60.2, "erin": 12.9}


@pytest.fixture
def by_id(scores):
    return {record["id"]: record for record in scores["submissions"]}
