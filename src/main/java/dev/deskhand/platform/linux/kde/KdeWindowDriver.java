package dev.deskhand.platform.linux.kde;

import dev.deskhand.platform.linux.wayland.layout.WaylandLayout;
import dev.deskhand.platform.linux.wayland.layout.WaylandWindows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import org.freedesktop.dbus.exceptions.DBusException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.WindowDriver;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.linux.ProcessExecutables;

/**
 * Windows through KWin scripting, the only window list KWin gives a program: the driver
 * writes a small script, has KWin load and start it ({@code org.kde.kwin.Scripting}), and
 * the script sends its answer back with {@code callDBus} to this connection's unique name
 * as JSON, tagged so an answer is never taken for another's; the connection exports a
 * {@link KwinScriptCallback} to receive it. Ids are KWin's window UUIDs folded into a
 * {@code long}; {@link #activate} maps them back. Thread-safe: scripts run one at a time
 * on one bus connection.
 */
final class KdeWindowDriver implements WindowDriver, AutoCloseable {

	static final String CALLBACK_PATH = "/dev/deskhand/KWinScript";

	static final String CALLBACK_INTERFACE = "dev.deskhand.KWinScript";

	static final String CALLBACK_MEMBER = "Result";

	private static final Duration POLL = Duration.ofMillis(20);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	// KWin 5.27's scripting API: workspace.clientList(), frameGeometry, internalId,
	// stackingOrder; the answer goes back through callDBus
	private static final String LIST = """
			var out = [];
			var clients = workspace.clientList();
			for (var i = 0; i < clients.length; i++) {
			    var c = clients[i];
			    if (c.deleted || !(c.normalWindow || c.dialog)) {
			        continue;
			    }
			    var g = c.frameGeometry;
			    out.push({id: c.internalId.toString(), title: c.caption, cls: c.resourceClass, name: c.resourceName,
			        pid: c.pid, x: g.x, y: g.y, w: g.width, h: g.height, active: c.active,
			        minimized: c.minimized, stack: c.stackingOrder});
			}
			callDBus("@NAME@", "@PATH@", "@INTERFACE@", "@MEMBER@", "@TAG@", JSON.stringify(out));
			""";

	private static final String ACTIVATE = """
			var clients = workspace.clientList();
			var found = false;
			for (var i = 0; i < clients.length; i++) {
			    if (clients[i].internalId.toString() == "@ID@") {
			        if (clients[i].minimized) {
			            clients[i].minimized = false;
			        }
			        workspace.activeClient = clients[i];
			        found = true;
			    }
			}
			callDBus("@NAME@", "@PATH@", "@INTERFACE@", "@MEMBER@", "@TAG@", found ? "found" : "gone");
			""";

	private final Map<String, String> environment;

	private final Duration timeout;

	private final Supplier<WaylandLayout> layout;

	private final ProcessExecutables executables;

	private final Map<Long, String> uuids = new ConcurrentHashMap<>();

	private final AtomicLong scripts = new AtomicLong();

	// the answers awaited, by tag: the callback completes them on dbus-java's thread
	private final Map<String, CompletableFuture<String>> answers = new ConcurrentHashMap<>();

	private KwinBus connection;

	KdeWindowDriver(Map<String, String> environment, Duration timeout, Supplier<WaylandLayout> layout,
			ProcessExecutables executables) {
		this.environment = Map.copyOf(environment);
		this.timeout = timeout;
		this.layout = layout;
		this.executables = executables;
	}

	@Override
	public Optional<WindowInfo> focusedWindow() {
		return list().stream().filter(WindowInfo::focused).findFirst();
	}

	@Override
	public List<WindowInfo> list() {
		String json = run(LIST, Map.of());
		return WaylandWindows.toInfos(parse(json), this.layout.get(), this.executables::executable);
	}

	List<WaylandWindows.Window> parse(String json) {
		List<WaylandWindows.Window> windows = new ArrayList<>();
		for (JsonNode node : JSON.readTree(json)) {
			String uuid = node.path("id").asString();
			long id = idOf(uuid);
			this.uuids.put(id, uuid);
			WaylandLayout.Area bounds = node.path("minimized").asBoolean() ? null
					: new WaylandLayout.Area(node.path("x").asDouble(), node.path("y").asDouble(),
							node.path("w").asDouble(), node.path("h").asDouble());
			windows.add(new WaylandWindows.Window(id, node.path("title").asString(""), node.path("cls").asString(""),
					node.path("name").asString(""), node.path("pid").asLong(0), bounds, node.path("active").asBoolean(),
					node.path("stack").asInt(0)));
		}
		return windows;
	}

