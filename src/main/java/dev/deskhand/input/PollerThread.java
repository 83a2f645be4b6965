package dev.deskhand.input;

/**
 * A daemon thread running one poll loop for as long as its owner runs: the failsafe's
 * chord and corner watch, and the watcher of the person at the desk. The loop must end
 * when its thread is interrupted, which is how {@link #stop()} ends it.
 */
public final class PollerThread {

	private final String name;

	private final Runnable loop;

	private Thread thread;

	public PollerThread(String name, Runnable loop) {
		this.name = name;
		this.loop = loop;
	}

	/** Starts the loop on a new thread unless one runs. */
	public synchronized void start() {
		if (this.thread == null) {
			Thread started = new Thread(this.loop, this.name);
			started.setDaemon(true);
			this.thread = started;
			started.start();
		}
	}

	/** Interrupts the loop's thread; a later {@link #start()} starts a new one. */
	public synchronized void stop() {
		Thread running = this.thread;
		this.thread = null;
		if (running != null) {
			running.interrupt();
		}
	}

	public synchronized boolean isRunning() {
		return this.thread != null;
	}

}
