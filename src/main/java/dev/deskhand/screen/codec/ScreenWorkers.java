package dev.deskhand.screen.codec;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

/**
 * A small pool of daemon threads, one per core, that splits image work (PNG stripes)
 * across the cores. The calling thread always works too: it claims parts like any helper,
 * so a part never waits in the queue behind another screenshot's parts while its own
 * caller sits idle, and a busy or shut-down pool only costs the parallelism, never
 * progress.
 *
 * <p>
 * Idle threads time out, so a service that takes no screenshots holds none, and instances
 * made by tests need no shutdown.
 */
public final class ScreenWorkers {

	private static final AtomicInteger POOLS = new AtomicInteger();

	private final ThreadPoolExecutor executor;

	private final int parallelism;

	public ScreenWorkers(int parallelism) {
		if (parallelism < 1) {
			throw new IllegalArgumentException("parallelism must be at least 1, got " + parallelism);
		}
		this.parallelism = parallelism;
		this.executor = new ThreadPoolExecutor(parallelism, parallelism, 30, TimeUnit.SECONDS,
				new LinkedBlockingQueue<>(), daemonThreads("deskhand-screen-" + POOLS.incrementAndGet() + "-"));
		this.executor.allowCoreThreadTimeOut(true);
	}

	/** One worker per available processor. */
	public static ScreenWorkers perCore() {
		return new ScreenWorkers(Runtime.getRuntime().availableProcessors());
	}

	/** How many parts can run at once, the caller included. */
	public int parallelism() {
		return this.parallelism;
	}

	/**
	 * Runs {@code task} for every index in {@code [0, count)}, on the caller and up to
	 * {@code count - 1} pool threads, and returns when all have finished.
	 * @throws RuntimeException the first failure of any part, after every part has ended
	 */
	void forEach(int count, IntConsumer task) {
		if (count <= 1) {
			if (count == 1) {
				task.accept(0);
			}
			return;
		}
		AtomicInteger next = new AtomicInteger();
		CountDownLatch done = new CountDownLatch(count);
		AtomicReference<Throwable> failure = new AtomicReference<>();
		Runnable worker = () -> {
			for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
				try {
					task.accept(i);
				}
				catch (Throwable ex) {
					failure.compareAndSet(null, ex);
				}
				finally {
					done.countDown();
				}
			}
		};
		int helpers = Math.min(count, this.parallelism) - 1;
		for (int i = 0; i < helpers; i++) {
			try {
				this.executor.execute(worker);
			}
			catch (RejectedExecutionException ex) {
				break;
			}
		}
		worker.run();
		awaitUninterruptibly(done);
		Throwable thrown = failure.get();
		if (thrown instanceof RuntimeException runtime) {
			throw runtime;
		}
		if (thrown instanceof Error error) {
			throw error;
		}
		if (thrown != null) {
			throw new IllegalStateException(thrown);
		}
	}

	/** Stops the threads; later calls run every part on the caller. */
	public void shutdown() {
		this.executor.shutdown();
	}

	/**
	 * Parts that helpers claimed still write into the caller's buffers, so the caller may
	 * not leave before they end, interrupt or not; they take milliseconds.
	 */
	private static void awaitUninterruptibly(CountDownLatch latch) {
		boolean interrupted = false;
		while (true) {
			try {
				latch.await();
				break;
			}
			catch (InterruptedException ex) {
				interrupted = true;
			}
		}
		if (interrupted) {
			Thread.currentThread().interrupt();
		}
	}

	private static ThreadFactory daemonThreads(String prefix) {
		AtomicInteger count = new AtomicInteger();
		return (runnable) -> {
			Thread thread = new Thread(runnable, prefix + count.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		};
	}

}
