"""Motor de autodiferenciação escalar (Joana).

Cada operação é registrada uma vez num dicionário: a função do valor e a função das
derivadas locais. Os métodos da classe são criados a partir do registro.
"""
import math

_OPS = {}


def _registra(nome, *metodos):
    """Decorador: registra (valor, derivadas) com o nome da operação."""
    def deco(par):
        _OPS[nome] = par
        for m in metodos:
            _OPS.setdefault("_metodos", {})[m] = nome
        return par
    return deco


@_registra("+", "__add__", "__radd__")
class _Soma:
    valor = staticmethod(lambda a, b: a + b)
    derivadas = staticmethod(lambda a, b, y: (1.0, 1.0))


@_registra("*", "__mul__", "__rmul__")
class _Produto:
    valor = staticmethod(lambda a, b: a * b)
    derivadas = staticmethod(lambda a, b, y: (b, a))


@_registra("relu", "relu")
class _Relu:
    valor = staticmethod(lambda a: a if a > 0 else 0.0)
    derivadas = staticmethod(lambda a, y: (1.0 if y > 0 else 0.0,))


@_registra("tanh", "tanh")
class _Tanh:
    valor = staticmethod(math.tanh)
    derivadas = staticmethod(lambda a, y: (1.0 - y * y,))  # com a saída: 1 - t²


class Value:
    def __init__(self, data, entradas=(), op=""):
        self.data = data
        self.grad = 0.0
        self.entradas = entradas
        self.op = op

    def _aplica(self, op, *outros):
        entradas = (self,) + tuple(o if isinstance(o, Value) else Value(o) for o in outros)
        regra = _OPS[op]
        return Value(regra.valor(*(e.data for e in entradas)), entradas, op)

    def backward(self):
        # ordem topológica por busca em profundidade (recursiva)
        ordem, vistos = [], set()

        def visita(v):
            if v not in vistos:
                vistos.add(v)
                for e in v.entradas:
                    visita(e)
                ordem.append(v)

        visita(self)
        self.grad = 1.0
        for v in reversed(ordem):
            if not v.op:
                continue
            locais = _OPS[v.op].derivadas(*(e.data for e in v.entradas), v.data)
            for e, d in zip(v.entradas, locais):
                e.grad += d * v.grad

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


def _metodo(op):
    def m(self, *outros):
        return self._aplica(op, *outros)
    return m


# os métodos da classe, um por nome registrado (a soma e o produto são comutativos)
for _nome, _op in _OPS.pop("_metodos").items():
    setattr(Value, _nome, _metodo(_op))
