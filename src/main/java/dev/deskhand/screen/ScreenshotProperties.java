package dev.deskhand.screen;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code deskhand.screenshot.*}: the image budget and encoding of screenshots.
 *
 * @param maxWidth screenshots fit inside this width...
 * @param maxHeight ...and this height...
 * @param maxPixels ...and have at most this many pixels; never upscaled
 * @param format {@code png} (lossless, default) or {@code jpeg} (smaller, for clients
 * with a payload limit); a request may override it
 * @param jpegQuality 0.0-1.0 for jpeg
 * @param settle the longest {@code screenshot_after} waits for the screen to settle (two
 * captures alike)
 * @param damageTracking capture only what the display drew since its last screenshot (X
 * DAMAGE), nothing when it drew nothing; off: capture and compare the whole display every
 * time
 */
@ConfigurationProperties("deskhand.screenshot")
public record ScreenshotProperties(@DefaultValue("1280") int maxWidth, @DefaultValue("800") int maxHeight,
		@DefaultValue("1150000") long maxPixels, @DefaultValue("png") String format,
		@DefaultValue("0.9") float jpegQuality, @DefaultValue("300ms") Duration settle,
		@DefaultValue("true") boolean damageTracking) {

	public ScreenshotProperties {
		if (maxWidth < 1 || maxHeight < 1 || maxPixels < 1) {
			throw new IllegalArgumentException(
					"deskhand.screenshot max-width, max-height and max-pixels must be positive");
		}
		if (jpegQuality <= 0 || jpegQuality > 1) {
			throw new IllegalArgumentException("deskhand.screenshot.jpeg-quality must be in (0, 1]");
		}
		ImageFormat.parse(format);
	}

	public ImageBudget budget() {
		return new ImageBudget(this.maxWidth, this.maxHeight, this.maxPixels);
	}

	public ImageFormat defaultFormat() {
		return ImageFormat.parse(this.format);
	}

}
