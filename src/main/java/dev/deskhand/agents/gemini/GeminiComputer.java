package dev.deskhand.agents.gemini;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.deskhand.actions.ActionArguments;
import dev.deskhand.actions.DesktopActions;
import dev.deskhand.agents.AgentsProperties;
import dev.deskhand.agents.BatchStep;
import dev.deskhand.agents.EndpointCaller;
import dev.deskhand.agents.EndpointSessions;
import dev.deskhand.agents.VendorComputer;
import dev.deskhand.agents.VendorCalls;
import dev.deskhand.agents.FailedAction;
import dev.deskhand.approval.AgentSession;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.Echo;
import dev.deskhand.input.InputAction;
import dev.deskhand.screen.DisplayChoice;
import dev.deskhand.screen.ModelProfiles;
import dev.deskhand.screen.ScreenGeometry;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.Screenshot;

/**
 * Gemini's {@code computer_use} tool, natively: the function calls of one model turn in,
 * their function responses out. The calls are validated together and run as one
 * {@code computer_batch} in the session's {@code gemini} profile (coordinates on the
 * 0-999 grid), answered with one screenshot after them.
 */
public class GeminiComputer implements VendorComputer {

	private final EndpointSessions sessions;

	private final ActionArguments arguments;

	private final DesktopActions desktop;

	private final VendorCalls calls;

	private final ScreenService screen;

	private final AgentsProperties properties;

	public GeminiComputer(EndpointSessions sessions, ActionArguments arguments, DesktopActions desktop,
			VendorCalls calls, ScreenService screen, AgentsProperties properties) {
		this.sessions = sessions;
		this.arguments = arguments;
		this.desktop = desktop;
		this.calls = calls;
		this.screen = screen;
		this.properties = properties;
	}

	@Override
	public String vendor() {
		return "gemini";
	}

	/** {@code {"function_calls": [...]}} or an array of function calls. */
	@Override
	public Map<String, Object> answer(String principal, String handle, Object body) {
		return run(principal, handle, VendorComputer.listIn(body, "function_calls",
				"send {\"function_calls\": [...]} or an array of function calls"));
	}

	/**
	 * @param calls the function calls ({@code {id?, name, args}}); none answers just a
	 * screenshot, as a loop's first look
	 * @return {@code function_responses} and {@code deskhand_session}
	 * @throws DeskhandException E_ARGS or E_UNSUPPORTED for a malformed call (nothing
	 * ran)
	 */
	public Map<String, Object> run(String principal, String handle, List<?> calls) {
		AgentSession session = this.sessions.open(principal, handle, ModelProfiles.GEMINI);
		EndpointCaller caller = new EndpointCaller(session);
		DisplayChoice display = this.arguments.display(session.handle(), null);
		ScreenGeometry geometry = this.screen.currentGeometry(session.handle(), display.display());
		List<Call> parsed = new ArrayList<>();
		List<InputAction> actions = new ArrayList<>();
		List<Integer> endsOf = new ArrayList<>();
		List<String> confirmations = new ArrayList<>();
		for (int i = 0; i < calls.size(); i++) {
			try {
				Call call = parse(calls.get(i), geometry);
				// take_screenshot has none: the screenshot after the calls answers it
				for (BatchStep step : call.step().actions()) {
					actions.add(step.toAction(this.arguments, session.handle(), display));
				}
				endsOf.add(actions.size());
				parsed.add(call);
				if (call.explanation() != null) {
					confirmations.add(call.name() + ": " + call.explanation());
				}
			}
			catch (DeskhandException ex) {
				throw VendorCalls.at("function_calls", i, ex);
			}
		}
		Responses responses = new Responses(parsed, session.handle());
		if (!confirmations.isEmpty()) {
			try {
				this.calls.confirm(session, "Gemini", "gemini_safety_decision", confirmations, actions);
			}
			catch (DeskhandException ex) {
				return responses.finish(0, ex, false, observe(caller, display));
			}
		}
		if (actions.isEmpty()) {
			return responses.finish(parsed.size(), null, true, observe(caller, display));
		}
		try {
			Screenshot shot = this.desktop.performAll(caller, display, actions, true, "done").screenshot();
			return responses.finish(parsed.size(), null, true, shot);
		}
		catch (DeskhandException ex) {
			return responses.finish(FailedAction.of(ex, endsOf), ex, true, observe(caller, display));
		}
	}

