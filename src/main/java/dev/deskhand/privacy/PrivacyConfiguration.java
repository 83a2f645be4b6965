package dev.deskhand.privacy;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.platform.DesktopDriver;

@Configuration(proxyBeanMethods = false)
class PrivacyConfiguration {

	@Bean
	PrivacyMask privacyMask(PrivacyProperties properties, DesktopDriver driver) {
		return new PrivacyMask(properties.maskedApps(), driver.windows());
	}

}
