package dev.deskhand.container;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * How many desktops fit on a node: N = 1, 2, 4 containers of the image at once, each with
 * Chromium open and driven by its own agent session (the official MCP client), measured
 * from the host: each container's memory working set (cgroup v1 memory.usage_in_bytes
 * minus inactive file pages, what the kubelet calls working set) and the server's own
 * RSS, its CPU (cpuacct.usage) while idle and while its agent loops screenshot, click,
 * type, and the agents' screenshot latency. Prints a table and writes it to
 * {@code target/container-capacity.md}; asserts no time.
 * <p>
 * Not in {@code -Pbench}'s default run (it needs root, podman and the packaged jar):
 * {@code ./mvnw -B -q package -DskipTests && ./mvnw -B test -Pbench
 * -Ddeskhand.groups=container-benchmark -Dtest=ContainerCapacityBenchmark}; fewer counts
 * with {@code -Ddeskhand.bench.desktops=1,2}. See docs/container.md.
 */
@Tag("container-benchmark")
class ContainerCapacityBenchmark {

	private static final Duration IDLE = Duration.ofSeconds(15);

	private static final Duration BUSY = Duration.ofSeconds(30);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@TempDir
	static Path dir;

	@Test
	void desktopsAtOnce() throws Exception {
		Podman podman = Podman.require();
		String image = podman.buildImage();
		Path page = page();
		List<String> rows = new ArrayList<>();
		for (String count : System.getProperty("deskhand.bench.desktops", "1,2,4").split(",")) {
			rows.add(measure(podman, image, page, Integer.parseInt(count.strip())));
			System.out.println(header() + String.join("\n", rows));
		}
		String table = Runtime.getRuntime().availableProcessors() + " CPUs; load: the machine's 1-minute load average "
				+ "when the busy phase began\n\n" + header() + String.join("\n", rows) + "\n";
		Files.writeString(podman.repository().resolve("target/container-capacity.md"), table);
		System.out.println(table);
	}

	private static String header() {
		return """
				| desktops | ready (s, slowest) | working set per desktop (MiB, median) | Deskhand RSS (MiB, median) \
				| idle CPU per desktop (% of a core) | busy CPU per desktop (% of a core) \
				| screenshot p50 / p95 (ms) | screenshots | load |
				|---|---|---|---|---|---|---|---|---|
				""";
	}

	private String measure(Podman podman, String image, Path page, int count) throws Exception {
		List<DesktopContainer> containers = new ArrayList<>();
		List<McpSyncClient> agents = new ArrayList<>();
		try {
			for (int i = 0; i < count; i++) {
				containers.add(DesktopContainer.start(podman, image, dir, "1280x800", page.toUri().toString(), page));
			}
			double slowestReady = 0;
			for (DesktopContainer container : containers) {
				slowestReady = Math.max(slowestReady, container.awaitReady(Duration.ofMinutes(3)).toMillis() / 1000.0);
			}
			List<int[]> inputs = new ArrayList<>();
			for (DesktopContainer container : containers) {
				McpSyncClient agent = container.agentClient("capacity-agent");
				agents.add(agent);
				CallToolResult opened = call(agent, "open_application", Map.of("app", "chromium"));
				assertThat(opened.isError()).as(text(opened)).isNotEqualTo(Boolean.TRUE);
				JsonNode bounds = JSON.readTree(text(opened)).path("window").path("bounds");
				inputs.add(new int[] { bounds.get(0).asInt() + bounds.get(2).asInt() / 2,
						bounds.get(1).asInt() + bounds.get(3).asInt() * 2 / 3 });
				call(agent, "screenshot", Map.of());
			}
			List<Cgroup> groups = containers.stream().map((container) -> Cgroup.of(container.hostPid())).toList();

			DesktopContainer.sleep(Duration.ofSeconds(5));
			long[] idleStart = groups.stream().mapToLong(Cgroup::cpuNanos).toArray();
			long idleWall = System.nanoTime();
			DesktopContainer.sleep(IDLE);
			double[] idleCpu = cpuPercent(groups, idleStart, System.nanoTime() - idleWall);

			List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
			ExecutorService pool = Executors.newFixedThreadPool(count);
			String load = Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
			long[] busyStart = groups.stream().mapToLong(Cgroup::cpuNanos).toArray();
			long busyWall = System.nanoTime();
			long deadline = busyWall + BUSY.toNanos();
			List<Future<?>> loops = new ArrayList<>();
			for (int i = 0; i < count; i++) {
				McpSyncClient agent = agents.get(i);
				int[] input = inputs.get(i);
				loops.add(pool.submit(() -> {
					while (System.nanoTime() < deadline) {
						long start = System.nanoTime();
						CallToolResult shot = call(agent, "screenshot", Map.of());
						latencies.add(System.nanoTime() - start);
						assertThat(shot.isError()).as(text(shot)).isNotEqualTo(Boolean.TRUE);
						call(agent, "left_click", Map.of("coordinate", List.of(input[0], input[1])));
						call(agent, "type", Map.of("text", "x"));
					}
					return null;
				}));
			}
			for (Future<?> loop : loops) {
				loop.get();
			}
			double[] busyCpu = cpuPercent(groups, busyStart, System.nanoTime() - busyWall);
			pool.shutdown();
			double[] workingSet = groups.stream().mapToDouble((group) -> group.workingSetBytes() / 1048576.0).toArray();
			double[] serverRss = containers.stream()
				.mapToDouble((container) -> Cgroup.rssBytes(container.hostPid()) / 1048576.0)
				.toArray();
			double[] shots = latencies.stream().mapToDouble((nanos) -> nanos / 1e6).sorted().toArray();
			return String.format("| %d | %.1f | %.0f | %.0f | %.1f | %.0f | %.0f / %.0f | %d | %s |", count,
					slowestReady, median(workingSet), median(serverRss), median(idleCpu), median(busyCpu),
					median(shots), shots[Math.max(0, (int) Math.ceil(0.95 * shots.length) - 1)], shots.length, load);
		}
		finally {
			agents.forEach(McpSyncClient::closeGracefully);
			containers.forEach(DesktopContainer::close);
		}
	}

