package dev.deskhand.platform.windows.uia;

/** A COM call that answered a failure HRESULT. */
final class UiaComException extends RuntimeException {

	private final int hresult;

	UiaComException(String call, int hresult) {
		super(call + " failed: " + UiaErrors.describe(hresult));
		this.hresult = hresult;
	}

	int hresult() {
		return this.hresult;
	}

}
