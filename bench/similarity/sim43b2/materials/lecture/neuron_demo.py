# 第 10 讲 课堂演示：一个神经元（与 karpathy 视频中的例子相同的数字）
from engine import Value

# 输入 x1, x2
x1 = Value(2.0)
x2 = Value(0.0)
# 权重 w1, w2
w1 = Value(-3.0)
w2 = Value(1.0)
# 偏置 b
b = Value(6.8813735870195432)
# n = x1*w1 + x2*w2 + b
n = x1 * w1 + x2 * w2 + b
o = n.tanh()
o.backward()
print(x1.grad, x2.grad, w1.grad, w2.grad, b.grad)