	/** KWin's UUID folded into a positive {@code long}: stable for the window's life. */
	static long idOf(String uuid) {
		String plain = uuid.replace("{", "").replace("}", "");
		UUID parsed = UUID.fromString(plain);
		return (parsed.getMostSignificantBits() ^ parsed.getLeastSignificantBits()) & Long.MAX_VALUE;
	}

	@Override
	public boolean activate(long windowId, Duration timeout) {
		String uuid = this.uuids.get(windowId);
		if (uuid == null) {
			list();
			uuid = this.uuids.get(windowId);
		}
		if (uuid == null || "gone".equals(run(ACTIVATE, Map.of("@ID@", uuid)))) {
			throw new DeskhandException(ErrorCode.E_NOT_FOUND, "window " + windowId + " is gone");
		}
		long deadline = System.nanoTime() + timeout.toNanos();
		while (true) {
			if (focusedWindow().map((window) -> window.id() == windowId).orElse(false)) {
				return true;
			}
			if (System.nanoTime() > deadline) {
				return false;
			}
			try {
				Thread.sleep(POLL.toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
		}
	}

	/**
	 * Loads, starts and unloads one script and returns the text it sent back.
	 */
	private synchronized String run(String template, Map<String, String> values) {
		if (this.connection == null || this.connection.isClosed()) {
			this.connection = openCallbackBus();
		}
		String tag = "deskhand-" + ProcessHandle.current().pid() + "-" + this.scripts.incrementAndGet();
		String source = template.replace("@NAME@", this.connection.uniqueName())
			.replace("@PATH@", CALLBACK_PATH)
			.replace("@INTERFACE@", CALLBACK_INTERFACE)
			.replace("@MEMBER@", CALLBACK_MEMBER)
			.replace("@TAG@", tag);
		for (Map.Entry<String, String> value : values.entrySet()) {
			source = source.replace(value.getKey(), value.getValue());
		}
		CompletableFuture<String> answer = new CompletableFuture<>();
		this.answers.put(tag, answer);
		Path file = writeScript(tag, source);
		try {
			this.connection.call("org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting", "loadScript", "ss",
					file.toString(), tag);
			try {
				this.connection.call("org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting", "start", "");
				return answer.get(this.timeout.toMillis(), TimeUnit.MILLISECONDS);
			}
			finally {
				if (!this.connection.isClosed()) {
					this.connection.call("org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting", "unloadScript", "s",
							tag);
				}
			}
		}
		catch (TimeoutException ex) {
			throw scriptTimeout(tag);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new DeskhandException(ErrorCode.E_FAIL, "interrupted while waiting for KWin's script " + tag);
		}
		catch (ExecutionException ex) {
			throw new DeskhandException(ErrorCode.E_FAIL, "KWin's script " + tag + " failed: " + ex.getMessage());
		}
		catch (DeskhandException ex) {
			if (ex.code() == ErrorCode.E_TIMEOUT) {
				throw scriptTimeout(tag);
			}
			throw ex;
		}
		finally {
			this.answers.remove(tag);
			try {
				Files.deleteIfExists(file);
			}
			catch (IOException ex) {
				// a leftover script in the temporary directory is harmless
			}
		}
	}

	private DeskhandException scriptTimeout(String tag) {
		return new DeskhandException(ErrorCode.E_TIMEOUT, "KWin's script " + tag + " did not report back within "
				+ this.timeout.toMillis() + " ms (is KWin's scripting running?)");
	}

	/**
	 * A connection that answers the scripts' {@code callDBus}: an answer whose tag no one
	 * awaits (a script that outlived its wait) is dropped.
	 */
	private KwinBus openCallbackBus() {
		KwinBus bus = KwinBus.open(this.environment, this.timeout);
		KwinScriptCallback callback = new KwinScriptCallback() {

			@Override
			public void result(String tag, String text) {
				CompletableFuture<String> answer = KdeWindowDriver.this.answers.get(tag);
				if (answer != null) {
					answer.complete(text);
				}
			}

			@Override
			public String getObjectPath() {
				return CALLBACK_PATH;
			}

		};
		try {
			bus.connection().exportObject(CALLBACK_PATH, callback);
		}
		catch (DBusException | RuntimeException ex) {
			bus.close();
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
					"cannot receive KWin scripts' answers on the session bus: " + ex.getMessage(), ex);
		}
		return bus;
	}

	private static Path writeScript(String tag, String source) {
		try {
			Path file = Files.createTempFile(tag + "-", ".js");
			Files.writeString(file, source, StandardCharsets.UTF_8);
			// KWin reads it as the session's user, who is normally this process's
			Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
			return file;
		}
		catch (IOException ex) {
			throw new DeskhandException(ErrorCode.E_FAIL, "cannot write a KWin script: " + ex.getMessage());
		}
	}

	@Override
	public synchronized void close() {
		if (this.connection != null) {
			this.connection.close();
		}
	}

}
