package dev.deskhand.agents;

import dev.deskhand.errors.DeskhandException;

/**
 * The rule that turns a vendor's pixel scroll into wheel clicks: {@code |pixels| /
 * pixelsPerClick} rounded half up, at least one click for any non-zero amount (an agent
 * that asked to scroll expects something to move), at most {@link #MAX_CLICKS} (the most
 * a Deskhand scroll takes). Each axis is converted on its own.
 *
 * @param clicks the wheel clicks to send, 0 for a zero amount
 * @param pixels the pixels asked for, signed as the vendor sent them
 * @param pixelsPerClick the configured pixels one click stands for
 */
public record ScrollClicks(int clicks, int pixels, int pixelsPerClick) {

	/** The most wheel clicks one Deskhand scroll action sends. */
	public static final int MAX_CLICKS = 50;

	public static ScrollClicks of(int pixels, int pixelsPerClick) {
		if (pixelsPerClick < 1) {
			throw new IllegalArgumentException("pixels per click must be at least 1, got " + pixelsPerClick);
		}
		if (pixels == 0) {
			return new ScrollClicks(0, 0, pixelsPerClick);
		}
		long magnitude = Math.abs((long) pixels);
		long clicks = (magnitude + pixelsPerClick / 2) / pixelsPerClick;
		if (clicks > MAX_CLICKS) {
			throw DeskhandException.args("a scroll of " + pixels + " px is " + clicks + " wheel clicks at "
					+ pixelsPerClick + " px a click; at most " + MAX_CLICKS);
		}
		return new ScrollClicks((int) Math.max(1, clicks), pixels, pixelsPerClick);
	}

	/**
	 * What was done, for the agent: {@code scrolled 3 clicks down (asked 300 px; 100 px a
	 * click)}.
	 * @param negative the direction a negative amount means ({@code up} or {@code left})
	 * @param positive the direction a positive amount means ({@code down} or
	 * {@code right})
	 */
	public String describe(String negative, String positive) {
		if (this.clicks == 0) {
			return "no scroll (asked 0 px)";
		}
		return "scrolled " + this.clicks + ((this.clicks == 1) ? " click " : " clicks ")
				+ ((this.pixels < 0) ? negative : positive) + " (asked " + Math.abs(this.pixels) + " px; "
				+ this.pixelsPerClick + " px a click)";
	}

}
