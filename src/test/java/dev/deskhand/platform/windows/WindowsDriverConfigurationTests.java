package dev.deskhand.platform.windows;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DesktopDriver;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bean exists on Windows only; where user32 cannot be loaded (here, on Linux told it
 * is Windows) start-up fails with a sentence, not an {@link UnsatisfiedLinkError}.
 */
class WindowsDriverConfigurationTests {

	@Test
	void noDriverOnLinux() {
		new ApplicationContextRunner().withUserConfiguration(WindowsDriverConfiguration.class)
			.withPropertyValues("deskhand.platform.os=linux")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(DesktopDriver.class));
	}

	@Test
	void withoutUser32StartUpFailsWithASentence() {
		new ApplicationContextRunner().withUserConfiguration(WindowsDriverConfiguration.class)
			.withPropertyValues("deskhand.platform.os=windows")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(UnsatisfiedLinkError.class)
				.satisfies((cause) -> assertThat(context.getStartupFailure())
					.hasStackTraceContaining("cannot load user32.dll")));
	}

	@Test
	void theFailureIsNoDesktop() {
		new ApplicationContextRunner().withUserConfiguration(WindowsDriverConfiguration.class)
			.withPropertyValues("deskhand.platform.os=windows")
			.run((context) -> {
				Throwable failure = context.getStartupFailure();
				while (failure != null && !(failure instanceof DeskhandException)) {
					failure = failure.getCause();
				}
				assertThat(failure).isInstanceOf(DeskhandException.class);
				assertThat(((DeskhandException) failure).code()).isEqualTo(ErrorCode.E_NO_DESKTOP);
			});
	}

}
