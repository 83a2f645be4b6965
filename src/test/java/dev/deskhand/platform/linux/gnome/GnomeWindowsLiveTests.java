package dev.deskhand.platform.linux.gnome;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import org.freedesktop.dbus.DBusPath;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.types.UInt32;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.testing.GnomeSession;
import dev.deskhand.testing.Pause;
import dev.deskhand.platform.linux.dbus.DbusCall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/**
 * {@link GnomeWindows} and {@link GnomeLauncher} against the live headless mutter of
 * {@link GnomeSession} (no gnome-shell: the list comes from the accessibility tree), with
 * GTK3 Wayland witness windows ({@link WindowWitness}) whose own focus-in/out events say
 * where mutter's keyboard focus is.
 * <p>
 * A headless mutter has no keyboard until a RemoteDesktop session creates a virtual one;
 * without it no client ever gets keyboard focus (neither GTK's focus events nor AT-SPI's
 * ACTIVE state), so the tests keep one open, as a real desktop has a keyboard.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class GnomeWindowsLiveTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(5);

	private static final Duration WAIT = Duration.ofSeconds(20);

	private static final String REMOTE_DESKTOP = "org.gnome.Mutter.RemoteDesktop";

	private static final AtomicInteger WINDOWS = new AtomicInteger();

	private static final String LAUNCHED_SCRIPT = """
			import os, sys
			import gi
			gi.require_version("Gtk", "3.0")
			from gi.repository import Gtk, GLib
			GLib.set_prgname("deskhand.launched")
			def mapped(*args):
			    with open(sys.argv[2], "w") as report:
			        report.write("%d %s %s" % (os.getpid(), os.environ.get("WAYLAND_DISPLAY"),
			                                   os.environ.get("NO_AT_BRIDGE", "-")))
			window = Gtk.Window(title=sys.argv[1])
			window.connect("map-event", mapped)
			window.connect("destroy", Gtk.main_quit)
			window.show_all()
			Gtk.main()
			""";

	// the request activate would make through the accessibility tree: GrabFocus on the
	// window's focusable widget, which makes GTK call gtk_window_present
	private static final String PRESENT_SCRIPT = """
			import sys
			import gi
			gi.require_version("Atspi", "2.0")
			from gi.repository import Atspi
			desktop = Atspi.get_desktop(0)
			def focusable(node):
			    if node.get_state_set().contains(Atspi.StateType.FOCUSABLE):
			        return node
			    for i in range(node.get_child_count()):
			        found = focusable(node.get_child_at_index(i))
			        if found:
			            return found
			    return None
			for i in range(desktop.get_child_count()):
			    app = desktop.get_child_at_index(i)
			    if app is not None and app.get_name() == sys.argv[1]:
			        widget = focusable(app.get_child_at_index(0))
			        print(widget.get_role_name(), widget.get_component_iface().grab_focus())
			        sys.exit(0)
			sys.exit("no application " + sys.argv[1])
			""";

	private static GnomeSession session;

	private static DBusConnection bus;

	private static String keyboardSession;

	private static GnomeWindows windows;

	@BeforeAll
	static void openSession() throws Exception {
		session = GnomeSession.shared();
		bus = session.connect();
		keyboardSession = ((DBusPath) DbusCall.call(bus, REMOTE_DESKTOP, "/org/gnome/Mutter/RemoteDesktop",
				REMOTE_DESKTOP, "CreateSession", TIMEOUT, "")[0])
			.getPath();
		DbusCall.call(bus, REMOTE_DESKTOP, keyboardSession, REMOTE_DESKTOP + ".Session", "Start", TIMEOUT, "");
		// a Shift tap creates the virtual keyboard (mutter drops a new device's first
		// event, which is why it is a harmless one)
		for (boolean down : new boolean[] { true, false }) {
			DbusCall.call(bus, REMOTE_DESKTOP, keyboardSession, REMOTE_DESKTOP + ".Session", "NotifyKeyboardKeysym",
					TIMEOUT, "ub", new UInt32(0xffe1), down);
		}
		windows = new GnomeWindows(bus, Map.of("DBUS_SESSION_BUS_ADDRESS", session.busAddress()), TIMEOUT);
	}

	@AfterAll
	static void closeSession() throws Exception {
		if (windows != null) {
			windows.close();
		}
		if (bus != null) {
			if (keyboardSession != null) {
				DbusCall.call(bus, REMOTE_DESKTOP, keyboardSession, REMOTE_DESKTOP + ".Session", "Stop", TIMEOUT, "");
			}
			bus.close();
		}
	}

	@Test
	void listsEveryWindowWithItsTitleApplicationAndProcessButNoInventedPosition() throws Exception {
		try (WindowWitness first = WindowWitness.open(session, appId());
				WindowWitness second = WindowWitness.open(session, appId())) {
			WindowInfo one = await(first);
			WindowInfo two = await(second);
			for (var pair : List.of(Map.entry(first, one), Map.entry(second, two))) {
				WindowWitness witness = pair.getKey();
				WindowInfo window = pair.getValue();
				assertThat(window.title()).isEqualTo(witness.title());
				assertThat(window.appClass()).isEqualTo(witness.appId());
				assertThat(window.belongsTo(witness.appId())).isTrue();
				assertThat(window.pid()).isEqualTo(witness.pid());
				assertThat(window.executable()).startsWith("python3");
				// GTK on Wayland says (0,0): a position no one knows is not given
				assertThat(window.bounds()).isNull();
			}
			assertThat(one.id()).isNotEqualTo(two.id());
			// the ids stay the same from one list to the next (focus may move meanwhile)
			assertThat(windows.list()).extracting(WindowInfo::id, WindowInfo::title)
				.contains(tuple(one.id(), one.title()), tuple(two.id(), two.title()))
				.doesNotHaveDuplicates();
			assertThat(windows.source()).contains("accessibility tree").contains("no gnome-shell");
		}
	}

	@Test
	void theFocusedWindowIsTheOneMutterGaveTheKeyboardFocus() throws Exception {
		try (WindowWitness first = WindowWitness.open(session, appId())) {
			first.awaitFocused(true, WAIT);
			assertThat(awaitFocused(first).id()).isEqualTo(await(first).id());
			WindowWitness second = WindowWitness.open(session, appId());
			try {
				// mutter focuses the new window: the first says it lost the focus, the
				// second that it got it, and the driver follows
				second.awaitFocused(true, WAIT);
				first.awaitFocused(false, WAIT);
				WindowInfo focused = awaitFocused(second);
				assertThat(focused.title()).isEqualTo(second.title());
				List<WindowInfo> list = windows.list();
				assertThat(list.stream().filter(WindowInfo::focused)).containsExactly(focused);
				// the focused window is on top: last in the list
				assertThat(list.get(list.size() - 1)).isEqualTo(focused);
			}
			finally {
				second.close();
			}
			// the second window closed: mutter gives the focus back to the first
			first.awaitFocused(true, WAIT);
			assertThat(awaitFocused(first).title()).isEqualTo(first.title());
		}
	}

	@Test
	void activateSucceedsForTheFocusedWindowAndSaysPlainlyThatGnomeRaisesNoOther() throws Exception {
		try (WindowWitness first = WindowWitness.open(session, appId());
				WindowWitness second = WindowWitness.open(session, appId())) {
			second.awaitFocused(true, WAIT);
			WindowInfo focused = awaitFocused(second);
			WindowInfo other = await(first);
			assertThat(windows.activate(focused.id(), TIMEOUT)).isTrue();
			int mark = first.mark();
			assertThatThrownBy(() -> windows.activate(other.id(), TIMEOUT))
				.isInstanceOfSatisfying(DeskhandException.class,
						(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED))
				.hasMessageContaining("focus-stealing")
				.hasMessageContaining(first.title());
			// nothing moved: the other window got no focus, the focused one kept it
			Pause.millis(500);
			assertThat(first.focusSince(mark)).isEmpty();
			assertThat(second.focused()).isTrue();
			assertThatThrownBy(() -> windows.activate(0x7fff_0000L, TIMEOUT)).isInstanceOfSatisfying(
					DeskhandException.class, (ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_NOT_FOUND));
		}
	}

	@Test
	void aWindowsOwnRequestToComeToTheFrontThroughTheAccessibilityTreeIsNotHonoured() throws Exception {
		// the evidence behind activate's E_UNSUPPORTED: GTK presents its window when a
		// widget of it is given the focus, and mutter leaves the focus where it is
		try (WindowWitness first = WindowWitness.open(session, appId());
				WindowWitness second = WindowWitness.open(session, appId())) {
			second.awaitFocused(true, WAIT);
			first.awaitFocused(false, WAIT);
			int mark = first.mark();
			Path script = session.writeFile("gnome-windows-present.py", PRESENT_SCRIPT);
			Process present = new ProcessBuilder(session.clientCommand(session.accessibleClientEnvironment(),
					List.of("/usr/bin/python3", script.toString(), first.appId())))
				.redirectError(ProcessBuilder.Redirect.DISCARD)
				.start();
			assertThat(present.waitFor(20, TimeUnit.SECONDS)).isTrue();
			assertThat(new String(present.getInputStream().readAllBytes()).strip()).isEqualTo("drawing area True");
			// GTK did present it (it maps the window again) ...
			long deadline = System.nanoTime() + WAIT.toNanos();
			while (first.events((e) -> "mapped".equals(e.path("ev").asString(""))).size() < 2) {
				assertThat(System.nanoTime()).as("the first window is mapped again").isLessThan(deadline);
				Pause.millis(20);
			}
			// ... and mutter kept the focus on the second
			Pause.millis(1000);
			assertThat(first.focusSince(mark)).isEmpty();
			assertThat(second.focused()).isTrue();
			assertThat(awaitFocused(second).title()).isEqualTo(second.title());
		}
	}

	@Test
	void aLaunchedProgramStartsInTheSessionAndItsWindowIsListed() throws Exception {
		int number = WINDOWS.incrementAndGet();
		String title = "Deskhand launched " + number;
		// the program's own record of its mapped window, with its pid and the variables
		// it got, is the witness
		Path script = session.writeFile("launched-" + number + ".py", LAUNCHED_SCRIPT);
		Path report = script.resolveSibling("launched-" + number + ".txt");
		// the session's variables, NO_AT_BRIDGE=1 among them: the launcher must not pass
		// that one on
		GnomeLauncher launcher = new GnomeLauncher(session.clientEnvironment());
		Process app = launcher.launch(List.of("/usr/bin/python3", script.toString(), title, report.toString()));
		try {
			long deadline = System.nanoTime() + WAIT.toNanos();
			while (!Files.exists(report) || Files.readString(report).isBlank()) {
				assertThat(app.isAlive()).as("the launched program runs").isTrue();
				assertThat(System.nanoTime()).as("the launched program maps its window").isLessThan(deadline);
				Pause.millis(50);
			}
			assertThat(Files.readString(report)).isEqualTo(app.pid() + " wayland-0 -");
			WindowInfo launched = awaitWindow((w) -> w.pid() == app.pid(), "a window of pid " + app.pid());
			assertThat(launched.title()).isEqualTo(title);
			assertThat(launched.belongsTo("deskhand.launched")).isTrue();
			assertThat(launched.executable()).startsWith("python3");
		}
		finally {
			app.destroy();
			app.waitFor(5, TimeUnit.SECONDS);
		}
	}

	private static String appId() {
		return "deskhand.gnome-windows." + WINDOWS.incrementAndGet();
	}

	private static WindowInfo await(WindowWitness witness) {
		return awaitWindow((w) -> w.title().equals(witness.title()), "the window '" + witness.title() + "'");
	}

	private static WindowInfo awaitFocused(WindowWitness witness) {
		return awaitWindow((w) -> w.focused() && w.title().equals(witness.title()),
				"the window '" + witness.title() + "' focused");
	}

	private static WindowInfo awaitWindow(Predicate<WindowInfo> which, String what) {
		long deadline = System.nanoTime() + WAIT.toNanos();
		List<WindowInfo> seen = List.of();
		while (System.nanoTime() < deadline) {
			seen = windows.list();
			Optional<WindowInfo> found = seen.stream().filter(which).findFirst();
			if (found.isPresent()) {
				return found.get();
			}
			Pause.millis(50);
		}
		throw new AssertionError(what + " is not in the list after " + WAIT + ": " + seen);
	}

}
