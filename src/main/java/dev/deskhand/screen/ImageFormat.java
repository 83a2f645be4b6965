package dev.deskhand.screen;

import java.util.Locale;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.Echo;

/** The screenshot encodings Deskhand can send. */
public enum ImageFormat {

	/** Lossless; the default, since text and thin UI lines must stay sharp. */
	PNG("image/png"),
	/**
	 * At the default quality 0.9 with full-resolution colour (4:4:4), about half of PNG's
	 * size on a desktop of text over a photo, with every small glyph still reading as
	 * itself (JpegLegibilityTests).
	 */
	JPEG("image/jpeg");

	private final String mimeType;

	ImageFormat(String mimeType) {
		this.mimeType = mimeType;
	}

	public String mimeType() {
		return this.mimeType;
	}

	/**
	 * Parses {@code png}, {@code jpeg} or {@code jpg}, ignoring case and surrounding
	 * blanks.
	 * @throws DeskhandException {@code E_ARGS} for anything else
	 */
	public static ImageFormat parse(String value) {
		String name = (value != null) ? value.trim().toLowerCase(Locale.ROOT) : "";
		return switch (name) {
			case "png" -> PNG;
			case "jpeg", "jpg" -> JPEG;
			default -> throw DeskhandException.args("unknown image format " + Echo.of(value) + "; use png or jpeg");
		};
	}

}
