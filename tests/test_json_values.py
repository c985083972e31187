"""grader/json_values.py: the strings a JSON text holds blanked out in one pass (session 37 unrolled its pattern:
1.3 s of CPU for a notebook holding 12 MiB of output, 0.05 s now), the same matches as the pattern it replaced."""

import random
import re

import pytest

from grader.json_values import JSON_STRING, values_in

# the pattern before session 37: one alternation a byte
ONE_BYTE_A_STEP = re.compile(rb'"(?:[^"\\]|\\.?)*"?', re.DOTALL)


@pytest.mark.parametrize(("text", "count"), [
    (b'{"a": [1, 2, {"b": "x,y:{["}]}', 8),  # separators inside a string are not counted
    (b'["a\\"b,c", 1]', 3),  # an escaped quote does not end the string
    (b'["a\\\\", "b,c"]', 3),  # an escaped backslash does: the next quote ends it
    (b'["open, never closed: {', 2),  # a string left open runs to the end
    (b'["ends in a backslash\\', 2),
    (b'', 1),
])
def test_a_texts_values_are_counted_outside_its_strings(text, count):
    assert values_in(text) == count


def test_the_unrolled_pattern_matches_as_the_one_byte_a_step_one():
    rnd = random.Random(37)  # seeded: the same texts every run
    alphabet = b'"\\a,:{[ \n\xff'
    for _ in range(5000):
        text = bytes(rnd.choice(alphabet) for _ in range(rnd.randrange(40)))
        assert [m.span() for m in JSON_STRING.finditer(text)] == \
            [m.span() for m in ONE_BYTE_A_STEP.finditer(text)], text
