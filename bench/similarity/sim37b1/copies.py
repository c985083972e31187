"""Makes every level 1-3 copy of main/submissions from its source, with copier.py's steps (run once by hand, after
write.py: python copies.py). The level-4 copies (s371, s385, s399) were typed by hand."""

from pathlib import Path

from copier import annotate, drop_comments, formfeed, packed, parens, quotes, rename, reorder, replace, written_out

HERE = Path(__file__).resolve().parent / "main" / "submissions"


def read(name):
    return (HERE / f"{name}.py").read_text(encoding="utf-8")


def write(name, text):
    (HERE / f"{name}.py").write_text(text, encoding="utf-8")


def main():
    # c1, level 1: Zara's file handed in by Yara as it is
    write("s402", read("s301"))
    # c2, level 1: Oleg's file with Ines's name in the header, a blank line at the end
    write("s409", replace(read("s308"), {"# Oleg P., workshop 3": "# Ines V. -- workshop 3"}) + "\n")
    # c3, level 1 + evasion: Noor's file with a form feed inside the first TODO comment
    write("s416", formfeed(read("s315"), "# TODO Task 1a"))
    # c4, level 2: Yuki's file by Pavel: renames, the Japanese comments translated into English
    text = rename(read("s322"), {"parent_grad": "upstream", "position": "rank", "order": "topo",
                                 "stack": "todo", "node": "n", "parent": "p", "backward_fn": "backward_fn"})
    text = replace(text, {
        "# 和の微分はどちらも 1": "# sum: both derivatives are 1",
        "# 積の微分: 相手の値 × 上流の勾配": "# product: the other value times the upstream grad",
        "# 指数は定数なので底だけに勾配": "# constant exponent, only the base gets a gradient",
        "# 0 のときも傾きは 0": "# slope is 0 at 0 too",
        "# 出力 y を使って 1 - y^2": "# use the output y: 1 - y^2",
        "# 自分自身が微分": "# derivative is itself",
        "# 入力 x で割る (出力ではない)": "# divide by the input x (not the output)",
        "# 位置の辞書でトポロジカル順序を作る": "# build the topological order with a dict of ranks",
    })
    write("s423", text)
    # c5, level 2 + evasion: Lucas's file by Mira: renames, two comments added, then `: float` on every assignment
    text = rename(read("s329"), {"lhs": "left", "rhs": "right", "result": "res", "_flow": "_send",
                                 "sequence": "ordered", "pending": "stack", "current": "cur", "inp": "src"})
    text = replace(text, {"        visited = {}\n": "        # visited: node -> True once its parents are pushed\n"
                                                      "        visited = {}\n",
                          "        self.grad = 1.0\n        for cur": "        # seed, then run the rules backwards\n"
                                                                       "        self.grad = 1.0\n        for cur"})
    write("s430", annotate(text))
    # c5 again, level 3: Lucas's file by Theo, who never saw Mira's: renamed, reordered, restyled, no comments
    text = rename(read("s329"), {"lhs": "a", "rhs": "b", "result": "y", "_flow": "_bw", "sequence": "topo",
                                 "pending": "work", "current": "node", "inp": "x", "base": "x", "visited": "seen"})
    text = reorder(drop_comments(text), ["backward", "__mul__", "__add__", "tanh", "relu", "log", "exp", "__pow__"])
    write("s437", quotes(written_out(text)))
    # c6, level 2 + evasion: Hannah's file by Jan: renames, comments rewritten, then packed with zlib + base64, exec
    text = rename(read("s336"), {"anderer": "andere", "ausgang": "aus", "eingang": "ein", "rueck": "zurueck",
                                 "reihenfolge": "topo_liste", "knoten": "k", "elter": "vorgaenger",
                                 "stapel": "offen", "bereit": "erledigt", "fertig": "gesehen"})
    text = replace(text, {"# beide Eingaenge bekommen den Gradienten unveraendert": "# Summenregel",
                          "# jeder Faktor bekommt den Wert des anderen Faktors": "# Produktregel",
                          "# nur positive Eingaenge leiten weiter": "# relu: 1 fuer x > 0",
                          "# Tiefensuche mit Stapel; Knoten erst nach allen Eltern": "# DFS ohne Rekursion"})
    write("s444", packed(text))
    # c7, level 3 + evasion: Owen's file by Ji-ho: renamed, reordered, restyled, then `; ()` after every statement
    text = rename(read("s343"), {"total": "s", "product": "prod", "powered": "pw", "rectified": "r",
                                 "squashed": "th", "grown": "ex", "shrunk": "lg", "slope": "d", "explore": "frontier",
                                 "collect": "nodes", "met": "visited", "uses": "refcount", "ready": "queue",
                                 "operand": "o", "left": "l", "right": "r2"})
    text = reorder(drop_comments(text), ["backward", "relu", "tanh", "exp", "log", "__pow__", "__add__", "__mul__"])
    write("s451", parens(quotes(written_out(text))))
    # c8, level 3: Farah's file by Bianca: renamed, comments dropped, reordered, restyled
    text = rename(read("s350"), {"s": "total", "p": "prod", "r": "res", "t": "th", "e": "ex", "ordem": "order",
                                 "vistos": "seen", "pilha": "stack", "topo_no": "top", "faltam": "todo",
                                 "prox": "nxt", "no": "node"})
    text = reorder(drop_comments(text), ["tanh", "relu", "exp", "log", "__mul__", "__add__", "__pow__", "backward"])
    write("s458", quotes(written_out(text)))
    # c9, level 3: Igor's file by Musa: renamed, reordered, restyled, a comment of his own
    text = rename(read("s357"), {"node": "out", "grads": "links", "target": "src", "factor": "local",
                                 "depth_first": "post", "done": "visited", "agenda": "stack", "top": "cur",
                                 "rest": "it", "nxt": "child", "positive": "pos"})
    text = reorder(drop_comments(text), ["__mul__", "__add__", "backward", "exp", "log", "tanh", "relu", "__pow__"])
    text = replace(text, {"        self.grad = 1.0\n": "        self.grad = 1.0  # seed\n"})
    write("s465", quotes(written_out(text)))


if __name__ == "__main__":
    main()
