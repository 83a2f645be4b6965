package dev.deskhand.errors;

/**
 * The error codes of DESIGN.md. A failed tool call renders as {@code E_CODE: message}.
 */
public enum ErrorCode {

	/** Invalid arguments: nothing was done. */
	E_ARGS,
	/** No such window, app or display. */
	E_NOT_FOUND,
	/** A human or policy said no. */
	E_DENIED,
	/** Outside the session's grants. */
	E_NOT_GRANTED,
	/** The queue is full, or another session holds the input lease. */
	E_BUSY,
	/**
	 * The action did not finish in time; it was aborted and every held key and button
	 * released.
	 */
	E_TIMEOUT,
	/** The failsafe tripped or is cooling down. */
	E_FAILSAFE,
	/** No display reachable, or the screen is locked. */
	E_NO_DESKTOP,
	/** The driver cannot do this on this platform. */
	E_UNSUPPORTED,
	/** Anything else. */
	E_FAIL

}
