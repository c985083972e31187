# Mila's tests
import base64
import zlib

_SRC = (
    "eNqVVsGO4zYMvfsrCM9h7YnjddLtAg2Qwxy2wAI9FN2ieygKR7bl2BhFCiTZiTuYfy8p2YkzmT00"
    "wIwlmiIfHynSYRj+yY01UCsNDEzJBMNFZ9Veswq43LeSp0HwhZUNWNSEomtFZUj3wIQAfj5qbkyr"
    "JNRaHWD3FxMd35kE0JQwsCtY+XxiuoriHShZcmCyCsqGl88GbMOhJ30Suh15bblEQGzPWon+ZHco"
    "uDZwUvqZV6A6hDBAgwcSUDqY1OiwEerIQdVu46F/MKBOkqIjDHBkxsCBM9NptIV2SvSlmQiqtq65"
    "5ojPpPDkIyVljuclBlsqrXlpR6sObs1ajC9iEnakqO0O/TILleImkMpCo4TDiNpIU8mPFlmKnT05"
    "GTq1tkHzRbdHkv/oJEE/eOnuONgGlQlLPibiOOycRaeA7wlmW8OgOmSk59DaNAjDMAjaw1FpCwdm"
    "myBwiRkdji9cloLgYYq1pYzWnSwJI5waZThIdkBOLdOYDY/IQdml8HVWBjWmv0FD10JIQHfSwDXx"
    "l7yDJwrNEVF3rO7bnptN8IDW6Ffx2gfPqir3yciRnnyqkdyqvFC2yU1bcRPFm/Ec/VgCBWx9mNE6"
    "zeJkXC9/ws1McUAtBgso5rL0in1u04GHUiA50ZBWzKKX5erW3o0SSwlrAqTj4vfiYiYOgoDi9C/2"
    "yiZEJHLC8b3mYrviy18SYIXJablaY5TkBpP8veHIhgZ7UlALxdyd0ZyDVaBVJ6tW7oFrjeUSSd6j"
    "ZqkOR6b5pO1yut3GKVUMGdXcdlq6oklb8yNISLvY4tOjog09p0DcHYzqBM4JNAT58xVxVX+szoCZ"
    "P8+uHsyuXuLaEGadPRN4YsxjcjuP+y3aqI7OmL8mhiXQconLGD5CtIZHXI6wfB0Jkaujq5QRUal6"
    "6i3EzgAIXDOqf2waQpUEjeu2R1HPJ6fnm6IKpgo6p5bJBit9gUtka1wJtfcreHyEdXBXWySYuEUr"
    "0QrRO/adNfLgDpIJJybLTrqALP0Z/39Ks+Cu6s5jeU2WbzjQvEOVKwMMWaL6Z1OE/SXC5SXEqEet"
    "HrX6+C38G8/96NlfspnXUmGPZtjWZ57XGCxeoDXmyj0W/vH4HpRPc7IjOtkTCREdnlaLywqxxu+T"
    "/T5aop0srT7j+RX+rd9QJrr8X67VDDzJPkSYiS1k93CzCW6fkmL0I9Y8AryDkM0dVpwf87LBwXaT"
    "KCeh8bbKkizLQCpse/fOV3OuereiW5UDHtZM7lEDT2ej5UlxcDWV/Q/axu6F4yfPaVTkOQUS5vkB"
    "YeZ56O0/wHdsMzS1/bja0HAYL5wL9jp1WIG30V16wwYcES1+ctCQTZ0h6z5TtvB3RM6wU8QurHFD"
    "wYnW2GgvVMEE1lnaWn7AZ0wDkrRSP8qo60Whcx2OTRn7AisEdq34H08XOnUXMruw5934UelHsrny"
    "Z/Vw3UxYR+r8FafhD1+mbwDkk2QbYofJid3LxwPcfDxcv2Uwe63BTnjjasS62MLqRn7UrbRRHf76"
    "9PU3gBfC/7qBFztgd0bfcToljaQoeA1neIXhm3et/f707dtkbTwwvXoRXEaOGNeJHaxXqtbZi9cx"
    "izTMQ8qL35I/CKV6UxAGBm7Ry3+AsS/W"
)
exec(zlib.decompress(base64.b64decode(_SRC)).decode("utf-8"))
