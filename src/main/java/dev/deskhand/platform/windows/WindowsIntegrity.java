package dev.deskhand.platform.windows;

/**
 * Integrity levels (the mandatory label's RID) of Deskhand's process and of the process
 * owning the foreground window: UIPI drops input sent to a higher level.
 *
 * @param own Deskhand's, or {@link #UNKNOWN}
 * @param foreground the foreground window's process's, or {@link #UNKNOWN}
 * @param foregroundProgram the foreground process's executable name, or {@code null}
 */
record WindowsIntegrity(int own, int foreground, String foregroundProgram) {

	static final int UNKNOWN = -1;

	static final int LOW = 0x1000;

	static final int MEDIUM = 0x2000;

	static final int HIGH = 0x3000;

	static final int SYSTEM = 0x4000;

	static WindowsIntegrity unknown() {
		return new WindowsIntegrity(UNKNOWN, UNKNOWN, null);
	}

	boolean foregroundIsHigher() {
		return this.own != UNKNOWN && this.foreground != UNKNOWN && this.foreground > this.own;
	}

	/** E.g. {@code  (regedit.exe, high integrity)}, or empty when nothing is known. */
	String foregroundDescription() {
		String level = (this.foreground == UNKNOWN) ? null : name(this.foreground) + " integrity";
		if (this.foregroundProgram == null && level == null) {
			return "";
		}
		if (this.foregroundProgram == null) {
			return " (" + level + ")";
		}
		return " (" + this.foregroundProgram + ((level != null) ? ", " + level : "") + ")";
	}

	static String name(int rid) {
		if (rid >= SYSTEM) {
			return "system";
		}
		if (rid >= HIGH) {
			return "high";
		}
		if (rid >= MEDIUM) {
			return "medium";
		}
		return (rid >= LOW) ? "low" : "untrusted";
	}

	/**
	 * The RID of a mandatory label SID ({@code S-1-16-RID}) in its binary form: revision,
	 * sub-authority count, six bytes of identifier authority, then the sub-authorities as
	 * little-endian DWORDs; the level is the last one.
	 * @return the RID, or {@link #UNKNOWN} for a malformed SID
	 */
	static int ridOf(byte[] sid) {
		if (sid.length < 8) {
			return UNKNOWN;
		}
		int count = sid[1] & 0xFF;
		int offset = 8 + 4 * (count - 1);
		if (count == 0 || sid.length < offset + 4) {
			return UNKNOWN;
		}
		return (sid[offset] & 0xFF) | (sid[offset + 1] & 0xFF) << 8 | (sid[offset + 2] & 0xFF) << 16
				| (sid[offset + 3] & 0xFF) << 24;
	}

}
