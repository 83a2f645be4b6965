package dev.deskhand.testing.witness;

import java.util.function.Supplier;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import dev.deskhand.testing.TestDesktop;

/**
 * A test class's witness window: opened before its tests, focused with its events cleared
 * before each, closed after them. Registered as a static {@code @RegisterExtension}
 * field.
 */
public final class WitnessExtension implements BeforeAllCallback, BeforeEachCallback, AfterAllCallback {

	private final Supplier<TestDesktop> desktop;

	private final String title;

	private final int x;

	private final int y;

	private final int width;

	private final int height;

	private WitnessWindow window;

	private WitnessExtension(Supplier<TestDesktop> desktop, String title, int x, int y, int width, int height) {
		this.desktop = desktop;
		this.title = title;
		this.x = x;
		this.y = y;
		this.width = width;
		this.height = height;
	}

	/** A window as {@link WitnessWindow#open} opens it, on the desktop given then. */
	public static WitnessExtension on(Supplier<TestDesktop> desktop, String title, int x, int y, int width,
			int height) {
		return new WitnessExtension(desktop, title, x, y, width, height);
	}

	/** The open window. */
	public WitnessWindow window() {
		if (this.window == null) {
			throw new IllegalStateException("the witness '" + this.title + "' is open only while its class runs");
		}
		return this.window;
	}

	@Override
	public void beforeAll(ExtensionContext context) {
		this.window = WitnessWindow.open(this.desktop.get(), this.title, this.x, this.y, this.width, this.height);
	}

	@Override
	public void beforeEach(ExtensionContext context) {
		this.window.focus();
		this.window.clearEvents();
	}

	@Override
	public void afterAll(ExtensionContext context) {
		if (this.window != null) {
			this.window.close();
			this.window = null;
		}
	}

}
