package dev.deskhand.desk;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import dev.deskhand.input.PollerThread;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.InjectedInput;
import dev.deskhand.platform.InputSnapshot;
import dev.deskhand.platform.InputStateSensor;

/**
 * A thread of its own that reads the real keyboard and pointer on a sensor connection of
 * its own (like the failsafe's) every {@code deskhand.human.poll-interval}, and tells the
 * desk when the person at it did something Deskhand did not inject. Whenever the sensor
 * is on a new connection (the display was restarted), what it saw before is forgotten and
 * the first reading is the new baseline.
 */
class HumanWatcher implements SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(HumanWatcher.class);

	static final String THREAD_NAME = "deskhand-human-watch";

	private final DesktopDriver driver;

	private final Desk desk;

	private final Duration interval;

	private final boolean enabled;

	private final PollerThread poller = new PollerThread(THREAD_NAME, this::pollLoop);

	// The sensor's connection the detector's state comes from; used by the poller only.
	private long connection = -1;

	HumanWatcher(DesktopDriver driver, Desk desk, Duration interval, boolean enabled) {
		this.driver = driver;
		this.desk = desk;
		this.interval = interval;
		this.enabled = enabled;
	}

	private void pollLoop() {
		HumanInputDetector detector = new HumanInputDetector();
		try (InputStateSensor sensor = this.driver.openSensor(List.of())) {
			while (!Thread.currentThread().isInterrupted()) {
				try {
					look(sensor, detector);
				}
				catch (RuntimeException ex) {
					logger.warn("watching for the person at the desk failed; retrying", ex);
				}
				Thread.sleep(this.interval.toMillis());
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private void look(InputStateSensor sensor, HumanInputDetector detector) {
		Optional<InjectedInput> before = this.driver.injectedInput();
		Optional<InputSnapshot> seen = sensor.snapshot();
		Optional<InjectedInput> after = this.driver.injectedInput();
		// Read after the reading: a reconnect inside snapshot() is counted by now.
		long connection = sensor.connectionGeneration();
		if (before.isEmpty() || seen.isEmpty() || after.isEmpty()) {
			return;
		}
		if (connection != this.connection) {
			// A display that came back (Xvfb restarted on the same number) has its
			// pointer wherever its server put it: the first reading on the new
			// connection is the baseline, not a person's input.
			this.connection = connection;
			detector.baseline(before.get(), seen.get());
			logger.debug("watching for the person at the desk on a new display connection ({}): baseline {}",
					connection, seen.get().pointer());
			return;
		}
		detector.look(before.get(), seen.get(), after.get()).ifPresent(this.desk::humanInput);
	}

	@Override
	public void start() {
		if (this.enabled) {
			this.poller.start();
		}
	}

	@Override
	public void stop() {
		this.poller.stop();
	}

	@Override
	public boolean isRunning() {
		return this.poller.isRunning();
	}

}
