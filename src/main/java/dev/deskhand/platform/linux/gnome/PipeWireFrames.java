package dev.deskhand.platform.linux.gnome;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import org.freedesktop.gstreamer.Buffer;
import org.freedesktop.gstreamer.Bus;
import org.freedesktop.gstreamer.FlowReturn;
import org.freedesktop.gstreamer.Gst;
import org.freedesktop.gstreamer.Pipeline;
import org.freedesktop.gstreamer.Sample;
import org.freedesktop.gstreamer.Structure;
import org.freedesktop.gstreamer.Version;
import org.freedesktop.gstreamer.elements.AppSink;

import dev.deskhand.platform.Frame;
import dev.deskhand.platform.linux.LinuxLibc;

/**
 * The latest frame of one PipeWire video node, pulled into Java by GStreamer:
 * {@code pipewiresrc ! videoconvert ! video/x-raw,format=BGRx ! appsink}, the appsink
 * keeping one buffer and dropping older ones.
 * <p>
 * Mutter sends a frame only when the screen changes: a fresh stream gets the current
 * picture once, then nothing while the screen is still. So the pipeline runs for as long
 * as Deskhand looks, each new frame replaces the kept one, and a look returns the kept
 * one at once; only the very first look waits, for that first frame.
 * <p>
 * PipeWire is reached through a socket Deskhand connects itself ({@code fd=} on
 * pipewiresrc, which takes a copy): the daemon's socket is named explicitly instead of
 * being found through this process's {@code XDG_RUNTIME_DIR}.
 */
final class PipeWireFrames implements AutoCloseable {

	private final Pipeline pipeline;

	private final int socket;

	private final Object lock = new Object();

	private int width;

	private int height;

	private int[] pixels;

	// how many frames came so far: a look compares it to tell whether the screen changed
	private long frames;

	// System.nanoTime() when the latest frame came
	private long frameNanos = Long.MIN_VALUE;

	// GStreamer's last error (e.g. PipeWire refused the node), for the message when no
	// frame comes
	private volatile String error;

	private PipeWireFrames(Pipeline pipeline, int socket) {
		this.pipeline = pipeline;
		this.socket = socket;
	}

	/**
	 * Starts pulling the node's frames.
	 * @param pipewireSocket the PipeWire daemon's socket, e.g.
	 * {@code $XDG_RUNTIME_DIR/pipewire-0}
	 * @param node the node id Mutter announced for the stream
	 */
	static PipeWireFrames start(Path pipewireSocket, long node) {
		return start(connect(pipewireSocket), node);
	}

	/**
	 * Starts pulling the node's frames over a PipeWire connection opened already, e.g.
	 * the one the portal's {@code OpenPipeWireRemote} hands over, which shows only the
	 * streams the person shared.
	 * @param socket the connection's file descriptor; closed with this, or at once when
	 * the pipeline cannot start
	 * @param node the node id of the stream
	 */
	static PipeWireFrames start(int socket, long node) {
		try {
			initGstreamer();
			Pipeline pipeline = (Pipeline) Gst
				.parseLaunch("pipewiresrc fd=" + socket + " path=" + node + " ! videoconvert ! video/x-raw,format=BGRx"
						+ " ! appsink name=sink max-buffers=1 drop=true sync=false emit-signals=true");
			PipeWireFrames frames = new PipeWireFrames(pipeline, socket);
			AppSink sink = (AppSink) pipeline.getElementByName("sink");
			sink.connect((AppSink.NEW_SAMPLE) frames::take);
			pipeline.getBus().connect((Bus.ERROR) (source, code, message) -> frames.error = message);
			pipeline.play();
			return frames;
		}
		catch (RuntimeException ex) {
			LinuxLibc.get().close(socket);
			throw ex;
		}
	}

	private static synchronized void initGstreamer() {
		if (!Gst.isInitialized()) {
			Gst.init(Version.of(1, 16), "deskhand");
		}
	}

