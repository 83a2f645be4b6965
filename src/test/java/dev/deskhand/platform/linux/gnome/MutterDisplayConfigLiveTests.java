package dev.deskhand.platform.linux.gnome;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.junit.jupiter.api.Test;

import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Rect;
import dev.deskhand.testing.GnomeSession;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link MutterDisplayConfig} against a live headless mutter ({@link GnomeSession}). The
 * witness is the rig's own configuration: the virtual monitor sizes it started mutter
 * with and the scales it applied (1.25 and 1, in logical layout mode), laid out left to
 * right, the first primary.
 */
class MutterDisplayConfigLiveTests {

	@Test
	void displaysAreTheVirtualMonitorsTheSessionWasStartedWith() throws Exception {
		GnomeSession session = GnomeSession.shared();
		List<DisplayInfo> expected = new ArrayList<>();
		int x = 0;
		for (GnomeSession.Monitor monitor : GnomeSession.MONITORS) {
			expected.add(new DisplayInfo(monitor.connector(), monitor.connector(),
					new Rect(x, 0, monitor.layoutWidth(), monitor.layoutHeight()), monitor.scale(),
					expected.isEmpty()));
			x += monitor.layoutWidth();
		}

		try (DBusConnection bus = session.connect()) {
			assertThat(MutterDisplayConfig.read(bus, Duration.ofSeconds(10))).containsExactlyElementsOf(expected);
		}
	}

}
