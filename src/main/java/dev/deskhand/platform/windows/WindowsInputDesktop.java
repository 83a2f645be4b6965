package dev.deskhand.platform.windows;

/**
 * What {@code OpenInputDesktop} found: the desktop that receives input now. It is
 * {@code Default} while the user's session is in front; {@code Winlogon} while the
 * workstation is locked, Ctrl+Alt+Del or a UAC prompt on the secure desktop is showing
 * (and opening it fails with access denied then); {@code Screen-saver} under a secure
 * screen saver.
 *
 * @param opened whether {@code OpenInputDesktop} succeeded
 * @param name its {@code UOI_NAME}, or {@code null} when it was not opened
 * @param error {@code GetLastError()} when it was not opened, else 0
 */
record WindowsInputDesktop(boolean opened, String name, int error) {

	static final String DEFAULT = "Default";

	static WindowsInputDesktop named(String name) {
		return new WindowsInputDesktop(true, name, 0);
	}

	static WindowsInputDesktop failed(int error) {
		return new WindowsInputDesktop(false, null, error);
	}

	/** Whether input and capture reach the user's desktop. */
	boolean isUsers() {
		return this.opened && DEFAULT.equalsIgnoreCase(this.name);
	}

}
