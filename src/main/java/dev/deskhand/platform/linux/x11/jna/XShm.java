package dev.deskhand.platform.linux.x11.jna;

import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;
import com.sun.jna.platform.unix.X11;

/**
 * The MIT-SHM part of libXext, extending jna-platform's {@link X11.Xext}. Load with
 * {@code Native.load("Xext", XShm.class)}.
 */
public interface XShm extends X11.Xext {

	boolean XShmQueryExtension(X11.Display display);

	/**
	 * Allocates only the client-side {@code XImage} (no request); its {@code data} must
	 * be set to the attached segment. Free it with {@code XDestroyImage}, which leaves
	 * the segment alone.
	 */
	Pointer XShmCreateImage(X11.Display display, X11.Visual visual, int depth, int format, Pointer data,
			XShmSegmentInfo shminfo, int width, int height);

	/**
	 * Fills in {@code shmseg}; failure (another host, another IPC namespace) arrives as
	 * an X error.
	 */
	boolean XShmAttach(X11.Display display, XShmSegmentInfo shminfo);

	boolean XShmDetach(X11.Display display, XShmSegmentInfo shminfo);

	/**
	 * Reads {@code image->width x image->height} pixels at {@code (x, y)} into the
	 * segment.
	 */
	boolean XShmGetImage(X11.Display display, X11.Drawable drawable, Pointer image, int x, int y, NativeLong planeMask);

	/**
	 * {@code XShmSegmentInfo}. Keep the Java object alive while attached: images created
	 * with it point at its native memory.
	 */
	@FieldOrder({ "shmseg", "shmid", "shmaddr", "readOnly" })
	class XShmSegmentInfo extends Structure {

		public NativeLong shmseg;

		public int shmid;

		public Pointer shmaddr;

		/** A C {@code Bool}: 0 or 1 (a Java boolean would be written as -1). */
		public int readOnly;

	}

}
