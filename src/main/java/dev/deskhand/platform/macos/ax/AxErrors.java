package dev.deskhand.platform.macos.ax;

import java.util.Map;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.elements.ElementErrors;

/**
 * AXError codes (HIServices' {@code AXError.h}) and what each means for the caller, as
 * the SPI's error codes.
 */
final class AxErrors {

	static final int SUCCESS = 0;

	static final int FAILURE = -25200;

	static final int ILLEGAL_ARGUMENT = -25201;

	static final int INVALID_UI_ELEMENT = -25202;

	static final int INVALID_UI_ELEMENT_OBSERVER = -25203;

	static final int CANNOT_COMPLETE = -25204;

	static final int ATTRIBUTE_UNSUPPORTED = -25205;

	static final int ACTION_UNSUPPORTED = -25206;

	static final int NOTIFICATION_UNSUPPORTED = -25207;

	static final int NOT_IMPLEMENTED = -25208;

	static final int NOTIFICATION_ALREADY_REGISTERED = -25209;

	static final int NOTIFICATION_NOT_REGISTERED = -25210;

	static final int API_DISABLED = -25211;

	static final int NO_VALUE = -25212;

	static final int PARAMETERIZED_ATTRIBUTE_UNSUPPORTED = -25213;

	static final int NOT_ENOUGH_PRECISION = -25214;

	/** What a user must do when the AX API refuses Deskhand. */
	static final String PERMISSION = "grant Accessibility to the program running Deskhand in System Settings ›"
			+ " Privacy & Security › Accessibility, then restart it";

	private static final Map<Integer, String> NAMES = Map.ofEntries(Map.entry(SUCCESS, "kAXErrorSuccess"),
			Map.entry(FAILURE, "kAXErrorFailure"), Map.entry(ILLEGAL_ARGUMENT, "kAXErrorIllegalArgument"),
			Map.entry(INVALID_UI_ELEMENT, "kAXErrorInvalidUIElement"),
			Map.entry(INVALID_UI_ELEMENT_OBSERVER, "kAXErrorInvalidUIElementObserver"),
			Map.entry(CANNOT_COMPLETE, "kAXErrorCannotComplete"),
			Map.entry(ATTRIBUTE_UNSUPPORTED, "kAXErrorAttributeUnsupported"),
			Map.entry(ACTION_UNSUPPORTED, "kAXErrorActionUnsupported"),
			Map.entry(NOTIFICATION_UNSUPPORTED, "kAXErrorNotificationUnsupported"),
			Map.entry(NOT_IMPLEMENTED, "kAXErrorNotImplemented"),
			Map.entry(NOTIFICATION_ALREADY_REGISTERED, "kAXErrorNotificationAlreadyRegistered"),
			Map.entry(NOTIFICATION_NOT_REGISTERED, "kAXErrorNotificationNotRegistered"),
			Map.entry(API_DISABLED, "kAXErrorAPIDisabled"), Map.entry(NO_VALUE, "kAXErrorNoValue"),
			Map.entry(PARAMETERIZED_ATTRIBUTE_UNSUPPORTED, "kAXErrorParameterizedAttributeUnsupported"),
			Map.entry(NOT_ENOUGH_PRECISION, "kAXErrorNotEnoughPrecision"));

	private AxErrors() {
	}

	static String name(int error) {
		return NAMES.getOrDefault(error, "AXError");
	}

	/** Whether the element (or its whole application) no longer exists. */
	static boolean gone(AxException ex) {
		return ex.error() == INVALID_UI_ELEMENT;
	}

	/** Whether the application did not answer within the messaging timeout. */
	static boolean timedOut(AxException ex) {
		return ex.error() == CANNOT_COMPLETE;
	}

	/**
	 * The failure as the SPI's error.
	 * @param what the element or window asked, in words ("the push button 'OK' of
	 * Finder")
	 * @param didNotAnswer the sentence for an application that timed out, naming it
	 */
	static DeskhandException toDeskhand(AxException ex, String what, String didNotAnswer) {
		return switch (ex.error()) {
			case API_DISABLED -> ElementErrors.unreadable(PERMISSION, ex);
			case CANNOT_COMPLETE -> new DeskhandException(ErrorCode.E_TIMEOUT, didNotAnswer, ex);
			case INVALID_UI_ELEMENT -> ElementErrors.gone(what, ex);
			case ATTRIBUTE_UNSUPPORTED, ACTION_UNSUPPORTED, NOT_IMPLEMENTED, PARAMETERIZED_ATTRIBUTE_UNSUPPORTED,
					NO_VALUE ->
				new DeskhandException(ErrorCode.E_UNSUPPORTED, what + " does not offer that (" + name(ex.error()) + ")",
						ex);
			default -> new DeskhandException(ErrorCode.E_FAIL,
					what + ": the application refused (" + name(ex.error()) + ", " + ex.error() + ")", ex);
		};
	}

}
