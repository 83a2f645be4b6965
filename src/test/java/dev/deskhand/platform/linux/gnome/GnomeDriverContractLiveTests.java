package dev.deskhand.platform.linux.gnome;

import dev.deskhand.platform.linux.TextOutsideLayout;
import java.time.Duration;
import java.util.List;

import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.DesktopDriverContractTests;
import dev.deskhand.testing.DriverWitness;
import dev.deskhand.testing.GnomeDriverWitness;
import dev.deskhand.testing.GnomeSession;

/**
 * The driver contract on GNOME: the shared headless mutter (Meta-0 at scale 1.25, Meta-1
 * at 1), the GNOME driver as Deskhand builds it from the session's variables, and GTK
 * witnesses fullscreen on both monitors, read back through {@link GnomeDriverWitness}.
 * The witness on Meta-1 opens first, so the one on Meta-0 (the suite's main witness)
 * starts with the focus. The layout is US English, so the suite's mixed text is typed
 * with characters outside it entered by code point
 * ({@link TextOutsideLayout#UNICODE_ENTRY}), which the witnesses' GTK input method turns
 * into the characters, as a text field does.
 */
class GnomeDriverContractLiveTests extends DesktopDriverContractTests {

	private DriverWitness second;

	@Override
	protected DesktopDriver openDriver() {
		this.second = GnomeDriverWitness.open(GnomeSession.shared(), "Meta-1");
		return GnomeDesktopDriver.connect(GnomeSession.shared().clientEnvironment(), Duration.ofSeconds(5),
				TextOutsideLayout.UNICODE_ENTRY);
	}

	@Override
	protected DriverWitness openWitness() {
		return GnomeDriverWitness.open(GnomeSession.shared(), "Meta-0");
	}

	@Override
	protected List<DriverWitness> openOtherWitnesses() {
		return List.of(this.second);
	}

}
