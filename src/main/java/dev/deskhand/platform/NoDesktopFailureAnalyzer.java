package dev.deskhand.platform;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DisplayServer.Detection;

/**
 * Turns a driver's E_NO_DESKTOP at start-up (no display reachable, a server without the
 * extensions or protocols Deskhand needs) into Boot's description and action, naming the
 * OS and display server Deskhand saw. Registered in {@code META-INF/spring.factories}.
 *
 * <p>
 * Drivers write those messages as "what is wrong; what to do", so the first {@code "; "}
 * separates the description from the action.
 */
// ahead of Boot's analyzers: the bean creation exceptions around it would otherwise be
// reported with a stack trace
@Order(Ordered.HIGHEST_PRECEDENCE)
class NoDesktopFailureAnalyzer extends AbstractFailureAnalyzer<DeskhandException> {

	private static final String SEPARATOR = "; ";

	private final Environment environment;

	NoDesktopFailureAnalyzer(Environment environment) {
		this.environment = environment;
	}

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, DeskhandException cause) {
		if (cause.code() != ErrorCode.E_NO_DESKTOP) {
			return null;
		}
		String platform;
		try {
			Detection server = OnDisplayServerCondition.running(this.environment);
			platform = " (" + PlatformNames.of(OnOsCondition.running(this.environment)) + " on "
					+ PlatformNames.of(server.server()) + ", " + server.evidence() + ")";
		}
		catch (IllegalStateException ex) {
			// an invalid override fails the conditions before any driver starts:
			// unreachable in practice, and the driver's sentence matters more than the
			// platform's name
			platform = "";
		}
		String message = String.valueOf(cause.getMessage());
		int separator = message.indexOf(SEPARATOR);
		String problem = (separator < 0) ? message : message.substring(0, separator);
		String action = (separator < 0)
				? "Start the display server (or Xvfb) and check that this user may connect to it, or set"
						+ " deskhand.display.managed=auto to let Deskhand start its own Xvfb (docs/x11.md)."
				: capitalise(message.substring(separator + SEPARATOR.length()));
		return new FailureAnalysis("Deskhand cannot drive a desktop: " + problem + platform + ".",
				action.endsWith(".") ? action : action + ".", cause);
	}

	private static String capitalise(String sentence) {
		return sentence.isEmpty() ? sentence : Character.toUpperCase(sentence.charAt(0)) + sentence.substring(1);
	}

}
