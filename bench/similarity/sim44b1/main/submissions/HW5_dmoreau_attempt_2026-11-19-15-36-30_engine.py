# Didier Moreau -- devoir 5 (HW5)
# Mon propre moteur : chaque noeud garde le nom de l'operation et la liste des
# derivees locales calculees pendant la passe avant. backward() trie les noeuds
# par "niveau" (1 + le niveau max des entrees) et les parcourt du plus haut au plus bas.

import math


class Value:
    def __init__(self, data, children=(), local=(), op=""):
        self.data = data
        self.grad = 0
        self.children = list(children)
        self.local = list(local)        # d(moi)/d(enfant), dans le meme ordre
        self.op = op
        self.level = 1 + max((c.level for c in children), default=-1)

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data + other.data, [self, other], [1, 1], "+")

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data * other.data, [self, other], [other.data, self.data], "*")

    def relu(self):
        positif = self.data > 0
        return Value(self.data if positif else 0, [self], [1 if positif else 0], "relu")

    def exp(self):
        e = math.exp(self.data)
        return Value(e, [self], [e], "exp")

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backward(self):
        # tous les noeuds du graphe (une seule fois chacun)
        tous = {}
        a_voir = [self]
        while a_voir:
            n = a_voir.pop()
            if id(n) not in tous:
                tous[id(n)] = n
                a_voir.extend(n.children)
        # un noeud a toujours un niveau plus haut que ses enfants
        ordre = sorted(tous.values(), key=lambda n: n.level, reverse=True)
        self.grad = 1
        for n in ordre:
            for enfant, d in zip(n.children, n.local):
                enfant.grad += d * n.grad

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad}, op='{self.op}')"
