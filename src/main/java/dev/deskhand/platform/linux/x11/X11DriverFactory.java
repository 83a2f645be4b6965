package dev.deskhand.platform.linux.x11;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.AgentDisplay;
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
		return create(properties, WorkingMode.SHARED, null, false, environment, firstManagedNumber);
	}

	/**
	 * @param mode the working mode other than own-display: own-seat gives the agent a
	 * master pointer/keyboard of its own on the display
	 */
	static X11DesktopDriver create(X11DisplayProperties properties, Map<String, String> environment,
			int firstManagedNumber, WorkingMode mode) {
		return create(properties, mode, null, false, environment, firstManagedNumber);
	}

	/**
	 * @param mode the working mode; in {@link WorkingMode#OWN_DISPLAY} the driver drives
	 * an agent display of its own (see {@link #createOwnDisplay}), in any other the
	 * configured display or a managed Xvfb
	 * @param own {@code deskhand.own-display.*}, used in own-display only
	 * @param personOnWayland whether the person's session is Wayland (own-display only)
	 */
	static X11DesktopDriver create(X11DisplayProperties properties, WorkingMode mode, X11OwnDisplayProperties own,
			boolean personOnWayland, Map<String, String> environment, int firstManagedNumber) {
		if (mode == WorkingMode.OWN_DISPLAY) {
			return releasedOrClosed(createOwnDisplay(properties, own, personOnWayland, environment));
		}
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
		return releasedOrClosed(driver);
	}

	private static X11DesktopDriver releasedOrClosed(X11DesktopDriver driver) {
		try {
			driver.releaseAll();
		}
		catch (RuntimeException ex) {
			driver.close();
			throw ex;
		}
		return driver;
	}

	/**
	 * Starts the agent's display of its own: an Xephyr window on the person's X11 display
	 * when there is one (they watch and can reach in), else a headless Xvfb they watch in
	 * the console; openbox on it. First stops what a crashed previous server left, by its
	 * lock file; writes the new display's processes there.
	 */
	private static X11DesktopDriver createOwnDisplay(X11DisplayProperties properties, X11OwnDisplayProperties own,
			boolean personOnWayland, Map<String, String> environment) {
		String path = environment.getOrDefault("PATH", "");
		Optional<Path> xephyr = Executables.find("Xephyr", path);
		Optional<Path> xvfb = Executables.find("Xvfb", path);
		String personDisplay = (properties.name() != null && !properties.name().isBlank()) ? properties.name()
				: environment.get("DISPLAY");
		X11OwnDisplayPlan.Decision plan = X11OwnDisplayPlan.decide(own.viewer(), personOnWayland, personDisplay,
				X11Connection::isReachable, xephyr.isPresent(), xvfb.isPresent());
		if (plan instanceof X11OwnDisplayPlan.Fail fail) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, fail.message());
		}
		X11OwnDisplayLock lock = new X11OwnDisplayLock(own.lockFile());
		int leftovers = lock.stopLeftovers();
		if (leftovers > 0) {
			logger.info("stopped {} process(es) of an agent display a previous Deskhand left ({})", leftovers,
					lock.file());
		}
		String host;
		String person;
		IntFunction<X11ManagedDisplay.Server> servers;
		if (plan instanceof X11OwnDisplayPlan.Nested nested) {
			host = nested.host();
			person = nested.host();
			servers = (number) -> X11ManagedDisplay.Server.xephyr(xephyr.orElseThrow(), nested.host(), own.size(),
					AgentDisplay.title(":" + number));
		}
		else {
			X11OwnDisplayPlan.Headless headless = (X11OwnDisplayPlan.Headless) plan;
			logger.info("own-display: a headless agent display ({})", headless.why());
			host = null;
			person = headless.personDisplay();
			X11ManagedDisplay.Server xvfbServer = X11ManagedDisplay.Server.xvfb(xvfb.orElseThrow(), own.size() + "x24");
			servers = (number) -> xvfbServer;
		}
		X11ManagedDisplay display = X11ManagedDisplay.start(servers, own.firstNumber(),
				Executables.find("openbox", path).orElse(null));
		lock.write(display);
		AgentDisplay agent = new AgentDisplay(display.displayName(), display.server().label(),
				Optional.ofNullable(host));
		try {
			X11DesktopDriver driver = X11DesktopDriver.connect(display.displayName(), display,
					new X11DesktopDriver.OwnDisplay(agent, person, lock), true, properties.callTimeout(),
					properties.wedgedAfter());
			logger.info("own-display: the agent works on {}; {}", display.displayName(), agent.howToWatch());
			return driver;
		}
		catch (RuntimeException ex) {
			display.close();
			lock.delete();
			throw ex;
		}
	}

}
