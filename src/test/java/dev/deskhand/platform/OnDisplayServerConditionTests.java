package dev.deskhand.platform;

import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.platform.DisplayServer.Detection;

import static org.assertj.core.api.Assertions.assertThat;

class OnDisplayServerConditionTests {

	/**
	 * The environment's variables as properties, which outrank the real ones: every test
	 * states the session it runs in, whatever session runs the build.
	 */
	private static final String[] WAYLAND_SESSION = { "WAYLAND_DISPLAY=wayland-1", "XDG_SESSION_TYPE=wayland",
			"DISPLAY=:0" };

	private static final String[] X11_SESSION = { "WAYLAND_DISPLAY=", "XDG_SESSION_TYPE=x11", "DISPLAY=:0" };

	private static final String[] NO_SESSION = { "WAYLAND_DISPLAY=", "XDG_SESSION_TYPE=", "DISPLAY=" };

	private final OnDisplayServerCondition condition = new OnDisplayServerCondition();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(X11OnlyConfiguration.class, DriverConfiguration.class);

	@ParameterizedTest(name = "running {0}, required [{1}] -> {2}")
	@CsvSource({
			// running, required (space separated), matches
			"X11,     X11,              true", "X11,     WAYLAND,          false", "X11,     NONE,             false",
			"X11,     X11 NONE,         true", "X11,     NONE X11,         true", "X11,     WAYLAND NONE,     false",
			"WAYLAND, WAYLAND,          true", "WAYLAND, X11,              false", "WAYLAND, X11 NONE,         false",
			"WAYLAND, X11 WAYLAND,      true", "NONE,    NONE,             true", "NONE,    X11,              false",
			"NONE,    X11 NONE,         true", "NONE,    WAYLAND,          false", "NONE,    X11 WAYLAND NONE, true" })
	void truthTable(DisplayServer running, String required, boolean matches) {
		DisplayServer[] requiredServers = Arrays.stream(required.trim().split("\\s+"))
			.map(DisplayServer::valueOf)
			.toArray(DisplayServer[]::new);
		ConditionOutcome outcome = this.condition.getMatchOutcome(new Detection(running, "test"), requiredServers);
		assertThat(outcome.isMatch()).isEqualTo(matches);
		assertThat(outcome.getMessage())
			.startsWith("@ConditionalOnDisplayServer (" + String.join(" or ", required.split("\\s+")));
	}

	@Test
	void emptyRequirementNeverMatches() {
		for (DisplayServer running : DisplayServer.values()) {
			assertThat(this.condition.getMatchOutcome(new Detection(running, "test"), new DisplayServer[0]).isMatch())
				.isFalse();
		}
	}

	@Test
	void matchMessageNamesTheServerAndWhatSaidSo() {
		ConditionOutcome outcome = this.condition.getMatchOutcome(new Detection(DisplayServer.X11, "DISPLAY=:0"),
				new DisplayServer[] { DisplayServer.X11, DisplayServer.NONE });
		assertThat(outcome.getMessage())
			.isEqualTo("@ConditionalOnDisplayServer (X11 or NONE) found display server X11 (DISPLAY=:0)");
	}

	@Test
	void noMatchMessageNamesRequiredAndRunningServer() {
		ConditionOutcome outcome = this.condition.getMatchOutcome(
				new Detection(DisplayServer.WAYLAND, "WAYLAND_DISPLAY=wayland-1"),
				new DisplayServer[] { DisplayServer.X11, DisplayServer.NONE });
		assertThat(outcome.getMessage()).isEqualTo("@ConditionalOnDisplayServer (X11 or NONE) did not find display"
				+ " servers X11, NONE (running WAYLAND (WAYLAND_DISPLAY=wayland-1))");
	}

	@Test
	void aWaylandSessionLeavesTheX11DriverOut() {
		this.runner.withPropertyValues(WAYLAND_SESSION).run((context) -> {
			assertThat(context).doesNotHaveBean(X11OnlyConfiguration.class);
			assertThat(context).hasBean("waylandDriver").doesNotHaveBean("x11Driver");
		});
	}

	@Test
	void anX11SessionOrNoneAtAllGetsTheX11Driver() {
		for (String[] session : new String[][] { X11_SESSION, NO_SESSION }) {
			this.runner.withPropertyValues(session).run((context) -> {
				assertThat(context).hasSingleBean(X11OnlyConfiguration.class);
				assertThat(context).hasBean("x11Driver").doesNotHaveBean("waylandDriver");
			});
		}
	}

	@Test
	void propertyX11DrivesXwaylandInAWaylandSession() {
		this.runner.withPropertyValues(WAYLAND_SESSION)
			.withPropertyValues("deskhand.platform.display-server=x11")
			.run((context) -> assertThat(context).hasBean("x11Driver").doesNotHaveBean("waylandDriver"));
	}

	@Test
	void propertyWaylandReplacesAnX11Session() {
		this.runner.withPropertyValues(X11_SESSION)
			.withPropertyValues("deskhand.platform.display-server=Wayland")
			.run((context) -> assertThat(context).hasBean("waylandDriver").doesNotHaveBean("x11Driver"));
	}

