package dev.deskhand.inprocess.vendor;

import tools.jackson.databind.JsonNode;

/**
 * One vendor endpoint called in-process: the request body {@code POST /agents/<vendor>/
 * computer} takes, and the reply body it answers (docs/agents.md), with the session in
 * the body's {@code deskhand_session} field.
 */
@FunctionalInterface
public interface VendorEndpoint {

	JsonNode handle(JsonNode request);

}
