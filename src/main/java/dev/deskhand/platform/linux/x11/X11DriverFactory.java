package dev.deskhand.platform.linux.x11;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.WorkingMode;
import dev.deskhand.platform.linux.Executables;
import dev.deskhand.platform.linux.x11.X11DisplayResolver.Decision;
import dev.deskhand.platform.linux.x11.X11DisplayResolver.Fail;
import dev.deskhand.platform.linux.x11.X11DisplayResolver.StartManaged;
import dev.deskhand.platform.linux.x11.X11DisplayResolver.UseExisting;

/**
 * Builds the driver from {@link X11DisplayProperties}: the configured display, or a
 * managed Xvfb, and releases whatever a previous process left held (XTest state outlives
 * processes).
 */
final class X11DriverFactory {

	private static final Logger logger = LoggerFactory.getLogger(X11DriverFactory.class);

	private X11DriverFactory() {
	}

	/**
	 * @param environment the process environment ({@code DISPLAY}, {@code PATH})
	 * @param firstManagedNumber the first display number a managed Xvfb may take
	 * @throws DeskhandException E_NO_DESKTOP with a sentence an operator can act on
	 */
	static X11DesktopDriver create(X11DisplayProperties properties, Map<String, String> environment,
			int firstManagedNumber) {
		return create(properties, environment, firstManagedNumber, WorkingMode.SHARED);
	}

	/**
	 * @param mode the working mode: own-seat gives the agent a master pointer/keyboard of
	 * its own on the display
	 */
	static X11DesktopDriver create(X11DisplayProperties properties, Map<String, String> environment,
			int firstManagedNumber, WorkingMode mode) {
		String path = environment.getOrDefault("PATH", "");
		Optional<Path> xvfb = Executables.find("Xvfb", path);
		Decision decision = X11DisplayResolver.decide(properties.name(), environment.get("DISPLAY"),
				properties.managed(), X11Connection::isReachable, xvfb.isPresent());
		X11DesktopDriver driver;
		if (decision instanceof Fail fail) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, fail.message());
		}
		else if (decision instanceof UseExisting existing) {
			driver = X11DesktopDriver.connect(existing.name(), null, true, properties.callTimeout(),
					properties.wedgedAfter(), mode);
		}
		else {
			logger.info("{}; starting a managed Xvfb ({})", ((StartManaged) decision).why(),
					properties.managedGeometry());
			X11ManagedDisplay managed = X11ManagedDisplay.start(properties.managedGeometry(), firstManagedNumber,
					xvfb.orElseThrow(), Executables.find("openbox", path).orElse(null));
			try {
				driver = X11DesktopDriver.connect(managed.displayName(), managed, true, properties.callTimeout(),
						properties.wedgedAfter(), mode);
			}
			catch (RuntimeException ex) {
				managed.close();
				throw ex;
			}
		}
		try {
			driver.releaseAll();
		}
		catch (RuntimeException ex) {
			driver.close();
			throw ex;
		}
		return driver;
	}

}
