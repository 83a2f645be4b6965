package dev.deskhand.platform.macos;

import java.util.ArrayList;
import java.util.List;

import com.sun.jna.Pointer;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DisplayDriver;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.macos.jna.CGPoint;
import dev.deskhand.platform.macos.jna.CGRect;
import dev.deskhand.platform.macos.jna.CoreGraphics;

/**
 * The active displays, read afresh on every call (a few microseconds; monitors come and
 * go, modes change), and the pointer. Thread-safe: Quartz's display functions are.
 */
final class MacDisplayDriver implements DisplayDriver {

	/** Far more displays than a Mac drives. */
	private static final int MAX_DISPLAYS = 32;

	private static final CoreGraphics CG = CoreGraphics.INSTANCE;

	@Override
	public List<DisplayInfo> displays() {
		return MacDisplays.infos(records());
	}

	@Override
	public Point pointerPosition() {
		CGPoint location = MacEvents.location();
		return MacDisplays.toDesktop(records(), location.x, location.y);
	}

	List<MacDisplayRecord> records() {
		int[] ids = new int[MAX_DISPLAYS];
		int[] count = new int[1];
		int error = CG.CGGetActiveDisplayList(MAX_DISPLAYS, ids, count);
		if (error != 0) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
					"Quartz lists no displays (CGGetActiveDisplayList error " + error + ")");
		}
		int main = CG.CGMainDisplayID();
		List<MacDisplayRecord> records = new ArrayList<>(count[0]);
		for (int i = 0; i < count[0]; i++) {
			records.add(record(ids[i], ids[i] == main));
		}
		return records;
	}

	private static MacDisplayRecord record(int id, boolean main) {
		CGRect bounds = CG.CGDisplayBounds(id);
		long pixelWidth = 0;
		long pixelHeight = 0;
		Pointer mode = CG.CGDisplayCopyDisplayMode(id);
		if (mode != null) {
			try {
				pixelWidth = CG.CGDisplayModeGetPixelWidth(mode);
				pixelHeight = CG.CGDisplayModeGetPixelHeight(mode);
			}
			finally {
				CG.CGDisplayModeRelease(mode);
			}
		}
		return new MacDisplayRecord(id, bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height,
				pixelWidth, pixelHeight, main);
	}

}