	private static int connect(Path path) {
		LinuxLibc libc = LinuxLibc.get();
		byte[] name = path.toString().getBytes(StandardCharsets.UTF_8);
		if (name.length >= LinuxLibc.SOCKADDR_UN_SIZE - 2) {
			throw new IllegalStateException("PipeWire socket path too long: " + path);
		}
		int fd = libc.socket(LinuxLibc.AF_UNIX, LinuxLibc.SOCK_STREAM | LinuxLibc.SOCK_CLOEXEC, 0);
		if (fd < 0) {
			throw new IllegalStateException("socket() failed: " + libc.strerror(Native.getLastError()));
		}
		try (Memory address = new Memory(LinuxLibc.SOCKADDR_UN_SIZE)) {
			address.clear();
			address.setShort(0, (short) LinuxLibc.AF_UNIX);
			address.write(2, name, 0, name.length);
			if (libc.connect(fd, address, LinuxLibc.SOCKADDR_UN_SIZE) != 0) {
				int errno = Native.getLastError();
				libc.close(fd);
				throw new IllegalStateException("cannot connect to PipeWire at " + path + ": " + libc.strerror(errno));
			}
		}
		return fd;
	}

	// on GStreamer's streaming thread
	private FlowReturn take(AppSink sink) {
		Sample sample = sink.pullSample();
		if (sample == null) {
			return FlowReturn.EOS;
		}
		try {
			Structure caps = sample.getCaps().getStructure(0);
			int frameWidth = caps.getInteger("width");
			int frameHeight = caps.getInteger("height");
			Buffer buffer = sample.getBuffer();
			ByteBuffer bytes = buffer.map(false);
			try {
				// BGRx is one little-endian int per pixel, 0xxxRRGGBB
				IntBuffer source = bytes.order(ByteOrder.LITTLE_ENDIAN).asIntBuffer();
				int count = frameWidth * frameHeight;
				if (source.remaining() < count) {
					return FlowReturn.OK;
				}
				int[] copy = new int[count];
				source.get(copy, 0, count);
				synchronized (this.lock) {
					this.width = frameWidth;
					this.height = frameHeight;
					this.pixels = copy;
					this.frames++;
					this.frameNanos = System.nanoTime();
					this.lock.notifyAll();
				}
			}
			finally {
				buffer.unmap();
			}
			return FlowReturn.OK;
		}
		finally {
			sample.dispose();
		}
	}

	/**
	 * @return how many frames have come so far; mutter sends one only when what the
	 * stream shows changed
	 */
	long frameCount() {
		synchronized (this.lock) {
			return this.frames;
		}
	}

	/**
	 * Waits until a frame that came after {@code after} is here, or until {@code until}
	 * (both {@link System#nanoTime()}), whichever is first.
	 */
	void awaitFrameAfter(long after, long until) {
		synchronized (this.lock) {
			while (this.frameNanos <= after) {
				long left = until - System.nanoTime();
				if (left <= 0) {
					return;
				}
				try {
					TimeUnit.NANOSECONDS.timedWait(this.lock, left);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					return;
				}
			}
		}
	}

	/**
	 * The part of the latest frame inside {@code x, y, width, height} (device pixels,
	 * relative to the frame), waiting for the first frame when none came yet.
	 * @throws IllegalStateException when no frame came within {@code timeout}
	 */
	Frame crop(int x, int y, int cropWidth, int cropHeight, Duration timeout, int[] buffer) {
		int frameWidth;
		int frameHeight;
		int[] latest;
		synchronized (this.lock) {
			long deadline = System.nanoTime() + timeout.toNanos();
			while (this.pixels == null) {
				long left = deadline - System.nanoTime();
				if (left <= 0) {
					String cause = this.error;
					throw new IllegalStateException("no frame from PipeWire within " + timeout
							+ ((cause != null) ? " (GStreamer: " + cause + ")" : ""));
				}
				try {
					this.lock.wait(Math.max(1, left / 1_000_000));
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new IllegalStateException("interrupted while waiting for the first frame", ex);
				}
			}
			frameWidth = this.width;
			frameHeight = this.height;
			latest = this.pixels;
		}
		// the kept array is replaced, never written: copying outside the lock is safe
		int x0 = Math.max(0, Math.min(x, frameWidth));
		int y0 = Math.max(0, Math.min(y, frameHeight));
		int w = Math.max(0, Math.min(cropWidth, frameWidth - x0));
		int h = Math.max(0, Math.min(cropHeight, frameHeight - y0));
		int[] out = (buffer != null && buffer.length >= w * h) ? buffer : new int[w * h];
		for (int row = 0; row < h; row++) {
			int from = (y0 + row) * frameWidth + x0;
			for (int column = 0; column < w; column++) {
				out[row * w + column] = latest[from + column] & 0xFFFFFF;
			}
		}
		return new Frame(w, h, out);
	}

	@Override
	public void close() {
		try {
			this.pipeline.stop();
			this.pipeline.dispose();
		}
		finally {
			LinuxLibc.get().close(this.socket);
		}
	}

}
