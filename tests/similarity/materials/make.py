"""Writes forms/: sim42b1's TA hint (bench/similarity/sim42b1/materials/ta-hint/hint.md) in every text form an
instructor plausibly has it in, one folder a form, each passed alone as `--public` (test_materials.py). The class in
class/ is eight of sim42b1's notebooks: Uma and Victor, the two honest students who pasted the hint, and six others
(an independent three, Yusuf and his level-1 copy Gabe, Zofia and her level-2 copy Ines). Run it to write forms/
again: `python tests/similarity/materials/make.py`."""

import json
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
POST = HERE.parents[2] / "bench" / "similarity" / "sim42b1" / "materials" / "ta-hint" / "hint.md"
TEXT = POST.read_text(encoding="utf-8")
HEAD, CODE, TAIL = re.match(r"(.*?)```python\n(.*?)```\n(.*)", TEXT, re.S).groups()
LINES = CODE.rstrip("\n").split("\n")


def doctest(lines):
    """The code as a doctest session: `>>> ` before each statement's first line, `... ` before the rest."""
    out = []
    for line in lines:
        out.append(("... " if line.startswith((" ", "\t")) or line.startswith("else") else ">>> ") + line)
    return "\n".join(out) + "\n... \n"


def notebook(cells):
    return json.dumps({"cells": [{"cell_type": kind, "metadata": {}, "source": source,
                                  **({"execution_count": None, "outputs": []} if kind == "code" else {})}
                                 for kind, source in cells],
                       "metadata": {}, "nbformat": 4, "nbformat_minor": 4}, indent=1) + "\n"


def html(code):
    """A forum's page: the code in <pre><code>, highlighted in spans, with entities."""
    spans = re.sub(r"\b(while|for|if|else|in|not)\b", r'<span class="k">\1</span>', code.replace("&", "&amp;"))
    return (f"<html><body><div class=\"post\"><p>{HEAD.strip()}</p>\n<pre><code class=\"language-python\">{spans}"
            f"</code></pre>\n<p>{TAIL.strip()}</p></div></body></html>\n")


FORMS = {
    "fenced/hint.md": TEXT,
    "indented/hint.md": HEAD + "\n".join("    " + line if line else "" for line in LINES) + "\n\n" + TAIL,
    "tilde/hint.md": TEXT.replace("```python", "~~~").replace("```", "~~~"),
    "code-cell/hint.ipynb": notebook([("markdown", HEAD), ("code", CODE), ("markdown", TAIL)]),
    "markdown-cell/hint.ipynb": notebook([("markdown", TEXT)]),
    "pre/hint.html": html(CODE),
    "code/hint.html": f"<p>{HEAD.strip()}</p><p><code>{'<br>'.join(LINES).replace(' ', '&nbsp;')}</code></p>\n",
    "doctest/hint.txt": HEAD + doctest(LINES) + "\n" + TAIL,
    "doctest-fenced/hint.md": HEAD + "```pycon\n" + doctest(LINES) + "```\n" + TAIL,
    "plain/hint.txt": HEAD + CODE + "\n" + TAIL,
    "python/hint.py": CODE,
    "not-code/hint.md": HEAD + "```text\n" + CODE + "```\n" + TAIL,  # a block tagged as another language
    "not-read/hint.rst": HEAD + "::\n\n" + "\n".join("    " + line for line in LINES) + "\n\n" + TAIL,
}

if __name__ == "__main__":
    for name, text in FORMS.items():
        path = HERE / "forms" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
