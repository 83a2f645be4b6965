package dev.deskhand.platform.linux.x11;

import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.DesktopDriverContractTests;
import dev.deskhand.testing.DriverWitness;
import dev.deskhand.testing.TestDesktop;

/**
 * The driver contract on X11: the shared Xvfb + openbox, the X11 driver, and the Swing
 * witness with its marker squares, read back through {@link X11DriverWitness}.
 */
class X11DriverContractLiveTests extends DesktopDriverContractTests {

	@Override
	protected DesktopDriver openDriver() {
		return X11DesktopDriver.connect(TestDesktop.shared().display());
	}

	@Override
	protected DriverWitness openWitness() {
		return X11DriverWitness.open(TestDesktop.shared(), "x11-contract-witness", 300, 200);
	}

}
