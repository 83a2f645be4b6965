package dev.deskhand.approval;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.InputAction;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowDriver;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementApp;
import dev.deskhand.platform.elements.ElementHandle;
import dev.deskhand.platform.elements.ElementRole;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An app-scoped session acts on an element only when the element's application is in
 * scope, whichever window has focus: the element's own app is what it reaches.
 */
class AppScopeGuardTests {

	// The mail client has focus; the browser's window is behind it.
	private static final WindowInfo MAIL = new WindowInfo(1, "Inbox", "thunderbird", "Mail", "thunderbird", 42,
			new Rect(0, 0, 800, 600), true);

	private static final WindowInfo BROWSER = new WindowInfo(2, "Bank", "chromium", "chromium", "chromium", 77,
			new Rect(0, 0, 800, 600), false);

	private final AgentSessions sessions = new AgentSessions(Clock.systemUTC(), Duration.ofMinutes(5));

	private final AgentSession session = this.sessions.resolve("agent", "mcp-1", "test");

	private final AppScopeGuard guard = new AppScopeGuard(this.sessions, new WindowDriver() {

		@Override
		public Optional<WindowInfo> focusedWindow() {
			return Optional.of(MAIL);
		}

		@Override
		public List<WindowInfo> list() {
			return List.of(BROWSER, MAIL);
		}

		@Override
		public boolean activate(long windowId, Duration timeout) {
			return true;
		}

	});

	@Test
	void anElementOfAnAppInScopeIsActedOnEvenBehindAnotherWindow() {
		this.session.restrictTo(List.of("chromium"), "pay the bill");
		InputAction press = new InputAction.PressElement(target("Chromium", 77), null);
		assertThatCode(() -> this.guard.beforeActions(this.session.handle(), List.of(press)))
			.doesNotThrowAnyException();
		// By its process's window class too, when the toolkit's app name differs.
		InputAction byPid = new InputAction.FocusElement(target("chrome-renderer", 77));
		assertThatCode(() -> this.guard.beforeActions(this.session.handle(), List.of(byPid)))
			.doesNotThrowAnyException();
	}

	@Test
	void anElementOfAnAppOutOfScopeIsRefusedNamingIt() {
		this.session.restrictTo(List.of("thunderbird"), "read mail");
		InputAction set = new InputAction.SetElementText(target("Chromium", 77), "1000", null);
		assertThatThrownBy(() -> this.guard.beforeActions(this.session.handle(), List.of(set)))
			.isInstanceOf(DeskhandException.class)
			.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_NOT_GRANTED))
			.hasMessageContaining("'Chromium'")
			.hasMessageContaining("[thunderbird]");
	}

	private static InputAction.ElementTarget target(String app, long pid) {
		return new InputAction.ElementTarget("e3", new Element(new ElementHandle(":1.7", "/3"), ElementRole.ENTRY,
				"Amount", Set.of(), new Rect(10, 10, 100, 20), List.of(), null, new ElementApp(app, pid), true, false));
	}

}
