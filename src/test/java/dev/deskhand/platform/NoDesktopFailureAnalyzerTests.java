package dev.deskhand.platform;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.mock.env.MockEnvironment;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;

class NoDesktopFailureAnalyzerTests {

	private final NoDesktopFailureAnalyzer analyzer = new NoDesktopFailureAnalyzer(
			new MockEnvironment().withProperty("deskhand.platform.os", "linux")
				.withProperty("deskhand.display.name", ":42"));

	@Test
	void splitsTheDriversSentenceIntoProblemAndAction() {
		// the X11 driver's message for an unreachable, unmanaged display
		DeskhandException failure = new DeskhandException(ErrorCode.E_NO_DESKTOP,
				"deskhand.display.name :42 is not reachable; start an X server (or Xvfb), set deskhand.display.name,"
						+ " or set deskhand.display.managed=auto to let Deskhand start its own Xvfb");
		FailureAnalysis analysis = this.analyzer
			.analyze(new BeanCreationException("x11DesktopDriver", "Failed to instantiate", failure));
		assertThat(analysis.getDescription()).isEqualTo("Deskhand cannot drive a desktop: deskhand.display.name :42"
				+ " is not reachable (Linux on X11, deskhand.display.name :42).");
		assertThat(analysis.getAction()).isEqualTo("Start an X server (or Xvfb), set deskhand.display.name, or set"
				+ " deskhand.display.managed=auto to let Deskhand start its own Xvfb.");
		assertThat(analysis.getCause()).isSameAs(failure);
	}

	@Test
	void aServerWithoutWhatDeskhandNeedsReadsTheSameWay() {
		FailureAnalysis analysis = this.analyzer.analyze(new DeskhandException(ErrorCode.E_NO_DESKTOP,
				"X display :42 lacks the XTEST extension, which Deskhand needs to send input; start the X server"
						+ " without '-extension XTEST' (Xvfb and Xorg enable it by default)"));
		assertThat(analysis.getDescription()).startsWith("Deskhand cannot drive a desktop: X display :42 lacks the"
				+ " XTEST extension, which Deskhand needs to send input (Linux on X11");
		assertThat(analysis.getAction())
			.isEqualTo("Start the X server without '-extension XTEST' (Xvfb and Xorg" + " enable it by default).");
	}

	@Test
	void aMessageWithoutAnActionGetsTheGeneralOne() {
		FailureAnalysis analysis = this.analyzer
			.analyze(new DeskhandException(ErrorCode.E_NO_DESKTOP, "X display :42 is not reachable"));
		assertThat(analysis.getDescription())
			.isEqualTo("Deskhand cannot drive a desktop: X display :42 is not reachable (Linux on X11,"
					+ " deskhand.display.name :42).");
		assertThat(analysis.getAction()).contains("deskhand.display.managed=auto");
	}

	@Test
	void otherErrorsAreNotItsBusiness() {
		assertThat(this.analyzer.analyze(new DeskhandException(ErrorCode.E_ARGS, "bad; worse"))).isNull();
		assertThat(this.analyzer.analyze(new IllegalStateException("no desktop"))).isNull();
	}

}
