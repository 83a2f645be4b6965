package dev.deskhand.platform.linux.atspi;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

import dev.deskhand.platform.elements.ElementRole;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every role's spelling is what libatspi itself calls that role number
 * ({@code Atspi.role_get_name}, through GObject introspection): the enum's order is
 * AT-SPI's, so a role number read from the bus is the ordinal.
 */
class AtspiRoleNamesTests {

	private static final String PYTHON = "/usr/bin/python3";

	@Test
	void everySpellingIsLibatspisNameForItsNumber() throws Exception {
		int count = ElementRole.values().length;
		String script = "import gi\ngi.require_version('Atspi', '2.0')\nfrom gi.repository import Atspi\n"
				+ "for n in range(" + count + "):\n    print(Atspi.role_get_name(Atspi.Role(n)))\n";
		List<String> names = run(script);
		List<String> spellings = new ArrayList<>();
		for (ElementRole role : ElementRole.values()) {
			spellings.add(role.spelling());
		}
		assertThat(spellings).containsExactlyElementsOf(names);
	}

	private static List<String> run(String script) throws Exception {
		ProcessBuilder builder = new ProcessBuilder(PYTHON, "-c", script).redirectErrorStream(true);
		Process process;
		try {
			process = builder.start();
		}
		catch (java.io.IOException ex) {
			throw unavailable("cannot run " + PYTHON + ": " + ex.getMessage());
		}
		String out = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
		if (!process.waitFor(Duration.ofSeconds(30).toMillis(), TimeUnit.MILLISECONDS)) {
			process.destroyForcibly();
			throw new AssertionError("python did not finish: " + out);
		}
		if (process.exitValue() != 0) {
			throw unavailable("python3 with gir1.2-atspi-2.0 is needed: " + out);
		}
		return out.lines().toList();
	}

	private static RuntimeException unavailable(String message) {
		// CI installs gir1.2-atspi-2.0 (see .ci/run); a developer machine may not have it
		return (System.getenv("CI") == null) ? new TestAbortedException(message) : new IllegalStateException(message);
	}

}
