package dev.deskhand.screen;

import java.util.Objects;

/**
 * What one kind of model reads best: how large its screenshots may be, which numbers its
 * coordinates are in, and how its images are encoded. A session uses one profile at a
 * time ({@link ModelProfiles}); every screenshot keeps the profile that made it.
 *
 * @param name how configuration, tokens and {@code set_profile} name it
 * @param budget the largest screenshot the model reads without scaling it down itself
 * @param coordinates the space of the coordinates it sends and is told
 * @param format the encoding of its screenshots when a call names none
 * @param jpegQuality 0.0-1.0, for JPEG screenshots
 */
public record ModelProfile(String name, ImageBudget budget, CoordinateSpace coordinates, ImageFormat format,
		float jpegQuality) {

	public ModelProfile {
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(budget, "budget");
		Objects.requireNonNull(coordinates, "coordinates");
		Objects.requireNonNull(format, "format");
		if (!name.matches("[a-z0-9][a-z0-9._-]{0,63}")) {
			throw new IllegalArgumentException("profile name '" + name
					+ "' must be lower-case letters, digits, '.', '_' or '-', starting with a letter or digit");
		}
		if (jpegQuality <= 0 || jpegQuality > 1) {
			throw new IllegalArgumentException("profile '" + name + "': jpeg-quality must be in (0, 1]");
		}
	}

}
