# 08 -- Oskar
import base64
import zlib

_SRC = (
    "eNq1V01u6zYQ3usUA2dhyU9Wki7dpsADiq4LtGiXCS1RtmBZVEnJcfDwDtBb9AwtgrfPAXKInqTf"
    "kJJMOXaaoK0W/hmS38w3fxpOJpPvlb4XOptvVSYpK/Jcalk1hWgKVdF90awpa0VJVbtdSm2SIPjo"
    "C6gwJOgDienzY0z3axym50cnreQ9/doKgDUPDun58ekPuqErCpdtw/v++u13uoqS4IfWrElVkpq1"
    "Vu1qjdN5W6XWBlFlEFvYWuiGUrWVhhQAhLELmdTFDvbu5CIICE8e9iZF0IZ/Ef7mU3w/fWEp2Sf8"
    "STyUSk8NGQAA0jSqNguSO6kfrKkxf/4ZU5IkzOgqCoIfFUmRwtZaauciVZUPtGZTFBkBomvRUNFQ"
    "pqSVsYW1KDSFIoZNUWdj9w+GhcuYllO21Jq9ZDl/T6PRxqcvo51225JpsmR4Qgin1s2ZBht2k4NZ"
    "hR3QsBkoK7gkphV7hvHFASlks9O1KCrSbSljGxzTyJp9IKWLSFHViIKNLEy+oWsKs/1ltuef0RA3"
    "mIBtcHMfQLgyy7EtCX6x+aLZ40aSzcDw7mdRtjJZinTDeXkX0b0oNy7SKy3qNfVLYFelcK7Uwcwp"
    "mcWUu3R2YKnQNrLjLCFRqmo1HKaZ5TFbgK8UdQAEypG6Vmosja2oHjoeJnak6lqZosGPHLlaKoPK"
    "mEwmQVBsawWOW9GsgyBIS2EMfYd6WdgoYMtH2jFBi1sA37PLelJLU8u06VOH/e78bOB2ON6VJB+6"
    "uU6sSgbOZE63t0VVNLe3oZFlHjs1cbf1KrmKnAn88IbEmXHj9o2X7BksuW+6AMVUVaZBLU9HFnNV"
    "OAMuaD4noWHcVjZFin//5vFJiSwbOCm4RHtEYFmWFVyHg0ivDSy3G6nIYWFhDU9laGWxjUZEskTG"
    "8U8njobzO7iMuXs++sCgSedPz0FObn8f1Mum1ZVDtlCRz2Xblq9wqbXK2k3zf1KZnaHiyUHrxYH3"
    "cGx0K7Ni9wpPrIILeueuEEhuW/3/XQC1TIsaCHbtOrmiS5/zfKDjy2k2o6+iY4JsPzuAAX2Gtbof"
    "2G08ZmNrN52lh3UPOtwA2Lq5VKswihK5r8PXIzcjIA7HBiGQ5txuZ1443xgp7RNJowXHJmXMTuKV"
    "/cEyWDXsSca940gbZxX3QUsxHVs4sqOSq84Mz1k+2PygDBE8g2La5dmc8wOKN+68S5muc2mZl2i5"
    "aK7o/VuMAPbl1zHnHodUZVEp8wZVo0hpqGduDVKXDyEE3M8vfeee6FuszCW2q7Ez9tkto0Cd4HbA"
    "mp/Eck6LTsKdaEMHuNl502YnsM6U+wHv8iSeV7n9jsN7pJ/9EApvbjk9sLz1RYLCPE6xvspskvbr"
    "Ls2gxUpTZXzp+6usBzin9kgB0vuUNe/Xy/3kWG+vs1/rwF+r35O1xvV8hH1BZXUSZ2gAI5Lem+eS"
    "fFMGHSi99VkCw+I/MAivURw719zPkdGybF+yYekCFxWubUHf4M7yInyh35Q8aH4NeC36W6DYd1WI"
    "GSwmHsTe2p5lrc/2xXziTrGOm08HfZ/7ie/TwaTPEabEgEEPo1uIUt1Hw1SK29E+ouXDaH5e2JmT"
    "9t7M6ca+a9vttBTZ8WiNcTjHiIghti2bpLuOIZgbvrJhlO1ujaEd/AXdMYm7qINjYnZbTC0KYNVN"
    "2t1Ny1gwsVQ7+TWOOhXYIhp33axLvq10Cuztq1K4hslaAhwdfG9bN0buzsWjITbpHWG/+XLJF0fr"
    "YpzDFBG5qHXex4YufY8mlLYZzSeIdvA3NA6bYg=="
)

exec(zlib.decompress(base64.b64decode(_SRC)).decode("utf-8"), globals())
