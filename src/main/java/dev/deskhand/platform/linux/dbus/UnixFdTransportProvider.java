package dev.deskhand.platform.linux.dbus;

import org.freedesktop.dbus.connections.BusAddress;
import org.freedesktop.dbus.connections.config.TransportConfig;
import org.freedesktop.dbus.connections.transports.AbstractTransport;
import org.freedesktop.dbus.exceptions.TransportConfigurationException;
import org.freedesktop.dbus.spi.transport.ITransportProvider;

/**
 * Registers {@link UnixFdTransport} with dbus-java (through {@code META-INF/services})
 * for addresses of the type {@value UnixFdBus#ADDRESS_TYPE}: dbus-java allows one
 * provider per address type, and {@code unix} belongs to the native-unixsocket transport
 * every other connection uses. Public because the service loader builds it.
 */
public final class UnixFdTransportProvider implements ITransportProvider {

	@Override
	public String getTransportName() {
		return "deskhand-unixfd";
	}

	@Override
	public AbstractTransport createTransport(BusAddress address, TransportConfig config)
			throws TransportConfigurationException {
		return new UnixFdTransport(address, config);
	}

	@Override
	public String getSupportedBusType() {
		return UnixFdBus.ADDRESS_TYPE;
	}

	@Override
	public String createDynamicSessionAddress(boolean listening) {
		throw new UnsupportedOperationException("the " + UnixFdBus.ADDRESS_TYPE + " transport only connects");
	}

}
