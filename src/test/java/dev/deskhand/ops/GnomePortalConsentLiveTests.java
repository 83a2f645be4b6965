package dev.deskhand.ops;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import dev.deskhand.DeskhandApplication;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.testing.GnomePortalDialog;
import dev.deskhand.testing.GnomeSession;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole application on GNOME's portal path ({@code deskhand.gnome.api=portal},
 * capture only): start-up shows the desktop's "Screen Share" dialog, a person answers it
 * ({@link GnomePortalDialog}), and the audit file then holds the consent as an
 * {@code approval-granted} record by the person at the desk, through the portal.
 */
class GnomePortalConsentLiveTests {

	@TempDir
	Path state;

	@BeforeEach
	void startPortal() {
		GnomeSession.shared().startPortal();
	}

	@AfterEach
	void stopPortal() {
		GnomeSession.shared().stopPortal();
	}

	@Test
	void thePersonsConsentInThePortalsDialogIsAnApprovalInTheAudit() throws Exception {
		GnomeSession session = GnomeSession.shared();
		Map<String, String> environment = session.clientEnvironment();
		List<String> arguments = new ArrayList<>(List.of("--server.port=0", "--management.server.port=0",
				"--deskhand.platform.os=linux", "--deskhand.platform.display-server=wayland",
				"--XDG_CURRENT_DESKTOP=GNOME", "--deskhand.gnome.api=portal", "--deskhand.gnome.portal.input=false",
				"--deskhand.gnome.portal.consent-timeout=30s", "--deskhand.state-dir=" + this.state));
		for (String name : List.of("WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "DBUS_SESSION_BUS_ADDRESS")) {
			arguments.add("--" + name + "=" + environment.get(name));
		}
		CompletableFuture<ConfigurableApplicationContext> starting = CompletableFuture.supplyAsync(
				() -> new SpringApplicationBuilder(DeskhandApplication.class).run(arguments.toArray(String[]::new)));
		try {
			GnomePortalDialog.approve(session, java.time.Duration.ofSeconds(60));
		}
		catch (AssertionError | RuntimeException ex) {
			try {
				GnomePortalDialog.cancelAll(session);
			}
			catch (AssertionError | RuntimeException cleanup) {
				ex.addSuppressed(cleanup);
			}
			throw ex;
		}
		try (ConfigurableApplicationContext context = starting.get(60, TimeUnit.SECONDS)) {
			assertThat(context.getBean(DesktopDriver.class).target()).contains("xdg-desktop-portal");
			List<String> records = Files.readAllLines(this.state.resolve("audit.jsonl"));
			assertThat(records).filteredOn((line) -> line.contains("\"approval-granted\""))
				.singleElement()
				.satisfies((line) -> assertThat(line).contains("\"principal\":\"human\"")
					.contains("\"by\":\"desktop-dialog\"")
					.contains("\"channel\":\"xdg-desktop-portal\"")
					.contains("\"portal\":\"org.freedesktop.portal.ScreenCast\""));
			assertThat(this.state.resolve("gnome-portal-tokens")).exists();
		}
	}

}
