package dev.deskhand.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.interfaces.DBus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The GNOME rig itself: its processes are the session user's, not root's (read from
 * /proc, not from the rig), and the root test JVM is admitted to its bus, where mutter
 * owns the names the GNOME code calls.
 */
class GnomeSessionLiveTests {

	@Test
	void everyProcessOfTheSessionRunsAsTheSessionUserWhenTheTestsAreRoot() throws Exception {
		GnomeSession session = GnomeSession.shared();
		// dbus-daemon, pipewire, wireplumber, at-spi-bus-launcher, at-spi2-registryd,
		// mutter
		assertThat(session.pids()).hasSize(6);
		int expected = SessionUser.isRoot() ? GnomeSession.SESSION_UID
				: (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
		for (long pid : session.pids()) {
			List<String> status = Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"));
			// Uid: real effective saved filesystem
			String uids = status.stream().filter((line) -> line.startsWith("Uid:")).findFirst().orElseThrow();
			assertThat(uids.split("\\s+")).as("uids of pid %d", pid)
				.containsExactly("Uid:", Integer.toString(expected), Integer.toString(expected),
						Integer.toString(expected), Integer.toString(expected));
		}
	}

	@Test
	void theTestJvmIsAdmittedToTheSessionBusWhereMutterOwnsItsNames() throws Exception {
		GnomeSession session = GnomeSession.shared();
		try (DBusConnection bus = session.connect()) {
			DBus daemon = bus.getRemoteObject("org.freedesktop.DBus", "/org/freedesktop/DBus", DBus.class);
			// org.a11y.Bus: at-spi-bus-launcher, where the accessibility bus is found
			assertThat(List.of("org.gnome.Mutter.DisplayConfig", "org.gnome.Mutter.ScreenCast",
					"org.gnome.Mutter.RemoteDesktop", "org.a11y.Bus"))
				.allSatisfy((name) -> assertThat(daemon.NameHasOwner(name)).as(name).isTrue());
		}
	}

}
