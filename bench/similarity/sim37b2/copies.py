"""Makes every copy of main/submissions from its source with sim37b1/copier.py's steps, and the public copies from
public/engine.py (run once by hand, after write.py: python copies.py). The level-4 copy s486 was typed by hand."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.append(str(HERE.parent / "sim37b1"))  # copier.py; write.py is this folder's

from copier import annotate, drop_comments, formfeed, packed, parens, quotes, rename, reorder, replace, written_out  # noqa: E402,E501

import write  # noqa: E402

SUBMISSIONS = HERE / "main" / "submissions"


def read(name):
    return (SUBMISSIONS / f"{name}.py").read_text(encoding="utf-8")


def save(name, text):
    (SUBMISSIONS / f"{name}.py").write_text(text, encoding="utf-8")


def main():
    # c1, level 1 + evasion: Olu's file verbatim with a form feed inside his first note
    save("s409", formfeed(read("s402"), "# Olu's notes on the rule (written for myself before the quiz):"))
    # c2, level 1: Wen's file with a comment naming Ali at the top
    save("s423", "# Ali H. -- 01-mul-backward\n" + read("s416"))
    # c3, level 2 + evasion: Paula's file by Rui: renames, comments rewritten, then `: float` on every assignment
    text = rename(read("s430"), {"dself": "ds", "dother": "do", "price": "p", "qty": "q", "total": "t"})
    text = replace(text, {"# local slope w.r.t. self": "# slope for self", "# local slope w.r.t. other":
                          "# slope for other", "# extra (not asked): subtraction and division out of + and *":
                          "# bonus: - and /"})
    save("s437", annotate(text))
    # c3 again, level 3: Paula's file by Eva, who never saw Rui's: renamed, comments dropped, moved, restyled
    text = rename(read("s430"), {"dself": "g_self", "dother": "g_other", "price": "x", "qty": "y", "total": "prod"})
    text = reorder(drop_comments(text), ["__init__", "__mul__", "__add__", "__truediv__", "__sub__", "__neg__"])
    save("s444", quotes(text))
    # c4, level 2 + evasion: Idris's file by Lea: renames, docstring rewritten, then packed with zlib + base64, exec
    text = rename(read("s451"), {"upstream": "g", "grads": "gradients_of", "a_val": "x0", "b_val": "y0"})
    text = replace(text, {'"""The gradients of VALUES as a list, rounded for printing."""':
                          '"""Rounded gradients of the given Values."""'})
    save("s458", packed(text))
    # c5, level 3 + evasion: Marta's file by Nico: renamed, comments dropped, restyled, `; ()` after every statement
    text = rename(read("s465"), {"ab": "prod", "L": "loss", "name": "label", "v": "node"})
    text = reorder(drop_comments(text), ["__mul__", "relu", "__add__"])
    save("s472", parens(quotes(text)))

    # the public copies of the blog post's code (public/engine.py, CC0)
    blog = (HERE / "public" / "engine.py").read_text(encoding="utf-8")
    start = blog.index("            upstream = out.grad  # dL/d(out)")
    lines = blog[start:blog.index("        out._backward = _backward", start)].rstrip("\n")
    body = "\n".join(line[12:] for line in lines.splitlines())
    tail = blog[blog.index("\n\ndef show("):]
    starter = write.STARTER.read_text(encoding="utf-8")
    # P1, level 1: the post's rule pasted into the starter with its comments, its show() and demo at the end
    save("s601", write.filled(starter, {"mul": body}) + tail.rstrip("\n")[1:] + "\n")
    # P2, level 1: the post's whole file handed in
    save("s608", blog)
    # P3, level 2: the post's rule pasted and renamed, comments reworded
    renamed = rename(body, {"upstream": "grad_out", "local_self": "slope_a", "local_other": "slope_b"})
    renamed = replace(renamed, {"# dL/d(out), already filled in by the caller": "# gradient arriving from above",
                                "# chain rule, factor 1": "# a", "# chain rule, factor 2": "# b"})
    save("s615", write.filled(starter, {"mul": renamed}))
    # P4, level 2: the post's rule and demo, renamed, every comment removed
    text = write.filled(starter, {"mul": body}) + tail.rstrip("\n")[1:] + "\n"
    text = rename(text, {"upstream": "u", "local_self": "ls", "local_other": "lo", "show": "report", "ab": "p",
                         "L": "out_node"})
    save("s622", drop_comments(text))
    # P5, level 3: the post's rule restyled (one line each, no locals), its demo renamed, methods moved
    restyled = "g = out.grad\nself.grad, other.grad = other.data * g, self.data * g\n"
    text = write.filled(starter, {"mul": restyled}) + tail.rstrip("\n")[1:] + "\n"
    text = rename(text, {"show": "print_grads", "ab": "prod", "L": "loss", "values": "named"})
    save("s629", quotes(reorder(drop_comments(text), ["__init__", "__mul__", "__add__", "__repr__"])))


if __name__ == "__main__":
    main()
