package dev.deskhand.selftest;

import java.time.Clock;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.input.FailsafeProperties;
import dev.deskhand.input.InputQueue;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.elements.AccessibilityDriver;
import dev.deskhand.screen.ScreenService;

@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty("deskhand.self-test.enabled")
class SelfTestConfiguration {

	@Bean
	SelfTestRunner selfTestRunner(DesktopDriver driver, ScreenService screens, InputQueue queue,
			ObjectProvider<AccessibilityDriver> accessibility, SelfTestProperties properties,
			FailsafeProperties failsafe) {
		AccessibilityDriver elements = accessibility
			.getIfAvailable(() -> AccessibilityDriver.unavailable("this platform has no accessibility driver"));
		return new SelfTestRunner((facts) -> new SelfTest(driver, screens, queue, elements,
				new WitnessWindowProcess(queue, driver, properties.output(), properties.mainClass()), properties,
				failsafe.chord(), facts), properties, SelfTestConsole.out(), Clock.systemUTC());
	}

}
