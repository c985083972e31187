"""Writes bench/similarity/sim36q/ once (session 36, sim36q): a class on 11-fit-line whose public text's loss and loop
are the shape the exercise's README dictates (not the course reference's: a running sum where the reference sums a
list). Kept for the record of how the files were made; sim36q.py builds and checks them."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
CLASS = HERE / "sim36q"
STARTER = HERE.parents[1] / "exercises" / "11-fit-line" / "fit_line.py"
HOLE_MSE = '''    # TODO(11-fit-line): your code here
    raise NotImplementedError("11-fit-line: write mse")
'''
HOLE_TRAIN = '''    # TODO(11-fit-line): your code here
    raise NotImplementedError("11-fit-line: write train_line_history")
'''


def filled(mse: str, train: str, tail: str = "") -> str:
    starter = STARTER.read_text(encoding="utf-8")
    assert HOLE_MSE in starter and HOLE_TRAIN in starter
    return starter.replace(HOLE_MSE, mse).replace(HOLE_TRAIN, train) + tail


def mse_body(form, acc, start, pred, plus, mean, note):
    """One student's mse: a running sum (FORM loop or index), or a generator's sum (gen)."""
    lines = [f"    # {note}"] if note else []
    if form == "gen":
        lines.append(f"    return sum((w * x + b - y) ** 2 for x, y in zip(XS, YS)) {mean}")
        return "\n".join(lines) + "\n"
    lines.append(f"    {acc} = {start}")
    lines.append("    for x, y in zip(XS, YS):" if form == "loop" else "    for i in range(len(XS)):")
    x, y = ("x", "y") if form == "loop" else ("XS[i]", "YS[i]")
    if pred:
        lines.append(f"        {pred} = w * {x} + b")
        err = f"({pred} - {y}) ** 2"
    else:
        err = f"(w * {x} + b - {y}) ** 2"
    lines.append(f"        {acc} += {err}" if plus else f"        {acc} = {acc} + {err}")
    lines.append(f"    return {acc} {mean}")
    return "\n".join(lines) + "\n"


def train_body(pair, var, loss, zero, update, order, notes):
    """One student's loop: leaves, (forward, note the loss, clear, backward, update) STEPS times, the last loss."""
    lines = []
    if pair:
        lines.append("    w, b = Value(W_START), Value(B_START)")
    else:
        lines += ["    w = Value(W_START)", "    b = Value(B_START)"]
    lines.append("    losses = []")
    lines.append(f"    for {var} in range(steps):")
    lines.append(f"        {loss} = mse(w, b)")
    note = [f"        losses.append({loss}.data)"]
    clear = ([f"        w.grad = {zero}", f"        b.grad = {zero}"] if zero != "chain"
             else ["        w.grad = b.grad = 0"])
    if notes:
        clear.insert(0, f"        # {notes[0]}")
    back = [f"        {loss}.backward()"]
    if order == "note-first":
        lines += note + clear + back
    else:
        lines += clear + note + back
    if notes:
        lines.append(f"        # {notes[1]}")
    if update == "minus":
        lines += ["        w.data -= learning_rate * w.grad", "        b.data -= learning_rate * b.grad"]
    elif update == "long":
        lines += ["        w.data = w.data - learning_rate * w.grad", "        b.data = b.data - learning_rate * b.grad"]
    else:
        lines += ["        for p in (w, b):", "            p.data -= learning_rate * p.grad"]
    lines.append("    losses.append(mse(w, b).data)")
    lines.append("    return w.data, b.data, losses")
    return "\n".join(lines) + "\n"


NOTES = [None, None, None, ("zero the grads", "gradient step"), ("reset gradients", "update"),
         ("clear old gradients", "step downhill"), ("backward accumulates, so clear first", "move against the gradient")]
MSE_NOTES = ["", "", "", "", "mean squared error", "average of squared errors", "MSE over the four points"]

