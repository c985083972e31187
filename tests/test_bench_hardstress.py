"""bench/similarity/hardstress.py: a hand's file fills the starter's regions (indented as the region), and each group's
students are put into a copy of the cohort labelled as one hard-negative group."""

import json

from bench_modules import load_bench

hardstress = load_bench("hardstress")

STARTER = '''class Value:
    def tanh(self):
        # TODO(03-tanh): your code here
        raise NotImplementedError("03-tanh: write Value.tanh")

    def exp(self):
        # TODO(04-more-ops): your code here
        raise NotImplementedError("04-more-ops: write Value.exp")
'''

HAND = '''## top
# my header
## region Value.tanh
t = math.tanh(self.data)

return Value(t)
## end

print("done")
'''


def test_a_hand_fills_its_regions_and_leaves_the_others():
    hand = hardstress.sections(HAND)
    assert hand == {"top": "# my header\n", "region Value.tanh": "t = math.tanh(self.data)\n\nreturn Value(t)\n",
                    "end": "\nprint(\"done\")\n"}
    assert hardstress.filled(STARTER, hand) == '''# my header
class Value:
    def tanh(self):
        t = math.tanh(self.data)

        return Value(t)

    def exp(self):
        # TODO(04-more-ops): your code here
        raise NotImplementedError("04-more-ops: write Value.exp")

print("done")
'''


def test_the_groups_are_added_to_a_copy_of_the_cohort(tmp_path):
    cohort = tmp_path / "cohort"
    (cohort / "starter").mkdir(parents=True)
    (cohort / "submissions").mkdir()
    (cohort / "starter" / "engine.py").write_text(STARTER, encoding="utf-8")
    (cohort / "submissions" / "u1.py").write_text(STARTER, encoding="utf-8")
    labels = {"u1": {"cluster": None, "level": None, "kind": "independent"}}
    folder, added = hardstress.augmented("tanh", cohort, labels, tmp_path / "out")
    fresh = sorted(p.stem for p in (folder / "submissions").glob("hs_*.py"))
    # hard pairs (s) and, since session 24 (simhard7), copy pairs (c: a level-1 or 2 copy of a tiny filler)
    assert fresh == ["hs_tanh_c1a", "hs_tanh_c1b", "hs_tanh_c3a", "hs_tanh_c3b", "hs_tanh_s1a", "hs_tanh_s1b",
                     "hs_tanh_s2a", "hs_tanh_s2b", "hs_tanh_s2c", "hs_tanh_s3a", "hs_tanh_s3b"]
    assert {s: added[s]["hard_pair"] for s in fresh if added[s].get("hard_pair")} == {
        f"hs_tanh_{g}{m}": f"hs_tanh_{g}" for g, members in (("s1", "ab"), ("s2", "abc"), ("s3", "ab")) for m in members}
    assert {s: (added[s]["cluster"], added[s]["level"]) for s in fresh if added[s].get("cluster")} == {
        "hs_tanh_c1a": ("hs_tanh_c1", 1), "hs_tanh_c1b": ("hs_tanh_c1", 1),
        "hs_tanh_c3a": ("hs_tanh_c3", 2), "hs_tanh_c3b": ("hs_tanh_c3", 2)}
    assert json.dumps(labels) == json.dumps({"u1": {"cluster": None, "level": None, "kind": "independent"}})
    assert "raise NotImplementedError(\"03-tanh" not in (folder / "submissions" / "hs_tanh_s1a.py").read_text()
