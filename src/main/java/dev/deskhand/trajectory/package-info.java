/**
 * The record of every agent session: each tool call with its redacted arguments, outcome,
 * approval decisions, the audit records it produced and the screenshots before and after,
 * kept as files under a size and age cap, downloadable and verifiable against the audit
 * chain (docs/replay.md).
 */
package dev.deskhand.trajectory;
