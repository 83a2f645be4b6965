package dev.deskhand.approval;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code deskhand.approval.*}.
 *
 * @param policies allow | ask | deny per capability; unset capabilities keep the defaults
 * (observe allow; pointer, keyboard, launch, clipboard ask; system-keys deny)
 * @param grantTtl how long a session-wide "yes" lasts
 * @param askTimeout an unanswered ask becomes a deny after this long
 * @param sessionIdle a session unseen this long ends: its grants and input lease go
 * @param systemKeys chords classified as system keys (compared after alias resolution, so
 * {@code ctrl+alt+Delete} also matches {@code control+alt+delete}); an F-key range is
 * written {@code ctrl+alt+F1-F12}
 */
@ConfigurationProperties("deskhand.approval")
public record ApprovalProperties(Map<Capability, Policy> policies, @DefaultValue("30m") Duration grantTtl,
		@DefaultValue("2m") Duration askTimeout, @DefaultValue("30m") Duration sessionIdle, @DefaultValue( {
				"ctrl+alt+Delete", "ctrl+alt+BackSpace", "ctrl+alt+F1-F12", "ctrl+alt+Escape", "super+l", "ctrl+alt+l",
				"alt+F4", "alt+F2", "ctrl+shift+Escape", "alt+Print" }) List<String> systemKeys){

	static final Map<Capability, Policy> DEFAULTS = Map.of(Capability.OBSERVE, Policy.ALLOW, Capability.POINTER,
			Policy.ASK, Capability.KEYBOARD, Policy.ASK, Capability.SYSTEM_KEYS, Policy.DENY, Capability.CLIPBOARD_READ,
			Policy.ASK, Capability.CLIPBOARD_WRITE, Policy.ASK, Capability.LAUNCH, Policy.ASK);

	public ApprovalProperties {
		Map<Capability, Policy> merged = new EnumMap<>(DEFAULTS);
		if (policies != null) {
			merged.putAll(policies);
		}
		policies = Map.copyOf(merged);
		systemKeys = List.copyOf(systemKeys);
		if (askTimeout.isNegative() || askTimeout.isZero()) {
			throw new IllegalArgumentException("deskhand.approval.ask-timeout must be positive");
		}
	}

	public Policy policy(Capability capability) {
		return this.policies.get(capability);
	}

}
