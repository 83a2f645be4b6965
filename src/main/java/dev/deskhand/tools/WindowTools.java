package dev.deskhand.tools;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.springframework.ai.mcp.annotation.McpTool;
import org.springframework.ai.mcp.annotation.McpTool.McpAnnotations;
import org.springframework.ai.mcp.annotation.McpToolParam;
import org.springframework.ai.mcp.annotation.context.McpSyncRequestContext;

import dev.deskhand.approval.ApprovalRequest;
import dev.deskhand.approval.ApprovalService;
import dev.deskhand.approval.Capability;
import dev.deskhand.audit.AuditTrail;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.Failsafe;
import dev.deskhand.input.InputLease;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.privacy.PrivacyProperties;
import dev.deskhand.screen.ScreenGeometry;
import dev.deskhand.screen.ScreenService;

/** Window tools: what is open and where, and bringing an application to the front. */
// Parameter names are snake_case on purpose: they become the tools' JSON argument names.
public class WindowTools {

	static final Duration ACTIVATE_WAIT = Duration.ofSeconds(3);

	private final CallContexts contexts;

	private final ActionRunner actionRunner;

	private final ScreenService screen;

	private final DesktopDriver driver;

	private final ApprovalService approvals;

	private final InputLease lease;

	private final Failsafe failsafe;

	private final AuditTrail audit;

	private final ApplicationsProperties apps;

	private final PrivacyProperties privacy;

	private final ToolRunner runner;

	WindowTools(CallContexts contexts, ActionRunner actionRunner, ScreenService screen, DesktopDriver driver,
			ApprovalService approvals, InputLease lease, Failsafe failsafe, AuditTrail audit,
			ApplicationsProperties apps, PrivacyProperties privacy, ToolRunner runner) {
		this.contexts = contexts;
		this.actionRunner = actionRunner;
		this.screen = screen;
		this.driver = driver;
		this.approvals = approvals;
		this.lease = lease;
		this.failsafe = failsafe;
		this.audit = audit;
		this.apps = apps;
		this.privacy = privacy;
		this.runner = runner;
	}

	@McpTool(name = "list_windows", description = """
			The open windows: id, title, app (window class), pid, bounds [x, y, width, height] in screenshot \
			image pixels of the display the window is on (display_id), and whether it has focus. Bounds use \
			the same coordinates as clicks on that display.""", annotations = @McpAnnotations(title = "List windows",
			readOnlyHint = true, destructiveHint = false, idempotentHint = true, openWorldHint = false))
	public CallToolResult listWindows(McpSyncRequestContext context) {
		return this.runner.run("list_windows", () -> {
			CallContext call = this.contexts.of(context);
			this.actionRunner.authorizeObservation(call, "list_windows", "list the open windows");
			ImageSpace space = new ImageSpace(call);
			List<Map<String, Object>> windows = new ArrayList<>();
			for (WindowInfo window : this.driver.windows().list()) {
				windows.add(describe(space, window));
			}
			return ToolResults.json(Map.of("windows", windows));
		});
	}

	@McpTool(name = "open_application", description = """
			Bring an application to the front: focus its window if it runs, else start it (only apps the \
			operator allowed in deskhand.apps.launchable) and wait for its window. Returns the window.""",
			annotations = @McpAnnotations(title = "Open application", readOnlyHint = false, destructiveHint = false,
					idempotentHint = true, openWorldHint = false))
	public CallToolResult openApplication(McpSyncRequestContext context,
			@McpToolParam(description = "The application: its window class, executable, or launchable name, "
					+ "e.g. \"xterm\", \"firefox\"") String app) {
		return this.runner.run("open_application", () -> {
			if (app == null || app.isBlank() || app.length() > 100) {
				throw DeskhandException.args("app is required: an application name such as \"xterm\"");
			}
			String name = app.strip();
			CallContext call = this.contexts.of(context);
			checkScope(call, name);
			Optional<WindowInfo> running = topmost(name);
			List<String> command = this.apps.launchable().get(name);
			if (running.isEmpty() && command == null) {
				throw new DeskhandException(ErrorCode.E_NOT_GRANTED,
						"'" + name + "' is not running and is not in " + "deskhand.apps.launchable"
								+ (this.apps.launchable().isEmpty() ? " (empty)" : " ("
										+ String.join(", ", this.apps.launchable().keySet().stream().sorted().toList())
										+ ")"));
			}
			String summary = running.isPresent()
					? "focus the running " + name + " window '" + running.get().title() + "'"
					: "start " + name + " (" + String.join(" ", command) + ")";
			this.approvals.authorize(
					new ApprovalRequest(call.session(), Set.of(Capability.LAUNCH), "open_application", summary),
					call.channel());
			this.lease.acquire(call.handle(), call.session().principal());
			this.failsafe.check();
			WindowInfo window = running.isPresent() ? focus(running.get()) : launch(name, command);
			this.audit.record("input-action", call.session().principal(), Map.of("session", call.handle(), "tool",
					"open_application", "outcome", "ok", "app", name, "launched", running.isEmpty()));
			Map<String, Object> result = new LinkedHashMap<>();
			result.put("launched", running.isEmpty());
			result.put("window", describe(new ImageSpace(call), window));
			return ToolResults.json(result);
		});
	}

