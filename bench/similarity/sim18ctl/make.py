"""Fresh controls for session 24's sim18 (04-more-ops, by hand): each file is the starter with its eight TODO regions
filled by the answers below (typed by hand). design/: looked at while the change was designed; held/: measured only."""
import re, sys
from pathlib import Path
HERE = Path(__file__).parent
STARTER = (HERE.parent.parent.parent / "exercises" / "04-more-ops" / "engine.py").read_text()

def fill(answers: dict) -> str:
    out = STARTER
    for name, body in answers.items():
        pattern = re.compile(r"( *)# TODO\(04-more-ops\): your code here\n *raise NotImplementedError\(\"04-more-ops: write Value\." + re.escape(name) + r"\"\)\n")
        m = pattern.search(out)
        assert m, name
        indent = m.group(1)
        # a line that begins with "@" is at the class's level (a helper method after the answer)
        text = "".join(((indent[4:] + line[1:] if line.startswith("@") else indent + line) if line.strip() else "")
                       + "\n" for line in body.strip("\n").splitlines())
        out = out[:m.start()] + text + out[m.end():]
    assert "TODO" not in out
    return out

FILES = {}
FILES["design/ines.py"] = {
    "__pow__": '''
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    # regla de la potencia: k * x^(k-1)
    slope = k * self.data ** (k - 1)
    self.grad += slope * out.grad

out._backward = _backward
return out
''',
    "exp": '''
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    # la derivada de e^x es e^x, o sea la salida
    slope = out.data
    self.grad += slope * out.grad

out._backward = _backward
return out
''',
    "log": '''
out = Value(math.log(self.data), (self,), "log")

def _backward():
    # 1/x con x la entrada
    slope = 1 / self.data
    self.grad += slope * out.grad

out._backward = _backward
return out
''',
    "__neg__": '''
negado = self * -1
return negado
''',
    "__sub__": '''
opuesto = -other
return self + opuesto
''',
    "__rsub__": '''
opuesto = -self
return other + opuesto
''',
    "__truediv__": '''
inverso = other ** -1
return self * inverso
''',
    "__rtruediv__": '''
inverso = self ** -1
return other * inverso
''',
}
# a renamed copy of ines (level 2): the locals renamed, the comments translated, one dropped
FILES["design/ines_copy.py"] = {k: v.replace("slope", "rate").replace("negado", "flipped").replace("opuesto", "minus")
                                .replace("inverso", "recip")
                                .replace("# regla de la potencia: k * x^(k-1)", "# power rule: k * x^(k-1)")
                                .replace("    # la derivada de e^x es e^x, o sea la salida\n", "")
                                .replace("# 1/x con x la entrada", "# 1/x where x is the input")
                                for k, v in FILES["design/ines.py"].items()}
