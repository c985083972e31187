"""sim42fctl's hand-ins and starter, written as folders (a package `micrograd/`, `train.py` beside it, `tests/`), as
sim41b1's students hand in: `hand_ins(TARGET)` writes them into TARGET/submissions/ and the starter into
TARGET/starter/hw/ (the cohort's starter engine.py as micrograd/engine.py, the course's train.py and tests).

Engines: sim41actl's honest engines (g1, g2, h1, h2, i2), each one student's own; w1copy's is i2 renamed, its comments
dropped (level 2). train.py: the course's (course/train.py) for f1 and f2, t1's own (own/t1_train.py) for t1 and, with
its docstring's name changed, for t2 (a copy of train.py alone), w1's own (own/w1_train.py) for w1 and, renamed, for
w1copy (the whole hand-in copied). Every hand-in has the course's tests/test_engine.py.
"""
import re
import shutil
from pathlib import Path

HERE = Path(__file__).resolve().parent
ENGINES = HERE.parent / "sim41actl" / "honest"
COURSE_TRAIN = (HERE / "course" / "train.py").read_text(encoding="utf-8")
COURSE_TESTS = (HERE / "course" / "tests" / "test_engine.py").read_text(encoding="utf-8")
T1_TRAIN = (HERE / "own" / "t1_train.py").read_text(encoding="utf-8")
W1_TRAIN = (HERE / "own" / "w1_train.py").read_text(encoding="utf-8")
INIT = "from .engine import Value  # noqa: F401\n"


def renamed(text: str, names: dict[str, str]) -> str:
    for old, new in names.items():
        text = re.sub(rf"\b{re.escape(old)}\b", new, text)
    return text


def without_comments(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#")) + "\n"


def w1copy_engine() -> str:
    text = (ENGINES / "i2.py").read_text(encoding="utf-8")
    body = text.split('"""', 2)[2]  # the docstring replaced
    body = renamed(without_comments(body), {"TABLE": "OPS", "derivs": "partials", "args": "parents", "_run": "_apply",
                                            "forward": "fwd", "local": "jac", "rest": "others", "dfs": "visit",
                                            "topo": "order", "seen": "done", "xs": "vals", "z": "res"})
    return '"""Homework 2 engine (Lin Tao)."""' + body


def w1copy_train() -> str:
    body = W1_TRAIN.split('"""', 2)[2]
    return '"""Training with momentum on XOR (Lin Tao)."""' + renamed(body, {
        "Net": "Model", "curve": "losses", "velocity": "vel", "_unit": "_neuron", "XS": "INPUTS", "YS": "TARGETS",
        "it": "i", "preds": "outs", "fan_in": "n_in", "fan_out": "n_out"})


def hand_in_texts() -> dict[str, dict[str, str]]:
    """id -> {path in the hand-in: text}."""
    def engine(name):
        return (ENGINES / f"{name}.py").read_text(encoding="utf-8")

    rows = {"f1": (engine("g1"), COURSE_TRAIN), "f2": (engine("g2"), COURSE_TRAIN),
            "t1": (engine("h1"), T1_TRAIN), "t2": (engine("h2"), T1_TRAIN.replace("Roman Kessler", "Jonas Weber")),
            "w1": (engine("i2"), W1_TRAIN), "w1copy": (w1copy_engine(), w1copy_train())}
    return {f"ctl_{sid}": {"micrograd/__init__.py": INIT, "micrograd/engine.py": eng, "train.py": train,
                           "tests/test_engine.py": COURSE_TESTS} for sid, (eng, train) in rows.items()}


def write(folder: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")


def hand_ins(target: Path) -> list[str]:
    """The six hand-ins into TARGET/submissions/, the starter as TARGET/starter/hw/: their ids."""
    starter = target / "starter"
    engine = (starter / "engine.py").read_text(encoding="utf-8")
    (starter / "engine.py").unlink()
    write(starter / "hw", {"micrograd/__init__.py": INIT, "micrograd/engine.py": engine, "train.py": COURSE_TRAIN,
                           "tests/test_engine.py": COURSE_TESTS})
    texts = hand_in_texts()
    for sid, files in texts.items():
        if (target / "submissions" / sid).exists():
            shutil.rmtree(target / "submissions" / sid)
        write(target / "submissions" / sid, files)
    return sorted(texts)
