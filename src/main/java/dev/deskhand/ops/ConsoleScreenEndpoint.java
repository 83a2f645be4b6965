package dev.deskhand.ops;

import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.annotation.WebEndpoint;

import dev.deskhand.errors.DeskhandException;

/**
 * {@code GET /actuator/screen/{display}}: what a display shows now, as a JPEG under the
 * image budget; the operator console's live view. Operator token only, like every
 * endpoint but health and the console's page.
 */
@WebEndpoint(id = "screen")
class ConsoleScreenEndpoint {

	private final ConsolePreviews previews;

	ConsoleScreenEndpoint(ConsolePreviews previews) {
		this.previews = previews;
	}

	@ReadOperation(produces = "image/jpeg")
	WebEndpointResponse<byte[]> display(@Selector String display) {
		try {
			return new WebEndpointResponse<>(this.previews.thumbnail(display), WebEndpointResponse.STATUS_OK);
		}
		catch (DeskhandException ex) {
			return new WebEndpointResponse<>(ConsoleErrors.status(ex));
		}
	}

}
