package dev.deskhand.platform.linux.x11;

/**
 * An X protocol error as the error handler received it.
 *
 * @param errorCode e.g. 3 BadWindow, 8 BadMatch, 10 BadAccess
 * @param requestCode the major opcode of the failed request
 * @param minorCode the extension's minor opcode
 * @param resourceId the resource the request named
 * @param serial the failed request's sequence number
 * @param text Xlib's description of {@code errorCode}
 */
record X11Error(int errorCode, int requestCode, int minorCode, long resourceId, long serial, String text) {

	String describe() {
		return String.format("%s (error %d, request %d.%d, resource 0x%x)", this.text, this.errorCode, this.requestCode,
				this.minorCode, this.resourceId);
	}

}
