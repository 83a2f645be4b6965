package dev.deskhand.ops;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

import dev.deskhand.input.Failsafe;
import dev.deskhand.input.FailsafeState;

/**
 * {@code /actuator/failsafe}: its state; {@code {"action":"trip"|"reset"}} trips or
 * re-arms it.
 */
@Endpoint(id = "failsafe")
class FailsafeEndpoint {

	private final Failsafe failsafe;

	FailsafeEndpoint(Failsafe failsafe) {
		this.failsafe = failsafe;
	}

	@ReadOperation
	Map<String, Object> state() {
		return describe(this.failsafe.state(), this.failsafe);
	}

	@WriteOperation
	WebEndpointResponse<Map<String, Object>> act(String action) {
		if ("trip".equalsIgnoreCase(action)) {
			return new WebEndpointResponse<>(describe(this.failsafe.trip("operator", "operator"), this.failsafe), 200);
		}
		if ("reset".equalsIgnoreCase(action)) {
			return new WebEndpointResponse<>(describe(this.failsafe.reset(), this.failsafe), 200);
		}
		return new WebEndpointResponse<>(Map.of("error", "action must be trip or reset"), 400);
	}

	static Map<String, Object> describe(FailsafeState state, Failsafe failsafe) {
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("tripped", state.tripped());
		fields.put("reason", state.reason());
		fields.put("tripped_at", (state.trippedAt() != null) ? state.trippedAt().toString() : null);
		fields.put("until", (state.until() != null) ? state.until().toString() : null);
		fields.put("trips", state.trips());
		fields.put("chord", failsafe.chord().toString());
		return fields;
	}

}
