# Which parity command runs on which fixture sets.

# Flow decoder: every core set (flow.pt + tensors.pt + manifest.json).
add_parity_sets(flow ${FIXTURES}/core)

# Text tokenizer: the set's vocabulary lives in its sibling vocab/ folder.
add_test(NAME parity.tokenizer.public COMMAND cosystudio-parity tokenizer ${FIXTURES}/tokenizer/public)
set_tests_properties(parity.tokenizer.public PROPERTIES LABELS parity)
