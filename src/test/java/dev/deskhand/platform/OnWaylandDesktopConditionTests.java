package dev.deskhand.platform;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

class OnWaylandDesktopConditionTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(GnomeOnly.class, KdeOnly.class, WlrootsOnly.class);

	@ParameterizedTest(name = "XDG_CURRENT_DESKTOP={0} -> {1}")
	@CsvSource({ "GNOME, GNOME", "ubuntu:GNOME, GNOME", "GNOME-Classic:GNOME, GNOME", "gnome, GNOME", "KDE, KDE",
			"' KDE ', KDE", "sway, WLROOTS", "Hyprland, WLROOTS", "'', WLROOTS", "Unity, WLROOTS" })
	void desktopFromTheSession(String current, WaylandDesktop expected) {
		Map<String, String> environment = new HashMap<>();
		environment.put("XDG_CURRENT_DESKTOP", current);
		assertThat(WaylandDesktop.detect(environment::get).desktop()).isEqualTo(expected);
	}

	@Test
	void unsetMeansWlrootsAndSaysSo() {
		WaylandDesktop.Detection detection = WaylandDesktop.detect((name) -> null);
		assertThat(detection.desktop()).isEqualTo(WaylandDesktop.WLROOTS);
		assertThat(detection.evidence()).isEqualTo("XDG_CURRENT_DESKTOP unset");
	}

	@Test
	void exactlyOneConfigurationMatchesEachDesktop() {
		this.runner.withPropertyValues("XDG_CURRENT_DESKTOP=ubuntu:GNOME").run((context) -> {
			assertThat(context).hasBean("gnome").doesNotHaveBean("kde").doesNotHaveBean("wlroots");
		});
		this.runner.withPropertyValues("XDG_CURRENT_DESKTOP=KDE").run((context) -> {
			assertThat(context).hasBean("kde").doesNotHaveBean("gnome").doesNotHaveBean("wlroots");
		});
		this.runner.withPropertyValues("XDG_CURRENT_DESKTOP=sway").run((context) -> {
			assertThat(context).hasBean("wlroots").doesNotHaveBean("gnome").doesNotHaveBean("kde");
		});
	}

	@Test
	void thePropertyOverridesTheSession() {
		this.runner.withPropertyValues("XDG_CURRENT_DESKTOP=sway", OnWaylandDesktopCondition.PROPERTY + "=gnome")
			.run((context) -> assertThat(context).hasBean("gnome").doesNotHaveBean("wlroots"));
		this.runner.withPropertyValues("XDG_CURRENT_DESKTOP=GNOME", OnWaylandDesktopCondition.PROPERTY + "=auto")
			.run((context) -> assertThat(context).hasBean("gnome"));
	}

	@Test
	void anUnknownValueFailsNamingTheChoices() {
		this.runner.withPropertyValues(OnWaylandDesktopCondition.PROPERTY + "=weston")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("Invalid value 'weston' for deskhand.platform.wayland-desktop")
				.hasMessageContaining("auto, wlroots, gnome, kde"));
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWaylandDesktop(WaylandDesktop.GNOME)
	static class GnomeOnly {

		@Bean
		String gnome() {
			return "gnome";
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWaylandDesktop(WaylandDesktop.KDE)
	static class KdeOnly {

		@Bean
		String kde() {
			return "kde";
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWaylandDesktop(WaylandDesktop.WLROOTS)
	static class WlrootsOnly {

		@Bean
		String wlroots() {
			return "wlroots";
		}

	}

}
