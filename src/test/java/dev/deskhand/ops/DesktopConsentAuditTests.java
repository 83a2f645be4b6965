package dev.deskhand.ops;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.audit.AuditEvent;
import org.springframework.boot.actuate.audit.listener.AuditApplicationEvent;

import dev.deskhand.audit.AuditProperties;
import dev.deskhand.audit.AuditTrail;
import dev.deskhand.platform.DesktopConsent;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A consent the desktop's own dialog gave (the xdg-desktop-portal's, on GNOME) is an
 * approval in the audit: who granted what, through which portal and version, and whether
 * a kept restore token stood in for the dialog.
 */
class DesktopConsentAuditTests {

	private final List<AuditEvent> events = new CopyOnWriteArrayList<>();

	private final AuditTrail audit = new AuditTrail(new AuditProperties(false, null), (event) -> {
		if (event instanceof AuditApplicationEvent audited) {
			this.events.add(audited.getAuditEvent());
		}
	}, Clock.systemUTC());

	@Test
	void aDialogsConsentIsAnApprovalGrantedByThePersonAtTheDesktop() {
		new OpsConfiguration().auditDesktopConsents(this.audit)
			.granted(new DesktopConsent("org.freedesktop.portal.RemoteDesktop", 1, false, false,
					List.of("keyboard", "pointer"), List.of("Meta-0", "Meta-1")));
		assertThat(this.events).singleElement().satisfies((event) -> {
			assertThat(event.getType()).isEqualTo("approval-granted");
			assertThat(event.getPrincipal()).isEqualTo("human");
			assertThat(event.getData()).containsEntry("by", "desktop-dialog")
				.containsEntry("channel", "xdg-desktop-portal")
				.containsEntry("portal", "org.freedesktop.portal.RemoteDesktop")
				.containsEntry("portal_version", 1)
				.containsEntry("remembered", false)
				.containsEntry("devices", List.of("keyboard", "pointer"))
				.containsEntry("displays", List.of("Meta-0", "Meta-1"));
		});
	}

	@Test
	void aRestoredSessionSaysTheTokenStoodInForTheDialog() {
		new OpsConfiguration().auditDesktopConsents(this.audit)
			.granted(new DesktopConsent("org.freedesktop.portal.ScreenCast", 4, true, true, List.of(),
					List.of("Meta-0")));
		assertThat(this.events).singleElement()
			.satisfies((event) -> assertThat(event.getData()).containsEntry("by", "restore-token")
				.containsEntry("remembered", true));
	}

}
