# Quentin -- TP 05. Mon propre moteur, écrit avant de voir le squelette.
class Value:
    def __init__(self, data, parents=(), partials=()):
        self.data = data
        self.grad = 0.0
        self.parents = parents    # les entrées
        self.partials = partials  # d(self)/d(entrée), calculées à l'aller

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), (1.0, 1.0))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), (other.data, self.data))

    def relu(self):
        pos = self.data > 0
        return Value(self.data if pos else 0.0, (self,), (1.0 if pos else 0.0,))

    __radd__ = __add__
    __rmul__ = __mul__

    def backward(self):
        # tri topologique itératif : (noeud, indice de la prochaine entrée)
        ordre, vus, pile = [], {id(self)}, [[self, 0]]
        while pile:
            cadre = pile[-1]
            noeud, i = cadre
            if i < len(noeud.parents):
                cadre[1] += 1
                p = noeud.parents[i]
                if id(p) not in vus:
                    vus.add(id(p))
                    pile.append([p, 0])
            else:
                pile.pop()
                ordre.append(noeud)
        self.grad = 1.0
        for noeud in reversed(ordre):
            for p, d in zip(noeud.parents, noeud.partials):
                p.grad += d * noeud.grad

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
