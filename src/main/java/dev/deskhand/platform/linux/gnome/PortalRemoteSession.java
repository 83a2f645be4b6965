package dev.deskhand.platform.linux.gnome;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.freedesktop.dbus.DBusPath;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DesktopConsent;
import dev.deskhand.platform.DisplayInfo;

/**
 * Input through the xdg-desktop-portal's {@code org.freedesktop.portal.RemoteDesktop}: a
 * session with the keyboard and pointer and a stream of every monitor (absolute pointer
 * positions are given in a stream's space, so each display needs one; nobody pulls their
 * frames), granted in the desktop's "Remote Desktop" dialog. The portal forwards each
 * event to mutter's own remote desktop session, so positions are stream pixels and
 * buttons and keysyms mean what they mean there; its {@code Notify*} calls answer when
 * the portal has taken the event, in order, not when mutter has.
 * <p>
 * The RemoteDesktop portal remembers a grant from version 2 ({@code persist_mode} on
 * {@code SelectDevices}, a restore token from {@code Start}). Debian 12's
 * xdg-desktop-portal 1.16 offers version 1: no token, the dialog at every new session.
 */
final class PortalRemoteSession implements RemoteInputSession {

	private static final Logger logger = LoggerFactory.getLogger(PortalRemoteSession.class);

	static final int KEYBOARD = 1;

	static final int POINTER = 2;

	/** The RemoteDesktop portal's version that first remembers a grant. */
	static final int PERSISTS_FROM = 2;

	private static final Map<String, Variant<?>> NO_OPTIONS = Map.of();

	private final XdgPortal portal;

	private final DBusPath session;

	private final Map<String, Long> nodesByDisplay;

	private PortalRemoteSession(XdgPortal portal, String session, Map<String, Long> nodesByDisplay) {
		this.portal = portal;
		this.session = new DBusPath(session);
		this.nodesByDisplay = Map.copyOf(nodesByDisplay);
	}

