package dev.deskhand.ops;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.approval.ApprovalService;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.screen.ScreenService;

/**
 * The operator console: its page, the live display images, and the approvals' screen
 * crops.
 */
@Configuration(proxyBeanMethods = false)
class ConsoleConfiguration {

	@Bean
	ConsolePreviews consolePreviews(ScreenService screen, DesktopDriver driver) {
		return new ConsolePreviews(screen, driver);
	}

	@Bean
	ConsoleEndpoint consoleEndpoint() {
		return new ConsoleEndpoint();
	}

	@Bean
	ConsoleScreenEndpoint consoleScreenEndpoint(ConsolePreviews previews) {
		return new ConsoleScreenEndpoint(previews);
	}

	@Bean
	ConsoleApprovalsExtension consoleApprovalsExtension(ApprovalService approvals, ConsolePreviews previews) {
		return new ConsoleApprovalsExtension(approvals, previews);
	}

}
