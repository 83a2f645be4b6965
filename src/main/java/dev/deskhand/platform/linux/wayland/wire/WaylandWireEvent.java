package dev.deskhand.platform.linux.wayland.wire;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.IntSupplier;

/**
 * One event read off the Wayland wire: the object it is for, its opcode, and its
 * arguments, read in the order of the protocol XML. Valid only during the handler call
 * that receives it.
 */
public final class WaylandWireEvent {

	private final int objectId;

	private final int opcode;

	private final ByteBuffer arguments;

	private final IntSupplier fds;

	WaylandWireEvent(int objectId, int opcode, ByteBuffer arguments, IntSupplier fds) {
		this.objectId = objectId;
		this.opcode = opcode;
		this.arguments = arguments;
		this.fds = fds;
	}

	public int objectId() {
		return this.objectId;
	}

	public int opcode() {
		return this.opcode;
	}

	public int intArg() {
		try {
			return this.arguments.getInt();
		}
		catch (BufferUnderflowException ex) {
			throw new WaylandConnectionException(
					"Wayland event " + this.opcode + " for object " + this.objectId + " is shorter than its arguments");
		}
	}

	/** An {@code uint}'s bits; {@link Integer#toUnsignedLong} where the value matters. */
	public int uint() {
		return intArg();
	}

	/** A {@code fixed} (signed 24.8). */
	public double fixed() {
		return intArg() / 256.0;
	}

	/** A {@code string}; {@code null} for a null one (length 0). */
	public String string() {
		int length = intArg();
		if (length == 0) {
			return null;
		}
		byte[] bytes = bytes(length);
		int end = (bytes[length - 1] == 0) ? length - 1 : length;
		return new String(bytes, 0, end, StandardCharsets.UTF_8);
	}

	public byte[] array() {
		return bytes(intArg());
	}

	/** An {@code object} argument's id, 0 for none. */
	public int object() {
		return intArg();
	}

	/** A {@code new_id} made by the compositor (ids from 0xFF000000). */
	public int newId() {
		return intArg();
	}

	/**
	 * An {@code fd}: the next descriptor received with the events; the handler owns it
	 * and must close it.
	 */
	public int fd() {
		return this.fds.getAsInt();
	}

	private byte[] bytes(int length) {
		if (length < 0 || WaylandWireRequest.padded(length) > this.arguments.remaining()) {
			throw new WaylandConnectionException("Wayland event " + this.opcode + " for object " + this.objectId
					+ " has a length field of " + Integer.toUnsignedString(length) + " past its end");
		}
		byte[] bytes = new byte[length];
		this.arguments.get(bytes);
		this.arguments.position(this.arguments.position() + WaylandWireRequest.padded(length) - length);
		return bytes;
	}

}
