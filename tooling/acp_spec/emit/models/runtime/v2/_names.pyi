# Stands for the generated module (emit/models/package.py fills it from the spec, a Literal
# of the spec's names each), so that the runtime type-checks here as it does in the
# package. Not copied.
from typing import TypeAlias

MethodName: TypeAlias = str
RetryClass: TypeAlias = str
