package dev.deskhand.agents.anthropic;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.deskhand.actions.ActionOutcome;
import dev.deskhand.actions.BatchArguments;
import dev.deskhand.actions.DesktopActions;
import dev.deskhand.agents.EndpointCaller;
import dev.deskhand.agents.EndpointSessions;
import dev.deskhand.agents.VendorComputer;
import dev.deskhand.agents.VendorCalls;
import dev.deskhand.approval.AgentSession;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.Echo;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.InputAction;
import dev.deskhand.screen.CursorPosition;
import dev.deskhand.screen.DisplayChoice;
import dev.deskhand.screen.ModelProfiles;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.Screenshot;

/**
 * Anthropic's computer tool, natively: {@code tool_use} blocks in, their
 * {@code tool_result} blocks out. The toolset's input actions are Deskhand's own
 * ({@code left_click}, {@code scroll}, {@code key}, ...), so each runs as a one-action
 * {@code computer_batch} with a screenshot after it. Every block of a request is
 * validated before the first runs; after one fails, the rest are answered as not
 * executed.
 */
public class AnthropicComputer implements VendorComputer {

	/** The toolset's actions that only look: answered without the input path. */
	private static final Set<String> OBSERVATIONS = Set.of("screenshot", "cursor_position");

	private final EndpointSessions sessions;

	private final BatchArguments batches;

	private final DesktopActions desktop;

	private final ScreenService screen;

	public AnthropicComputer(EndpointSessions sessions, BatchArguments batches, DesktopActions desktop,
			ScreenService screen) {
		this.sessions = sessions;
		this.batches = batches;
		this.desktop = desktop;
		this.screen = screen;
	}

	@Override
	public String vendor() {
		return "anthropic";
	}

	/** One {@code tool_use} block, {@code {"tool_uses": [...]}} or an array of blocks. */
	@Override
	public Map<String, Object> answer(String principal, String handle, Object body) {
		if (body instanceof Map<?, ?> map && "tool_use".equals(map.get("type"))) {
			return run(principal, handle, List.of(map));
		}
		return run(principal, handle, VendorComputer.listIn(body, "tool_uses",
				"send a tool_use block, {\"tool_uses\": [...]} or an array of tool_use blocks"));
	}

	/**
	 * @param principal the authenticated agent
	 * @param handle the Deskhand session to run in, or {@code null} for a new one
	 * @param toolUses the {@code tool_use} blocks of one assistant message
	 * @return {@code tool_results} (one per block, in order) and {@code deskhand_session}
	 * @throws DeskhandException E_ARGS when any block is malformed (nothing ran)
	 */
	public Map<String, Object> run(String principal, String handle, List<?> toolUses) {
		if (toolUses.isEmpty()) {
			throw DeskhandException.args("no tool_use blocks");
		}
		AgentSession session = this.sessions.open(principal, handle, ModelProfiles.ANTHROPIC);
		EndpointCaller caller = new EndpointCaller(session);
		DisplayChoice display = this.batches.display(session.handle(), null);
		List<Use> uses = new ArrayList<>();
		for (int i = 0; i < toolUses.size(); i++) {
			try {
				uses.add(parse(session.handle(), display, toolUses.get(i)));
			}
			catch (DeskhandException ex) {
				throw VendorCalls.at("tool_uses", i, ex);
			}
		}
		List<Map<String, Object>> results = new ArrayList<>();
		DeskhandException failed = null;
		for (Use use : uses) {
			if (failed != null) {
				results.add(result(use.id(), true,
						"not executed: an earlier tool_use of this message failed (" + failed.code() + ")", null));
				continue;
			}
			try {
				results.add(execute(caller, display, use));
			}
			catch (DeskhandException ex) {
				failed = ex;
				results.add(result(use.id(), true, ex.render(), null));
			}
		}
		Map<String, Object> reply = new LinkedHashMap<>();
		reply.put("tool_results", results);
		reply.put(EndpointSessions.FIELD, session.handle());
		return reply;
	}

