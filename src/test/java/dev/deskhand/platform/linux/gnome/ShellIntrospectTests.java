package dev.deskhand.platform.linux.gnome;

import java.util.LinkedHashMap;
import java.util.Map;

import org.freedesktop.dbus.errors.AccessDenied;
import org.freedesktop.dbus.errors.NoReply;
import org.freedesktop.dbus.errors.ServiceUnknown;
import org.freedesktop.dbus.errors.UnknownMethod;
import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.UInt64;
import org.freedesktop.dbus.types.Variant;
import org.junit.jupiter.api.Test;

import dev.deskhand.platform.linux.gnome.ShellIntrospect.Access;
import dev.deskhand.platform.linux.gnome.ShellIntrospect.ShellWindow;

import static org.assertj.core.api.Assertions.assertThat;

class ShellIntrospectTests {

	@Test
	void readsGetWindowsAsGnomeShell43AnswersIt() {
		// as gnome-shell 43.9 answered a caller owning an allow-listed name (see
		// docs/platforms/gnome.md): no position, no process
		Map<UInt64, Map<String, Variant<?>>> answer = new LinkedHashMap<>();
		answer.put(new UInt64(822660826L),
				Map.of("app-id", new Variant<>("window:1"), "client-type", new Variant<>(new UInt32(0)), "is-hidden",
						new Variant<>(false), "has-focus", new Variant<>(false), "width", new Variant<>(800), "height",
						new Variant<>(537), "title", new Variant<>("Deskhand witness shell.one"), "wm-class",
						new Variant<>("shell.one")));
		answer.put(new UInt64(672157745L), Map.of("app-id", new Variant<>("foot.desktop"), "has-focus",
				new Variant<>(true), "title", new Variant<>("foot-term"), "wm-class", new Variant<>("foot")));
		assertThat(ShellIntrospect.windows(new Object[] { answer })).containsExactly(
				new ShellWindow(822660826L, "Deskhand witness shell.one", "", "shell.one", 800, 537, false, false),
				new ShellWindow(672157745L, "foot-term", "foot", "foot", 0, 0, true, false));
		assertThat(ShellIntrospect.windows(new Object[0])).isEmpty();
	}

	@Test
	void tellsARefusingShellFromAMissingOneAndFromAFailure() {
		assertThat(ShellIntrospect.refusal(new AccessDenied("GetWindows is not allowed"))).isEqualTo(Access.DENIED);
		assertThat(ShellIntrospect.refusal(new ServiceUnknown("The name org.gnome.Shell.Introspect was not provided")))
			.isEqualTo(Access.ABSENT);
		assertThat(ShellIntrospect.refusal(new UnknownMethod("No such method GetWindows"))).isEqualTo(Access.ABSENT);
		// a timeout or a failing Shell is no answer about access: asked again next time
		assertThat(ShellIntrospect.refusal(new DBusExecutionException("did not answer within PT5S"))).isNull();
		assertThat(ShellIntrospect.refusal(new NoReply("no reply"))).isNull();
	}

}
