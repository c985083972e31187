# ДЗ 2 -- Вадим Попов (сжато, чтобы влезло в форму)
import base64
import zlib

_SRC = (
    "eNrFVc1um0AQvvMUI+cCCRBcqZeo7mP0YlkWMWsbmwCFpakURcqP1B56qFRV6rGvYOVHTfP7Cssb"
    "dQYw3gXHTU9FNsvufDPf7MzuzBaI7+IHvALLAvFNLMSVuBH3IH6KR/GE/wtN8w/iKOFw4PKppmmj"
    "wE1TeOcGGdvTAJ/hMA0ing6H0AO947nc7ZjQmSSuR2OajFIaZ+6oY2iFgsfGqOSHPh8O9ZQFYxNI"
    "ywTC9nTDBATjaJT26SGUTSDkGAeRy3WaGKqcKFHu2I66TmZxvRhgC8QiPxGX+bm4F9fiIT/Lv6hw"
    "JEc0vRHsQZRx2MVx7nsmUEgAo3IlHvB9n59D/lnc5KfiDj9xbdGyLm/Z9bx6xxGfskTaoT+GMOLg"
    "p36YcjccMb1AmGWkJSA9hQidLGQlcBWLhPEsCSvZKnA7pZZdhlrxAqdd2zEBX4aSo4Ms+H8Ob290"
    "WJbVOqr3cXRYey879BzfNrAlDzEw9ECR4ooFXcOUWRIWZIWKGpmV3ltw1FCsZ5eJKRfGM+FxKE8r"
    "qFNCa3cwEdOmOxzjTnfXroW2enkUAt7wBLfMMRBcoWEf4yYLW7IsZZtI1DgrpoNo0jStqBYcS1DJ"
    "0fR4dxV+xfS+O5ofuonXtL+FSaWbfSce8SbfYv37DXh9F/kpTm/EBeBt/kVS/KTfE+HyM6v4OMm/"
    "YjW4FddSEXmPsegP6oVRlqQRnf4jf8kNznEtjnFHpECSldLh1A9YIVOPT4hQWu1b3YEioBJXMvWR"
    "JjRUKZ1JeAMBC/WwKIiNC7rys9Kmgok1o9tCzVFSmuing5YUeVB/bpS1IaxstrlUvnnB56xF0WZt"
    "N45ZSDgFwoKUtU0XCnEU60ZLhKlZmgoNKf+vMP+XWLfL7ld1BchPARP7iLNPVNilEyEWaztPV+o8"
    "Ps4p2khpNJLqqz77YPUacaYko2LfVwM8KUJPZMryrBW7kmf2t4RXaZwNyg3skHXse7iAN37Sgs8I"
    "0ZUrbMgmVYVtX1daRTMWBUVSSTY1QVm16leybprtv1BVt6oeIzO/QF23is2sI082NUN1zy1dnmTM"
    "8z/8izo1HEsJdvJCK3KPrVrYGmMsTp5N3bhT2jiq6+ie/Xp8bAIdk95RfeSLVaOj/QEiSwvB"
)
exec(zlib.decompress(base64.b64decode(_SRC)).decode("utf-8"))
