package dev.deskhand.platform.macos.ax;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;

/** Every AXError of {@code AXError.h} as the SPI's error, with a sentence to act on. */
class AxErrorsTests {

	@ParameterizedTest(name = "{0} {1} -> {2}")
	@CsvSource({ "-25200, kAXErrorFailure, E_FAIL, the application refused",
			"-25201, kAXErrorIllegalArgument, E_FAIL, the application refused",
			"-25202, kAXErrorInvalidUIElement, E_NOT_FOUND, 'is gone: stale ref, list again'",
			"-25203, kAXErrorInvalidUIElementObserver, E_FAIL, the application refused",
			"-25204, kAXErrorCannotComplete, E_TIMEOUT, 'the application ''Mail'' (pid 42) did not answer'",
			"-25205, kAXErrorAttributeUnsupported, E_UNSUPPORTED, does not offer that",
			"-25206, kAXErrorActionUnsupported, E_UNSUPPORTED, does not offer that",
			"-25207, kAXErrorNotificationUnsupported, E_FAIL, the application refused",
			"-25208, kAXErrorNotImplemented, E_UNSUPPORTED, does not offer that",
			"-25209, kAXErrorNotificationAlreadyRegistered, E_FAIL, the application refused",
			"-25210, kAXErrorNotificationNotRegistered, E_FAIL, the application refused",
			"-25211, kAXErrorAPIDisabled, E_UNSUPPORTED, Privacy & Security › Accessibility",
			"-25212, kAXErrorNoValue, E_UNSUPPORTED, does not offer that",
			"-25213, kAXErrorParameterizedAttributeUnsupported, E_UNSUPPORTED, does not offer that",
			"-25214, kAXErrorNotEnoughPrecision, E_FAIL, the application refused",
			"-1, AXError, E_FAIL, the application refused" })
	void axErrorsAsDeskhandErrors(int error, String name, ErrorCode code, String sentence) {
		AxException ex = new AxException(error, "AXUIElementPerformAction(AXPress)");
		assertThat(AxErrors.name(error)).isEqualTo(name);
		assertThat(ex.getMessage()).contains(name).contains(Integer.toString(error));
		DeskhandException mapped = AxErrors.toDeskhand(ex, "the push button 'Send' of Mail",
				"the application 'Mail' (pid 42) did not answer within PT2S (busy or hung)");
		assertThat(mapped.code()).isEqualTo(code);
		assertThat(mapped.getMessage()).contains(sentence);
		assertThat(mapped.getCause()).isSameAs(ex);
	}

}
