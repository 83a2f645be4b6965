package dev.deskhand.platform.linux.gnome;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.freedesktop.dbus.DBusPath;
import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;

import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.linux.dbus.DbusCall;

/**
 * Capture on GNOME: one {@code org.gnome.Mutter.ScreenCast} session recording every
 * display ({@code RecordMonitor} per connector), kept open between looks, each stream's
 * frames pulled by {@link PipeWireFrames}. Mutter's own API, no portal: it asks the user
 * nothing, and it answers only callers on the user's session bus.
 * <p>
 * The session lives as long as the D-Bus connection that created it: the caller keeps
 * {@code bus} open until {@link #close()}. Cursor mode 0 (hidden): the pointer is not in
 * the frames, as on the other drivers, and its moves cause no frames.
 */
final class MutterScreenCast implements ScreenRecording {

	static final String BUS_NAME = "org.gnome.Mutter.ScreenCast";

	private static final String SESSION = "org.gnome.Mutter.ScreenCast.Session";

	private static final int CURSOR_HIDDEN = 0;

	private final AbstractConnection bus;

	private final String sessionPath;

	private final RecordedDisplays streams;

	private final Duration timeout;

	private MutterScreenCast(AbstractConnection bus, String sessionPath, RecordedDisplays streams, Duration timeout) {
		this.bus = bus;
		this.sessionPath = sessionPath;
		this.streams = streams;
		this.timeout = timeout;
	}

	/**
	 * Starts recording the displays.
	 * @param bus the session bus; must stay open while this is used
	 * @param pipewireSocket where PipeWire listens, e.g.
	 * {@code $XDG_RUNTIME_DIR/pipewire-0}
	 * @param displays the displays to record ({@link MutterDisplayConfig#read})
	 * @param timeout for each D-Bus call, the stream announcements and the first frame
	 */
	static MutterScreenCast open(AbstractConnection bus, Path pipewireSocket, List<DisplayInfo> displays,
			Duration timeout) {
		String session = path(DbusCall.call(bus, BUS_NAME, "/org/gnome/Mutter/ScreenCast", BUS_NAME, "CreateSession",
				timeout, "a{sv}", Map.of())[0]);
		Map<String, DisplayInfo> byStream = new LinkedHashMap<>();
		Map<String, Long> nodes = new ConcurrentHashMap<>();
		List<PipeWireFrames> started = new ArrayList<>();
		AutoCloseable handler = null;
		try {
			handler = bus.addSigHandler(MutterStreamSignals.PipeWireStreamAdded.class,
					(signal) -> nodes.put(signal.getPath(), signal.node()));
			for (DisplayInfo display : displays) {
				Map<String, Variant<?>> options = Map.of("cursor-mode", new Variant<>(new UInt32(CURSOR_HIDDEN)));
				String stream = path(DbusCall.call(bus, BUS_NAME, session, SESSION, "RecordMonitor", timeout, "sa{sv}",
						display.id(), options)[0]);
				byStream.put(stream, display);
			}
			DbusCall.call(bus, BUS_NAME, session, SESSION, "Start", timeout, "");
			awaitNodes(nodes, byStream.keySet(), timeout);
			Map<String, RecordedDisplays.DisplayStream> streams = new LinkedHashMap<>();
			for (Map.Entry<String, DisplayInfo> entry : byStream.entrySet()) {
				long node = nodes.get(entry.getKey());
				PipeWireFrames frames = PipeWireFrames.start(pipewireSocket, node);
				started.add(frames);
				streams.put(entry.getValue().id(), new RecordedDisplays.DisplayStream(entry.getValue(), node, frames));
			}
			return new MutterScreenCast(bus, session, new RecordedDisplays(streams, timeout), timeout);
		}
		catch (DBusException | RuntimeException ex) {
			started.forEach(PipeWireFrames::close);
			stopSession(bus, session, timeout);
			throw (ex instanceof RuntimeException runtime) ? runtime
					: new IllegalStateException("cannot listen for Mutter's streams: " + ex.getMessage(), ex);
		}
		finally {
			closeQuietly(handler);
		}
	}

	private static void awaitNodes(Map<String, Long> nodes, Iterable<String> streams, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		for (String stream : streams) {
			while (!nodes.containsKey(stream)) {
				if (System.nanoTime() > deadline) {
					throw new IllegalStateException(
							"Mutter announced no PipeWire node for " + stream + " within " + timeout);
				}
				try {
					Thread.sleep(5);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new IllegalStateException("interrupted while waiting for Mutter's streams", ex);
				}
			}
		}
	}

	@Override
	public Frame capture(Rect region, int[] buffer) {
		return this.streams.capture(region, buffer);
	}

	@Override
	public List<DisplayInfo> layout() {
		return this.streams.displays();
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
	public void close() {
		this.streams.close();
		stopSession(this.bus, this.sessionPath, this.timeout);
	}

	private static void stopSession(AbstractConnection bus, String session, Duration timeout) {
		try {
			DbusCall.call(bus, BUS_NAME, session, SESSION, "Stop", timeout, "");
		}
		catch (DBusExecutionException ex) {
			// already stopped (mutter closes a session whose streams failed): nothing
			// left to release
		}
	}

	private static void closeQuietly(AutoCloseable closeable) {
		if (closeable == null) {
			return;
		}
		try {
			closeable.close();
		}
		catch (Exception ex) {
			// only a signal subscription: the connection's close drops it anyway
		}
	}

	private static String path(Object value) {
		return (value instanceof DBusPath path) ? path.getPath() : String.valueOf(value);
	}

}