	private Use parse(String session, DisplayChoice display, Object raw) {
		if (!(raw instanceof Map<?, ?> block) || !"tool_use".equals(block.get("type"))) {
			throw DeskhandException.args("must be a tool_use block, got " + Echo.of(raw));
		}
		if (!(block.get("id") instanceof String id) || id.isBlank()) {
			throw DeskhandException.args("a tool_use needs its id");
		}
		if (!"computer".equals(block.get("name"))) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED,
					"only the computer tool is served here, got " + Echo.of(block.get("name")));
		}
		if (!(block.get("input") instanceof Map<?, ?> input) || !(input.get("action") instanceof String action)) {
			throw DeskhandException.args("a computer tool_use needs input.action");
		}
		if (OBSERVATIONS.contains(action)) {
			if (input.size() > 1) {
				throw DeskhandException.args("'" + action + "' takes no arguments");
			}
			return new Use(id, action, List.of(), null);
		}
		if ("zoom".equals(action)) {
			return new Use(id, action, List.of(), zoomRegion(session, display, input));
		}
		Map<String, Object> batchAction = new LinkedHashMap<>();
		input.forEach((key, value) -> batchAction.put(String.valueOf(key), value));
		return new Use(id, action, List.of(this.batches.parseOne(session, display, batchAction)), null);
	}

	/**
	 * computer_20251124's {@code zoom {region: [x0, y0, x1, y1]}}, in the pixels of the
	 * session's last screenshot as every coordinate is; checked against that screenshot
	 * now, so a bad region fails the request before any block ran.
	 */
	private List<Integer> zoomRegion(String session, DisplayChoice display, Map<?, ?> input) {
		for (Object key : input.keySet()) {
			if (!"action".equals(key) && !"region".equals(key)) {
				throw DeskhandException.args("'zoom' takes no argument " + Echo.of(key));
			}
		}
		if (!(input.get("region") instanceof List<?> region) || region.size() != 4) {
			throw DeskhandException.args("zoom needs region [x0, y0, x1, y1] in screenshot image pixels, got "
					+ Echo.of(input.get("region")));
		}
		List<Integer> corners = new ArrayList<>();
		for (Object corner : region) {
			if (!(corner instanceof Integer || corner instanceof Long || corner instanceof Short)
					|| Math.abs(((Number) corner).longValue()) > Integer.MAX_VALUE) {
				throw DeskhandException
					.args("region must be [x0, y0, x1, y1] with whole image pixels, got " + Echo.of(region));
			}
			corners.add(((Number) corner).intValue());
		}
		this.screen.geometryFor(session, display.display(), display.displays())
			.toDesktopRegion(corners.get(0), corners.get(1), corners.get(2), corners.get(3));
		return corners;
	}

	private Map<String, Object> execute(EndpointCaller caller, DisplayChoice display, Use use) {
		if ("screenshot".equals(use.action())) {
			this.desktop.authorizeObservation(caller, "screenshot", "take a screenshot");
			return result(use.id(), false, null, this.desktop.screenshotAfter(caller, display, "").screenshot());
		}
		if ("cursor_position".equals(use.action())) {
			this.desktop.authorizeObservation(caller, "cursor_position", "read the pointer position");
			CursorPosition position = this.screen.cursor(caller.handle());
			return result(use.id(), false,
					"X=" + position.x() + ",Y=" + position.y() + " (display " + position.displayId() + ")", null);
		}
		if ("zoom".equals(use.action())) {
			this.desktop.authorizeObservation(caller, "zoom", "zoom into a region of the screen");
			Screenshot zoomed = this.screen.zoom(caller.handle(), display.id(), use.region(), null);
			return result(use.id(), false, "zoomed into " + use.region() + " (" + zoomed.width() + "x" + zoomed.height()
					+ " px; coordinates stay those of the screenshot)", zoomed);
		}
		ActionOutcome outcome = this.desktop.performAll(caller, display, use.actions(), true, "done: " + use.action());
		return result(use.id(), false, outcome.text(), outcome.screenshot());
	}

	private static Map<String, Object> result(String id, boolean error, String text, Screenshot shot) {
		List<Map<String, Object>> content = new ArrayList<>();
		if (text != null) {
			content.add(Map.of("type", "text", "text", text));
		}
		if (shot != null) {
			content.add(Map.of("type", "image", "source", Map.of("type", "base64", "media_type",
					shot.format().mimeType(), "data", Base64.getEncoder().encodeToString(shot.image()))));
		}
		Map<String, Object> result = new LinkedHashMap<>();
		result.put("type", "tool_result");
		result.put("tool_use_id", id);
		result.put("is_error", error);
		result.put("content", content);
		return result;
	}

	/**
	 * One validated tool_use: an observation (no actions; a zoom's region) or input.
	 */
	private record Use(String id, String action, List<InputAction> actions, List<Integer> region) {
	}

}
