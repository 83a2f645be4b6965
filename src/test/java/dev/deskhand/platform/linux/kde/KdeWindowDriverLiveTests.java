package dev.deskhand.platform.linux.kde;

import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.linux.ProcessExecutables;
import dev.deskhand.testing.KwinDriverWitness;
import dev.deskhand.testing.KwinSession;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Windows through KWin scripts calling back over D-Bus, checked against the rig's own
 * KWin script (gdbus, its print() in KWin's log) and the witnesses' own focus events.
 */
class KdeWindowDriverLiveTests {

	@Test
	void listsTheWitnessesWithBoundsAndActivatesEach() {
		KwinSession kwin = KwinSession.shared();
		try (KwinDriverWitness first = KwinDriverWitness.open(kwin, KwinSession.WITNESS_APP_ID);
				KwinDriverWitness second = KwinDriverWitness.open(kwin, KwinSession.WITNESS2_APP_ID);
				WaylandConnection observation = WaylandConnection
					.open(kwin.runtimeDir().resolve(KwinSession.WAYLAND_DISPLAY), Duration.ofSeconds(5));
				KdeWindowDriver windows = new KdeWindowDriver(kwin.environment(), Duration.ofSeconds(10),
						KdeOutputs.bind(observation)::layout, ProcessExecutables.system())) {
			WindowInfo one = windows.list().stream().filter((w) -> w.pid() == first.pid()).findFirst().orElseThrow();
			WindowInfo two = windows.list().stream().filter((w) -> w.pid() == second.pid()).findFirst().orElseThrow();
			assertThat(one.bounds()).isEqualTo(new Rect(200, 100, 800, 500));
			assertThat(two.bounds()).isEqualTo(new Rect(1520, 200, 800, 500));
			assertThat(one.appClass()).isEqualTo(KwinSession.WITNESS_APP_ID);
			assertThat(one.title()).isEqualTo("Deskhand witness " + KwinSession.WITNESS_APP_ID);
			assertThat(one.executable()).contains("python3");

			assertThat(windows.activate(one.id(), Duration.ofSeconds(10))).isTrue();
			assertThat(kwin.window(first.pid()).orElseThrow().active()).as("active by the rig's own script").isTrue();
			assertThat(windows.focusedWindow()).map(WindowInfo::pid).contains(first.pid());
			assertThat(windows.activate(two.id(), Duration.ofSeconds(10))).isTrue();
			assertThat(kwin.window(second.pid()).orElseThrow().active()).isTrue();
			assertThat(kwin.window(first.pid()).orElseThrow().active()).isFalse();
		}
	}

}
