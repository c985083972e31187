import base64
import zlib

_SRC = (
    "eNrFVk1v8zYMvvtXEO5hdpp47bVYBgzDbsMOw7bLMCSyRcdCbcmQ5GTB8P73kVLij/RjfYECC9DG"
    "kcVH5MOHpNI0/QFcJVphN0fRDijB4hGtw01nJIIYvDlYIQH1QWkskuQnensG06MVXhkNnXhGBwI0"
    "nmD/B0PswTfCE06HXUlQoDz96X6gL6El7XWdaNtkvytF9XwSVu6hao0bLBbwW4PXH/CszcmB0e05"
    "QJiThlVryNkVSLTqSA4ckSGTbmi96luFfBiUZ/IAgf1WqD0IS5uVPkBtTQeiNGSV7c3gC96yz5/C"
    "9qoRSoMdWlwnRiPoED9Zg1cdefYj+cwgvjFu9NFFTLYnPAoROCbwJizFoBPlwmpvTS8OgbUiSdM0"
    "SVTXG+uJQt8kSVK1wjkIFD4lQJ90Ss56GZGpw+9aadFeDz4p3xDprsfKswPKrwPdjTkxKSfh6CCJ"
    "RTiZ4SXWsNsprfxulzls6zVI4cUadlWjWmlRb7Ocfpl+m6Z5dIk/vLXgnbANBssXQS1beAC4A5lF"
    "3/JvZTiAmNbGN8xiQ+7UrTmR4AJjZ/RLnFEcBNaKrpTiCX7hvBCugBZFDT3xRRm4Qho9ItwFHUX6"
    "14CiauhthWtairmyJCA4kHx0ARmRjESQGVpJTLGw2XYGRkI29rwRkkihFAXrNTgzJsSBG7qOYhGt"
    "IU8clxBlpqfEOqgYeIYmVV3T6RdXKOkkGkpQEBIHaAd9FZDGv32R3xDTU4USKX7oW8ykqnzBps94"
    "dtmYufzWyPRkwv/JgdpY6K3SnlljiUgrTvxM4fSNi+q4g80m+FAKp6qp4N1T5DMW57UuQ1nOq3Iz"
    "/8z1RiSOcqPEoZ0pK/wmP+O3qkE5pZ0XlLosrK1jeeSALdVgeI4vpnBJcYQQX01KvY+YRRT44vg1"
    "pPdpnowAwc2r+LKZd5fsZYxWkqRZ/4+Rv3Gt5LWnZbFeZOoba4ZDU9zg3W+hxEoMFI+IPYceJfiT"
    "qkgKWCGx6Wa9LAisJNejupZwUwUS7LXBLXZEGl5smdO3KL3xedxh0Q9W88Z5WqkD/w9pXb2b1tVX"
    "pnU1prUc07oa0youwj+gdyHBq3DQKpaGlu8kYvSRHf7vrCzi+6QMWWyHSw9+ldMHzst08HfUwEMy"
    "xqUrvUzsr/jz71/B7SOcKDycT0kaib1xilvFOh70QPgmuPlN9pDzBMnfZpTnSnT0e9r3STSFjncz"
    "qJd97OOfifiRlhvyebhL1lhYpwF5zGkkUN8/xii5SWO4ax3jfYr3EWKPWvKliOaPF9aP15oJKHxz"
    "Hwqj/nqeN73Zxbm3hT//GtePVIwe5Y5bjwMWn89uUitrl+mbrJJaNI+whflyy8TxYnlhUdA4IOzF"
    "Bo48zDHG13HevURmp8KupfEUZiF65orRk7lRoOfVO8vjbEhfdFor63y4fOkxk2Mrv7b5vknmvgde"
    "LrdomU0O3TCoi1nJzBQYhihNgPnEpYOUnd02KtMhpHxYbRFTeFeBu519ZeiGIENDvg8k3JZFkNtl"
    "bC6wXun0E9bqbazVSyyNhwvUjJulzeZxbuCG8s0ps/Q721wGyNz1D5hfKck2USejOY2r5tZVbp98"
    "eS/Gl6EpvT61/LyDssGHO+iy9T0C3cuIGZ9/4nggcrC3byajTmMMHN32nzHQL+ugycsKP37J0+Rf"
    "mZ061g=="
)
exec(zlib.decompress(base64.b64decode(_SRC)))
