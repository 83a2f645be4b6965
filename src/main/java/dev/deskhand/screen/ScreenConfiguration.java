package dev.deskhand.screen;

import java.time.Clock;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.platform.DesktopDriver;

@Configuration(proxyBeanMethods = false)
class ScreenConfiguration {

	@Bean
	ScreenService screenService(DesktopDriver driver, ScreenshotProperties properties,
			ObjectProvider<CaptureFilter> filters) {
		return new ScreenService(driver, properties, Clock.systemUTC(), filters.orderedStream().toList());
	}

}
