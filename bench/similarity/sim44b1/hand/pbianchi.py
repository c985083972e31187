"""HW5 Paola Bianchi

Il mio motore e' un po' come PyTorch: ogni nodo ha una grad_fn che, dato il
gradiente in uscita, restituisce i gradienti dei suoi genitori. backward()
accumula tutto in un dizionario e scrive .grad solo alla fine.
"""


class Value:
    def __init__(self, data, parents=(), grad_fn=None, name=""):
        self.data = data
        self.grad = 0
        self.parents = parents
        self.grad_fn = grad_fn
        self.name = name

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), lambda g: (g, g), "add")

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        x, y = self.data, other.data
        return Value(x * y, (self, other), lambda g: (g * y, g * x), "mul")

    def relu(self):
        x = self.data
        return Value(x if x > 0 else 0, (self,), lambda g: (g if x > 0 else 0,), "relu")

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def _ordine(self):
        # DFS iterativa: (nodo, gia' espanso?)
        out, visti, pila = [], set(), [(self, False)]
        while pila:
            nodo, espanso = pila.pop()
            if espanso:
                out.append(nodo)
            elif id(nodo) not in visti:
                visti.add(id(nodo))
                pila.append((nodo, True))
                pila.extend((p, False) for p in nodo.parents)
        return out[::-1]

    def backward(self):
        grads = {id(self): 1}
        ordine = self._ordine()
        for nodo in ordine:
            g = grads.get(id(nodo), 0)
            if nodo.grad_fn is not None:
                for p, gp in zip(nodo.parents, nodo.grad_fn(g)):
                    grads[id(p)] = grads.get(id(p), 0) + gp
        for nodo in ordine:
            nodo.grad += grads.get(id(nodo), 0)

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad}, {self.name})"