	private static double[] cpuPercent(List<Cgroup> groups, long[] start, long wallNanos) {
		double[] percent = new double[groups.size()];
		for (int i = 0; i < percent.length; i++) {
			percent[i] = 100.0 * (groups.get(i).cpuNanos() - start[i]) / wallNanos;
		}
		return percent;
	}

	private static double median(double[] values) {
		double[] sorted = values.clone();
		Arrays.sort(sorted);
		int n = sorted.length;
		return (n % 2 == 1) ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	}

	private static Path page() throws IOException {
		Path page = dir.resolve("page.html");
		Files.writeString(page,
				"""
						<!doctype html>
						<html><head><meta charset="utf-8"><title>capacity page</title></head>
						<body style="margin:0"><textarea style="position:fixed;left:0;top:0;width:100vw;height:100vh"></textarea>
						</body></html>
						""",
				StandardCharsets.UTF_8);
		Files.setPosixFilePermissions(page, PosixFilePermissions.fromString("rw-r--r--"));
		Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
		return page;
	}

	/** A container's cgroup v1 directories, found from its main process. */
	private record Cgroup(Path cpuacct, Path memory) {

		static Cgroup of(long pid) {
			Path cpuacct = null;
			Path memory = null;
			for (String line : lines(Path.of("/proc/" + pid + "/cgroup"))) {
				String[] fields = line.split(":", 3);
				for (String controller : fields[1].split(",")) {
					if (controller.equals("cpuacct")) {
						cpuacct = Path.of("/sys/fs/cgroup/cpuacct" + fields[2]);
					}
					if (controller.equals("memory")) {
						memory = Path.of("/sys/fs/cgroup/memory" + fields[2]);
					}
				}
			}
			if (cpuacct == null || memory == null) {
				throw new AssertionError("no cgroup v1 cpuacct and memory controllers for pid " + pid);
			}
			return new Cgroup(cpuacct, memory);
		}

		long cpuNanos() {
			return Long.parseLong(lines(this.cpuacct.resolve("cpuacct.usage")).get(0).strip());
		}

		long workingSetBytes() {
			long usage = Long.parseLong(lines(this.memory.resolve("memory.usage_in_bytes")).get(0).strip());
			long inactiveFile = lines(this.memory.resolve("memory.stat")).stream()
				.filter((line) -> line.startsWith("total_inactive_file "))
				.mapToLong((line) -> Long.parseLong(line.split(" ")[1]))
				.findFirst()
				.orElse(0);
			return usage - inactiveFile;
		}

		/** The container's main process is tini; Deskhand (java) is its child. */
		static long rssBytes(long tiniPid) {
			for (String child : lines(Path.of("/proc/" + tiniPid + "/task/" + tiniPid + "/children")).get(0)
				.strip()
				.split(" ")) {
				if (!lines(Path.of("/proc/" + child + "/comm")).get(0).strip().equals("java")) {
					continue;
				}
				for (String line : lines(Path.of("/proc/" + child + "/status"))) {
					if (line.startsWith("VmRSS:")) {
						return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
					}
				}
			}
			throw new AssertionError("no java child of tini " + tiniPid);
		}

		private static List<String> lines(Path file) {
			try {
				return Files.readAllLines(file);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

	}

}
