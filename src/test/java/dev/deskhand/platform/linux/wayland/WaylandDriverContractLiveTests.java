package dev.deskhand.platform.linux.wayland;

import java.time.Duration;
import java.util.List;

import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.DesktopDriverContractTests;
import dev.deskhand.testing.DriverWitness;
import dev.deskhand.testing.SwayDriverWitness;
import dev.deskhand.testing.SwaySession;

/**
 * The driver contract on Wayland: the shared headless sway (HEADLESS-1 at scale 1.25,
 * HEADLESS-2 at 1), the Wayland driver as Deskhand builds it, and the GTK witnesses on
 * both outputs, read back through {@link SwayDriverWitness}.
 */
class WaylandDriverContractLiveTests extends DesktopDriverContractTests {

	@Override
	protected DesktopDriver openDriver() {
		return WaylandDesktopDriver.connect(SwaySession.shared().environment(), Duration.ofSeconds(5));
	}

	@Override
	protected DriverWitness openWitness() {
		return SwayDriverWitness.open(SwaySession.shared(), SwaySession.WITNESS_APP_ID);
	}

	// the virtual keyboard types far faster than XTest: 600 characters are sent before
	// the first observation ends (and the witness reports every key with the whole text
	// so far, so much longer texts overwhelm it)
	@Override
	protected int longTypingLength() {
		return 2000;
	}

	@Override
	protected List<DriverWitness> openOtherWitnesses() {
		return List.of(SwayDriverWitness.open(SwaySession.shared(), SwaySession.WITNESS2_APP_ID));
	}

}
