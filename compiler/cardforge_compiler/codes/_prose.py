"""Prose that several codes' explanations share."""

_SQUARES = """Squares are named 1-based `(column, row)`, as on the layout's grid."""
_DESCRIBED = """Only a pack that describes its Enemies and decks as data is checked: one that holds at least one
`kind: enemy`, `named-enemy`, `threat-deck` or `deck` document. A pack with none (a story- or board-only
pack) names Enemies and decks it does not describe. A name whose document is in the pack but failed
validation is not reported again."""
WARNING = "This is a warning: `cardforge lint` fails on it only with `--strict`."
_EXPLORER = """
Reported by the **state explorer** (stage `explore`, [explore.md](explore.md#findings)),
which `cardforge lint` runs on content without errors, within a budget of states
(`--explore-budget`, default 1,500; `--no-explore` skips it). It plays the story with
the runtime itself, from every setup, trying every option on offer and every outcome
of every roll and Battle, and tells states apart by the flags, counters, items, coins,
status tokens and Fallen Characters that later cards read. The graph checks (`CF4xx`,
`CF5xx`) cannot see this: they look at cards, not at what the players hold.
"""
_WITNESS = """
The `witness:` line gives the **witness**: the shortest line of play from the start
that shows the finding (the setup and the answers, every die given as faces).
`cardforge explore demo/ --witness-dir DIR` writes it as an answers file with the
`cardforge play` command that replays it; `--format json` gives it as `witness`.
"""
_PROOF = """
It says something of *every* line of play, so it is reported only when the
exploration is a proof: finished within the budget, no counter beyond the bound, no
condition on an item the decks deal. The `state explorer:` line after the summary
says which stories were proven.
"""
