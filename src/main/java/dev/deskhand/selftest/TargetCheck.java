package dev.deskhand.selftest;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Locale;
import java.util.Optional;

import javax.imageio.ImageIO;

import dev.deskhand.platform.Rect;
import dev.deskhand.screen.ScreenGeometry;
import dev.deskhand.screen.Screenshot;

/**
 * Whether a screenshot shows the witness's target where Java drew it: the target's
 * bounding box in the image, mapped to desktop units through the screenshot's own
 * geometry (the one an agent's click goes back through), must be centred on the place
 * Java reported, within what the image's scaling and Java's whole units allow.
 */
final class TargetCheck {

	private TargetCheck() {
	}

	/**
	 * @param saved what the row says about the file first
	 * @param expected the target in desktop units, by Java's account
	 * @param ratio desktop units per Java unit on the display
	 */
	static SelfTestResult judge(String check, String saved, Screenshot shot, Rect expected, double ratio)
			throws IOException {
		BufferedImage image = ImageIO.read(new ByteArrayInputStream(shot.image()));
		if (image == null) {
			return SelfTestResult.fail(check, saved + "; the file is not an image ImageIO can read");
		}
		Optional<Rect> found = TargetFinder.find(image);
		if (found.isEmpty()) {
			return SelfTestResult.fail(check,
					saved + "; Java drew the witness's magenta target at " + SelfTest.show(expected)
							+ " (desktop units), but the screenshot shows no magenta at all: the capture shows another"
							+ " place, another display, or an old picture (look at the file)");
		}
		ScreenGeometry geometry = shot.geometry();
		Rect box = found.get();
		double left = geometry.bounds().x() + box.x() / geometry.scaleX();
		double right = geometry.bounds().x() + (box.x() + box.width()) / geometry.scaleX();
		double top = geometry.bounds().y() + box.y() / geometry.scaleY();
		double bottom = geometry.bounds().y() + (box.y() + box.height()) / geometry.scaleY();
		double offX = (left + right) / 2 - (expected.x() + expected.width() / 2.0);
		double offY = (top + bottom) / 2 - (expected.y() + expected.height() / 2.0);
		double tolerance = 1 / Math.min(geometry.scaleX(), geometry.scaleY()) + WitnessSpace.tolerance(ratio) + 1;
		String seen = String.format(Locale.ROOT, "%dx%d at (%d,%d) (image %dx%d at (%d,%d))", Math.round(right - left),
				Math.round(bottom - top), Math.round(left), Math.round(top), box.width(), box.height(), box.x(),
				box.y());
		String where = "; Java drew the witness's target at " + SelfTest.show(expected) + " (desktop units), the"
				+ " screenshot shows it " + seen;
		if (Math.abs(offX) <= tolerance && Math.abs(offY) <= tolerance) {
			return SelfTestResult.pass(check,
					saved + where + String.format(Locale.ROOT, ": centres %.1f px apart", Math.hypot(offX, offY)));
		}
		double factor = (right - left) / expected.width();
		String hint = (Math.abs(factor - 1) > 0.2) ? String.format(Locale.ROOT,
				"; it is %.2f times the size Java drew: the capture and the display's units disagree on scale"
						+ " (points against pixels, or a DPI-virtualised capture)",
				factor) : "";
		return SelfTestResult.fail(check,
				saved + where + String.format(Locale.ROOT, ": off by (%+.0f,%+.0f) desktop units", offX, offY) + hint);
	}

}