	@Test
	void propertyNoneMeansTheX11DriversOwnXvfb() {
		this.runner.withPropertyValues(WAYLAND_SESSION)
			.withPropertyValues("deskhand.platform.display-server=none")
			.run((context) -> assertThat(context).hasBean("x11Driver").doesNotHaveBean("waylandDriver"));
	}

	@Test
	void autoIsTheSameAsUnset() {
		this.runner.withPropertyValues(WAYLAND_SESSION)
			.withPropertyValues("deskhand.platform.display-server= AUTO ")
			.run((context) -> assertThat(context).hasBean("waylandDriver").doesNotHaveBean("x11Driver"));
	}

	@Test
	void aConfiguredXDisplayMeansX11EvenInAWaylandSession() {
		// how every test pins its private Xvfb: a developer in a Wayland session still
		// gets X11
		this.runner.withPropertyValues(WAYLAND_SESSION)
			.withPropertyValues("deskhand.display.name=:99")
			.run((context) -> {
				assertThat(context).hasBean("x11Driver").doesNotHaveBean("waylandDriver");
				assertThat(OnDisplayServerCondition.running(context.getEnvironment()))
					.isEqualTo(new Detection(DisplayServer.X11, "deskhand.display.name :99"));
			});
	}

	@Test
	void aManagedXvfbMeansNoDisplayServerEvenInAWaylandSession() {
		this.runner.withPropertyValues(WAYLAND_SESSION)
			.withPropertyValues("deskhand.display.managed=true")
			.run((context) -> {
				assertThat(context).hasBean("x11Driver").doesNotHaveBean("waylandDriver");
				assertThat(OnDisplayServerCondition.running(context.getEnvironment()).server())
					.isEqualTo(DisplayServer.NONE);
			});
	}

	@Test
	void anExplicitDisplayServerWinsOverAConfiguredXDisplay() {
		// one answer for every driver: two drivers must never both match
		this.runner.withPropertyValues(X11_SESSION)
			.withPropertyValues("deskhand.display.name=:99", "deskhand.platform.display-server=wayland")
			.run((context) -> assertThat(context).hasBean("waylandDriver").doesNotHaveBean("x11Driver"));
	}

	@Test
	void ownDisplayGetsTheX11DriverEvenInAWaylandSession() {
		// the agent's display is an Xvfb or Xephyr Deskhand starts: only the X11 driver
		// drives it
		for (String[] session : new String[][] { WAYLAND_SESSION, X11_SESSION, NO_SESSION }) {
			this.runner.withPropertyValues(session)
				.withPropertyValues("deskhand.working-mode=own-display")
				.run((context) -> {
					assertThat(context).hasBean("x11Driver").doesNotHaveBean("waylandDriver");
					assertThat(OnDisplayServerCondition.running(context.getEnvironment()).evidence())
						.startsWith("deskhand.working-mode=own-display");
				});
		}
	}

	@Test
	void ownDisplayWinsOverAnExplicitDisplayServer() {
		this.runner.withPropertyValues(WAYLAND_SESSION)
			.withPropertyValues("deskhand.working-mode=own-display", "deskhand.platform.display-server=wayland")
			.run((context) -> assertThat(context).hasBean("x11Driver").doesNotHaveBean("waylandDriver"));
	}

	@Test
	void theOtherModesLeaveTheChoiceAsItWas() {
		for (String mode : new String[] { "shared", "own-seat" }) {
			this.runner.withPropertyValues(WAYLAND_SESSION)
				.withPropertyValues("deskhand.working-mode=" + mode)
				.run((context) -> assertThat(context).hasBean("waylandDriver").doesNotHaveBean("x11Driver"));
		}
	}

	@Test
	void withoutPropertiesTheProcessEnvironmentDecides() {
		boolean x11 = DisplayServer.current() != DisplayServer.WAYLAND;
		this.runner.run((context) -> assertThat(context.containsBean("x11Driver")).isEqualTo(x11));
	}

	@Test
	void invalidPropertyFailsNamingPropertyAndAllowedValues() {
		this.runner.withPropertyValues("deskhand.platform.display-server=mir").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(IllegalStateException.class)
				.hasMessageContaining("deskhand.platform.display-server")
				.hasMessageContaining("'mir'")
				.hasMessageContaining("auto, x11, wayland, none");
		});
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnDisplayServer({ DisplayServer.X11, DisplayServer.NONE })
	static class X11OnlyConfiguration {

	}

	@Configuration(proxyBeanMethods = false)
	static class DriverConfiguration {

		@Bean
		@ConditionalOnDisplayServer({ DisplayServer.X11, DisplayServer.NONE })
		String x11Driver() {
			return "x11";
		}

		@Bean
		@ConditionalOnDisplayServer(DisplayServer.WAYLAND)
		String waylandDriver() {
			return "wayland";
		}

	}

}
