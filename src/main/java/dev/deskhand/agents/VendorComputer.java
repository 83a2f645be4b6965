package dev.deskhand.agents;

import java.util.Map;

/**
 * A vendor's computer-use vocabulary as {@code POST /agents/{vendor}/computer} answers it
 * ({@link VendorComputerEndpoint}).
 */
public interface VendorComputer {

	/**
	 * The path segment that names it: {@code anthropic}, {@code gemini}, {@code openai}.
	 */
	String vendor();

	/**
	 * Runs one request body, in the vendor's own shape, in a Deskhand session.
	 * @param principal the authenticated agent
	 * @param handle the Deskhand session to run in, or {@code null} for a new one
	 * @param body the parsed JSON body (a map or a list)
	 * @return the vendor's answer, with {@code deskhand_session}
	 * @throws dev.deskhand.errors.DeskhandException E_ARGS when the body has the wrong
	 * shape or any action is malformed (nothing ran)
	 */
	Map<String, Object> answer(String principal, String handle, Object body);

}
