package dev.deskhand.platform.linux.dbus;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.util.List;

import org.freedesktop.dbus.FileDescriptor;
import org.freedesktop.dbus.spi.message.AbstractInputStreamMessageReader;
import org.freedesktop.dbus.spi.message.AbstractOutputStreamMessageWriter;
import org.freedesktop.dbus.spi.message.IMessageReader;
import org.freedesktop.dbus.spi.message.IMessageWriter;
import org.freedesktop.dbus.spi.message.ISocketProvider;

/**
 * The message reader and writer for a {@link UnixFdSocketChannel}: dbus-java asks every
 * registered socket provider (through {@code META-INF/services}) for each new connection,
 * and this one answers only for its own channel, so the other transports keep their
 * built-in reader and writer. A received descriptor is handed on as its number: the
 * receiver owns it and closes it. Public because the service loader builds it.
 */
public final class UnixFdSocketProvider implements ISocketProvider {

	private volatile boolean fdPassing;

	@Override
	public IMessageReader createReader(SocketChannel socket) {
		return (socket instanceof UnixFdSocketChannel channel) ? new Reader(channel, this) : null;
	}

	@Override
	public IMessageWriter createWriter(SocketChannel socket) {
		return (socket instanceof UnixFdSocketChannel channel) ? new Writer(channel, this) : null;
	}

	@Override
	public void setFileDescriptorSupport(boolean support) {
		this.fdPassing = support;
	}

	@Override
	public boolean isFileDescriptorPassingSupported() {
		return this.fdPassing;
	}

	private static final class Reader extends AbstractInputStreamMessageReader {

		private final UnixFdSocketChannel channel;

		Reader(UnixFdSocketChannel channel, ISocketProvider provider) {
			super(channel, provider);
			this.channel = channel;
		}

		@Override
		protected List<FileDescriptor> readFileDescriptors(SocketChannel socket) {
			// a message's descriptors come with its first bytes, and the reader reads no
			// further than the message's end: all queued now are this message's
			List<Integer> fds = this.channel.takeReceived();
			return fds.isEmpty() ? null : fds.stream().map(FileDescriptor::new).toList();
		}

	}

	private static final class Writer extends AbstractOutputStreamMessageWriter {

		private final UnixFdSocketChannel channel;

		Writer(UnixFdSocketChannel channel, ISocketProvider provider) {
			super(channel, provider);
			this.channel = channel;
		}

		@Override
		protected void writeFileDescriptors(SocketChannel socket, List<FileDescriptor> fds) throws IOException {
			this.channel.sendWithNextWrite((fds == null || fds.isEmpty()) ? null
					: fds.stream().mapToInt(FileDescriptor::getIntFileDescriptor).toArray());
		}

	}

}
