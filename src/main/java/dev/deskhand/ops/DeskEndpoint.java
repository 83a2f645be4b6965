package dev.deskhand.ops;

import java.security.Principal;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.lang.Nullable;

import dev.deskhand.desk.Desk;
import dev.deskhand.desk.DeskHolder;
import dev.deskhand.desk.HumanRequest;

/**
 * {@code /actuator/desk}: who has the desk and the agents' requests for the human;
 * {@code {"action":"take"|"hand-back"}} takes it over from the agents (the running job
 * stops; sessions and grants stay) or hands it back (answering requests "done");
 * {@code {"action":"done"|"decline","request":"h-..."}} answers a request (every one
 * without {@code request}).
 */
@Endpoint(id = "desk")
class DeskEndpoint {

	private final Desk desk;

	DeskEndpoint(Desk desk) {
		this.desk = desk;
	}

	@ReadOperation
	Map<String, Object> state() {
		return describe(this.desk);
	}

	@WriteOperation
	WebEndpointResponse<Map<String, Object>> act(String action, @Nullable String request, SecurityContext security) {
		String by = operator(security);
		if ("done".equalsIgnoreCase(action) || "decline".equalsIgnoreCase(action)) {
			String outcome = "done".equalsIgnoreCase(action) ? "done" : "declined";
			boolean answered = (request != null) ? this.desk.answer(request, outcome, by)
					: this.desk.answerAll(outcome, by) > 0;
			if (!answered) {
				return new WebEndpointResponse<>(
						Map.of("error",
								"no request for the human waits" + ((request != null) ? " with id " + request : "")),
						404);
			}
			Map<String, Object> fields = describe(this.desk);
			fields.put("answered", outcome);
			return new WebEndpointResponse<>(fields, 200);
		}
		if ("take".equalsIgnoreCase(action)) {
			this.desk.takeOver(by);
			return new WebEndpointResponse<>(describe(this.desk), 200);
		}
		if ("hand-back".equalsIgnoreCase(action)) {
			boolean had = this.desk.handBack(by);
			Map<String, Object> fields = describe(this.desk);
			fields.put("handed_back", had);
			return new WebEndpointResponse<>(fields, 200);
		}
		return new WebEndpointResponse<>(Map.of("error", "action must be take, hand-back, done or decline"), 400);
	}

	private static String operator(SecurityContext security) {
		Principal principal = (security != null) ? security.getPrincipal() : null;
		return (principal != null && principal.getName() != null) ? principal.getName() : "operator";
	}

	private static Map<String, Object> describe(HumanRequest request) {
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("id", request.id());
		fields.put("session", request.session());
		fields.put("principal", request.principal());
		fields.put("reason", request.reason());
		fields.put("requested_at", request.requestedAt().toString());
		fields.put("until", request.until().toString());
		return fields;
	}

	static Map<String, Object> describe(Desk desk) {
		DeskHolder holder = desk.holder();
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("holder", holder.kind().key());
		fields.put("who", holder.who());
		fields.put("since", (holder.since() != null) ? holder.since().toString() : null);
		fields.put("until", (holder.until() != null) ? holder.until().toString() : null);
		fields.put("human_detection", desk.detection());
		fields.put("human_idle", desk.idle().toString());
		fields.put("requests", desk.requests().stream().map(DeskEndpoint::describe).toList());
		return fields;
	}

}
