package dev.deskhand.mcp;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.testing.RawHttp;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What slow and oversized request bodies do to the agents' port, over raw sockets as a
 * hostile client sends them. 220 clients trickling their bodies (more than Tomcat's 200
 * worker threads) once left the port answering nobody; eight concurrent 10 MB bodies once
 * exhausted a 256 MiB heap.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false",
				"deskhand.security.operator-token=slow-requests-operator-token",
				"deskhand.mcp.body-read-timeout=" + SlowAndLargeRequestsEndToEndTests.BODY_TIMEOUT_SECONDS + "s" })
class SlowAndLargeRequestsEndToEndTests {

	static final int BODY_TIMEOUT_SECONDS = 12;

	private static final int TRICKLERS = 220;

	/** "Answers within a few seconds": a normal call takes milliseconds. */
	private static final Duration ANSWER = Duration.ofSeconds(5);

	private static final String BOTH = "application/json, text/event-stream";

	private static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}";

	private final HttpClient http = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.build();

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	@Test
	void clientsTricklingTheirBodiesDoNotStarveTheOthersAndAreCutOffAtTheBodyTimeout() throws Exception {
		String session = openStreamable();
		List<Socket> tricklers = new ArrayList<>();
		AtomicBoolean trickling = new AtomicBoolean(true);
		Thread trickle = null;
		try {
			for (int i = 0; i < TRICKLERS; i++) {
				Socket socket = new Socket(InetAddress.getLoopbackAddress(), this.port);
				socket.getOutputStream()
					.write(head("/mcp", "Content-Length: 1000").getBytes(StandardCharsets.US_ASCII));
				socket.getOutputStream().write('{');
				tricklers.add(socket);
			}
			long started = System.nanoTime();
			// One byte per client every 500 ms: every read gets data long before any
			// socket read timeout, so only a bound on the whole body (or not holding a
			// thread for it) helps.
			trickle = daemon("trickle", () -> {
				while (trickling.get()) {
					for (Socket socket : tricklers) {
						try {
							socket.getOutputStream().write(' ');
						}
						catch (IOException ex) {
							// closed by the server: the cut-off this test expects later
						}
					}
					sleep(Duration.ofMillis(500));
				}
			});
			// Long enough for each trickler to be read (and, on a blocking design, to
			// hold a worker thread).
			sleep(Duration.ofSeconds(2));

			HttpResponse<String> ping = postMcp(session, PING);
			assertThat(ping.statusCode()).isEqualTo(200);
			assertThat(ping.body()).contains("\"id\":7").contains("\"result\"");
			HttpResponse<String> list = postMcp(session,
					"{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/list\",\"params\":{}}");
			assertThat(list.statusCode()).isEqualTo(200);
			assertThat(list.body()).contains("\"screenshot\"");
			assertThat(openStreamable()).isNotBlank();
			// ...while every trickler was still waiting for its answer.
			long answered = System.nanoTime();
			assertThat(Duration.ofNanos(answered - started)).isLessThan(Duration.ofSeconds(BODY_TIMEOUT_SECONDS));
			for (Socket socket : tricklers) {
				assertThat(socket.getInputStream().available()).as("a trickler was answered already").isZero();
			}

			// A body still incomplete at the body timeout is refused and its connection
			// closed: generous bound, the timeout plus 20 s.
			List<String> endings = new ArrayList<>();
			for (Socket socket : tricklers) {
				long left = TimeUnit.SECONDS.toMillis(BODY_TIMEOUT_SECONDS + 20)
						- TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
				socket.setSoTimeout((int) Math.max(left, 1));
				endings.add(statusLine(RawHttp.readAll(socket)));
			}
			assertThat(endings).as("each trickler's ending").allMatch((line) -> line.startsWith("HTTP/1.1 408"));
		}
		finally {
			trickling.set(false);
			if (trickle != null) {
				trickle.join(5000);
			}
			for (Socket socket : tricklers) {
				socket.close();
			}
		}
		assertThat(postMcp(session, PING).statusCode()).isEqualTo(200);
	}

	@Test
	void eightConcurrentTenMegabyteBodiesAreRefusedBeforeTheyAreBuffered() throws Exception {
		String session = openStreamable();
		MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
		System.gc();
		long before = memory.getHeapMemoryUsage().getUsed();
		AtomicLong peak = new AtomicLong(before);
		AtomicBoolean sampling = new AtomicBoolean(true);
		Thread sampler = daemon("heap-sampler", () -> {
			while (sampling.get()) {
				peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
				sleep(Duration.ofMillis(5));
			}
		});
		List<String> outcomes;
		ExecutorService senders = Executors.newFixedThreadPool(16);
		try {
			List<Future<String>> sent = new ArrayList<>();
			for (int i = 0; i < 8; i++) {
				sent.add(senders.submit(() -> sendTenMegabytes(session, false)));
				sent.add(senders.submit(() -> sendTenMegabytes(session, true)));
			}
			outcomes = new ArrayList<>();
			for (Future<String> outcome : sent) {
				outcomes.add(outcome.get(60, TimeUnit.SECONDS));
			}
		}
		finally {
			senders.shutdownNow();
			sampling.set(false);
			sampler.join(5000);
		}
		System.gc();
		long after = memory.getHeapMemoryUsage().getUsed();
		// Reported, not asserted tightly: the heap this test saw grow while 160 MB were
		// sent.
		System.err.printf("[large bodies] heap used before %d MiB, peak %d MiB, after %d MiB; outcomes %s%n",
				before >> 20, peak.get() >> 20, after >> 20, outcomes);
		assertThat(outcomes).allMatch((outcome) -> outcome.startsWith("HTTP/1.1 413") || outcome.equals("closed"));
		assertThat(outcomes).anyMatch((outcome) -> outcome.startsWith("HTTP/1.1 413"));
		assertThat(postMcp(session, PING).statusCode()).isEqualTo(200);
	}

	/**
	 * Sends a 10 MB tools/call body, declared by Content-Length or chunked; answers the
	 * status line the server sent, or "closed" when it closed the connection without one.
	 */
	private String sendTenMegabytes(String session, boolean chunked) throws IOException {
		try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), this.port)) {
			socket.setSoTimeout(30_000);
			String prefix = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"type\","
					+ "\"arguments\":{\"text\":\"";
			int size = 10 << 20;
			OutputStream out = socket.getOutputStream();
			try {
				out.write(head("/mcp", (chunked ? "Transfer-Encoding: chunked" : "Content-Length: " + size)
						+ "\r\nMcp-Session-Id: " + session)
					.getBytes(StandardCharsets.US_ASCII));
				byte[] chunk = new byte[64 * 1024];
				Arrays.fill(chunk, (byte) 'a');
				byte[] start = prefix.getBytes(StandardCharsets.US_ASCII);
				System.arraycopy(start, 0, chunk, 0, start.length);
				for (int sent = 0; sent < size; sent += chunk.length) {
					if (chunked) {
						out.write((Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
					}
					out.write(chunk);
					if (chunked) {
						out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
					}
					Arrays.fill(chunk, 0, start.length, (byte) 'a');
				}
				if (chunked) {
					out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
				}
				out.flush();
			}
			catch (IOException ex) {
				// The server answered and closed while the body was still being sent.
			}
			try {
				String line = statusLine(RawHttp.readAll(socket));
				return line.isEmpty() ? "closed" : line;
			}
			catch (IOException ex) {
				return "closed";
			}
		}
	}

	private String head(String path, String framing) {
		return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + this.port + "\r\nAccept: " + BOTH
				+ "\r\nContent-Type: application/json\r\n" + framing + "\r\n\r\n";
	}

	private static String statusLine(String response) {
		int end = response.indexOf("\r\n");
		return (end < 0) ? response : response.substring(0, end);
	}

	private String openStreamable() throws Exception {
		HttpResponse<String> initialize = postMcp(null,
				"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
						+ "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}");
		assertThat(initialize.statusCode()).isEqualTo(200);
		String session = initialize.headers().firstValue("Mcp-Session-Id").orElseThrow();
		assertThat(postMcp(session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}").statusCode())
			.isEqualTo(202);
		return session;
	}

	private HttpResponse<String> postMcp(String session, String body) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/mcp"))
			.timeout(ANSWER)
			.header("Accept", BOTH)
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(body));
		if (session != null) {
			request.header("Mcp-Session-Id", session);
		}
		return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	private static Thread daemon(String name, Runnable task) {
		Thread thread = new Thread(task, name);
		thread.setDaemon(true);
		thread.start();
		return thread;
	}

	private static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