	private Call parse(Object raw, ScreenGeometry geometry) {
		if (!(raw instanceof Map<?, ?> call) || !(call.get("name") instanceof String name)) {
			throw DeskhandException.args("must be a function call {name, args}, got " + Echo.of(raw));
		}
		Map<Object, Object> args = new LinkedHashMap<>();
		if (call.get("args") instanceof Map<?, ?> given) {
			args.putAll(given);
		}
		else if (call.get("args") != null) {
			throw DeskhandException.args("args must be an object");
		}
		String explanation = null;
		Object safety = args.remove("safety_decision");
		if (safety instanceof Map<?, ?> decision && "require_confirmation".equals(decision.get("decision"))) {
			explanation = VendorCalls.shortened(String.valueOf(decision.get("explanation")));
		}
		Object id = call.get("id");
		GeminiActions.Step step = GeminiActions.translate(name, args, geometry.imageWidth(), geometry.imageHeight(),
				this.properties.scrollPixelsPerClick());
		return new Call((id instanceof String text) ? text : null, name, GeminiActions.inSessionSpace(step, geometry),
				explanation);
	}

	private Screenshot observe(EndpointCaller caller, DisplayChoice display) {
		return this.calls.observe(caller, display, "screenshot after Gemini function calls");
	}

	/** One validated call. */
	private record Call(String id, String name, GeminiActions.Step step, String explanation) {
	}

	/** The function responses being built. */
	private record Responses(List<Call> calls, String session) {

		Map<String, Object> finish(int executed, DeskhandException ex, boolean confirmed, Screenshot shot) {
			List<Map<String, Object>> responses = new ArrayList<>();
			for (int i = 0; i < this.calls.size(); i++) {
				Call call = this.calls.get(i);
				Map<String, Object> response = new LinkedHashMap<>();
				response.put("url", "");
				if (i < executed) {
					response.put("status", "done");
					response.put("text", call.step().done());
				}
				else if (!confirmed) {
					// nothing ran: the flagged calls say why, the others that they were
					// not
					// run
					if (call.explanation() != null) {
						response.put("error", ex.render());
					}
					else {
						response.put("status", "not_executed");
					}
				}
				else if (i == executed && ex != null) {
					response.put("error", ex.render());
				}
				else {
					response.put("status", "not_executed");
				}
				if (call.explanation() != null && confirmed) {
					response.put("safety_acknowledgement", "true");
				}
				Map<String, Object> entry = new LinkedHashMap<>();
				if (call.id() != null) {
					entry.put("id", call.id());
				}
				entry.put("name", call.name());
				entry.put("response", response);
				responses.add(entry);
			}
			Map<String, Object> reply = new LinkedHashMap<>();
			if (shot != null) {
				Map<String, Object> image = Map.of("inline_data", Map.of("mime_type", shot.format().mimeType(), "data",
						Base64.getEncoder().encodeToString(shot.image())));
				if (responses.isEmpty()) {
					// a first look: no call to answer, just the screen, as the parts of
					// the
					// loop's first user turn
					reply.put("parts", List.of(image));
				}
				else {
					int last = Math.max(0, Math.min(executed, responses.size()) - 1);
					responses.get(last).put("parts", List.of(image));
				}
			}
			reply.put("function_responses", responses);
			reply.put(EndpointSessions.FIELD, this.session);
			return reply;
		}

	}

}
