"""acp-spec: the ACP v2 spec as one YAML file, and everything generated from it."""
