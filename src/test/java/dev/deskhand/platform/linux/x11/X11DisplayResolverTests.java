package dev.deskhand.platform.linux.x11;

import java.util.Set;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.linux.x11.X11DisplayProperties.Managed;
import dev.deskhand.platform.linux.x11.X11DisplayResolver.Decision;
import dev.deskhand.platform.linux.x11.X11DisplayResolver.Fail;
import dev.deskhand.platform.linux.x11.X11DisplayResolver.StartManaged;
import dev.deskhand.platform.linux.x11.X11DisplayResolver.UseExisting;

import static org.assertj.core.api.Assertions.assertThat;

class X11DisplayResolverTests {

	private static final Predicate<String> ONLY_ZERO_UP = Set.of(":0")::contains;

	private static final Predicate<String> NOTHING_UP = (name) -> false;

	@Test
	void usesTheReachableDisplayFromTheEnvironmentOrConfiguration() {
		assertThat(decide(null, ":0", Managed.AUTO, ONLY_ZERO_UP, true)).isEqualTo(new UseExisting(":0"));
		assertThat(decide(":0", ":7", Managed.FALSE, ONLY_ZERO_UP, false)).isEqualTo(new UseExisting(":0"));
		assertThat(decide(" ", ":0", Managed.AUTO, ONLY_ZERO_UP, false)).isEqualTo(new UseExisting(":0"));
	}

	@Test
	void startsAManagedXvfbWhenAutoAndNothingAnswers() {
		assertThat(decide(null, ":0", Managed.AUTO, NOTHING_UP, true)).isInstanceOf(StartManaged.class);
		assertThat(decide(null, null, Managed.AUTO, NOTHING_UP, true)).isInstanceOf(StartManaged.class);
	}

	@Test
	void managedTrueStartsOneEvenWhenADisplayAnswers() {
		assertThat(decide(null, ":0", Managed.TRUE, ONLY_ZERO_UP, true)).isInstanceOf(StartManaged.class);
	}

	@Test
	void managedFalseAndUnreachableFailsWithAnActionableSentence() {
		assertThat(decide(null, ":0", Managed.FALSE, NOTHING_UP, true)).isEqualTo(new Fail(
				"DISPLAY :0 is not" + " reachable; start an X server (or Xvfb), set deskhand.display.name, or set"
						+ " deskhand.display.managed=auto to let Deskhand start its own Xvfb"));
		assertThat(message(decide(":5", ":0", Managed.FALSE, ONLY_ZERO_UP, true)))
			.startsWith("deskhand.display.name :5 is not reachable; ");
		assertThat(message(decide(null, "", Managed.FALSE, NOTHING_UP, true)))
			.startsWith("no X display is set (DISPLAY and deskhand.display.name are empty); start an X server");
	}

	@Test
	void unreachableWithoutXvfbSaysHowToInstallIt() {
		assertThat(message(decide(null, ":0", Managed.AUTO, NOTHING_UP, false)))
			.startsWith("DISPLAY :0 is not reachable and Xvfb is not installed; ")
			.contains("apt-get install xvfb openbox");
		assertThat(message(decide(null, ":0", Managed.TRUE, ONLY_ZERO_UP, false)))
			.startsWith("deskhand.display.managed=true but Xvfb is not installed")
			.contains("apt-get install xvfb openbox");
	}

	private static Decision decide(String name, String display, Managed managed, Predicate<String> reachable,
			boolean xvfb) {
		return X11DisplayResolver.decide(name, display, managed, reachable, xvfb);
	}

	private static String message(Decision decision) {
		assertThat(decision).isInstanceOf(Fail.class);
		return ((Fail) decision).message();
	}

}
