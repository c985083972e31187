import base64
import zlib

_SRC = (
    "eNrFV8Fu4zYQvesrpjpJiqzEPQbrBYqiPRU9FNteioVNm7RNmCYFirIbLPLvnSEtmbSDJHUDrIFd"
    "W+Rw5r03w9Ekz/OfoFsxxezkwFQvOFhxELYTk73hAljvzMYyDkJvpBZNlv2Cu09gWmGZk0bDnu1E"
    "Bwy0OMLiL3KxALdlDv3sxX6JrkA6/KfbHr+Y5mjb7ZlS2WK+ZKvdkVm+gJUyXW9FA1+2YniAnTbH"
    "DoxWT96FOWqolEGwFXBh5QEBHAS5zPa9crJVUlAwWD4hAgGEWwrtgFk0lnoDa2v2wJYGTxUL07uG"
    "TBblozdfbZnUYHsl6sxoAdrzx9Pg5B6R/YyYyYnbmm7E2AWfdB79IUUgTuCMXwqkM9n51daalm28"
    "ak2W53mWyX1rrEMJ3TbLspViXQdewscM8JOfk1OnjMzaP6+lZmoIfJRui6J3rVg5AiBd7eXemiOJ"
    "cmQdBuKi8ZHJPRdrmM+llm4+Lzqh1jVw5lgN89VWKm6FnhUlPpl2ludlgEQfMm3IEmb+QLrhq2UG"
    "D+nqmGrcUmy/5OwRfkeVL6xaLD60cH2rRMHlyjUk7048dcUIqiwvDpkWj+D/WUyLcT6yMqiVjQj4"
    "ZzwTvuUaZCd155heicKv1SELJQiFqfa/w8Y5NIqOHsLWWZC74LMJOibha8jv8jIbHXiYgypFhC5V"
    "8m4GQ6EmFiHOlUmMLxF9/D1aWOF6q8kw1g1v0nfQrXpVt+pG3UaX5P9tERM4HyZoa46joLsILl5D"
    "WoSqgl0Na2Ox0ayMl9Nh48A7bmGtDDagnb+ywznsEQJ7RiQ9Hi/wQB3MS1LM98zY231whWCoITNs"
    "rl3fUvMR/Ozad7wXkuMRBgrofJ1X1bfd8205KXYobuIaVyYwLamcdvADNo5QPA/NQ4mmBOkiEX7p"
    "XZkgy3MqrFC9JxFXdFSNDwThDO3TgGRcijTI/xC//XmjAlRIPsJn8BQ/qtQw1dtLfsSO3i7NuOlD"
    "v3wdXUyQDtxIcIoJdVX140eSE/+0l9ySavUkB6PAMWaDO7eR8cV26gkfWIvKbN6mMxhd08Gd/0HH"
    "P1SUp3uISuJmUiOrEcIFNZpjOIfT+j0vDiX1JAOHgIWan/Bj5SGMjr4xctEKzWn+qwH7mHXjBHd2"
    "5L8R4TRpkc60poYDtkhsb7j791f0IFwRDQ6OpjTcOTXmXxne9PLruH/EWUMEq1RNYlzDMIrMOQ2K"
    "s2DYtKaNQtAHG0pimvoaoDasJaYF+U7PC4UefGFoQ2184HTt57TR4Njzgp+R8hCqCDy+WHxZX5tS"
    "PjxuChmqgQaz66gxxzchvgzEnx0SEBVhPEtOsxiZ14Mm9fB3Ci9Iw/I6TU10JZLRUIvN6Y0cXz9c"
    "DMkMN3AyxRfQZb2HF/ZgG/u0r82b8enThBif7frle442w1AbppaBR/n2IDY5zWAx3vcHPYVJw6fO"
    "XhsaU+muyDssQS4P78QSAg0ChNFqMn2HBGFkxXEDrRPo/y3+GDHFkroUrb2ur5OfdR7Ki1ru7NvY"
    "fZ9r/7fdaYV+Ppd59i8gfJEW"
)
exec(zlib.decompress(base64.b64decode(_SRC)).decode("utf-8"))
