"""Writes sim39b1 (python bench/similarity/sim39b1/write.py): the starter fillers, the course texts, the hard negatives,
the level 1-3 copies, the public copies and labels.json. The whole engines from scratch and the level-4 copies are typed
by hand into main/submissions/ and only read here."""

import re
import sys
import textwrap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import copier  # noqa: E402
import copies  # noqa: E402
import fillers  # noqa: E402

HERE = Path(__file__).resolve().parent
STARTER = HERE / "starter" / "engine.py"
TODO = re.compile(r"^        # TODO\(ps1\) (Q\w+)\n        raise NotImplementedError\(\"\1\"\)\n", re.M)


def body(spec, question):
    """The student's body for QUESTION: their own if they typed one, else their way with their names and comments."""
    own = {**spec.get("own", {}), **spec.get("own_bug", {})}
    if question in own:
        text = own[question]
    else:
        index = list(fillers.WAYS).index(question)
        way = fillers.WAYS[question][int(spec["ways"][index])]
        remarks = fillers.COMMENTS[spec["lang"]]
        remark = remarks[{"Q7": 1, "Q8": 0}.get(question, 2)]  # what the student's comment is about
        text = way.replace("{o}", spec["o"]).replace("{c}", remark).replace("{s}", remarks[3])
        text = text.replace("{{", "{").replace("}}", "}")
    lines = [line.rstrip() for line in text.split("\n")]
    lines = [line for line in lines if line]  # a way whose comment line is empty for this student loses it
    return lines


def filled(starter, spec):
    """STARTER with every TODO body replaced by SPEC's (the TODO line kept with `keep_todo`), `head` after the module
    docstring and `extra` before the alias at the bottom."""
    def fill(match):
        lines = body(spec, match.group(1))
        kept = match.group(0).split("\n")[0] + "\n" if spec.get("keep_todo") else ""
        return kept + "".join(("        " + line if line else "") + "\n" for line in lines)
    text = TODO.sub(fill, starter)
    if spec.get("head"):
        text = text.replace('"""\n\nimport math\n', '"""\n\nimport math' + spec["head"], 1)
    if spec.get("extra"):
        text = text.replace("\n\nValue = Node", spec["extra"] + "\n\nValue = Node", 1)
    return text


def main():
    starter = STARTER.read_text(encoding="utf-8")
    out = HERE / "main" / "submissions"
    out.mkdir(parents=True, exist_ok=True)
    for name, spec in {**fillers.FILES, **fillers.SOURCES}.items():
        (out / f"{name}.py").write_text(filled(starter, spec), encoding="utf-8")
    for folder, spec in (("lecture", copies.LECTURE), ("ta-post", copies.TA)):
        (HERE / "materials" / folder).mkdir(parents=True, exist_ok=True)
        (HERE / "materials" / folder / "engine.py").write_text(filled(starter, spec), encoding="utf-8")
    for name, (spec, header) in copies.HARD.items():
        (out / f"{name}.py").write_text(header + filled(starter, spec), encoding="utf-8")
    for name, make in copies.COPIES.items():
        (out / f"{name}.py").write_text(make(out), encoding="utf-8")
    for name, make in copies.PUBLIC_COPIES.items():
        (out / f"{name}.py").write_text(make(), encoding="utf-8")
    import json
    (HERE / "labels.json").write_text(json.dumps({"main": copies.labels()}, indent=1, sort_keys=True,
                                                 ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
