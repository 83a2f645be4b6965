package dev.deskhand.ops;

import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.annotation.EndpointWebExtension;

import dev.deskhand.approval.ApprovalService;
import dev.deskhand.approval.PendingApproval;
import dev.deskhand.errors.DeskhandException;

/**
 * {@code GET /actuator/approvals/{id}}: one pending request, as in the list, plus a
 * zoomed crop of the screen where it will act ({@code preview}: the image as base64, its
 * type and size, what it shows, and the spot to mark in its pixels). The operator console
 * shows it on the request's card.
 */
@EndpointWebExtension(endpoint = ApprovalsEndpoint.class)
class ConsoleApprovalsExtension {

	private static final Logger logger = LoggerFactory.getLogger(ConsoleApprovalsExtension.class);

	private final ApprovalService approvals;

	private final ConsolePreviews previews;

	ConsoleApprovalsExtension(ApprovalService approvals, ConsolePreviews previews) {
		this.approvals = approvals;
		this.previews = previews;
	}

	@ReadOperation
	WebEndpointResponse<Map<String, Object>> approval(@Selector String id) {
		Optional<PendingApproval> pending = this.approvals.pending()
			.stream()
			.filter((p) -> p.id().equals(id))
			.findFirst();
		if (pending.isEmpty()) {
			return new WebEndpointResponse<>(Map.of("error", "no pending approval " + id),
					WebEndpointResponse.STATUS_NOT_FOUND);
		}
		Map<String, Object> fields = new LinkedHashMap<>(ApprovalsEndpoint.describe(pending.get()));
		fields.put("preview", preview(pending.get()));
		return new WebEndpointResponse<>(fields, WebEndpointResponse.STATUS_OK);
	}

	/**
	 * The crop, {@code null} for a request that does not act on the screen, or the error
	 * that kept it.
	 */
	private Map<String, Object> preview(PendingApproval pending) {
		try {
			return this.previews.preview(pending.request()).map(ConsoleApprovalsExtension::describe).orElse(null);
		}
		catch (DeskhandException ex) {
			// The request stays answerable without its picture; the operator reads why it
			// is missing.
			logger.debug("No preview for approval {}: {}", pending.id(), ex.render());
			return Map.of("error", ex.render());
		}
	}

	private static Map<String, Object> describe(ConsolePreviews.Preview preview) {
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("display_id", preview.displayId());
		fields.put("kind", preview.kind());
		fields.put("label", preview.label());
		fields.put("area",
				List.of(preview.area().x(), preview.area().y(), preview.area().width(), preview.area().height()));
		fields.put("mime_type", preview.image().format().mimeType());
		fields.put("width", preview.image().width());
		fields.put("height", preview.image().height());
		fields.put("marker", (preview.marker() != null) ? List.of(preview.marker()[0], preview.marker()[1]) : null);
		fields.put("image", Base64.getEncoder().encodeToString(preview.image().image()));
		return fields;
	}

}
