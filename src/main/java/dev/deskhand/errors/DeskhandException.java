package dev.deskhand.errors;

/**
 * A failure that reaches the agent as {@code E_CODE: message}. The message is written for
 * the agent (and the operator reading the log): it says what was wrong and, where it
 * helps, what to do next.
 */
public class DeskhandException extends RuntimeException {

	private final ErrorCode code;

	public DeskhandException(ErrorCode code, String message) {
		super(message);
		this.code = code;
	}

	public DeskhandException(ErrorCode code, String message, Throwable cause) {
		super(message, cause);
		this.code = code;
	}

	public ErrorCode code() {
		return this.code;
	}

	/** The text an agent sees: {@code E_CODE: message}. */
	public String render() {
		return this.code + ": " + getMessage();
	}

	public static DeskhandException args(String message) {
		return new DeskhandException(ErrorCode.E_ARGS, message);
	}

}
