package dev.deskhand.platform.elements;

import java.time.Duration;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * The sentences every accessibility driver answers with, whichever API it reads: an agent
 * that meets a stale ref, a hung application or a missing action on Windows reads what it
 * reads on Linux and macOS, and learns the same next step.
 */
public final class ElementErrors {

	/** What an agent does about an element that went away. */
	public static final String STALE = "stale ref, list again";

	private ElementErrors() {
	}

	/** An element in words: "the push button 'OK' of gedit". */
	public static String describe(Element element) {
		String role = (element.role() != null) ? element.role().spelling() : ElementRole.UNKNOWN.spelling();
		String name = element.name().isBlank() ? "" : " '" + element.name() + "'";
		return "the " + role + name + " of " + element.app().name();
	}

	/**
	 * {@code E_NOT_FOUND}: the element (or its application) no longer exists.
	 * @param what the element asked, in words
	 * @param cause the driver's failure, or {@code null}
	 */
	public static DeskhandException gone(String what, Throwable cause) {
		return new DeskhandException(ErrorCode.E_NOT_FOUND, what + " is gone: " + STALE, cause);
	}

	/** {@code E_NOT_FOUND} for an element that no longer stands where it was listed. */
	public static DeskhandException gone(Element element) {
		return gone(describe(element), null);
	}

	/**
	 * {@code E_UNSUPPORTED}: the tree cannot be read on this desktop at all.
	 * @param why what is missing and how to fix it
	 * @param cause the driver's failure, or {@code null}
	 */
	public static DeskhandException unreadable(String why, Throwable cause) {
		return new DeskhandException(ErrorCode.E_UNSUPPORTED, "the accessibility tree cannot be read here: " + why,
				cause);
	}

	/** {@code E_TIMEOUT}: the application did not answer in time. */
	public static DeskhandException timedOut(String who, Duration timeout, Throwable cause) {
		return new DeskhandException(ErrorCode.E_TIMEOUT, didNotAnswer(who, timeout), cause);
	}

	/**
	 * The sentence for an application (or element) that did not answer in time, for an
	 * error or for a listing's note.
	 * @param who what was asked, in words ("the application 'gedit' (pid 42)")
	 */
	public static String didNotAnswer(String who, Duration timeout) {
		return who + " did not answer within " + timeout + " (busy or hung)";
	}

	/**
	 * Refuses an action index the element does not have: {@code E_UNSUPPORTED} for an
	 * element with no action, {@code E_ARGS} for an index out of its range.
	 */
	public static void checkAction(Element element, int index) {
		if (element.actions().isEmpty()) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED, describe(element) + " offers no action");
		}
		if (index < 0 || index >= element.actions().size()) {
			throw DeskhandException.args(describe(element) + " has actions 0 to " + (element.actions().size() - 1)
					+ " (" + element.actions() + "), not " + index);
		}
	}

}