	/**
	 * Starts a session over the displays: asks the person in the desktop's dialog unless
	 * a kept token is honoured (version 2 and later).
	 * @throws DeskhandException E_DENIED when the person cancelled or did not allow
	 * interaction, E_TIMEOUT when nobody answered, E_NO_DESKTOP when the portal failed
	 */
	static PortalRemoteSession start(XdgPortal portal, List<DisplayInfo> displays, PortalTokens tokens,
			DesktopConsent.Listener consents, Duration timeout, Duration consentTimeout) {
		int version = portal.version(XdgPortal.REMOTE_DESKTOP);
		if (version == 0) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
					"xdg-desktop-portal offers no org.freedesktop.portal.RemoteDesktop here (its GNOME backend,"
							+ " xdg-desktop-portal-gnome, provides it)");
		}
		String handle = PortalScreenCast.createSession(portal, XdgPortal.REMOTE_DESKTOP, timeout);
		DBusPath session = new DBusPath(handle);
		try {
			Optional<String> restore = (version >= PERSISTS_FROM) ? tokens.read(XdgPortal.REMOTE_DESKTOP)
					: Optional.empty();
			Map<String, Variant<?>> devices = new java.util.LinkedHashMap<>();
			devices.put("types", new Variant<>(new UInt32(KEYBOARD | POINTER)));
			if (version >= PERSISTS_FROM) {
				devices.put("persist_mode", new Variant<>(new UInt32(PortalScreenCast.PERSIST_UNTIL_REVOKED)));
				restore.ifPresent((token) -> devices.put("restore_token", new Variant<>(token)));
			}
			portal.request(XdgPortal.REMOTE_DESKTOP, "SelectDevices", timeout, "oa{sv}", new Object[] { session },
					devices);
			// a remote desktop session's sources are never persisted on their own: the
			// grant of the devices covers them
			portal.request(XdgPortal.SCREEN_CAST, "SelectSources", timeout, "oa{sv}", new Object[] { session },
					PortalScreenCast.selectSources(portal.version(XdgPortal.SCREEN_CAST), Optional.empty(), false));
			Map<String, Variant<?>> results = portal.request(XdgPortal.REMOTE_DESKTOP, "Start", consentTimeout,
					"osa{sv}", new Object[] { session, "" }, NO_OPTIONS);
			int granted = (results.get("devices") != null) ? ((Number) results.get("devices").getValue()).intValue()
					: 0;
			if ((granted & (KEYBOARD | POINTER)) != (KEYBOARD | POINTER)) {
				throw new DeskhandException(ErrorCode.E_DENIED,
						"the person shared the screen but did not allow remote interaction (devices granted: "
								+ devices(granted) + "); Deskhand needs the keyboard and the pointer");
			}
			boolean remembered = PortalScreenCast.keepToken(results, tokens, XdgPortal.REMOTE_DESKTOP);
			Map<String, Long> nodes = PortalStreams.nodesByDisplay(results, displays);
			consents.granted(new DesktopConsent(XdgPortal.REMOTE_DESKTOP, version, restore.isPresent(), remembered,
					devices(granted), List.copyOf(nodes.keySet())));
			logger.info("xdg-desktop-portal RemoteDesktop (version {}) grants {} over {}{}", version, devices(granted),
					nodes.keySet(),
					remembered ? "; the grant is remembered (restore token in " + tokens.file() + ")" : "; version "
							+ version + " remembers nothing: the dialog comes back with every new" + " session");
			return new PortalRemoteSession(portal, handle, nodes);
		}
		catch (RuntimeException ex) {
			portal.closeSession(handle);
			throw ex;
		}
	}

	static List<String> devices(int mask) {
		List<String> names = new ArrayList<>();
		if ((mask & KEYBOARD) != 0) {
			names.add("keyboard");
		}
		if ((mask & POINTER) != 0) {
			names.add("pointer");
		}
		if ((mask & 4) != 0) {
			names.add("touchscreen");
		}
		return names;
	}

	@Override
	public boolean covers(List<DisplayInfo> displays) {
		return displays.stream().allMatch((display) -> this.nodesByDisplay.containsKey(display.id()));
	}

	@Override
	public void pointerTo(String displayId, double x, double y) {
		Long node = this.nodesByDisplay.get(displayId);
		if (node == null) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED, "display " + displayId
					+ " was not shared in the desktop's Remote Desktop dialog: the pointer cannot reach it");
		}
		notify("NotifyPointerMotionAbsolute", "oa{sv}udd", new UInt32(node), x, y);
	}

	@Override
	public void pointerBy(double dx, double dy) {
		notify("NotifyPointerMotion", "oa{sv}dd", dx, dy);
	}

	@Override
	public void button(int button, boolean pressed) {
		notify("NotifyPointerButton", "oa{sv}iu", button, new UInt32(pressed ? 1 : 0));
	}

	@Override
	public void axisDiscrete(int axis, int steps) {
		notify("NotifyPointerAxisDiscrete", "oa{sv}ui", new UInt32(axis), steps);
	}

	@Override
	public void keysym(long keysym, boolean pressed) {
		notify("NotifyKeyboardKeysym", "oa{sv}iu", (int) keysym, new UInt32(pressed ? 1 : 0));
	}

	@Override
	public void stop() {
		this.portal.closeSession(this.session.getPath());
	}

	private void notify(String member, String signature, Object... arguments) {
		Object[] all = new Object[arguments.length + 2];
		all[0] = this.session;
		all[1] = NO_OPTIONS;
		System.arraycopy(arguments, 0, all, 2, arguments.length);
		this.portal.call(XdgPortal.REMOTE_DESKTOP, member, signature, all);
	}

	@Override
	public String toString() {
		return "PortalRemoteSession[" + this.session.getPath() + ", streams " + this.nodesByDisplay + "]";
	}

}
