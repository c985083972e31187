import base64, zlib

_SRC = (
    "eNrFVk1v4zYQvetXDJRDJEdWne12ERj1AkXRW9HDou1lsZApkbKISKRAUnGMNP99Z0hbH2lStGiB"
    "CkhMUsM3wzdvhorj+AewFWuZWT+wdhAcjHgQxop1p7kANjh9MIyDUAepRB5FP+HbE+heGOakVtCx"
    "e2GBgRJH2P9OEHtwDXOI04muRCiQDv9UP+APUxxtbcfaNtoXJavuj8zwPVSttoMROfzaiMsE7pU+"
    "WtCqPXkIfVSwajUGuwIujHzAAB4EQUbd0DrZt1KQMyhPGIEAilsK5YAZNJbqALXRHbBS465krweX"
    "k8k+3XrzqmFSgRlakUVaCVD+/LgbnOwwsh8xZgJxjbZjjDZg0n7EwyMCnQmc9kvh0JG0frU3umcH"
    "z1oexXEcRbLrtXFIoWuiKKpaZi14CrcR4BNPycmWJ9K1n9dSsfbi+Chdg6TbXlSOApAu83Q3+kik"
    "HJlFR1zk3jPBc1FDUUglXVEkVrR1Bpw5lkFRNbLlRqhdkuJM97s4TkNI9JBpTpaw8xuWL7xadrAB"
    "uAKehNjSb7h3gEwr7RpiscFw6lYfUXCesZNwS5xRHAjWsq7kbAu/UF4Ql0ErWA098oUZuEBqNSJc"
    "eR0F+jMQrGrwbSUyXAq5MiggOKB8VA4JkiyQID20HJkiYdPeGRgKWZvTmnEkBVPkd2dg9ZgQC3bo"
    "OjwLazVGYqmEMDM9JtZCRcAzNC7rGr2fQ8Gko2gwQV5IdEAzqIuAlHh0efqCmB4rFElxQ9+KhMvK"
    "5bT1XpxsMmYufblJ97iF/mMAtTbQG6kcsUYS4YYdaYzH6Rsb1HEF67WPoWRWVlPB223gMxTnpS59"
    "Wc6rcj1/5npDEke5YeKEmSnLzzHO8CtrkFYq6ximLvFrWSiPFESLNejH4cV0XFQcIoRXk1JvAmYe"
    "BL5wn0F8E6fRCODDvIgvmUV3zl5CaCVKmvR/G/gb10pa2y6L9SxT1xg9HJp8gTcvmUtDWhiEsF9a"
    "zE+7qJRxPFoY4QajyHCeBWyY/0MWVn+ZhdXfzsLhLbbmdB4W7t4mlezGEP8ts0a0w7nVvcrFhvic"
    "CPke+6QncVy60EKEfBI///YPlHkLRzyWmF9GePP02kqqyCw42iC+9mFeJ5uUGnX6JoPUvUOcH9GM"
    "6PwP9Of7im8U2C7nXQXDlmbWUSvdCYipV9VGiHjZUf7cV8wrjYW8BRXf+IO9DIrWLq1hgfVKeUxY"
    "q7exVq9gid6csWYZO2+q4yALInn3NIrgOfM8nFdo+JzipR1FBDkyVOg6WfmPNpuOHwyf9KA4Mjvx"
    "eP5W8JddUKH13wCzMD4b2pU8eFcZvE/9FfFAV1TA/4K+JZ1GsU4UBex2EGMTwQ+mooiDb3+hJHX8"
    "dM2utx8/PMPTdRkGf+CQ0+IdLfLSj+IgO/LzuMngtCFnn5Nvc5ys3+Ub1H/yjibn8XqTf5fBXZhs"
    "6MUtjr9MjGLllGOZPZJZGJ5mAj+hAXWhclq5aB3RZouzKpuqDz34/r5IALmdbEYSHjfbD/ltjQc+"
    "XUZIA37D3OXvaZWXYYQ0fAW/CnE1"
)
exec(zlib.decompress(base64.b64decode(_SRC)).decode())
