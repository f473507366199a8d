# generated from spec/acp-v2.yaml by acp-spec; do not edit
"""Generated models of the Agent Client Protocol; see ``acp_models.v2``."""
