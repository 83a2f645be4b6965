package dev.deskhand.selftest;

import java.time.Clock;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.input.Failsafe;
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
			FailsafeProperties failsafe, ObjectProvider<Failsafe> running) {
		AccessibilityDriver elements = accessibility
			.getIfAvailable(() -> AccessibilityDriver.unavailable("this platform has no accessibility driver"));
		return new SelfTestRunner((facts) -> new SelfTest(
				new SelfTest.Probe(driver, screens, queue, elements, running.getIfAvailable(), failsafe.chord()),
				new WitnessWindowProcess(queue, driver, properties.mainClass()), properties, facts), properties,
				SelfTestConsole.out(), Clock.systemUTC());
	}

}
