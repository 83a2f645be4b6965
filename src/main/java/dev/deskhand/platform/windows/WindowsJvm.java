package dev.deskhand.platform.windows;

import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * Refuses a 32-bit JVM before any Windows library is touched. The COM vtable calls (UI
 * Automation) and five of the API interfaces are mapped with the C calling convention,
 * which on x64 is the only one there is; on 32-bit Windows those functions are
 * {@code __stdcall}, and a call through the wrong convention corrupts the stack instead
 * of failing. The {@code INPUT} layout is also written for 64-bit only. Nobody has run a
 * 32-bit JVM against this driver, so it is refused with a sentence instead.
 */
final class WindowsJvm {

	private WindowsJvm() {
	}

	/**
	 * Why this JVM cannot run the driver, or empty when it can.
	 * {@code sun.arch.data.model} says 32 or 64 on HotSpot builds; where it is missing,
	 * {@code os.arch} decides ({@code x86}, {@code i386} … {@code i686} are 32-bit;
	 * {@code amd64}, {@code x86_64}, {@code aarch64} are not).
	 */
	static Optional<String> refusal(Properties system) {
		String model = system.getProperty("sun.arch.data.model", "").trim();
		String arch = system.getProperty("os.arch", "").trim().toLowerCase(Locale.ROOT);
		boolean thirtyTwo = model.equals("32")
				|| (!model.equals("64") && (arch.equals("x86") || arch.matches("i[3-6]86") || arch.equals("arm")));
		if (!thirtyTwo) {
			return Optional.empty();
		}
		return Optional.of("this is a 32-bit Java (sun.arch.data.model=" + (model.isEmpty() ? "unset" : model)
				+ ", os.arch=" + arch + ", " + system.getProperty("java.home", "java.home unknown")
				+ "), and Deskhand's Windows driver calls Windows with the 64-bit calling convention only; "
				+ "run it with a 64-bit Java 17 or later (for example a 64-bit Temurin build)");
	}

	/**
	 * @throws DeskhandException E_NO_DESKTOP with the sentence, which start-up shows as
	 * its failure
	 */
	static void requireSixtyFourBit(Properties system) {
		refusal(system).ifPresent((why) -> {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, why);
		});
	}

}
