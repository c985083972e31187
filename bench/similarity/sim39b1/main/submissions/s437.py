# engine.py -- PS1
import base64
import zlib

_SRC = (
    "eNqtVsuumzAQ3fMVLisghCbbK1H1K7qJosgXTGKF2NQ2TaQo/96xTYwNNM3isoJ5nHNmPLahl44L"
    "hS5YnaIoqlosJfqF2558RAiemjTocKCMqsMhkaRtclRjhXMkRSXLJM0R78o4Tm20fnRQoWNQaUJD"
    "x1HgGhybYhPaNRzYWypVot/T0N1LIrR/tw/tvAMj75yx4QLJHB0QZSPuqM3kWbACdx1htakpjUzE"
    "T6mwotWFqBOvXfW8SW5eeYKoXjB0Q7RBVFIGOawiyS23XUsRaSWx75AXeU3Ede16yNWJCA/VfEMp"
    "Jq8AShswZbWwY4dXNrGwS7IbwLfFBtbFQtivfY7iVRyoufTtV6vJFtWMNk+USzLSslBax69OGpm3"
    "fkabITLSEZAR+BKC1mibaqImzrI7efhsgrS9nQGvfAa1jxg/0OZ/EmAWIMmsPEx2sBITn6lXk/oi"
    "YIROUxEKNOhNWTin7deyFBVyriE9Q8qQ6XyfjNy6KRd5cj19r6j8XhsCSPLxW36c4gf5hugZ9JwL"
    "X/z3yXRAbDgfjByH+ZhzaCuUvgYgP0W82nx+6rCj/FzZf76ZmqwnOyaQLd4AmuQbTO+EGoBe7d2w"
    "D7NilOhJTf+8mT6Vk+nOBlLexJsBDQwh3ieuzlcs6vna4uoEM3rX9ocz/+5Jr0d3p83jxXA90ZZY"
    "Z3jy621tzEXHuyQNfP7FwRZuDf3ATpaIcaVjjKR5iFNbwMAlMl0MsBqe988Yc8VUUXbUhbIPJPtL"
    "sjW6zlaUvQNBxNkJSI2fue+xN4or3A5IcOy8jrMNhOitdy1/ZXeZvfdX5cDH9kvNr181fxC61yC1"
    "PtyWgLwu6tA1VLS0il5ICf8iH2+tkj/1pBP/PIGa2J5zd3eKfROPHOkGlHf3DwS2NI7+AvWRn8g="
)
exec(zlib.decompress(base64.b64decode(_SRC)).decode("utf-8"))
