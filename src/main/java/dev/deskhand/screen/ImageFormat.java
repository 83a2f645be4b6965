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
	 * Parses a configured format: {@code png}, {@code jpeg} or {@code jpg}, ignoring case
	 * and surrounding white space (which a YAML file may carry).
	 * @throws DeskhandException {@code E_ARGS} for anything else
	 */
	public static ImageFormat parse(String value) {
		return ofName((value != null) ? value.strip() : "", value);
	}

	/**
	 * Parses a tool's {@code format} argument: exactly one of the names its description
	 * lists, in any case. Nothing is stripped: {@code "png\u0000"} or {@code " png"} is
	 * not a name the tool offered, and accepting it would make the enumeration mean
	 * whatever a lenient reading leaves of the input.
	 * @throws DeskhandException {@code E_ARGS} for anything else
	 */
	public static ImageFormat ofArgument(String value) {
		return ofName((value != null) ? value : "", value);
	}

	private static ImageFormat ofName(String name, String given) {
		return switch (name.toLowerCase(Locale.ROOT)) {
			case "png" -> PNG;
			case "jpeg", "jpg" -> JPEG;
			default -> throw DeskhandException.args("unknown image format " + Echo.of(given) + "; use png or jpeg");
		};
	}

}
