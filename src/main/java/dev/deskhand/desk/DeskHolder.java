package dev.deskhand.desk;

import java.time.Instant;

/**
 * Who has the desk now.
 *
 * @param kind agent, human, operator or nobody
 * @param who the agent's session handle or the operator's name; {@code null} for the
 * human and nobody
 * @param since when they got it ({@code null} for an agent and nobody)
 * @param until for the human, when agents may go on if they stay idle; else {@code null}
 */
public record DeskHolder(Kind kind, String who, Instant since, Instant until) {

	static final DeskHolder NOBODY = new DeskHolder(Kind.NOBODY, null, null, null);

	public enum Kind {

		AGENT, HUMAN, OPERATOR, NOBODY;

		/** As operators and metrics spell it. */
		public String key() {
			return name().toLowerCase(java.util.Locale.ROOT);
		}

	}

}
