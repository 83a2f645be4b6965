package dev.deskhand.approval;

/**
 * A human's answer to an approval request.
 *
 * @param approved yes or no
 * @param scope for a yes: this action only, or the capability for the rest of the session
 * (until the grant TTL)
 * @param by who answered: {@code operator}, {@code elicitation}, {@code timeout}
 */
public record Decision(boolean approved, Scope scope, String by) {

	public enum Scope {

		ONCE, SESSION

	}

	public static Decision deny(String by) {
		return new Decision(false, Scope.ONCE, by);
	}

}
