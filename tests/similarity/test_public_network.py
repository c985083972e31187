"""micrograd's nn.py, shipped as the public network of 07-mlp-xor: compared when the starter has an nn.py, a verbatim
copy matched to it, copies of it not paired with each other; and how little of it an answer to the exercise keeps."""

from pathlib import Path

import pytest

from grader.similarity import PUBLIC_ARCHIVE, shipped_sources, similarity, starter_files
from grader.similarity.cohort import Cohort

HERE = Path(__file__).parent / "network"
MICROGRAD_NN = (PUBLIC_ARCHIVE / "nn.py").read_text(encoding="utf-8")

# what 07-mlp-xor makes a copier of micrograd's nn.py change: the course's engine, an rng through every class, tanh
ADAPTED = [("from micrograd.engine import Value", "from engine import Value"),
           ("def __init__(self, nin, nonlin=True):\n        self.w = [Value(random.uniform(-1,1)) for _ in range(nin)]",
            "def __init__(self, nin, nonlin=True, rng=None):\n        rng = rng if rng is not None else random.Random(0)\n"
            "        self.w = [Value(rng.uniform(-1,1)) for _ in range(nin)]"),
           ("act.relu()", "act.tanh()"), ("'ReLU'", "'Tanh'"),
           ("    def __init__(self, nin, nout, **kwargs):\n",
            "    def __init__(self, nin, nout, **kwargs):\n        kwargs.setdefault(\"rng\", random.Random(0))\n"),
           ("def __init__(self, nin, nouts):", "def __init__(self, nin, nouts, rng=None):"),
           ("nonlin=i!=len(nouts)-1)", "nonlin=i!=len(nouts)-1, rng=rng)")]
TRAIN = '''

XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]

def train_xor(seed=0, steps=1000, lr=0.05):
    net = MLP(2, [4, 1], rng=random.Random(seed))
    history = []
    for step in range(steps):
        loss = sum(((net(x) - y)**2 for x, y in zip(XOR_INPUTS, XOR_TARGETS)), Value(0))
        history.append(loss.data)
        net.zero_grad()
        loss.backward()
        for p in net.parameters():
            p.data -= lr * p.grad
    return history
'''


def adapted() -> str:
    text = MICROGRAD_NN
    for old, new in ADAPTED:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text + TRAIN


def test_the_public_network_is_compared_when_the_starter_has_an_nn_py():
    engine, network = "karpathy-micrograd/engine.py", "karpathy-micrograd/nn.py"
    assert sorted(shipped_sources(starter_files("07-mlp-xor", ()))) == [engine, network]
    assert sorted(shipped_sources({"nn.py": ""})) == [engine, network]
    assert sorted(shipped_sources(starter_files("05-backward", ()))) == [engine]
    assert sorted(shipped_sources({})) == [engine]  # no starter: the complete engine
    # the tenth class's own public source is the shipped file: run.py gives the command no --public for it
    tenth = Path(__file__).parents[2] / "bench" / "similarity" / "tenth" / "public" / "nn.py"
    assert tenth.read_bytes() == (PUBLIC_ARCHIVE / "nn.py").read_bytes()
    assert (PUBLIC_ARCHIVE / "LICENSE").read_text(encoding="utf-8").startswith("MIT License\n\nCopyright (c) 2020 "
                                                                               "Andrej Karpathy\n")


@pytest.fixture(scope="module")
def network_class(tmp_path_factory):
    folder = tmp_path_factory.mktemp("network")
    for path in sorted(HERE.glob("*.py")):
        (folder / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "verbatim.py").write_text(MICROGRAD_NN, encoding="utf-8")
    (folder / "adapted.py").write_text(adapted(), encoding="utf-8")
    return similarity(folder, exercise="07-mlp-xor")


def test_a_copy_of_the_public_network_is_matched_to_it_and_its_copies_are_no_pair(network_class):
    record = network_class.record
    assert record["public"] == ["karpathy-micrograd/engine.py", "karpathy-micrograd/nn.py"]
    # the adapted copy, whose code is the lecture's, by the source's own spacing (spacing.py, session 20)
    assert [(m["id"], m["source"], m["score"], m["flagged"]) for m in record["public_matches"]] == [
        ("verbatim", "karpathy-micrograd/nn.py", 0.9993, True), ("adapted", "karpathy-micrograd/nn.py", 0.7288, True)]
    # the verbatim and the adapted copy share micrograd's code, which is no evidence between them; nor is the
    # honest students' code between any two of them
    assert record["pairs"] == [] and record["pairs_below_floor"] == 5


def test_an_answer_to_the_exercise_keeps_little_of_the_public_network(network_class):
    # the limit (session 13): of micrograd's nn.py beyond the starter, what 07-mlp-xor makes every answer change
    # (its import, the signatures without rng, relu) is held by no answer, and most of the rest is the reference's
    # lines (the lecture's), which every honest student may write: the adapted copy keeps 0.18 of it, below the
    # report's floor; wen, who writes micrograd's sum(..., self.b) and out[0] in her own names, 0.06. Session 15:
    # the lecture's code canonical too (grader/data/canonical/lecture/: its sum with the bias as start, `outs[0]`,
    # the comprehensions micrograd's nn.py shares with it), adapted 0.1751 -> 0.1397, wen 0.0577 -> 0.015. Session 16:
    # a fragment held as often as the source holds it is held whole (cohort._held): adapted 0.1426, wen 0.0157.
    # Session 20: the source is also read as it spaced its lines (spacing.py), and the adapted copy keeps that:
    # `wi*xi for wi,xi`, `nonlin=i!=len(nouts)-1` (the lecture's `wi*xi` and `sz[i+1]` are the course's, not
    # micrograd's): 0.1426 -> 0.7288, the honest students as before
    cohort = Cohort(list(network_class.documents.values()))
    scores = dict(cohort.against(network_class.sources["karpathy-micrograd/nn.py"]))
    assert scores == {"verbatim": 0.9993, "adapted": 0.7288, "wen": 0.0157, "sami": 0.0023, "ruth": 0.0014}
