"""filled(starter, spec): the starter with each `# TODO(дз2) KEY` body replaced by spec[KEY] (indented as the
`raise NotImplementedError` it replaces); spec["keep_todo"] keeps the TODO comment lines; spec["header"] goes on
top, spec["footer"] at the bottom."""

import textwrap

KEYS = ("backward", "topo_order", "rule_add", "rule_mul", "rule_pow", "rule_relu", "rule_tanh", "rule_exp", "rule_log")


def filled(starter: str, spec: dict) -> str:
    lines = starter.splitlines(keepends=True)
    out = []
    i = 0
    while i < len(lines):
        line = lines[i]
        marker = line.strip()
        if marker.startswith("# TODO(дз2) "):
            key = marker.split()[2].rstrip(":")
            raise_line = lines[i + 1]
            assert raise_line.strip() == "raise NotImplementedError", key
            indent = raise_line[: len(raise_line) - len(raise_line.lstrip())]
            if spec.get("keep_todo"):
                out.append(line)
            out.append(textwrap.indent(textwrap.dedent(spec[key]).strip("\n") + "\n", indent))
            i += 2
            continue
        out.append(line)
        i += 1
    return spec.get("header", "") + "".join(out) + spec.get("footer", "")
