package dev.deskhand.ops;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.audit.AuditEvent;
import org.springframework.boot.actuate.audit.listener.AuditApplicationEvent;
import org.springframework.mock.env.MockEnvironment;

import dev.deskhand.audit.AuditProperties;
import dev.deskhand.audit.AuditTrail;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.fake.FakeDesktopDriver;
import dev.deskhand.platform.AgentDisplay;
import dev.deskhand.platform.WorkingMode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The working mode where ops shows it (the server-started audit record) and where it
 * refuses own-display for a driver that cannot keep it.
 */
class WorkingModeSurfaceTests {

	private final List<AuditEvent> events = new CopyOnWriteArrayList<>();

	private final AuditTrail audit = new AuditTrail(new AuditProperties(false, null), (event) -> {
		if (event instanceof AuditApplicationEvent audited) {
			this.events.add(audited.getAuditEvent());
		}
	}, Clock.systemUTC());

	private final FakeDesktopDriver ownDisplay = new FakeDesktopDriver() {

		@Override
		public WorkingMode workingMode() {
			return WorkingMode.OWN_DISPLAY;
		}

		@Override
		public Optional<AgentDisplay> agentDisplay() {
			return Optional.of(new AgentDisplay(":110", "Xephyr", Optional.of(":0")));
		}

	};

	@Test
	void theServersStartIsAuditedWithItsWorkingMode() {
		new OpsConfiguration().auditServerStart(this.audit, this.ownDisplay).onApplicationEvent(null);
		assertThat(this.events).singleElement().satisfies((event) -> {
			assertThat(event.getType()).isEqualTo("server-started");
			assertThat(event.getPrincipal()).isEqualTo("deskhand");
			assertThat(event.getData()).containsEntry("working_mode", "own-display")
				.containsEntry("driver", "fake")
				.containsEntry("agent_display", ":110");
		});
		this.events.clear();
		new OpsConfiguration().auditServerStart(this.audit, new FakeDesktopDriver()).onApplicationEvent(null);
		assertThat(this.events).singleElement()
			.satisfies((event) -> assertThat(event.getData()).containsEntry("working_mode", "shared")
				.doesNotContainKey("agent_display"));
	}

	@Test
	void aModeTheDriverDoesNotKeepIsRefusedAtStartUp() throws Exception {
		for (String mode : new String[] { "own-display", "own-seat" }) {
			MockEnvironment environment = new MockEnvironment().withProperty("deskhand.working-mode", mode);
			assertThatExceptionOfType(DeskhandException.class)
				.isThrownBy(() -> new OpsConfiguration().workingModeKept(environment, new FakeDesktopDriver())
					.afterPropertiesSet())
				.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED))
				.withMessageContaining(
						"deskhand.working-mode=" + mode + " is not kept by the fake driver (it runs shared)")
				.withMessageContaining("set deskhand.working-mode=shared");
		}
		MockEnvironment ownDisplay = new MockEnvironment().withProperty("deskhand.working-mode", "own-display");
		new OpsConfiguration().workingModeKept(ownDisplay, this.ownDisplay).afterPropertiesSet();
		new OpsConfiguration().workingModeKept(new MockEnvironment(), new FakeDesktopDriver()).afterPropertiesSet();
		// a driver that runs a mode nobody asked for is refused too
		assertThatExceptionOfType(DeskhandException.class)
			.isThrownBy(() -> new OpsConfiguration().workingModeKept(new MockEnvironment(), this.ownDisplay)
				.afterPropertiesSet());
	}

}
