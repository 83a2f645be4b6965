package dev.deskhand.platform.linux.gnome;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.freedesktop.dbus.DBusPath;
import org.freedesktop.dbus.FileDescriptor;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DesktopConsent;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;

/**
 * Capture through the xdg-desktop-portal's {@code org.freedesktop.portal.ScreenCast}: a
 * session of monitors the person picks in the desktop's "Screen Share" dialog, each
 * monitor's frames pulled by {@link PipeWireFrames} over a PipeWire connection the portal
 * opens ({@code OpenPipeWireRemote}), which shows only the streams shared.
 * <p>
 * From version 4 the portal remembers the choice: the session asks for it to be kept
 * ({@code persist_mode} 2, until revoked) and {@code Start} answers with a restore token,
 * kept in {@link PortalTokens}; the next session sends it and starts with no dialog. Each
 * start is reported to the {@link DesktopConsent.Listener}.
 */
final class PortalScreenCast implements ScreenRecording {

	private static final Logger logger = LoggerFactory.getLogger(PortalScreenCast.class);

	static final int SOURCE_MONITOR = 1;

	static final int CURSOR_HIDDEN = 1;

	static final int PERSIST_UNTIL_REVOKED = 2;

	/** The ScreenCast portal's version that first remembers a grant. */
	static final int PERSISTS_FROM = 4;

	private final XdgPortal portal;

	private final String session;

	private final List<DisplayInfo> layout;

	private final RecordedDisplays streams;

	private PortalScreenCast(XdgPortal portal, String session, List<DisplayInfo> layout, RecordedDisplays streams) {
		this.portal = portal;
		this.session = session;
		this.layout = layout;
		this.streams = streams;
	}

	/**
	 * Opens a session over the displays: asks the person in the desktop's dialog unless a
	 * kept token is honoured, then starts pulling the shared displays' frames.
	 * @param consentTimeout how long the person may take to answer the dialog
	 * @throws DeskhandException E_DENIED when the person cancelled, E_TIMEOUT when nobody
	 * answered, E_NO_DESKTOP when the portal failed or shared none of the displays
	 */
	static PortalScreenCast open(XdgPortal portal, List<DisplayInfo> displays, PortalTokens tokens,
			DesktopConsent.Listener consents, Duration timeout, Duration consentTimeout) {
		int version = portal.version(XdgPortal.SCREEN_CAST);
		String session = createSession(portal, XdgPortal.SCREEN_CAST, timeout);
		List<PipeWireFrames> started = new java.util.ArrayList<>();
		try {
			Optional<String> restore = (version >= PERSISTS_FROM) ? tokens.read(XdgPortal.SCREEN_CAST)
					: Optional.empty();
			portal.request(XdgPortal.SCREEN_CAST, "SelectSources", timeout, "oa{sv}",
					new Object[] { new DBusPath(session) }, selectSources(version, restore, true));
			Map<String, Variant<?>> results = portal.request(XdgPortal.SCREEN_CAST, "Start", consentTimeout, "osa{sv}",
					new Object[] { new DBusPath(session), "" }, Map.of());
			boolean remembered = keepToken(results, tokens, XdgPortal.SCREEN_CAST);
			Map<String, Long> nodes = PortalStreams.nodesByDisplay(results, displays);
			if (nodes.isEmpty()) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
						"the ScreenCast portal shared no stream that matches a display of " + displays);
			}
			consents.granted(new DesktopConsent(XdgPortal.SCREEN_CAST, version, restore.isPresent(), remembered,
					List.of(), List.copyOf(nodes.keySet())));
			logger.info("xdg-desktop-portal ScreenCast (version {}) shares {}{}", version, nodes.keySet(),
					remembered ? "; the grant is remembered (restore token in " + tokens.file() + ")"
							: "; this portal version remembers nothing: the dialog comes back at the next start");
			Map<String, RecordedDisplays.DisplayStream> byDisplay = new LinkedHashMap<>();
			for (DisplayInfo display : displays) {
				Long node = nodes.get(display.id());
				if (node != null) {
					PipeWireFrames frames = PipeWireFrames.start(openPipeWireRemote(portal, session), node);
					started.add(frames);
					byDisplay.put(display.id(), new RecordedDisplays.DisplayStream(display, node, frames));
				}
			}
			return new PortalScreenCast(portal, session, List.copyOf(displays),
					new RecordedDisplays(byDisplay, timeout));
		}
		catch (RuntimeException ex) {
			started.forEach(PipeWireFrames::close);
			portal.closeSession(session);
			throw ex;
		}
	}

	/** {@code CreateSession} on a ScreenCast or RemoteDesktop portal: its handle. */
	static String createSession(XdgPortal portal, String iface, Duration timeout) {
		Map<String, Variant<?>> created = portal.request(iface, "CreateSession", timeout, "a{sv}", new Object[0],
				Map.of("session_handle_token", new Variant<>(XdgPortal.newSessionToken())));
		Variant<?> handle = created.get("session_handle");
		if (handle == null) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, iface + ".CreateSession answered no session handle");
		}
		return XdgPortal.path(handle);
	}

	/**
	 * The options of {@code SelectSources}: every monitor may be picked, the pointer is
	 * not drawn (as on the other drivers); the grant is kept from version 4.
	 * @param persist whether to ask for the grant to be kept
	 */
	static Map<String, Variant<?>> selectSources(int version, Optional<String> restore, boolean persist) {
		Map<String, Variant<?>> options = new LinkedHashMap<>();
		options.put("types", new Variant<>(new UInt32(SOURCE_MONITOR)));
		options.put("multiple", new Variant<>(true));
		if (version >= 2) {
			options.put("cursor_mode", new Variant<>(new UInt32(CURSOR_HIDDEN)));
		}
		if (persist && version >= PERSISTS_FROM) {
			options.put("persist_mode", new Variant<>(new UInt32(PERSIST_UNTIL_REVOKED)));
			restore.ifPresent((token) -> options.put("restore_token", new Variant<>(token)));
		}
		return options;
	}

	/** Keeps the restore token {@code Start} answered with; whether there was one. */
	static boolean keepToken(Map<String, Variant<?>> results, PortalTokens tokens, String iface) {
		Variant<?> token = results.get("restore_token");
		if (token == null || String.valueOf(token.getValue()).isBlank()) {
			return false;
		}
		tokens.write(iface, String.valueOf(token.getValue()));
		return true;
	}

	private static int openPipeWireRemote(XdgPortal portal, String session) {
		Object[] answer = portal.call(XdgPortal.SCREEN_CAST, "OpenPipeWireRemote", "oa{sv}", new DBusPath(session),
				Map.<String, Variant<?>>of());
		return ((FileDescriptor) answer[0]).getIntFileDescriptor();
	}

	@Override
	public List<DisplayInfo> layout() {
		return this.layout;
	}

	@Override
	public List<DisplayInfo> displays() {
		return this.streams.displays();
	}

	@Override
	public long frameCount(String displayId) {
		return this.streams.frameCount(displayId);
	}

	@Override
	public void awaitFramesAfter(Rect region, long after, long until) {
		this.streams.awaitFramesAfter(region, after, until);
	}

	@Override
	public Frame capture(Rect region, int[] buffer) {
		return this.streams.capture(region, buffer);
	}

	@Override
	public void close() {
		this.streams.close();
		this.portal.closeSession(this.session);
	}

}
