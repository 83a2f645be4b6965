package dev.deskhand.approval;

import java.util.List;
import java.util.Optional;

import org.springframework.core.Ordered;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.InputAction;
import dev.deskhand.input.InputGuard;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.WindowDriver;

/**
 * Input of a session restricted to some apps ({@code request_access}) reaches the desktop
 * only while the focused window belongs to one of them. Checked on the input thread,
 * right before the actions run, so focus cannot change between the check and the input.
 */
class AppScopeGuard implements InputGuard, Ordered {

	private final AgentSessions sessions;

	private final WindowDriver windows;

	AppScopeGuard(AgentSessions sessions, WindowDriver windows) {
		this.sessions = sessions;
		this.windows = windows;
	}

	@Override
	public void beforeActions(String session, List<InputAction> actions) {
		boolean bringsUp = actions.stream().anyMatch((action) -> action.application() != null);
		boolean reachesFocus = actions.stream().anyMatch(InputAction::reachesFocusedWindow);
		boolean reachesElement = actions.stream().anyMatch((action) -> action.element() != null);
		if (!bringsUp && !reachesFocus && !reachesElement) {
			return;
		}
		AgentSession restricted = this.sessions.find(session).filter((s) -> s.apps() != null).orElse(null);
		if (restricted == null) {
			return;
		}
		List<String> apps = restricted.apps();
		for (InputAction action : actions) {
			if (action.application() != null) {
				restricted.requireMayBringUp(action.application());
			}
		}
		if (reachesElement) {
			requireElementsInScope(actions, apps);
		}
		if (!reachesFocus) {
			return;
		}
		Optional<WindowInfo> focused = this.windows.focusedWindow();
		if (focused.isEmpty()) {
			throw new DeskhandException(ErrorCode.E_NOT_GRANTED,
					"no window has focus; this session may only send input to " + apps);
		}
		WindowInfo window = focused.get();
		if (apps.stream().noneMatch(window::belongsTo)) {
			throw new DeskhandException(ErrorCode.E_NOT_GRANTED,
					"the focused window '" + window.title() + "' belongs to " + describe(window)
							+ ", not to this session's apps " + apps
							+ "; focus one of them first (request_access can widen the grant)");
		}
	}

	private void requireElementsInScope(List<InputAction> actions, List<String> apps) {
		List<WindowInfo> windows = this.windows.list();
		for (InputAction action : actions) {
			InputAction.ElementTarget element = action.element();
			if (element != null && apps.stream().noneMatch((app) -> element.belongsTo(app, windows))) {
				throw new DeskhandException(ErrorCode.E_NOT_GRANTED,
						"element " + element.ref() + " belongs to '" + element.element().app().name()
								+ "', not to this session's apps " + apps + " (request_access can widen the grant)");
			}
		}
	}

	private static String describe(WindowInfo window) {
		String name = !window.appClass().isEmpty() ? window.appClass() : window.executable();
		return name.isEmpty() ? "an unknown app" : "'" + name + "'";
	}

	@Override
	public int getOrder() {
		// After the failsafe: a tripped failsafe is the first thing to say.
		return 100;
	}

}
