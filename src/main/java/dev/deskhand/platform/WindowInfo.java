package dev.deskhand.platform;

/**
 * A top-level window and the application it belongs to.
 *
 * @param id the platform's window id (X11: the client window)
 * @param title its title, or empty
 * @param appClass the application's class (X11: the class part of {@code WM_CLASS}, e.g.
 * {@code XTerm}, {@code firefox}), or empty
 * @param appInstance the instance part (X11: the first part of {@code WM_CLASS}, e.g.
 * {@code xterm}), or empty
 * @param executable the file name of the owning process's executable (X11: from
 * {@code _NET_WM_PID} and /proc/PID/exe), or empty when unknown
 * @param pid the owning process, or 0 when unknown
 * @param bounds the client area (without frame) in logical coordinates, or {@code null}
 * when unknown
 * @param focused whether it has keyboard focus
 */
public record WindowInfo(long id, String title, String appClass, String appInstance, String executable, long pid,
		Rect bounds, boolean focused) {

	/**
	 * Whether this window belongs to an application named {@code name}: its class,
	 * instance or executable, compared case-insensitively.
	 */
	public boolean belongsTo(String name) {
		return name.equalsIgnoreCase(this.appClass) || name.equalsIgnoreCase(this.appInstance)
				|| name.equalsIgnoreCase(this.executable);
	}

}
