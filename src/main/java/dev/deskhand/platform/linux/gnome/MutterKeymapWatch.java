package dev.deskhand.platform.linux.gnome;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.platform.linux.LinuxLibc;
import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireEvent;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireHandler;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireObject;

/**
 * Mutter's keymap as a Wayland client sees it: a {@code wl_keyboard} of Deskhand's own on
 * mutter's display, which gets the keymap ({@code keymap}, an XKB text in a file
 * descriptor) and the current group ({@code modifiers}) now and whenever they change.
 * Mutter's RemoteDesktop types with that same keymap, so it says in advance what can be
 * typed ({@link MutterKeymap}).
 * <p>
 * The seat has a keyboard only while some keyboard exists, on a headless session only
 * while a remote desktop session runs: opened after one started, and again for each new
 * one. Used under {@link MutterRemoteDesktop}'s lock.
 */
final class MutterKeymapWatch implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(MutterKeymapWatch.class);

	private static final int SEAT_CAPABILITIES = 0;

	private static final int SEAT_GET_KEYBOARD = 1;

	private static final int CAPABILITY_KEYBOARD = 2;

	private static final int KEYBOARD_KEYMAP = 0;

	private static final int KEYBOARD_MODIFIERS = 4;

	private static final int KEYBOARD_RELEASE = 0;

	private static final int FORMAT_XKB_V1 = 1;

	private final WaylandConnection connection;

	private WaylandWireObject keyboard;

	private int capabilities;

	private String keymapText;

	private int group;

	private MutterKeymap keymap;

	private MutterKeymapWatch(WaylandConnection connection) {
		this.connection = connection;
	}

	/**
	 * Connects to mutter's display and waits for its keymap.
	 * @param socket mutter's Wayland socket ({@code $XDG_RUNTIME_DIR/$WAYLAND_DISPLAY})
	 * @param timeout for the connection and each wait
	 */
	static MutterKeymapWatch open(Path socket, Duration timeout) {
		WaylandConnection connection = WaylandConnection.open(socket, timeout);
		MutterKeymapWatch watch = new MutterKeymapWatch(connection);
		try {
			synchronized (connection) {
				WaylandWireObject seat = connection.registry().bind("wl_seat", 5, WaylandWireHandler.IGNORE);
				seat.handler((event) -> {
					if (event.opcode() == SEAT_CAPABILITIES) {
						watch.capabilities = event.uint();
					}
				});
				connection.dispatchUntil(() -> (watch.capabilities & CAPABILITY_KEYBOARD) != 0,
						"a keyboard in mutter's seat");
				watch.keyboard = connection.newObject("wl_keyboard", seat.version(), watch::onKeyboard);
				connection.request(seat, SEAT_GET_KEYBOARD).newId(watch.keyboard).send();
				connection.dispatchUntil(() -> watch.keymapText != null, "mutter's keymap");
			}
			return watch;
		}
		catch (RuntimeException ex) {
			connection.close();
			throw ex;
		}
	}

	private void onKeyboard(WaylandWireEvent event) {
		if (event.opcode() == KEYBOARD_KEYMAP) {
			int format = event.uint();
			int fd = event.fd();
			int size = event.uint();
			try {
				if (format == FORMAT_XKB_V1) {
					this.keymapText = read(fd, size);
					this.keymap = null;
				}
			}
			finally {
				LinuxLibc.get().close(fd);
			}
		}
		else if (event.opcode() == KEYBOARD_MODIFIERS) {
			event.uint();
			event.uint();
			event.uint();
			event.uint();
			int current = event.uint();
			if (current != this.group) {
				this.group = current;
				this.keymap = null;
			}
		}
	}

	// the keymap is a file mutter shares read-only: read it through this process's
	// descriptor table, without mapping it
	private static String read(int fd, int size) {
		try {
			byte[] bytes = Files.readAllBytes(Path.of("/proc/self/fd/" + fd));
			int length = Math.min(bytes.length, Integer.toUnsignedLong(size) > 0 ? size : bytes.length);
			while (length > 0 && bytes[length - 1] == 0) {
				length--;
			}
			return new String(bytes, 0, length, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			logger.debug("cannot read mutter's keymap: {}", ex.getMessage());
			return "";
		}
	}

	/** The keymap and group as mutter last announced them. */
	MutterKeymap current() {
		synchronized (this.connection) {
			this.connection.dispatch(Duration.ZERO);
			if (this.keymap == null) {
				this.keymap = MutterKeymap.fromXkb(this.keymapText, this.group);
			}
			return this.keymap;
		}
	}

	@Override
	public void close() {
		synchronized (this.connection) {
			if (!this.connection.isClosed() && this.keyboard != null && this.keyboard.version() >= 3) {
				try {
					this.connection.request(this.keyboard, KEYBOARD_RELEASE).send();
					this.connection.destroyed(this.keyboard);
					this.connection.flush();
				}
				catch (RuntimeException ex) {
					logger.debug("releasing the keymap's keyboard failed: {}", ex.getMessage());
				}
			}
			this.connection.close();
		}
	}

}