FILES["design/piet.py"] = {
    "__pow__": '''
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    dx = k * self.data ** (k - 1)  # machtsregel
    self.grad += dx * out.grad

out._backward = _backward
return out
''',
    "exp": '''
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    dx = out.data  # e^x is zijn eigen afgeleide
    self.grad += dx * out.grad

out._backward = _backward
return out
''',
    "log": '''
out = Value(math.log(self.data), (self,), "log")

def _backward():
    dx = 1 / self.data
    self.grad += dx * out.grad

out._backward = _backward
return out
''',
    "__neg__": "return self * -1",
    "__sub__": "return self + (-other)",
    "__rsub__": "return other + (-self)",
    "__truediv__": "return self * other ** -1",
    "__rtruediv__": "return other * self ** -1",
}
FILES["design/sven.py"] = {
    "__pow__": '''
result = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    self.grad += k * (self.data ** (k - 1)) * result.grad

result._backward = _backward
return result
''',
    "exp": '''
e = math.exp(self.data)
result = Value(e, (self,), "exp")

def _backward():
    self.grad += e * result.grad  # d/dx e^x = e^x

result._backward = _backward
return result
''',
    "log": '''
result = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += result.grad / self.data  # d/dx ln x = 1/x

result._backward = _backward
return result
''',
    "__neg__": "return -1 * self",
    "__sub__": "return self + other * -1",
    "__rsub__": "return self * -1 + other",
    "__truediv__": "return self * (other ** -1)",
    "__rtruediv__": "return (self ** -1) * other",
}
FILES["held/wen.py"] = {
    "__pow__": '''
return self._make(self.data ** k, lambda: k * self.data ** (k - 1), f"**{k}")
''',
    "exp": '''
return self._make(math.exp(self.data), lambda: math.exp(self.data), "exp")
''',
    "log": '''
return self._make(math.log(self.data), lambda: 1 / self.data, "log")

@def _make(self, value, deriv, label):
@    # yi ge fu jie dian de xin jie dian; deriv() gei chu ju bu dao shu
@    out = Value(value, (self,), label)

@    def _backward():
@        self.grad += deriv() * out.grad  # lian shi fa ze

@    out._backward = _backward
@    return out
''',
    "__neg__": "return self * -1",
    "__sub__": "return self + (-other)",
    "__rsub__": "return other + (-self)",
    "__truediv__": "return self * other ** -1  # chu yi ge shu jiu shi cheng ta de dao shu",
    "__rtruediv__": "return other * self ** -1",
}
# a verbatim copy of wen (level 1): comments reworded into English, one dropped
FILES["held/wen_copy.py"] = {k: v.replace("# yi ge fu jie dian de xin jie dian; deriv() gei chu ju bu dao shu",
                                          "# new node with one parent; deriv() returns the local derivative")
                             .replace("  # lian shi fa ze", "  # chain rule")
                             .replace("  # chu yi ge shu jiu shi cheng ta de dao shu", "")
                             for k, v in FILES["held/wen.py"].items()}
FILES["held/lola.py"] = {
    "__pow__": '''
node = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    local_grad = k * self.data ** (k - 1)
    self.grad += local_grad * node.grad

node._backward = _backward
return node
''',
    "exp": '''
node = Value(math.exp(self.data), (self,), "exp")

def _backward():
    local_grad = node.data
    self.grad += local_grad * node.grad

node._backward = _backward
return node
''',
    "log": '''
node = Value(math.log(self.data), (self,), "log")

def _backward():
    local_grad = 1 / self.data
    self.grad += local_grad * node.grad

node._backward = _backward
return node
''',
    "__neg__": '''
flipped = self * -1
return flipped
''',
    "__sub__": '''
flipped = -other
return self + flipped
''',
    "__rsub__": "return other + (-self)",
    "__truediv__": '''
recip = other ** -1
return self * recip
''',
    "__rtruediv__": "return other * self ** -1",
}
FILES["held/bram.py"] = {
    "__pow__": '''
out = Value(self.data ** k, (self,), f"**{k}")

def _backward():
    der = k * self.data ** (k - 1)
    self.grad += der * out.grad  # chain rule, d(x^k) = k x^(k-1)

out._backward = _backward
return out
''',
    "exp": '''
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    der = out.data
    self.grad += der * out.grad

out._backward = _backward
return out
''',
    "log": '''
out = Value(math.log(self.data), (self,), "log")

def _backward():
    der = 1 / self.data
    self.grad += der * out.grad

out._backward = _backward
return out
''',
    "__neg__": "return self * -1",
    "__sub__": '''
neg = -other
return self + neg
''',
    "__rsub__": '''
neg = -self
return other + neg
''',
    "__truediv__": "return self * other ** -1",
    "__rtruediv__": "return other * self ** -1",
}

COPIES = {"design": [("ines", "ines_copy")], "held": [("wen", "wen_copy")]}

if __name__ == "__main__":
    for path, answers in FILES.items():
        target = HERE / path
        target.parent.mkdir(exist_ok=True)
        target.write_text(fill(answers))
    print("written", len(FILES))
