package dev.deskhand.platform.linux.wayland.wire;

import dev.deskhand.platform.linux.wayland.screencopy.WaylandOutputInfo;
import dev.deskhand.platform.linux.wayland.screencopy.WaylandOutputs;
import dev.deskhand.platform.linux.wayland.screencopy.WaylandShm;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.deskhand.testing.SwaySession;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The wire client against a real headless sway. */
class WaylandConnectionLiveTests {

	static WaylandConnection connect(SwaySession sway) {
		return WaylandConnection.open(sway.runtimeDir().resolve(sway.waylandDisplay()), Duration.ofSeconds(5));
	}

	@Test
	void listsTheGlobalsTheDriverNeedsAndRoundtrips() {
		SwaySession sway = SwaySession.shared();
		try (WaylandConnection connection = connect(sway)) {
			WaylandRegistry registry = connection.registry();
			assertThat(registry.globals()).extracting(WaylandRegistryGlobal::interfaceName)
				.contains("wl_compositor", "wl_shm", "wl_seat", "zwlr_screencopy_manager_v1",
						"zwlr_virtual_pointer_manager_v1", "zwp_virtual_keyboard_manager_v1");
			assertThat(registry.globals("wl_output")).hasSize(2);
			assertThat(registry.missingDriverGlobals()).isEmpty();
			assertThat(registry.find("zwlr_screencopy_manager_v1").orElseThrow().version()).isBetween(1, 3);
			for (int i = 0; i < 20; i++) {
				connection.roundtrip();
			}
			assertThat(connection.isClosed()).isFalse();
		}
	}

	@Test
	void outputsAreFoundByTheirConnectorNames() {
		SwaySession sway = SwaySession.shared();
		try (WaylandConnection connection = connect(sway)) {
			WaylandOutputs outputs = WaylandOutputs.bind(connection);
			WaylandOutputInfo first = outputs.byName("HEADLESS-1").orElseThrow().snapshot();
			assertThat(first.width()).isEqualTo(1920);
			assertThat(first.height()).isEqualTo(1080);
			assertThat(first.scale()).as("1.25 rounded up").isEqualTo(2);
			assertThat(first.done()).isTrue();
			WaylandOutputInfo second = outputs.byName("HEADLESS-2").orElseThrow().snapshot();
			assertThat(second.width()).isEqualTo(1280);
			assertThat(second.height()).isEqualTo(1024);
			assertThat(second.scale()).isEqualTo(1);
			assertThat(outputs.byName("HEADLESS-9")).isEmpty();
		}
	}

	@Test
	void aDescriptorMayBeClosedAsSoonAsItsRequestWasSent() {
		SwaySession sway = SwaySession.shared();
		try (WaylandConnection connection = connect(sway)) {
			WaylandShm shm = WaylandShm.bind(connection);
			WaylandWireObject pool = connection.newObject("wl_shm_pool", 1, WaylandWireHandler.IGNORE);
			try (WaylandShmFile file = WaylandShmFile.create("deskhand-test", 4096)) {
				connection.request(shm.object(), 0).newId(pool).fd(file.fd()).intArg(4096).send();
			}
			WaylandWireObject buffer = connection.newObject("wl_buffer", 1, WaylandWireHandler.IGNORE);
			connection.request(pool, 0).newId(buffer).intArg(0).intArg(32).intArg(32).intArg(128).uint(1).send();
			// the compositor got a valid pool: it accepts a buffer in it
			connection.roundtrip();
			assertThat(connection.isClosed()).isFalse();
		}
	}

	@Test
	void aRequestTheCompositorRejectsIsAProtocolErrorNamingTheObject() {
		SwaySession sway = SwaySession.shared();
		try (WaylandConnection connection = connect(sway)) {
			WaylandShm shm = WaylandShm.bind(connection);
			connection.roundtrip();
			// a pool of negative size: wl_shm error invalid_stride
			try (WaylandShmFile file = WaylandShmFile.create("deskhand-test", 4096)) {
				WaylandWireObject pool = connection.newObject("wl_shm_pool", 1, WaylandWireHandler.IGNORE);
				connection.request(shm.object(), 0).newId(pool).fd(file.fd()).intArg(-1).send();
				assertThatThrownBy(connection::roundtrip).isInstanceOf(WaylandConnectionException.class)
					.hasMessageStartingWith("the Wayland compositor ended the connection: error ")
					.hasMessageContaining("on wl_shm@");
			}
			assertThat(connection.isClosed()).isTrue();
		}
	}

}
