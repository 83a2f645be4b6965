package dev.deskhand.ops;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.annotation.WebEndpoint;
import org.springframework.lang.Nullable;
import org.springframework.util.MimeType;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.audit.AuditTrail;
import dev.deskhand.trajectory.SessionCursor;
import dev.deskhand.trajectory.TrajectoryStore;
import dev.deskhand.trajectory.TrajectoryStore.SessionPage;
import dev.deskhand.trajectory.TrajectoryVerifier;

/**
 * {@code /actuator/trajectories}: the session records (docs/replay.md). {@code GET} lists
 * the sessions (all, or a page with {@code ?limit=&before=}), {@code GET /{id}} gives one
 * session's steps, {@code GET /{id}/<sha256>.png} (or {@code .jpg}) an image, {@code GET
 * /{id}/download.zip} the session as a zip with the matching audit lines, {@code GET
 * /{id}/verify} that zip checked against the live audit file. Operator token only, like
 * every endpoint but health and the console's page.
 */
@WebEndpoint(id = "trajectories")
class TrajectoriesEndpoint {

	static final String DOWNLOAD = "download.zip";

	static final String VERIFY = "verify";

	/** A page when {@code before} comes without {@code limit}. */
	static final int DEFAULT_PAGE = 50;

	/** Bounds one answer: every session's size is measured by walking its files. */
	static final int MAX_PAGE = 500;

	private static final MimeType JSON_TYPE = MimeType.valueOf("application/json");

	private static final MimeType ZIP = MimeType.valueOf("application/zip");

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final TrajectoryStore store;

	private final AuditTrail audit;

	TrajectoriesEndpoint(TrajectoryStore store, AuditTrail audit) {
		this.store = store;
		this.audit = audit;
	}

	/**
	 * The sessions, newest first: all of them without parameters (as before paging), or a
	 * page of {@code limit} after the cursor {@code before} (a page's {@code next}).
	 */
	@ReadOperation
	WebEndpointResponse<Map<String, Object>> sessions(@Nullable Integer limit, @Nullable String before) {
		if (limit == null && before == null) {
			return new WebEndpointResponse<>(Map.of("sessions", this.store.sessions()), WebEndpointResponse.STATUS_OK);
		}
		int size = (limit != null) ? limit : DEFAULT_PAGE;
		if (size < 1 || size > MAX_PAGE) {
			return badRequest("limit must be 1 to " + MAX_PAGE + ", not " + size);
		}
		Optional<SessionCursor> after = (before != null) ? SessionCursor.parse(before) : Optional.empty();
		if (before != null && after.isEmpty()) {
			return badRequest("before must be the next of an earlier page (<last_step>~<id>), not " + before);
		}
		SessionPage page = this.store.sessions(size, after.orElse(null));
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("sessions", page.sessions());
		body.put("total", page.total());
		if (page.next() != null) {
			body.put("next", page.next().toString());
		}
		return new WebEndpointResponse<>(body, WebEndpointResponse.STATUS_OK);
	}

	private static WebEndpointResponse<Map<String, Object>> badRequest(String error) {
		return new WebEndpointResponse<>(Map.of("error", error), WebEndpointResponse.STATUS_BAD_REQUEST);
	}

	@ReadOperation
	WebEndpointResponse<Map<String, Object>> session(@Selector String id) {
		return this.store.session(id)
			.map((session) -> new WebEndpointResponse<>(session, WebEndpointResponse.STATUS_OK))
			.orElseGet(() -> new WebEndpointResponse<>(Map.of("error", "no recorded session " + id),
					WebEndpointResponse.STATUS_NOT_FOUND));
	}

	@ReadOperation(produces = { "image/png", "image/jpeg", "application/zip", "application/json" })
	WebEndpointResponse<byte[]> item(@Selector String id, @Selector String item) {
		if (DOWNLOAD.equals(item)) {
			return found(this.store.zip(id, this.audit.file()), ZIP);
		}
		if (VERIFY.equals(item)) {
			Optional<byte[]> zip = this.store.zip(id, this.audit.file());
			return found(zip.map((bytes) -> {
				TrajectoryVerifier.Result result = TrajectoryVerifier.verify(bytes, this.audit.file());
				return JSON.writeValueAsString(Map.of("valid", result.valid(), "reason", result.reason()))
					.getBytes(StandardCharsets.UTF_8);
			}), JSON_TYPE);
		}
		MimeType type = item.endsWith(".jpg") ? MimeType.valueOf("image/jpeg") : MimeType.valueOf("image/png");
		return found(this.store.image(id, item), type);
	}

	private static WebEndpointResponse<byte[]> found(Optional<byte[]> bytes, MimeType type) {
		return bytes.map((body) -> new WebEndpointResponse<>(body, WebEndpointResponse.STATUS_OK, type))
			.orElseGet(() -> new WebEndpointResponse<>(WebEndpointResponse.STATUS_NOT_FOUND));
	}

}
