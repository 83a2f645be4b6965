package dev.deskhand.platform.macos;

import java.nio.ByteBuffer;

import com.sun.jna.Pointer;
import com.sun.jna.platform.mac.CoreFoundation.CFDataRef;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.CaptureDriver;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.macos.jna.CGRect;
import dev.deskhand.platform.macos.jna.CoreGraphics;

/**
 * Captures with {@code CGDisplayCreateImageForRect}: a region of one display, given in
 * that display's points, comes back at backing resolution (twice the points on a retina
 * panel), synchronously, in one call JNA can make.
 *
 * <p>
 * Why this one: ScreenCaptureKit ({@code SCScreenshotManager}, macOS 14) is Apple's
 * successor, but it is an Objective-C API that answers through completion blocks, and a
 * block is a runtime object with its own ABI that JNA cannot build without a native shim.
 * {@code CGWindowListCreateImage} has the same deprecation status and works in global
 * points, composing windows itself, which is slower for a whole display.
 * {@code CGDisplayCreateImageForRect} was deprecated in macOS 14 and is marked obsoleted
 * in the macOS 15 SDK: that stops code compiled against the new SDK, not a call through
 * {@code dlsym}; the function is still exported and works on macOS 15 (it may show the
 * system's periodic "continue to allow screen recording?" notice). When Apple removes it,
 * capture answers E_UNSUPPORTED from the missing symbol, and ScreenCaptureKit through a
 * small native helper is the way on.
 *
 * <p>
 * Without the screen recording permission macOS returns an image of the wallpaper and
 * Deskhand's own windows; {@link MacDesktopState#requireCapture()} refuses first. The
 * frame is the image's own size: at a fractional scale Quartz rounds the region's pixel
 * edges itself, which {@link MacDisplays#pixels} predicts but does not impose.
 */
final class MacCaptureDriver implements CaptureDriver {

	private static final CoreGraphics CG = CoreGraphics.INSTANCE;

	private final MacDisplayDriver displays;

	private final MacDesktopState state;

	MacCaptureDriver(MacDisplayDriver displays, MacDesktopState state) {
		this.displays = displays;
		this.state = state;
	}

	@Override
	public Frame capture(Rect region) {
		return capture(region, null);
	}

	@Override
	public Frame capture(Rect region, int[] buffer) {
		this.state.requireCapture();
		MacCaptureArea area = MacDisplays.locate(this.displays.records(), region);
		Pointer image;
		try {
			image = CG.CGDisplayCreateImageForRect(area.displayId(),
					new CGRect.ByValue(area.x(), area.y(), area.width(), area.height()));
		}
		catch (UnsatisfiedLinkError ex) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED,
					"this macOS no longer has CGDisplayCreateImageForRect, the capture call Deskhand uses", ex);
		}
		if (image == null) {
			throw new DeskhandException(ErrorCode.E_FAIL,
					"Quartz returned no image of display " + Integer.toUnsignedString(area.displayId()));
		}
		try {
			return frame(image, buffer);
		}
		finally {
			CG.CGImageRelease(image);
		}
	}

	private static Frame frame(Pointer image, int[] buffer) {
		int width = Math.toIntExact(CG.CGImageGetWidth(image));
		int height = Math.toIntExact(CG.CGImageGetHeight(image));
		int bytesPerRow = Math.toIntExact(CG.CGImageGetBytesPerRow(image));
		MacPixels.Layout layout = MacPixels.layout(CG.CGImageGetBitmapInfo(image), CG.CGImageGetBitsPerPixel(image),
				CG.CGImageGetBitsPerComponent(image));
		CFDataRef data = CG.CGDataProviderCopyData(CG.CGImageGetDataProvider(image));
		if (data == null) {
			throw new DeskhandException(ErrorCode.E_FAIL, "Quartz gave no pixels for the screen image");
		}
		try {
			ByteBuffer bytes = data.getBytePtr().getByteBuffer(0, data.getLength());
			int[] pixels = MacPixels.toRgb(bytes, width, height, bytesPerRow, layout, buffer);
			return new Frame(width, height, pixels);
		}
		finally {
			data.release();
		}
	}

}
