package dev.deskhand.platform.linux.atspi;

/** The accessibility bus cannot be reached; the message says why and how to enable it. */
final class AtspiUnavailableException extends RuntimeException {

	AtspiUnavailableException(String message) {
		super(message);
	}

}
