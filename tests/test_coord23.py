"""The coordinator's checks of session 23 (issue 27's session): what a review found unguarded."""

from pathlib import Path

import pytest

from grader.sandbox import memory

ROOT = Path(__file__).resolve().parents[1]

# the calls a 64-bit ARM kernel never had (its generic table starts after them): left out of its filter on purpose
NOT_ON_AARCH64 = {"inotify_init", "epoll_create"}


def test_every_refused_call_is_in_each_architectures_table():
    """seccomp_program leaves out a refused name that an architecture's table lacks (AArch64 has no inotify_init),
    so a misspelt name in DENIED would be dropped without a word: every name must be in x86-64's table, and in
    AArch64's but for the calls it does not have."""
    names = set(memory.SHARED_NAMESPACE_DENIED)
    assert names - set(memory._ARCHES["x86_64"][1]) == set()
    assert names - set(memory._ARCHES["aarch64"][1]) == NOT_ON_AARCH64


def test_the_filter_holds_one_refusal_per_name_the_architecture_has():
    import struct

    for machine, missing in (("x86_64", 0), ("aarch64", len(NOT_ON_AARCH64))):
        program = memory.seccomp_program(machine)
        instructions = [struct.unpack("=HBBI", program[i:i + 8]) for i in range(0, len(program), 8)]
        deny = len(instructions) - 1
        setrlimit = memory._RLIMIT_CALLS[machine][0]
        end = next(index for index, (code, _, _, k) in enumerate(instructions) if code == 0x15 and k == setrlimit)
        # the refusals by number come before setrlimit's and prlimit64's own tests of their arguments
        refused = [k for index, (code, jt, _, k) in enumerate(instructions[:end])
                   if code == 0x15 and index + 1 + jt == deny]
        numbers = memory._ARCHES[machine][1]
        assert sorted(refused) == sorted(numbers[name] for name in memory.DENIED if name in numbers)
        assert len(refused) == len(memory.DENIED) - missing


# -- 09: a class under @unittest.skip, as unittest and pytest leave it ---------------------------------------------

_SKIPPED_CLASS = '''

@unittest.skip("kept for later: the reference engine fails it")
class TestLater(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        raise RuntimeError("not run for a skipped class")

    def test_wrong(self):
        self.assertEqual((Value(2.0) * 2).data, 5.0)


@unittest.skipIf(True, "not on this engine")
class CasesLater(unittest.TestCase):
    def test_wrong_too(self):
        self.assertEqual((Value(1.0) + 1).data, 3.0)
'''


@pytest.mark.slow  # grades one submission in the sandbox
def test_a_class_under_unittest_skip_is_left_out(tmp_path):
    """A unittest.TestCase class under @unittest.skip or skipIf is run by neither unittest nor pytest (its
    setUpClass neither); the runner called its tests, they failed on the reference engine and a file pytest passes
    scored 0/38 (found in session 23's review, failing before)."""
    from test_review23 import grade_09_file

    row = grade_09_file(tmp_path, _SKIPPED_CLASS)
    assert ([t["name"] for t in row["tests"] if t["status"] != "passed"], row["score"]) == ([], 38.0)
