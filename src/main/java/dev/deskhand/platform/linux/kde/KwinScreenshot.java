package dev.deskhand.platform.linux.kde;

import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import org.freedesktop.dbus.FileDescriptor;
import org.freedesktop.dbus.types.Variant;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.linux.LinuxLibc;

/**
 * Whole outputs through KWin's {@code org.kde.KWin.ScreenShot2.CaptureScreen}: KWin
 * renders the output at its native resolution and writes the raw image into a pipe passed
 * with the call, and answers with its width, height, stride and QImage format. The driver
 * crops the region it wants, so device pixels are exact at any scale.
 * <p>
 * KWin answers {@code NoAuthorized} unless the caller may use the interface: on Plasma, a
 * program whose {@code .desktop} file lists {@code org.kde.KWin.ScreenShot2} in
 * {@code X-KDE-DBUS-Restricted-Interfaces}; in tests, anyone when
 * {@code KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1}. Thread-safe: calls are serialised on
 * one bus connection on the shared fd-passing transport, reopened when it was lost.
 */
final class KwinScreenshot implements AutoCloseable {

	static final String SERVICE = "org.kde.KWin.ScreenShot2";

	private static final String PATH = "/org/kde/KWin/ScreenShot2";

	// QImage::Format_RGB32, ARGB32, ARGB32_Premultiplied: 0xAARRGGBB words, B G R A in
	// little-endian memory
	private static final List<Integer> BGRA_FORMATS = List.of(4, 5, 6);

	private static final int CHUNK = 1 << 20;

	private final Map<String, String> environment;

	private final Duration timeout;

	private KwinBus connection;

	KwinScreenshot(Map<String, String> environment, Duration timeout) {
		this.environment = Map.copyOf(environment);
		this.timeout = timeout;
	}

	/**
	 * The whole output, at device resolution, without the cursor.
	 * @param output KWin's name for it, e.g. {@code Virtual-0}, {@code DP-1}
	 */
	synchronized Frame captureScreen(String output) {
		if (this.connection == null || this.connection.isClosed()) {
			this.connection = KwinBus.open(this.environment, this.timeout);
		}
		LinuxLibc libc = LinuxLibc.get();
		int[] pipe = new int[2];
		if (libc.pipe2(pipe, LinuxLibc.O_CLOEXEC) != 0) {
			throw new DeskhandException(ErrorCode.E_FAIL,
					"cannot create a pipe for KWin's screenshot: " + libc.strerror(Native.getLastError()));
		}
		byte[] pixels;
		Object[] reply;
		try {
			Map<String, Variant<?>> options = Map.of("include-cursor", new Variant<>(false), "native-resolution",
					new Variant<>(true));
			try {
				reply = this.connection.call(SERVICE, PATH, SERVICE, "CaptureScreen", "sa{sv}h", output, options,
						new FileDescriptor(pipe[1]));
			}
			finally {
				// KWin holds its own copy now: the read end sees the end when KWin closes
				// it
				libc.close(pipe[1]);
				pipe[1] = -1;
			}
			pixels = drain(libc, pipe[0]);
		}
		finally {
			libc.close(pipe[0]);
			if (pipe[1] >= 0) {
				libc.close(pipe[1]);
			}
		}
		return toFrame(output, (Map<?, ?>) reply[0], pixels);
	}

	/**
	 * Reads the pipe to its end, each wait bounded by the timeout: KWin writes it from a
	 * thread of its own after it answered.
	 */
	private byte[] drain(LinuxLibc libc, int fd) {
		ByteArrayOutputStream out = new ByteArrayOutputStream(CHUNK * 4);
		Memory buffer = new Memory(CHUNK);
		Memory pollfd = new Memory(LinuxLibc.POLLFD_SIZE);
		byte[] chunk = new byte[CHUNK];
		while (true) {
			pollfd.setInt(0, fd);
			pollfd.setShort(4, LinuxLibc.POLLIN);
			pollfd.setShort(6, (short) 0);
			int ready = libc.poll(pollfd, 1, (int) this.timeout.toMillis());
			if (ready == 0) {
				throw new DeskhandException(ErrorCode.E_TIMEOUT, "KWin wrote no screenshot pixels for "
						+ this.timeout.toMillis() + " ms after " + out.size() + " bytes");
			}
			long read = libc.read(fd, buffer, CHUNK);
			if (read < 0) {
				int errno = Native.getLastError();
				if (errno == LinuxLibc.EINTR || errno == LinuxLibc.EAGAIN) {
					continue;
				}
				throw new DeskhandException(ErrorCode.E_FAIL,
						"cannot read KWin's screenshot pipe: " + libc.strerror(errno));
			}
			if (read == 0) {
				return out.toByteArray();
			}
			buffer.read(0, chunk, 0, (int) read);
			out.write(chunk, 0, (int) read);
		}
	}

	/**
	 * The pixels as a frame, read by CaptureScreen's results ({@code a{sv}}: width,
	 * height, stride, format).
	 */
	static Frame toFrame(String output, Map<?, ?> results, byte[] pixels) {
		int width = number(results, "width");
		int height = number(results, "height");
		int stride = number(results, "stride");
		int format = number(results, "format");
		if (!BGRA_FORMATS.contains(format)) {
			throw new DeskhandException(ErrorCode.E_FAIL, "KWin's screenshot of " + output + " came in QImage format "
					+ format + "; Deskhand reads formats " + BGRA_FORMATS + " (32-bit RGB)");
		}
		if ((long) stride * height > pixels.length || stride < width * 4) {
			throw new DeskhandException(ErrorCode.E_FAIL, "KWin's screenshot of " + output + " is " + width + "x"
					+ height + " with stride " + stride + " but its pipe held " + pixels.length + " bytes");
		}
		int[] rgb = new int[width * height];
		for (int y = 0; y < height; y++) {
			int row = y * stride;
			for (int x = 0; x < width; x++) {
				int at = row + x * 4;
				rgb[y * width + x] = ((pixels[at + 2] & 0xff) << 16) | ((pixels[at + 1] & 0xff) << 8)
						| (pixels[at] & 0xff);
			}
		}
		return new Frame(width, height, rgb);
	}

	private static int number(Map<?, ?> results, String key) {
		Object value = results.get(key);
		if (value instanceof Variant<?> variant) {
			value = variant.getValue();
		}
		if (!(value instanceof Number number)) {
			throw new DeskhandException(ErrorCode.E_FAIL, "KWin's screenshot results lack " + key + ": " + results);
		}
		return number.intValue();
	}

	@Override
	public synchronized void close() {
		if (this.connection != null) {
			this.connection.close();
		}
	}

}
