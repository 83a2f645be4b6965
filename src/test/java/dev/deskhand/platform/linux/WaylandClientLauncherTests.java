package dev.deskhand.platform.linux;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class WaylandClientLauncherTests {

	@Test
	void aChildGetsTheCompositorsEnvironmentAndNoOtherXServer() {
		WaylandClientLauncher.Target target = new WaylandClientLauncher.Target(Path.of("/run/user/1000"), "wayland-1",
				Map.of("SWAYSOCK", "/run/user/1000/sway-ipc.1000.7.sock"), Optional.empty());
		ProcessBuilder builder = WaylandClientLauncher.builder(target, List.of("gedit", "--new-window"));
		assertThat(builder.command()).containsExactly("gedit", "--new-window");
		assertThat(builder.environment()).containsEntry("WAYLAND_DISPLAY", "wayland-1")
			.containsEntry("XDG_RUNTIME_DIR", "/run/user/1000")
			.containsEntry("SWAYSOCK", "/run/user/1000/sway-ipc.1000.7.sock")
			.doesNotContainKey("DISPLAY");
		WaylandClientLauncher.Target withX = new WaylandClientLauncher.Target(Path.of("/run/user/1000"), "wayland-1",
				Map.of("DISPLAY", ":0"), Optional.empty());
		assertThat(WaylandClientLauncher.builder(withX, List.of("xterm")).environment()).containsEntry("DISPLAY", ":0");
	}

	@Test
	void rootRunsChildrenAsTheCompositorsUser() {
		WaylandClientLauncher.Target target = new WaylandClientLauncher.Target(Path.of("/tmp/rt"), "wayland-1",
				Map.of(), Optional.of(new WaylandClientLauncher.User(65534, 65534, Optional.empty(), false)));
		assertThat(WaylandClientLauncher.builder(target, List.of("wl-paste", "-n")).command())
			.containsExactly("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--", "wl-paste", "-n");
		WaylandClientLauncher.Target known = new WaylandClientLauncher.Target(Path.of("/tmp/rt"), "wayland-1", Map.of(),
				Optional.of(new WaylandClientLauncher.User(1000, 1000, Optional.of("/home/ada"), true)));
		ProcessBuilder builder = WaylandClientLauncher.builder(known, List.of("foot"));
		assertThat(builder.command()).contains("--init-groups");
		assertThat(builder.environment()).containsEntry("HOME", "/home/ada");
	}

	@Test
	void theUserToSwitchToIsTheRuntimeDirectorysOwnerAndOnlyForRoot(@TempDir Path dir) throws IOException {
		long owner = ((Number) Files.getAttribute(dir, "unix:uid")).longValue();
		Path passwd = Files.writeString(dir.resolve("passwd"),
				"root:x:0:0:root:/root:/bin/bash\nada:x:" + owner + ":" + owner + ":Ada:" + dir + ":/bin/sh\n");
		// the directory is this process's own: nothing to switch
		assertThat(WaylandClientLauncher.User.switchTo(dir, owner, passwd)).isEmpty();
		// only root can switch
		assertThat(WaylandClientLauncher.User.switchTo(dir, 4242, passwd)).isEmpty();
		if (owner != 0) {
			assertThat(WaylandClientLauncher.User.switchTo(dir, 0, passwd))
				.contains(new WaylandClientLauncher.User(owner, owner, Optional.of(dir.toString()), true));
		}
		assertThat(WaylandClientLauncher.ownUid()).isGreaterThanOrEqualTo(0);
	}

}