	private WindowInfo focus(WindowInfo window) {
		if (!this.driver.windows().activate(window.id(), ACTIVATE_WAIT)) {
			throw new DeskhandException(ErrorCode.E_TIMEOUT, "the window manager did not focus '" + window.title()
					+ "' within " + ACTIVATE_WAIT.toSeconds() + " s");
		}
		return current(window.id()).orElse(window);
	}

	private WindowInfo launch(String name, List<String> command) {
		List<Long> before = this.driver.windows().list().stream().map(WindowInfo::id).toList();
		Process process = this.driver.launch(command);
		long deadline = System.nanoTime() + this.apps.launchWait().toNanos();
		while (System.nanoTime() < deadline) {
			Optional<WindowInfo> window = this.driver.windows()
				.list()
				.stream()
				.filter((w) -> !before.contains(w.id()))
				.filter((w) -> w.pid() == process.pid() || w.belongsTo(name) || w.belongsTo(command.get(0)))
				.reduce((first, second) -> second);
			if (window.isPresent()) {
				return focus(window.get());
			}
			if (!process.isAlive() && process.exitValue() != 0) {
				throw new DeskhandException(ErrorCode.E_FAIL,
						"'" + name + "' exited with status " + process.exitValue());
			}
			ActionRunner.pause(Duration.ofMillis(50));
		}
		throw new DeskhandException(ErrorCode.E_TIMEOUT, "'" + name + "' started (pid " + process.pid()
				+ ") but showed no window within " + this.apps.launchWait().toSeconds() + " s");
	}

	/** The topmost window of an app. */
	private Optional<WindowInfo> topmost(String name) {
		return this.driver.windows().list().stream().filter((w) -> w.belongsTo(name)).reduce((first, second) -> second);
	}

	private Optional<WindowInfo> current(long id) {
		return this.driver.windows().list().stream().filter((w) -> w.id() == id).findFirst();
	}

	// A session restricted to some apps may not bring up others.
	private void checkScope(CallContext call, String name) {
		List<String> allowed = call.session().apps();
		if (allowed != null && allowed.stream().noneMatch((a) -> a.equalsIgnoreCase(name))) {
			throw new DeskhandException(ErrorCode.E_NOT_GRANTED, "'" + name + "' is outside this session's apps "
					+ allowed + "; request_access can widen the grant");
		}
	}

	private Map<String, Object> describe(ImageSpace space, WindowInfo window) {
		boolean masked = this.privacy.maskedApps().stream().anyMatch(window::belongsTo);
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("id", "0x" + Long.toHexString(window.id()));
		fields.put("title", masked ? "(masked)" : window.title());
		fields.put("app", window.appClass().isEmpty() ? window.executable() : window.appClass());
		fields.put("pid", window.pid());
		Rect bounds = window.bounds();
		DisplayInfo display = (bounds != null) ? space.displayOf(bounds) : null;
		fields.put("display_id", (display != null) ? display.id() : null);
		fields.put("bounds", (display != null) ? space.imageRect(display, bounds) : null);
		fields.put("focused", window.focused());
		if (masked) {
			fields.put("masked", true);
		}
		return fields;
	}

	/**
	 * The displays and the session's geometries, read once per call: a window list maps
	 * every window through them, and each read is an X round trip.
	 */
	private final class ImageSpace {

		private final CallContext call;

		private final List<DisplayInfo> displays;

		private final Map<String, ScreenGeometry> geometries = new HashMap<>();

		ImageSpace(CallContext call) {
			this.call = call;
			this.displays = WindowTools.this.screen.displays();
		}

		/** The display holding the window's centre, else its top-left corner. */
		DisplayInfo displayOf(Rect bounds) {
			DisplayInfo display = ScreenService.displayAt(this.displays,
					new Point(bounds.x() + bounds.width() / 2, bounds.y() + bounds.height() / 2));
			return (display != null) ? display
					: ScreenService.displayAt(this.displays, new Point(bounds.x(), bounds.y()));
		}

		List<Integer> imageRect(DisplayInfo display, Rect bounds) {
			ScreenGeometry geometry = this.geometries.computeIfAbsent(display.id(),
					(id) -> WindowTools.this.screen.geometryFor(this.call.handle(), display, this.displays));
			int[] rect = ScreenService.toImageRect(geometry, bounds);
			return (rect != null) ? List.of(rect[0], rect[1], rect[2], rect[3]) : null;
		}

	}

}
