package dev.deskhand.platform.macos.ax;

/** An AXError other than success, from the call it answered. */
final class AxException extends RuntimeException {

	private final int error;

	AxException(int error, String call) {
		super(call + " answered " + AxErrors.name(error) + " (" + error + ")");
		this.error = error;
	}

	int error() {
		return this.error;
	}

}
