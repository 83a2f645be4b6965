package dev.deskhand.platform.linux.gnome;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Rect;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The portal path's pure parts: which API {@code auto} picks, how the portal's streams
 * find their displays, and the restore tokens' private file.
 */
class GnomePortalTests {

	private static final List<String> MUTTER = List.of("org.gnome.Mutter.DisplayConfig", "org.gnome.Mutter.ScreenCast",
			"org.gnome.Mutter.RemoteDesktop");

	private static final List<DisplayInfo> DISPLAYS = List.of(
			new DisplayInfo("Meta-0", "Meta-0", new Rect(0, 0, 1024, 640), 1.25, true),
			new DisplayInfo("Meta-1", "Meta-1", new Rect(1024, 0, 1024, 768), 1, false));

	@TempDir
	Path dir;

	@Test
	void autoTakesMuttersApiWhenAllItsNamesAnswerElseThePortal() {
		List<String> everything = new java.util.ArrayList<>(MUTTER);
		everything.add("org.freedesktop.portal.Desktop");
		assertThat(GnomeDesktopDriver.choose(GnomeApi.AUTO, everything)).isEqualTo(GnomeApi.MUTTER);
		assertThat(GnomeDesktopDriver.choose(GnomeApi.AUTO,
				List.of("org.gnome.Mutter.DisplayConfig", "org.freedesktop.portal.Desktop")))
			.isEqualTo(GnomeApi.PORTAL);
		assertThat(GnomeDesktopDriver.choose(GnomeApi.PORTAL, everything)).isEqualTo(GnomeApi.PORTAL);
		assertThat(GnomeDesktopDriver.choose(GnomeApi.MUTTER, List.of())).isEqualTo(GnomeApi.MUTTER);
	}

	@Test
	void theDefaultsAskForInputAndWaitTwoMinutesForThePerson() {
		GnomeProperties defaults = new GnomeProperties(null, null, null, null);
		assertThat(defaults.api()).isEqualTo(GnomeApi.AUTO);
		assertThat(defaults.portal().input()).isTrue();
		assertThat(defaults.portal().consentTimeout()).hasMinutes(2);
		assertThat(defaults.portal().tokenFile().endsWith(Path.of(".deskhand", "gnome-portal-tokens"))).isTrue();
	}

	@Test
	void aStreamFindsTheDisplayAtItsPosition() {
		Map<String, Variant<?>> results = Map.of("streams",
				new Variant<>(List.of(stream(44, 1024, 0, 1024, 768), stream(42, 0, 0, 1024, 640)), "a(ua{sv})"));
		assertThat(PortalStreams.nodesByDisplay(results, DISPLAYS)).containsExactly(Map.entry("Meta-0", 42L),
				Map.entry("Meta-1", 44L));
	}

	@Test
	void aDisplayThePersonDidNotShareHasNoStream() {
		Map<Long, Rect> placed = Map.of(44L, new Rect(1024, 0, 1024, 768));
		assertThat(PortalStreams.match(placed, DISPLAYS)).containsOnlyKeys("Meta-1");
	}

	@Test
	void aLoneStreamWithoutPositionIsTheLoneDisplayOfItsSize() {
		Map<Long, Rect> placed = Map.of(7L, new Rect(Integer.MIN_VALUE, Integer.MIN_VALUE, 1024, 768));
		assertThat(PortalStreams.match(placed, DISPLAYS)).containsExactly(Map.entry("Meta-1", 7L));
	}

	@Test
	void restoreTokensAreKeptOwnerOnlyAndReplacedOnEachStart() throws Exception {
		Path file = this.dir.resolve("state/gnome-portal-tokens");
		PortalTokens tokens = new PortalTokens(file);
		assertThat(tokens.read(XdgPortal.SCREEN_CAST)).isEmpty();
		tokens.write(XdgPortal.SCREEN_CAST, "first");
		tokens.write(XdgPortal.SCREEN_CAST, "second");
		tokens.write(XdgPortal.REMOTE_DESKTOP, "other");
		assertThat(Files.getPosixFilePermissions(file)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
		assertThat(Files.getPosixFilePermissions(file.getParent()))
			.isEqualTo(PosixFilePermissions.fromString("rwx------"));
		assertThat(new PortalTokens(file).read(XdgPortal.SCREEN_CAST)).contains("second");
		assertThat(new PortalTokens(file).read(XdgPortal.REMOTE_DESKTOP)).contains("other");
	}

	@Test
	void aTokenFileOthersCanReadIsNotUsed() throws Exception {
		Path file = this.dir.resolve("gnome-portal-tokens");
		Files.writeString(file, "org.freedesktop.portal.ScreenCast=leaked\n");
		Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
		assertThat(new PortalTokens(file).read(XdgPortal.SCREEN_CAST)).isEmpty();
	}

	private static Object[] stream(long node, int x, int y, int width, int height) {
		return new Object[] { new UInt32(node), Map.of("position", new Variant<>(new Object[] { x, y }, "(ii)"), "size",
				new Variant<>(new Object[] { width, height }, "(ii)")) };
	}

}
