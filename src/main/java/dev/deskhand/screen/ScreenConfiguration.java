package dev.deskhand.screen;

import java.time.Clock;

import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.input.InputGuard;
import dev.deskhand.platform.DesktopDriver;

@Configuration(proxyBeanMethods = false)
class ScreenConfiguration {

	@Bean
	ModelProfiles modelProfiles(ScreenshotProperties screenshot, ProfileProperties profiles) {
		return new ModelProfiles(screenshot, profiles);
	}

	@Bean
	ScreenService screenService(DesktopDriver driver, ScreenshotProperties properties, ModelProfiles profiles,
			ObjectProvider<CaptureFilter> filters, ObservationRegistry observations) {
		return new ScreenService(driver, properties, profiles, Clock.systemUTC(), filters.orderedStream().toList(),
				observations);
	}

	/**
	 * Tells the screen when input is about to reach the desktop, so that a zoom right
	 * after a click captures anew instead of cropping the screenshot from before it.
	 */
	@Bean
	InputGuard screenInputListener(ScreenService screen) {
		return (session, actions) -> screen.inputStarting();
	}

}
