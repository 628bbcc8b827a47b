"""Audit at scale: every game of a day or a month, one JSON Lines game a line, verified by the core.

One machine runs it with `fairdice audit` (`fairdice.audit.local`); AWS runs the same pieces on a
Step Functions Distributed Map (`functions/audit_worker`, `audit_merge`, `audit_report`):

- `lines` reads shards (plain or gzip) into numbered lines, bounded in memory whatever they hold;
- `shard` audits one shard's lines into a partial result: counts, dice tallies, findings, sorted ids;
- `merge` folds every partial into `summary.json` and `findings.jsonl` (the one merge of both runs);
- `report` draws `report.html` from them.

Only `merge` (scipy, through `stats`) and `report` (matplotlib) need the heavy libraries of the
`fairdice[audit]` extra, and both import them when called: a worker needs the core alone.
"""
