package dev.deskhand.platform.linux.wayland.wire;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * The Wayland connection failed: the compositor is not there or went away, did not answer
 * in time, or ended the connection with a protocol error. After any of these the
 * connection is closed; open a new one.
 */
public class WaylandConnectionException extends DeskhandException {

	public WaylandConnectionException(String message) {
		super(ErrorCode.E_NO_DESKTOP, message);
	}

	public WaylandConnectionException(ErrorCode code, String message) {
		super(code, message);
	}

}
