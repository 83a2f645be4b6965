package dev.deskhand.input;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.platform.DesktopDriver;

@Configuration(proxyBeanMethods = false)
class InputConfiguration {

	@Bean(destroyMethod = "close")
	InputQueue inputQueue(DesktopDriver driver, ObjectProvider<InputGuard> guards, InputProperties properties) {
		return new InputQueue(driver, guards.orderedStream().toList(), properties);
	}

}
