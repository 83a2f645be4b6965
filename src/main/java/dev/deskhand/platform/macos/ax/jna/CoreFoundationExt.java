package dev.deskhand.platform.macos.ax.jna;

import com.sun.jna.Library;
import com.sun.jna.Pointer;

/**
 * What jna-platform's {@code CoreFoundation} lacks for AX: {@code CFEqual} with its
 * {@code Boolean} (an unsigned char) returned as a byte, whose low byte alone is defined.
 */
public interface CoreFoundationExt extends Library {

	byte CFEqual(Pointer a, Pointer b);

}
