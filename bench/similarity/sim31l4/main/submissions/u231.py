# Mateus R. -- motor de autodiferenciação (exercício 4)
import math


class Value:
    """Um escalar, o seu gradiente e a operação que o criou."""

    def __init__(self, data, _filhos=(), _operacao='', nome=None):
        self.data = float(data)
        self.grad = 0.0
        self._retro = lambda: None
        self._filhos = set(_filhos)
        self._operacao = _operacao
        self.nome = nome

    def __repr__(self):
        if self.nome:
            return f"Value({self.nome}: data={self.data}, grad={self.grad})"
        return f"Value(data={self.data}, grad={self.grad})"

    # operações básicas
    def __mul__(self, outro):
        outro = outro if isinstance(outro, Value) else Value(outro)
        saida = Value(self.data * outro.data, (self, outro), '*')

        def _retro():
            self.grad += outro.data * saida.grad
            outro.grad += self.data * saida.grad
        saida._retro = _retro
        return saida

    def __add__(self, outro):
        outro = outro if isinstance(outro, Value) else Value(outro)
        saida = Value(self.data + outro.data, (self, outro), '+')

        def _retro():
            self.grad += saida.grad
            outro.grad += saida.grad
        saida._retro = _retro
        return saida

    def __pow__(self, expoente):
        if not isinstance(expoente, (int, float)):
            return NotImplemented
        saida = Value(self.data ** expoente, (self,), f'**{expoente}')

        def _retro():
            self.grad += expoente * self.data ** (expoente - 1) * saida.grad
        saida._retro = _retro
        return saida

    def relu(self):
        saida = Value(max(0.0, self.data), (self,), 'ReLU')

        def _retro():
            self.grad += (1.0 if self.data > 0 else 0.0) * saida.grad
        saida._retro = _retro
        return saida

    def tanh(self):
        t = math.tanh(self.data)
        saida = Value(t, (self,), 'tanh')

        def _retro():
            self.grad += (1.0 - t * t) * saida.grad
        saida._retro = _retro
        return saida

    def log(self):
        # logaritmo do valor absoluto: não falha com negativos; a derivada é 1/x nos dois casos
        saida = Value(math.log(abs(self.data)), (self,), 'log')

        def _retro():
            self.grad += saida.grad / self.data
        saida._retro = _retro
        return saida

    def exp(self):
        e = math.exp(self.data)
        saida = Value(e, (self,), 'exp')

        def _retro():
            self.grad += e * saida.grad
        saida._retro = _retro
        return saida

    # operações derivadas
    def __neg__(self):
        return self * -1.0

    def __radd__(self, outro):
        return self + outro

    def __rmul__(self, outro):
        return self * outro

    def __sub__(self, outro):
        return self + (-outro)

    def __rsub__(self, outro):
        return (-self) + outro

    def __truediv__(self, outro):
        if not isinstance(outro, Value) and outro == 0:
            raise ZeroDivisionError("não se pode dividir um Value por zero")
        return self * outro ** -1

    def __rtruediv__(self, outro):
        return self ** -1 * outro

    # retropropagação
    def backward(self):
        ordem, visitados = [], set()

        def construir(v):
            if v not in visitados:
                visitados.add(v)
                for filho in v._filhos:
                    construir(filho)
                ordem.append(v)
        construir(self)
        self.grad = 1.0
        for no in reversed(ordem):
            no._retro()
