# Stands for the generated module (emit/models/codegen.py makes it from the spec, one class
# per def), so that the runtime type-checks here as it does in the package. Not copied.
from typing import Any

def __getattr__(name: str) -> Any: ...
