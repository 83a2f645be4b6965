package dev.deskhand.ops;

import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

import dev.deskhand.errors.DeskhandException;

/** How the console's endpoints answer a failure of the screen behind them. */
final class ConsoleErrors {

	private ConsoleErrors() {
	}

	/**
	 * 404 for a display that is gone, 503 when the desktop cannot be reached, else 500.
	 */
	static int status(DeskhandException ex) {
		return switch (ex.code()) {
			case E_NOT_FOUND -> WebEndpointResponse.STATUS_NOT_FOUND;
			case E_NO_DESKTOP -> WebEndpointResponse.STATUS_SERVICE_UNAVAILABLE;
			default -> WebEndpointResponse.STATUS_INTERNAL_SERVER_ERROR;
		};
	}

}
