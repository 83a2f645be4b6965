package dev.deskhand.platform;

import java.util.List;

import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.NoSuchBeanDefinitionException;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.core.io.support.SpringFactoriesLoader.ArgumentResolver;
import org.springframework.core.io.support.SpringFactoriesLoader.FailureHandler;
import org.springframework.core.env.Environment;
import org.springframework.mock.env.MockEnvironment;

import dev.deskhand.fake.FakeDesktopDriver;

import static org.assertj.core.api.Assertions.assertThat;

class NoDriverFailureAnalyzerTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(X11LikeDriver.class, NeedsADriver.class)
		.withPropertyValues("deskhand.platform.os=linux", "XDG_SESSION_TYPE=", "DISPLAY=:0");

	@Test
	void linuxOnWaylandWithoutTheDriverNamesTheWaylandDriver() {
		this.runner.withPropertyValues("WAYLAND_DISPLAY=wayland-1").run((context) -> {
			assertThat(context).hasFailed();
			FailureAnalysis analysis = new NoDriverFailureAnalyzer(
					new MockEnvironment().withProperty("deskhand.platform.os", "linux")
						.withProperty("WAYLAND_DISPLAY", "wayland-1"))
				.analyze(context.getStartupFailure());
			assertThat(analysis).isNotNull();
			assertThat(analysis.getDescription()).isEqualTo("Deskhand found no desktop driver for Linux on Wayland"
					+ " (WAYLAND_DISPLAY=wayland-1), although the Wayland driver serves it: its configuration was not"
					+ " loaded. Parameter 0 of method agent in " + NeedsADriver.class.getName() + " needs one.");
			assertThat(analysis.getAction()).contains("left the Wayland driver out");
			assertThat(analysis.getCause()).isInstanceOf(NoSuchBeanDefinitionException.class);
		});
	}

	@Test
	void anX11SessionStartsAndNeedsNoAnalysis() {
		this.runner.withPropertyValues("WAYLAND_DISPLAY=").run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void windowsAndMacosAreNamedWithTheOnlyPlatformThatWorks() {
		for (String os : new String[] { "windows", "macos" }) {
			FailureAnalysis analysis = analyzer("deskhand.platform.os", os).analyze(noDriver());
			assertThat(analysis.getDescription()).isEqualTo("Deskhand has no driver for "
					+ (os.equals("windows") ? "Windows" : "macOS")
					+ " yet: it drives Linux desktops under X11 and on Wayland (wlroots compositors such as sway).");
			assertThat(analysis.getAction())
				.isEqualTo("Run Deskhand on Linux, with an X11 session, Xvfb (docs/x11.md) or sway (docs/wayland.md).");
		}
	}

	@Test
	void anUnknownOsIsToldHowToSayItIsLinux() {
		FailureAnalysis analysis = analyzer("deskhand.platform.os", "other").analyze(noDriver());
		assertThat(analysis.getDescription()).startsWith("Deskhand has no driver for this operating system (os.name ");
		assertThat(analysis.getAction()).endsWith("If this is Linux after all, set deskhand.platform.os=linux.");
	}

	@Test
	void linuxOnX11WithoutTheDriverPointsAtTheConditions() {
		FailureAnalysis analysis = new NoDriverFailureAnalyzer(
				new MockEnvironment().withProperty("deskhand.platform.os", "linux")
					.withProperty("deskhand.platform.display-server", "x11"))
			.analyze(noDriver());
		assertThat(analysis.getDescription()).isEqualTo("Deskhand found no desktop driver for Linux on X11"
				+ " (deskhand.platform.display-server=x11), although the X11 driver serves it: its configuration"
				+ " was not loaded.");
		assertThat(analysis.getAction()).contains("--debug");
	}

	@Test
	void leavesOtherMissingBeansToBoot() {
		assertThat(analyzer("deskhand.platform.os", "windows").analyze(new NoSuchBeanDefinitionException(String.class)))
			.isNull();
		assertThat(analyzer("deskhand.platform.os", "windows").analyze(new NoSuchBeanDefinitionException("driver")))
			.isNull();
	}

	@Test
	void leavesAnInvalidOverrideToTheConditionsMessage() {
		assertThat(analyzer("deskhand.platform.display-server", "mir").analyze(noDriver())).isNull();
	}

	@Test
	void registeredAheadOfBootsOwnAnalyzer() {
		// FailureAnalyzers loads them this way and takes the first answer
		List<FailureAnalyzer> analyzers = SpringFactoriesLoader.forDefaultResourceLocation()
			.load(FailureAnalyzer.class,
					ArgumentResolver.of(Environment.class, new MockEnvironment())
						.and(BeanFactory.class, new DefaultListableBeanFactory()),
					FailureHandler.logging(LogFactory.getLog(NoDriverFailureAnalyzerTests.class)));
		List<String> names = analyzers.stream().map((analyzer) -> analyzer.getClass().getSimpleName()).toList();
		assertThat(names).contains("NoDriverFailureAnalyzer", "NoDesktopFailureAnalyzer",
				"NoSuchBeanDefinitionFailureAnalyzer");
		assertThat(names.indexOf("NoDriverFailureAnalyzer"))
			.isLessThan(names.indexOf("NoSuchBeanDefinitionFailureAnalyzer"));
	}

	private static NoDriverFailureAnalyzer analyzer(String property, String value) {
		return new NoDriverFailureAnalyzer(new MockEnvironment().withProperty(property, value));
	}

	private static NoSuchBeanDefinitionException noDriver() {
		return new NoSuchBeanDefinitionException(DesktopDriver.class);
	}

	/** Stands in for the X11 driver's configuration: same conditions, no display. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnOs(OperatingSystem.LINUX)
	@ConditionalOnDisplayServer({ DisplayServer.X11, DisplayServer.NONE })
	static class X11LikeDriver {

		@Bean
		DesktopDriver driver() {
			return new FakeDesktopDriver();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class NeedsADriver {

		@Bean
		String agent(DesktopDriver driver) {
			return "agent";
		}

	}

}
