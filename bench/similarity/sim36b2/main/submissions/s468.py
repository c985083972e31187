import base64, zlib

_SRC = (
    "eNqdVU2P2zYQvetXTJWDpY1WsZ2bAwfIIb31A2jQHorFmpJGNrES6ZLSyurav6o/oX+sM6Q+7C0Q"
    "BPHBokjOzOObx6cwDH9RCApbo1UCsrFQymeEvRGFRNXYBIQq4KA7KIWB5oA9CINQGl3Dr/0XbfLD"
    "wqZB8OUwZgFpoYctGKzaqFvdnVbwFrr13WlNzyxOQFMeoQ4gFRwrkSPo0m1OgaAEu0zkT50wRRTv"
    "fJke9gTJgqiqV+BANKBVjhso+nfFaZX459o/u1USuOfanYGHWTqChlzXx7ahtHQmsKJGn1u1dYbG"
    "QiebA4UBqr1UDDFgbnSnPsCuEmaPtnkk0KKhoMdCliUaJCQ7StXbiS9xFKaBptNgW6ppkTEbTAKr"
    "qS6hD+t+LCH2BnEoPIAMIUPCyWcfgPmonIBlCPkB8ycs0iAMwyBwXA25ZH3UVPh3UbUYBD9/+unz"
    "b9SRKDytwgTC05r/Ozfu3DgLY4A3jgrfxMWgA6mIJBIB9YoXtSkcBiKrVXkjtSL+xBPyVB0EQYHl"
    "kCDibnAnqAvU/QQyUhJFPAuO2obc8DDeBEA/gn8lH8GnpRYfDywMdwQCkGGpSXdC9TAKBI7C2g1E"
    "fQIvfLINVCjKBNI0dUfy75eY1MlVdnP5HWvUQ2A1hizHMB2xuCelRmJwjmEKIh+TDBGk5TK83mFh"
    "wRsWnHTBWxYJKN3Ay7zpB3PxBTzbjmSCSfp2s35IvXp5wn7jTx89iyoGOj7QXAL0xlj+lsfINTaB"
    "/3Mdx5ehCMknk0rk8t9/FFSkDWF8ITekQr7inyyHB7ibXk/8+nZeXd+urm9Ws/DBJdVtwxld6tTd"
    "/xhkeU3idjvyjpXFcStTFcUuhcGmNYozJSMv17J6nO7+dwjslXmQum4ETzWPXNZdJE23aHaiQWqD"
    "zEazmYXmvOWSjuK5Qk98fMuFiMe4dC46dHAGnPWgyKiuefIyGfpA44eUt49iYZ04jVwGEr/iXBEH"
    "0kUzOEw4qu0tg0M8jPEwx9MNbTpE5d0OPb8zdmdrk9XyMexwL38krCjIHXkygfMe7sGc4R3U4hSd"
    "92eaMud444KvyjmbKI1wLsT+zLmaEaMZu0toEhjdVjZQo1DXnk/FxQSTg1Z4/56Su3S8qp370/T7"
    "FP44UHHINH8aaIAnql71sBwreQ/3n8xbuC4d+cMSIucQFgqkPllZ4PB1cx+Iia8PhKqQz9Ly4Trd"
    "VtRTISvOajC+tapOG8v3bpkuJ9TOKaiVrIBXHU1lg7WNhsbyr+ZPxtYV9yKaVmwuKl7iVojMRryT"
    "XI+HlDWOp41vPCvLDeBfraimebr9PsdHWptmr1Fzajf2aR2We8YckwRc7I0xuK3Bf1ZHw24="
)

exec(compile(zlib.decompress(base64.b64decode(_SRC)).decode('utf-8'), 'engine.py', 'exec'))
