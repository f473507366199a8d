"""``acp-spec traces run``: plays the retry traces (generated/traces/) against a real agent
or client, started as a subprocess (see transport.py for how it is connected, restarted
and told where its store is)."""
