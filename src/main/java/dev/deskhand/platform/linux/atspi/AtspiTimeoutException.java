package dev.deskhand.platform.linux.atspi;

/** An application that did not answer a call within the driver's call timeout. */
final class AtspiTimeoutException extends RuntimeException {

	private final String owner;

	AtspiTimeoutException(String owner) {
		super(owner + " did not answer in time");
		this.owner = owner;
	}

	/** The bus name of the application that did not answer. */
	String owner() {
		return this.owner;
	}

}
