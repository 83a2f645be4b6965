package dev.deskhand.selftest;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.InputAction;
import dev.deskhand.input.InputQueue;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.WindowInfo;

/**
 * The witness as a second Java process ({@link SelfTestWindow}) started the way agents
 * start applications, through the input queue's launch, so that it opens on the driven
 * desktop (a managed Xvfb included) and launching is checked on the way. It talks back
 * over a loopback socket that only a process which was given the random token is heard
 * on.
 */
final class WitnessWindowProcess implements SelfTestWitness {

	private static final Duration WINDOW_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration FOCUS_TIMEOUT = Duration.ofSeconds(3);

	private static final Duration TITLE_TIMEOUT = Duration.ofSeconds(5);

	private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(3);

	private final InputQueue queue;

	private final DesktopDriver driver;

	private final String mainClass;

	WitnessWindowProcess(InputQueue queue, DesktopDriver driver, String mainClass) {
		this.queue = queue;
		this.driver = driver;
		this.mainClass = mainClass;
	}

	@Override
	public Opened open(String title) {
		String token = HexFormat.of().formatHex(new SecureRandom().generateSeed(16));
		ServerSocket server;
		try {
			server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
		}
		catch (IOException ex) {
			throw new DeskhandException(ErrorCode.E_FAIL,
					"no loopback port for the witness window: " + ex.getMessage());
		}
		try (server) {
			String classPath = System.getProperty("java.class.path");
			List<String> command = command(ProcessHandle.current().info().command().orElse("java"), classPath,
					isBootJar(classPath), this.mainClass, server.getLocalPort() + ":" + token, title);
			this.queue.execute(SelfTest.SESSION,
					new InputAction.Launch("java", command, WINDOW_TIMEOUT, FOCUS_TIMEOUT));
			Connection connection = accept(server, token);
			Socket socket = connection.socket();
			WitnessState state = new WitnessState();
			PrintWriter commands = new PrintWriter(
					new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8), true);
			Thread reader = new Thread(() -> read(connection.in(), state), "deskhand-self-test-witness");
			reader.setDaemon(true);
			reader.start();
			WindowInfo window = awaitTitle(title);
			await(state, () -> state.place() != null && !state.screens().isEmpty(), "report where it is");
			return new Channel(socket, commands, state, window, title + " decoy");
		}
		catch (IOException ex) {
			throw new DeskhandException(ErrorCode.E_FAIL, "the witness window did not connect: " + ex.getMessage());
		}
	}

	/**
	 * The witness's socket and the reader that read its hello, buffered lines and all.
	 */
	private record Connection(Socket socket, BufferedReader in) {
	}

	private static Connection accept(ServerSocket server, String token) throws IOException {
		long deadline = System.nanoTime() + WINDOW_TIMEOUT.toNanos();
		while (true) {
			long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
			server.setSoTimeout((int) Math.min(Integer.MAX_VALUE, left));
			Socket socket;
			try {
				socket = server.accept();
			}
			catch (SocketTimeoutException ex) {
				throw new DeskhandException(ErrorCode.E_TIMEOUT, "the witness window's process showed a window but"
						+ " did not connect back within " + WINDOW_TIMEOUT.toSeconds() + " s");
			}
			socket.setSoTimeout((int) ANSWER_TIMEOUT.toMillis());
			BufferedReader in = new BufferedReader(
					new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
			String hello;
			try {
				hello = in.readLine();
			}
			catch (SocketTimeoutException ex) {
				hello = null;
			}
			if (("hello " + token).equals(hello)) {
				socket.setSoTimeout(0);
				return new Connection(socket, in);
			}
			// someone else on this machine found the port: not the witness
			socket.close();
		}
	}

	private static void read(BufferedReader in, WitnessState state) {
		try (in) {
			String line;
			while ((line = in.readLine()) != null) {
				state.apply(line);
			}
		}
		catch (IOException ex) {
			// closed: the witness is gone, and the rows that wait for it say what they
			// missed
		}
	}

	private final class Channel implements Opened {

		private final Socket socket;

		private final PrintWriter commands;

		private final WitnessState state;

		private final WindowInfo window;

		private final String decoyTitle;

		Channel(Socket socket, PrintWriter commands, WitnessState state, WindowInfo window, String decoyTitle) {
			this.socket = socket;
			this.commands = commands;
			this.state = state;
			this.window = window;
			this.decoyTitle = decoyTitle;
		}

		@Override
		public WindowInfo window() {
			return this.window;
		}

		@Override
		public Optional<WindowInfo> decoy() {
			return WitnessWindowProcess.this.driver.windows()
				.list()
				.stream()
				.filter((candidate) -> candidate.title().equals(this.decoyTitle))
				.findFirst();
		}

		@Override
		public List<WitnessScreen> screens() {
			return this.state.screens();
		}

		@Override
		public WitnessPlace place() {
			return this.state.place();
		}

		@Override
		public WitnessPlace moveTo(WitnessScreen screen) {
			this.commands.println("move " + screen.index());
			try {
				await(() -> this.state.place().screen() == screen.index(), "move onto screen " + screen.index());
			}
			catch (DeskhandException ex) {
				// the window manager kept it elsewhere: the caller sees where
			}
			// the window manager may still be settling it: wait until it has not moved
			// for a moment
			WitnessPlace last = this.state.place();
			long deadline = System.nanoTime() + ANSWER_TIMEOUT.toNanos();
			while (System.nanoTime() < deadline) {
				SelfTest.sleep(250);
				WitnessPlace now = this.state.place();
				if (now.equals(last)) {
					break;
				}
				last = now;
			}
			return last;
		}

		@Override
		public Optional<Point> pointer() {
			long before = this.state.pointerAnswers();
			this.commands.println("pointer?");
			await(() -> this.state.pointerAnswers() > before, "say where the pointer is");
			return this.state.pointer();
		}

		@Override
		public List<WitnessClick> clicks() {
			return this.state.clicks();
		}

		@Override
		public Optional<String> focused() {
			return this.state.focused();
		}

		@Override
		public String received() {
			return this.state.text();
		}

		@Override
		public int presses() {
			return this.state.presses();
		}

		@Override
		public String field() {
			return this.state.field();
		}

		@Override
		public void close() {
			this.commands.println("quit");
			try {
				this.socket.close();
			}
			catch (IOException ex) {
				// it is going anyway
			}
		}

		private void await(Supplier<Boolean> condition, String what) {
			WitnessWindowProcess.await(this.state, condition, what);
		}

	}

	private static void await(WitnessState state, Supplier<Boolean> condition, String what) {
		long deadline = System.nanoTime() + ANSWER_TIMEOUT.toNanos();
		while (!condition.get()) {
			long left = (deadline - System.nanoTime()) / 1_000_000;
			if (left <= 0) {
				throw new DeskhandException(ErrorCode.E_TIMEOUT,
						"the witness window did not " + what + " within " + ANSWER_TIMEOUT.toSeconds() + " s");
			}
			try {
				state.awaitChange(Math.min(left, 100));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new DeskhandException(ErrorCode.E_FAIL, "interrupted while waiting for the witness window");
			}
		}
	}

	/**
	 * The command that starts the witness with this JVM: {@code -jar} for Deskhand's own
	 * jar (whose classes, under {@code BOOT-INF}, a plain class path cannot reach), the
	 * main class on this class path otherwise (an IDE, {@code spring-boot:run}, a test
	 * runner's manifest-only jar).
	 * @param contact {@code PORT:TOKEN} of the socket it reports to
	 */
	static List<String> command(String javaCommand, String classPath, boolean bootJar, String mainClass, String contact,
			String title) {
		List<String> command = new ArrayList<>(List.of(javaCommand, "-Xmx64m", "-XX:+UseSerialGC"));
		if (bootJar) {
			command.addAll(List.of("-jar", classPath));
		}
		else {
			command.addAll(List.of("-cp", classPath, mainClass));
		}
		command.add(SelfTestWindow.ARGUMENT + contact);
		command.add(title);
		return command;
	}

	/**
	 * Whether the class path is one Spring Boot jar: its manifest names a Start-Class.
	 */
	static boolean isBootJar(String classPath) {
		if (!classPath.endsWith(".jar") || classPath.contains(File.pathSeparator)) {
			return false;
		}
		try (JarFile jar = new JarFile(classPath)) {
			Manifest manifest = jar.getManifest();
			return manifest != null && manifest.getMainAttributes().getValue("Start-Class") != null;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private WindowInfo awaitTitle(String title) {
		long deadline = System.nanoTime() + TITLE_TIMEOUT.toNanos();
		while (true) {
			Optional<WindowInfo> window = this.driver.windows()
				.list()
				.stream()
				.filter((candidate) -> candidate.title().equals(title))
				.findFirst();
			if (window.isPresent()) {
				return window.get();
			}
			if (System.nanoTime() > deadline) {
				throw new DeskhandException(ErrorCode.E_NOT_FOUND, "the witness window started but no window titled '"
						+ title + "' is listed within " + TITLE_TIMEOUT.toSeconds() + " s");
			}
			SelfTest.sleep(50);
		}
	}

}
