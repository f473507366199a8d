"""Emitters: pure functions from the Spec to ``{relative path: bytes}``.

No emitter reads YAML or touches disk; the writer alone does that.
"""
