package dev.deskhand.ops;

import java.security.Principal;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

import dev.deskhand.desk.Desk;
import dev.deskhand.desk.DeskHolder;

/**
 * {@code /actuator/desk}: who has the desk; {@code {"action":"take"|"hand-back"}} takes
 * it over from the agents (the running job stops; sessions and grants stay) or hands it
 * back.
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
	WebEndpointResponse<Map<String, Object>> act(String action, SecurityContext security) {
		String by = operator(security);
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
		return new WebEndpointResponse<>(Map.of("error", "action must be take or hand-back"), 400);
	}

	private static String operator(SecurityContext security) {
		Principal principal = (security != null) ? security.getPrincipal() : null;
		return (principal != null && principal.getName() != null) ? principal.getName() : "operator";
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
		return fields;
	}

}
