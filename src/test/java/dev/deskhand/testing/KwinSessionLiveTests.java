package dev.deskhand.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The KWin rig itself: its processes are the test JVM's user's (read from /proc), KWin
 * runs from the rig's copy of the binary, answers on its bus, and places the witness
 * where the rig's window rule says (read back through a KWin script, not the driver).
 */
class KwinSessionLiveTests {

	@Test
	void kwinAndItsBusRunAsTheTestJvmsUserFromTheCopiedBinary() throws Exception {
		KwinSession session = KwinSession.shared();
		assertThat(session.isAlive()).isTrue();
		// the JVM's own uid: KWin must be able to read its clients' /proc/<pid>/exe
		int expected = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
		for (long pid : session.pids()) {
			List<String> status = Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"));
			String uids = status.stream().filter((line) -> line.startsWith("Uid:")).findFirst().orElseThrow();
			assertThat(uids.split("\\s+")).as("uids of pid %d", pid)
				.containsExactly("Uid:", Integer.toString(expected), Integer.toString(expected),
						Integer.toString(expected), Integer.toString(expected));
		}
		Path executable = Files.readSymbolicLink(Path.of("/proc", Long.toString(session.pids().get(1)), "exe"));
		assertThat(executable).isEqualTo(session.workDir().resolve("bin/kwin_wayland"));
	}

	@Test
	void kwinPlacesTheWitnessByTheRigsRuleAndActivatesIt() {
		KwinSession session = KwinSession.shared();
		try (KwinDriverWitness witness = KwinDriverWitness.open(session, KwinSession.WITNESS_APP_ID)) {
			KwinSession.KwinWindow window = session.window(witness.pid()).orElseThrow();
			assertThat(window.frame()).isEqualTo(KwinSession.WITNESS_RECT);
			assertThat(window.resourceClass()).isEqualTo(KwinSession.WITNESS_APP_ID);
			witness.focus();
			assertThat(session.window(witness.pid()).orElseThrow().active()).isTrue();
		}
	}

}
