package dev.deskhand.platform.linux.x11;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.linux.x11.X11DisplayProperties.Managed;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

class X11DriverConfigurationTests {

	@Test
	void bindsDisplayPropertiesWithDefaults() {
		new ApplicationContextRunner().withUserConfiguration(PropertiesOnly.class).run((context) -> {
			X11DisplayProperties properties = context.getBean(X11DisplayProperties.class);
			assertThat(properties.name()).isNull();
			assertThat(properties.managed()).isEqualTo(Managed.AUTO);
			assertThat(properties.managedGeometry()).isEqualTo("1920x1080x24");
		});
	}

	@Test
	void bindsManagedLikeABooleanOrAuto() {
		for (String value : new String[] { "true", "false", "auto", "TRUE" }) {
			new ApplicationContextRunner().withUserConfiguration(PropertiesOnly.class)
				.withPropertyValues("deskhand.display.managed=" + value, "deskhand.display.name=:7",
						"deskhand.display.managed-geometry=1280x800x24")
				.run((context) -> {
					X11DisplayProperties properties = context.getBean(X11DisplayProperties.class);
					assertThat(properties.managed().name()).isEqualToIgnoringCase(value);
					assertThat(properties.name()).isEqualTo(":7");
					assertThat(properties.managedGeometry()).isEqualTo("1280x800x24");
				});
		}
	}

	@Test
	void refusesAGeometryXvfbWouldNotUnderstand() {
		new ApplicationContextRunner().withUserConfiguration(PropertiesOnly.class)
			.withPropertyValues("deskhand.display.managed-geometry=1920x1080")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("deskhand.display.managed-geometry must look like 1920x1080x24"));
	}

	@Test
	void noDriverOnAnotherOperatingSystem() {
		new ApplicationContextRunner().withUserConfiguration(X11DriverConfiguration.class)
			.withPropertyValues("deskhand.platform.os=windows")
			.run((context) -> assertThat(context).doesNotHaveBean(DesktopDriver.class));
	}

	@Test
	void noDriverInAWaylandSession() {
		// Xwayland's DISPLAY is there too, but driving it would miss every native window
		new ApplicationContextRunner().withUserConfiguration(X11DriverConfiguration.class)
			.withPropertyValues("deskhand.platform.os=linux", "WAYLAND_DISPLAY=wayland-1", "DISPLAY=:0",
					"deskhand.display.managed=false")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(DesktopDriver.class));
	}

	@Test
	void createsTheDriverReleasesLeftoverKeysAtStartAndClosesWithTheContext() {
		TestDesktop desktop = TestDesktop.shared();
		// a key held by a process that is gone: XTest state outlives the process that
		// made it
		desktop.run(Duration.ofSeconds(10), "xdotool", "keydown", "Control_L").requireSuccess();
		assertThat(desktop.keysDown()).contains(37);
		X11DesktopDriver[] created = new X11DesktopDriver[1];
		new ApplicationContextRunner().withUserConfiguration(X11DriverConfiguration.class)
			.withPropertyValues("deskhand.platform.os=linux", "deskhand.display.name=" + desktop.display(),
					"deskhand.display.managed=false")
			.run((context) -> {
				assertThat(context).hasSingleBean(DesktopDriver.class);
				created[0] = context.getBean(X11DesktopDriver.class);
				assertThat(created[0].target()).isEqualTo(desktop.display());
				assertThat(created[0].reachable()).isTrue();
				assertThat(desktop.keysDown()).isEmpty();
			});
		assertThat(created[0].reachable()).as("closed with the context").isFalse();
	}

	@Test
	void startUpFailsWithTheOperatorsSentenceWhenNoDisplayCanBeHad() {
		TestDesktop.shared();
		String dead = X11DriverFactoryLiveTests.unusedDisplay();
		new ApplicationContextRunner().withUserConfiguration(X11DriverConfiguration.class)
			.withPropertyValues("deskhand.platform.os=linux", "deskhand.display.name=" + dead,
					"deskhand.display.managed=false")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessage("deskhand.display.name " + dead + " is not reachable; start an X server (or Xvfb), set"
						+ " deskhand.display.name, or set deskhand.display.managed=auto to let Deskhand start its own"
						+ " Xvfb"));
	}

	@Configuration(proxyBeanMethods = false)
	@EnableConfigurationProperties(X11DisplayProperties.class)
	static class PropertiesOnly {

	}

}
