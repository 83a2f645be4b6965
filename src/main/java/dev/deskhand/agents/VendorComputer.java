package dev.deskhand.agents;

import java.util.List;
import java.util.Map;

import dev.deskhand.errors.DeskhandException;

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
	 * @throws DeskhandException E_ARGS when the body has the wrong shape or any action is
	 * malformed (nothing ran)
	 */
	Map<String, Object> answer(String principal, String handle, Object body);

	/**
	 * The list a body carries: the body itself when it is an array, else its
	 * {@code field} when that is an array.
	 * @param expected what to send instead, for the error
	 * @throws DeskhandException E_ARGS when the body carries no list there
	 */
	static List<?> listIn(Object body, String field, String expected) {
		if (body instanceof List<?> list) {
			return list;
		}
		if (body instanceof Map<?, ?> map && map.get(field) instanceof List<?> list) {
			return list;
		}
		throw DeskhandException.args(expected);
	}

}
