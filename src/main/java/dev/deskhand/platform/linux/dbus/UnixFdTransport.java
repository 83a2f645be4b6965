package dev.deskhand.platform.linux.dbus;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;

import org.freedesktop.dbus.connections.BusAddress;
import org.freedesktop.dbus.connections.SASL;
import org.freedesktop.dbus.connections.config.TransportConfig;
import org.freedesktop.dbus.connections.transports.AbstractUnixTransport;
import org.freedesktop.dbus.exceptions.TransportConfigurationException;

/**
 * A client connection to a D-Bus daemon's Unix socket that negotiates file-descriptor
 * passing ({@code NEGOTIATE_UNIX_FD}) and carries the descriptors, on
 * {@link UnixFdSocketChannel}. Client only: Deskhand never listens on D-Bus.
 */
final class UnixFdTransport extends AbstractUnixTransport {

	private final String socketName;

	private UnixFdSocketChannel channel;

	UnixFdTransport(BusAddress address, TransportConfig config) throws TransportConfigurationException {
		super(address, config);
		String path = address.getParameterValue("path");
		String abstractName = address.getParameterValue("abstract");
		if (path != null) {
			this.socketName = path;
		}
		else if (abstractName != null) {
			this.socketName = "\0" + abstractName;
		}
		else {
			throw new TransportConfigurationException(
					"a Unix D-Bus address names a path= or an abstract= socket: " + address);
		}
		getSaslConfig().setAuthMode(SASL.AUTH_EXTERNAL);
	}

	@Override
	protected boolean hasFileDescriptorSupport() {
		return true;
	}

	@Override
	protected SocketChannel connectImpl() throws IOException {
		if (getAddress().isListeningSocket()) {
			throw new IOException("this transport only connects: " + getAddress());
		}
		this.channel = UnixFdSocketChannel.connect(this.socketName);
		return this.channel;
	}

	@Override
	protected SocketChannel acceptImpl() throws IOException {
		throw new IOException("this transport only connects: " + getAddress());
	}

	@Override
	protected void bindImpl() throws IOException {
		throw new IOException("this transport only connects: " + getAddress());
	}

	@Override
	protected boolean isBound() {
		return false;
	}

	@Override
	protected void closeTransport() throws IOException {
		if (this.channel != null) {
			this.channel.close();
		}
	}

	/** Only asked in server mode, which this transport has not: this process's uid. */
	@Override
	public int getUid(SocketChannel socket) throws IOException {
		return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
	}

}
