# Giulia B. -- motore di autograd (esercizio 4)
import math


class Value:
    """Un numero con il suo gradiente e i nodi da cui deriva."""

    def __init__(self, data, _figli=(), _op=''):
        self.data = data
        self.grad = 0.0
        self._indietro = lambda: None
        self._figli = tuple(_figli)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    @staticmethod
    def _valore(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, altro):
        altro = Value._valore(altro)
        risultato = Value(self.data + altro.data, (self, altro), '+')

        def _indietro():
            self.grad += risultato.grad
            altro.grad += risultato.grad
        risultato._indietro = _indietro
        return risultato

    def __mul__(self, altro):
        altro = Value._valore(altro)
        risultato = Value(self.data * altro.data, (self, altro), '*')

        def _indietro():
            self.grad += altro.data * risultato.grad
            altro.grad += self.data * risultato.grad
        risultato._indietro = _indietro
        return risultato

    def __pow__(self, esponente):
        assert isinstance(esponente, (int, float)), "l'esponente deve essere un numero"
        risultato = Value(self.data ** esponente, (self,), '**')

        def _indietro():
            self.grad += esponente * self.data ** (esponente - 1) * risultato.grad
        risultato._indietro = _indietro
        return risultato

    def exp(self):
        risultato = Value(math.exp(self.data), (self,), 'exp')

        def _indietro():
            self.grad += risultato.data * risultato.grad
        risultato._indietro = _indietro
        return risultato

    def log(self):
        if self.data <= 0:
            raise ValueError("il logaritmo vuole un numero positivo")
        risultato = Value(math.log(self.data), (self,), 'log')

        def _indietro():
            self.grad += risultato.grad / self.data
        risultato._indietro = _indietro
        return risultato

    def tanh(self):
        t = math.tanh(self.data)
        risultato = Value(t, (self,), 'tanh')

        def _indietro():
            self.grad += (1 - t ** 2) * risultato.grad
        risultato._indietro = _indietro
        return risultato

    def relu(self):
        risultato = Value(self.data if self.data > 0 else 0.0, (self,), 'ReLU')

        def _indietro():
            self.grad += (risultato.data > 0) * risultato.grad
        risultato._indietro = _indietro
        return risultato

    def __neg__(self):
        return self * -1

    def __sub__(self, altro):
        return self + (-altro)

    def __rsub__(self, altro):
        return altro + (-self)

    def __radd__(self, altro):
        return self + altro

    def __rmul__(self, altro):
        return self * altro

    def __truediv__(self, altro):
        return self * altro ** -1

    def __rtruediv__(self, altro):
        return altro * self ** -1

    def backward(self):
        ordine, visti = [], set()

        def costruisci(nodo):
            if nodo not in visti:
                visti.add(nodo)
                for figlio in nodo._figli:
                    costruisci(figlio)
                ordine.append(nodo)
        costruisci(self)
        self.grad = 1.0
        for nodo in reversed(ordine):
            nodo._indietro()
