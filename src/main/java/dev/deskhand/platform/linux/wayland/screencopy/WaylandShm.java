package dev.deskhand.platform.linux.wayland.screencopy;

import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;
import dev.deskhand.platform.linux.wayland.wire.WaylandShmFile;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireEvent;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireHandler;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireObject;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The compositor's shared-memory buffers ({@code wl_shm}): which pixel formats it takes,
 * and buffers in memory both sides map.
 */
public final class WaylandShm {

	/** {@code wl_shm.format}: 32-bit little-endian words, {@code 0xAARRGGBB}. */
	public static final int ARGB8888 = 0;

	/** {@code 0xXXRRGGBB}, the padding byte undefined. */
	public static final int XRGB8888 = 1;

	/** DRM fourcc {@code AB24}: {@code 0xAABBGGRR}. */
	public static final int ABGR8888 = 0x34324241;

	/** DRM fourcc {@code XB24}: {@code 0xXXBBGGRR}. */
	public static final int XBGR8888 = 0x34324258;

	private static final int FORMAT = 0;

	private static final int CREATE_POOL = 0;

	private final WaylandConnection connection;

	private final WaylandWireObject object;

	private final Set<Integer> formats = ConcurrentHashMap.newKeySet();

	private WaylandShm(WaylandConnection connection) {
		this.connection = connection;
		this.object = connection.registry().bind("wl_shm", 1, this::onEvent);
	}

	/** Binds {@code wl_shm}; its formats arrive with the next roundtrip. */
	public static WaylandShm bind(WaylandConnection connection) {
		return new WaylandShm(connection);
	}

	public WaylandWireObject object() {
		return this.object;
	}

	/** The formats the compositor announced (ARGB8888 and XRGB8888 always). */
	public Set<Integer> formats() {
		return Set.copyOf(this.formats);
	}

	/**
	 * A buffer of {@code stride * height} bytes in a pool of its own, for the compositor
	 * to draw into (screencopy) or read.
	 */
	public WaylandShmBuffer createBuffer(int format, int width, int height, int stride) {
		if (width <= 0 || height <= 0 || stride < width * 4L) {
			throw new IllegalArgumentException("bad shm buffer " + width + "x" + height + " stride " + stride);
		}
		long size = (long) stride * height;
		WaylandShmFile file = WaylandShmFile.create("deskhand-wl-shm", size);
		try {
			synchronized (this.connection) {
				WaylandWireObject pool = this.connection.newObject("wl_shm_pool", 1, WaylandWireHandler.IGNORE);
				this.connection.request(this.object, CREATE_POOL).newId(pool).fd(file.fd()).intArg((int) size).send();
				WaylandWireObject buffer = this.connection.newObject("wl_buffer", 1, WaylandWireHandler.IGNORE);
				this.connection.request(pool, WaylandShmBuffer.POOL_CREATE_BUFFER)
					.newId(buffer)
					.intArg(0)
					.intArg(width)
					.intArg(height)
					.intArg(stride)
					.uint(format)
					.send();
				return new WaylandShmBuffer(this.connection, file, pool, buffer, format, width, height, stride);
			}
		}
		catch (RuntimeException ex) {
			file.close();
			throw ex;
		}
	}

	/** {@code XB24}-style name of a format, for messages. */
	public static String formatName(int format) {
		if (format == ARGB8888) {
			return "ARGB8888";
		}
		if (format == XRGB8888) {
			return "XRGB8888";
		}
		StringBuilder fourcc = new StringBuilder();
		for (int i = 0; i < 4; i++) {
			char c = (char) ((format >>> (8 * i)) & 0xFF);
			fourcc.append((c >= 0x20 && c < 0x7F) ? c : '?');
		}
		return fourcc + String.format(" (0x%08x)", format);
	}

	private void onEvent(WaylandWireEvent event) {
		if (event.opcode() == FORMAT) {
			this.formats.add(event.uint());
		}
	}

}
