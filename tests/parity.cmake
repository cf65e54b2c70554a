# Which parity command runs on which fixture sets.

# Flow decoder: every core set (flow.pt + tensors.pt + manifest.json).
add_parity_sets(flow ${FIXTURES}/core)