# the tutorial's code: the README's loop, the running-sum loss with a `pred`; its own words (two comments) and demo
TUTORIAL_MSE = '''    # Sum the squared error of each point, then divide: the mean keeps the step size
    # independent of how many points there are.
    total = 0
    for x, y in zip(XS, YS):
        pred = w * x + b
        total = total + (pred - y) ** 2
    return total / len(XS)
'''
TUTORIAL_TRAIN = '''    w = Value(W_START)
    b = Value(B_START)
    losses = []
    for step in range(steps):
        loss = mse(w, b)
        losses.append(loss.data)
        # backward() adds into .grad, so wipe last step's gradients first
        w.grad = 0
        b.grad = 0
        loss.backward()
        w.data -= learning_rate * w.grad
        b.data -= learning_rate * b.grad
    losses.append(mse(w, b).data)
    return w.data, b.data, losses
'''
TUTORIAL_DEMO = '''

if __name__ == "__main__":
    # Watch the line settle: print w, b and the loss every 200 steps (the post's table 1).
    for n in range(0, 1001, 200):
        w, b, loss = train_line(n, 0.05)
        print(f"{n:5d}  w={w:.6f}  b={b:.6f}  loss={loss:.3e}")
'''


def main() -> None:
    rng = random.Random(3637)
    subs, labels = {}, {}
    ids = rng.sample(range(100, 1000), 60)

    def add(text, **label):
        sid = f"s{ids.pop()}"
        subs[sid] = text
        labels[sid] = {"cluster": None, "level": None, **label}
        return sid

    # 22 honest fillers: the README's loop, each with one student's small choices; the running sum is the likeliest
    for k in range(22):
        m = dict(form=rng.choice(["loop"] * 6 + ["index", "gen"]), acc=rng.choice(["total", "total", "loss", "s"]),
                 start=rng.choice(["0", "0", "0.0", "Value(0)"]), pred=rng.choice([None, None, "pred", "y_hat"]),
                 plus=rng.random() < 0.4, mean=rng.choice(["/ len(XS)", "/ len(XS)", "/ 4"]),
                 note=rng.choice(MSE_NOTES))
        t = dict(pair=rng.random() < 0.3, var=rng.choice(["_", "_", "step", "i"]), loss=rng.choice(["loss", "loss", "L"]),
                 zero=rng.choice(["0", "0", "0.0", "chain"]), update=rng.choice(["minus", "minus", "long", "params"]),
                 order=rng.choice(["note-first", "note-first", "clear-first"]), notes=rng.choice(NOTES))
        add(filled(mse_body(**m), train_body(**t)),
            kind=f"independent: the README's loop, {json.dumps({**m, **t}, sort_keys=True)} (I{k:02d})")
    # a copy pair whose code is mostly the text's (the README's) shape, with a few choices of their own beyond it
    src_mse = '''    total = 0
    for x, y in zip(XS, YS):
        pred = w * x + b
        total = total + (pred - y) ** 2
    return total / len(XS)
'''
    src_train = '''    w = Value(W_START)
    b = Value(B_START)
    losses = []
    for step in range(steps):
        loss = mse(w, b)
        losses.append(loss.data)
        w.grad = 0
        b.grad = 0
        loss.backward()
        w.data -= learning_rate * w.grad
        b.data -= learning_rate * b.grad
        if step % 250 == 0 and DEBUG:  # Tomas: watch it on long runs
            print("step", step, "loss", round(losses[-1], 5))
    losses.append(mse(w, b).data)
    return w.data, b.data, losses
'''
    src_tail = '''

DEBUG = False  # flip to True to see the loss every 250 steps
'''
    add(filled(src_mse, src_train, src_tail), cluster="c1", level=1,
        kind="source: Tomas: the README's loop as the text writes it, a DEBUG print every 250 steps (C1 source)")
    add(filled(src_mse, src_train, src_tail), cluster="c1", level=1, kind="copy (level 1): Tomas's file verbatim (C1 L1)")
    l2_train = re.sub(r"\bstep\b", "it", src_train).replace('"it"', '"step"')
    add(filled(src_mse.replace("total", "acc"), l2_train, src_tail.replace("DEBUG", "VERBOSE")).replace(
        "DEBUG", "VERBOSE"), cluster="c1", level=2,
        kind="copy (level 2): Tomas's file with replace-all renames (total->acc, step->it, DEBUG->VERBOSE) (C1 L2)")
    # public copies of the tutorial
    add(filled(TUTORIAL_MSE, TUTORIAL_TRAIN, TUTORIAL_DEMO), cluster="public", level=1,
        public_source="public/fit_line.py", kind="public copy (level 1): the tutorial's code, comments and demo (P1)")
    add(filled(TUTORIAL_MSE, TUTORIAL_TRAIN), cluster="public", level=1, public_source="public/fit_line.py",
        kind="public copy (level 1): the tutorial's two functions with their comments, no demo (P2)")
    p3_mse = TUTORIAL_MSE.replace("total", "running").replace("pred", "guess")
    add(filled(p3_mse, re.sub(r"\bstep\b", "k", TUTORIAL_TRAIN).replace("last k's", "last step's"),
               TUTORIAL_DEMO.replace("n in", "m in").replace("(n,", "(m,").replace("{n:", "{m:")), cluster="public",
        level=2, public_source="public/fit_line.py",
        kind="public copy (level 2): total->running, pred->guess, step->k, the comments and demo kept (P3)")
    # hard negatives: the README's steps as comments (h1), the README's Try-it lines (h2)
    steps_train = '''    w, b = Value(W_START), Value(B_START)
    losses = []
    for _ in range(steps):
        # forward: the loss mse(w, b), and note its .data
        loss = mse(w, b)
        losses.append(loss.data)
        # clear both gradients (set them to 0), then backward() on the loss
        w.grad = 0
        b.grad = 0
        loss.backward()
        # update: move each parameter against its gradient
        w.data -= learning_rate * w.grad
        b.data -= learning_rate * b.grad
    losses.append(mse(w, b).data)
    return w.data, b.data, losses
'''
    add(filled(mse_body("loop", "total", "0", None, True, "/ len(XS)", ""), steps_train), hard_pair="h1",
        kind="hard negative: the README's steps as comments over its lines (H1a)")
    add(filled(mse_body("gen", "", "", None, False, "/ len(XS)", ""), steps_train.replace(" = 0\n", " = 0.0\n")),
        hard_pair="h1", kind="hard negative: the README's steps as comments, a generator's sum, 0.0 (H1b)")
    tryit = '''

if __name__ == "__main__":
    print(train_line(1, 0.05))
    w, b, final_loss = train_line(1000, 0.05)
    print(round(w, 6), round(b, 6), final_loss < 1e-20)
    print(train_line_history(5, 0.3)[2])
'''
    add(filled(mse_body("loop", "s", "0", "y_hat", False, "/ 4", ""),
               train_body(False, "_", "loss", "0", "long", "note-first", None), tryit), hard_pair="h2",
        kind="hard negative: the README's loop and its Try-it lines under __main__ (H2a)")
    add(filled(mse_body("index", "loss", "0.0", None, True, "/ len(XS)", ""),
               train_body(True, "i", "L", "chain", "minus", "clear-first", None), tryit), hard_pair="h2",
        kind="hard negative: an index loop, the README's Try-it lines under __main__ (H2b)")
    out = CLASS / "main" / "submissions"
    out.mkdir(parents=True, exist_ok=True)
    for sid, text in subs.items():
        (out / f"{sid}.py").write_text(text, encoding="utf-8")
    (CLASS / "labels.json").write_text(json.dumps({"main": labels}, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    (CLASS / "public").mkdir(exist_ok=True)
    tutorial = '''"""Companion code of a blog post, "Your first training loop: fitting a line with a tiny autograd engine" (a
stand-in written for this class, CC0: public/LICENSE). The engine is the post's part one."""

from engine import Value

XS = (0.0, 1.0, 2.0, 3.0)
YS = (1.0, 3.0, 5.0, 7.0)
W_START, B_START = -1.0, 0.0


def mse(w, b):
''' + TUTORIAL_MSE + '''

def train_line_history(steps, learning_rate):
''' + TUTORIAL_TRAIN + '''

def train_line(steps, learning_rate):
    w, b, losses = train_line_history(steps, learning_rate)
    return w, b, losses[-1]
''' + TUTORIAL_DEMO
    (CLASS / "public" / "fit_line.py").write_text(tutorial, encoding="utf-8")
    (CLASS / "public" / "LICENSE").write_text("CC0 1.0: written for this benchmark class by sim36q (session 36); "
                                              "no rights reserved.\n", encoding="utf-8")


if __name__ == "__main__":
    main()
