package dev.deskhand.platform.windows.uia;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementList;
import dev.deskhand.platform.elements.ElementQuery;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.elements.ElementState;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The driver over a recorded UI Automation tree: what it lists, how it finds an element
 * again before acting, and what each failure answers. The COM layer beneath it needs
 * Windows and is not run here.
 */
class UiaAccessibilityDriverTests {

	private static final long NOTEPAD_WINDOW = 0x000a0b2cL;

	private static final long CALC_WINDOW = 0x000c0d3eL;

	private static final WindowInfo NOTEPAD = new WindowInfo(NOTEPAD_WINDOW, "Untitled - Notepad", "Notepad", "",
			"notepad.exe", 4242, new Rect(1920, 0, 1280, 960), true);

	private final RecordedTree tree = new RecordedTree();

	private final UiaAccessibilityDriver driver = new UiaAccessibilityDriver(this.tree, Duration.ofSeconds(2));

	@Test
	void aWindowsElementsAreListedFilteredAndTruncated() {
		ElementList all = this.driver.list(query(NOTEPAD, null, Set.of(), null, 100));
		assertThat(all.elements()).extracting(Element::name).containsExactly("Save", "File name:", "Secret", "Bold");
		assertThat(all.truncated()).isFalse();
		assertThat(all.elements().get(0).app().name()).isEqualTo("notepad");
		assertThat(this.tree.showingOnly).containsExactly(true);

		ElementList buttons = this.driver.list(query(NOTEPAD, null, Set.of(ElementRole.PUSH_BUTTON), null, 100));
		assertThat(buttons.elements()).extracting(Element::name).containsExactly("Save");

		ElementList named = this.driver.list(query(NOTEPAD, null, Set.of(), "NAME", 100));
		assertThat(named.elements()).extracting(Element::name).containsExactly("File name:");

		ElementList two = this.driver.list(query(NOTEPAD, null, Set.of(), null, 2));
		assertThat(two.elements()).hasSize(2);
		assertThat(two.truncated()).isTrue();

		ElementList four = this.driver.list(query(NOTEPAD, null, Set.of(), null, 4));
		assertThat(four.truncated()).as("exactly the maximum, nothing left").isFalse();
	}

	@Test
	void everyWindowIsListedAndOneThatDoesNotAnswerIsANote() {
		this.tree.failing.put(CALC_WINDOW, UiaErrors.UIA_E_TIMEOUT);
		ElementList list = this.driver.list(query(null, null, Set.of(), null, 100));
		assertThat(list.elements()).extracting(Element::name).contains("Save");
		assertThat(list.notes()).singleElement()
			.asString()
			.contains("'Calculator'", "calc", "did not answer within PT2S", "left out");
	}

	@Test
	void aWindowThatClosedWhileTheDesktopWasListedIsLeftOut() {
		this.tree.failing.put(CALC_WINDOW, UiaErrors.UIA_E_ELEMENTNOTAVAILABLE);
		ElementList list = this.driver.list(query(null, null, Set.of(), null, 100));
		assertThat(list.elements()).hasSize(4);
		assertThat(list.notes()).isEmpty();
	}

	@Test
	void anAppFilterKeepsOnlyItsWindowsByExecutableName() {
		ElementList calc = this.driver.list(query(null, "calc.exe", Set.of(), null, 100));
		assertThat(calc.elements()).extracting(Element::name).containsExactly("Equals");
		assertThat(this.driver.list(query(null, "CALC", Set.of(), null, 100)).elements()).hasSize(1);
	}

	@Test
	void theListedWindowNotAnsweringIsATimeout() {
		this.tree.failing.put(NOTEPAD_WINDOW, UiaErrors.UIA_E_TIMEOUT);
		assertThatExceptionOfType(DeskhandException.class)
			.isThrownBy(() -> this.driver.list(query(NOTEPAD, null, Set.of(), null, 100)))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_TIMEOUT))
			.withMessageContaining("did not answer within PT2S");
	}

	@Test
	void aListedWindowThatIsGoneIsANote() {
		this.tree.failing.put(NOTEPAD_WINDOW, UiaErrors.UIA_E_ELEMENTNOTAVAILABLE);
		ElementList list = this.driver.list(query(NOTEPAD, null, Set.of(), null, 100));
		assertThat(list.elements()).isEmpty();
		assertThat(list.notes()).singleElement().asString().contains("Untitled - Notepad");
	}

	@Test
	void anActionRunsByItsNameOnTheElementFoundAgainByRuntimeId() {
		Element bold = named("Bold");
		assertThat(bold.actions()).containsExactly("toggle");
		assertThat(this.driver.doAction(bold, 0)).isTrue();
		assertThat(this.tree.acts).containsExactly("4242 [42, 4] toggle");
		assertThat(this.driver.grabFocus(named("Save"))).isTrue();
		assertThat(this.tree.acts).last().isEqualTo("4242 [42, 1] focus");
	}

	@Test
	void anActionOnAnElementThatIsGoneAsksToListAgain() {
		Element save = named("Save");
		this.tree.remove("Save");
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> this.driver.doAction(save, 0))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_NOT_FOUND))
			.withMessageContaining("stale ref, list again");
		assertThat(this.driver.refresh(save)).isEmpty();
	}

	@Test
	void anActionIndexOutsideTheListOrAnElementWithoutActionsIsRefused() {
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> this.driver.doAction(named("Save"), 1))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_ARGS))
			.withMessageContaining("[invoke]");
		Element label = named("File name:");
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> this.driver.doAction(label, 0))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED));
		assertThat(this.tree.acts).isEmpty();
	}

	@Test
	void anApplicationHungDuringAnActionIsATimeout() {
		this.tree.actFailure = UiaErrors.UIA_E_TIMEOUT;
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> this.driver.doAction(named("Save"), 0))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_TIMEOUT));
	}

	@Test
	void refreshReadsAgainAndAnElementNowOfAnotherRoleIsGone() {
		Element save = named("Save");
		this.tree.rename("Save", "Save As");
		assertThat(this.driver.refresh(save)).map(Element::name).contains("Save As");
		this.tree.retype("Save As", 50004);
		assertThat(this.driver.refresh(save)).isEmpty();
		this.tree.findFailure = UiaErrors.UIA_E_ELEMENTNOTAVAILABLE;
		assertThat(this.driver.refresh(save)).isEmpty();
	}

	@Test
	void setTextSetsTheValueEvenOfAPasswordButNeverReadsOne() {
		Element secret = named("Secret");
		assertThat(secret.secret()).isTrue();
		assertThat(this.driver.setText(secret, "hunter2")).isTrue();
		assertThat(this.tree.values).containsExactly("hunter2");
		assertThat(this.driver.readText(secret)).isEmpty();
		assertThat(this.tree.textReads).isZero();
		assertThat(this.driver.readText(named("File name:"))).contains("notes.txt");
		assertThat(this.tree.textReads).isOne();
	}

	@Test
	void setTextOnAnElementWithoutASettableValueIsRefused() {
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> this.driver.setText(named("Save"), "x"))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED));
		assertThat(this.tree.values).isEmpty();
	}

	@Test
	void theHitTestPicksTheNearestAncestorWithAnActionInsideTheWindow() {
		// the text of a button, the button, a pane, the window
		Map<Integer, Object> text = element(7, "Save", 50020, false);
		this.tree.chain = List.of(UiaSnapshot.of(text), this.tree.snapshot("Save"),
				UiaSnapshot.of(element(8, "", 50033, false)), UiaSnapshot.of(window(NOTEPAD_WINDOW, 4242, "Notepad")));
		assertThat(this.driver.elementAt(new Point(2050, 310), NOTEPAD)).map(Element::role)
			.contains(ElementRole.PUSH_BUTTON);
		this.tree.chain = List.of(UiaSnapshot.of(text), UiaSnapshot.of(window(CALC_WINDOW, 77, "Calculator")));
		assertThat(this.driver.elementAt(new Point(2050, 310), NOTEPAD)).as("another window is on top").isEmpty();
		assertThat(this.driver.elementAt(new Point(10, 10), NOTEPAD)).as("outside the window").isEmpty();
	}

	@Test
	void withoutUiAutomationEveryCallSaysWhy() {
		this.tree.unavailable = "UI Automation could not be created (CoCreateInstance of CUIAutomation): REGDB_E_CLASSNOTREG";
		assertThat(this.driver.status().available()).isFalse();
		assertThat(this.driver.status().detail()).contains("CoCreateInstance");
		assertThatExceptionOfType(DeskhandException.class)
			.isThrownBy(() -> this.driver.list(query(NOTEPAD, null, Set.of(), null, 10)))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED))
			.withMessageContaining("REGDB_E_CLASSNOTREG");
		this.tree.unavailable = null;
		assertThat(this.driver.status().available()).isTrue();
		assertThat(this.driver.name()).isEqualTo("uia");
	}

	private Element named(String name) {
		return this.driver.list(query(NOTEPAD, null, Set.of(), null, 100))
			.elements()
			.stream()
			.filter((element) -> element.name().equals(name))
			.findFirst()
			.orElseThrow();
	}

	private static ElementQuery query(WindowInfo window, String app, Set<ElementRole> roles, String name, int max) {
		return new ElementQuery(window, app, roles, name, null, Set.of(), true, false, max);
	}

	private static Map<Integer, Object> element(int id, String name, int controlType, boolean invoke) {
		Map<Integer, Object> properties = new HashMap<>(UiaFixtures.saveButton());
		properties.put(UiaIds.RUNTIME_ID, new int[] { 42, id });
		properties.put(UiaIds.NAME, name);
		properties.put(UiaIds.CONTROL_TYPE, controlType);
		properties.put(UiaIds.IS_INVOKE_PATTERN_AVAILABLE, invoke);
		return properties;
	}

	private static Map<Integer, Object> window(long hwnd, int pid, String name) {
		Map<Integer, Object> properties = element((int) hwnd, name, 50032, false);
		properties.put(UiaIds.NATIVE_WINDOW_HANDLE, (int) hwnd);
		properties.put(UiaIds.PROCESS_ID, pid);
		return properties;
	}

	/** Notepad (pid 4242) with four elements and Calculator (pid 77) with one. */
	private static final class RecordedTree implements UiaTree {

		final Map<Long, List<Map<Integer, Object>>> windows = new HashMap<>();

		final Map<Long, Integer> failing = new HashMap<>();

		final List<Boolean> showingOnly = new ArrayList<>();

		final List<String> acts = new ArrayList<>();

		final List<String> values = new ArrayList<>();

		int textReads;

		Integer actFailure;

		Integer findFailure;

		String unavailable;

		List<UiaSnapshot> chain = List.of();

		RecordedTree() {
			Map<Integer, Object> edit = element(2, "File name:", 50004, false);
			edit.put(UiaIds.IS_VALUE_PATTERN_AVAILABLE, true);
			edit.put(UiaIds.VALUE_VALUE, "notes.txt");
			Map<Integer, Object> secret = element(3, "Secret", 50004, false);
			secret.put(UiaIds.IS_VALUE_PATTERN_AVAILABLE, true);
			secret.put(UiaIds.IS_PASSWORD, true);
			Map<Integer, Object> bold = element(4, "Bold", 50002, false);
			bold.put(UiaIds.IS_TOGGLE_PATTERN_AVAILABLE, true);
			Map<Integer, Object> hidden = element(5, "Hidden", 50000, true);
			hidden.put(UiaIds.IS_OFFSCREEN, true);
			this.windows.put(NOTEPAD_WINDOW,
					new ArrayList<>(List.of(element(1, "Save", 50000, true), edit, secret, bold, hidden)));
			Map<Integer, Object> equals = element(9, "Equals", 50000, true);
			equals.put(UiaIds.PROCESS_ID, 77);
			this.windows.put(CALC_WINDOW, new ArrayList<>(List.of(equals)));
		}

		UiaSnapshot snapshot(String name) {
			return UiaSnapshot.of(byName(name));
		}

		void remove(String name) {
			this.windows.values().forEach((elements) -> elements.remove(byName(name)));
		}

		void rename(String name, String now) {
			byName(name).put(UiaIds.NAME, now);
		}

		void retype(String name, int controlType) {
			byName(name).put(UiaIds.CONTROL_TYPE, controlType);
		}

		private Map<Integer, Object> byName(String name) {
			return this.windows.values()
				.stream()
				.flatMap(List::stream)
				.filter((element) -> name.equals(element.get(UiaIds.NAME)))
				.findFirst()
				.orElseThrow();
		}

		@Override
		public String unavailable() {
			return this.unavailable;
		}

		@Override
		public List<UiaSnapshot> topLevels() {
			return List.of(UiaSnapshot.of(window(NOTEPAD_WINDOW, 4242, "Untitled - Notepad")),
					UiaSnapshot.of(window(CALC_WINDOW, 77, "Calculator")));
		}

		@Override
		public List<UiaSnapshot> descendants(long hwnd, boolean showingOnly) {
			this.showingOnly.add(showingOnly);
			if (this.failing.containsKey(hwnd)) {
				throw new UiaComException("FindAllBuildCache", this.failing.get(hwnd));
			}
			return this.windows.get(hwnd)
				.stream()
				.map(UiaSnapshot::of)
				.filter((snapshot) -> !showingOnly || !snapshot.offscreen())
				.toList();
		}

		@Override
		public Optional<UiaSnapshot> find(long pid, List<Integer> runtimeId) {
			if (this.findFailure != null) {
				throw new UiaComException("FindFirstBuildCache", this.findFailure);
			}
			return this.windows.values()
				.stream()
				.flatMap(List::stream)
				.map(UiaSnapshot::of)
				.filter((snapshot) -> snapshot.processId() == pid && snapshot.runtimeId().equals(runtimeId))
				.findFirst();
		}

		@Override
		public List<UiaSnapshot> chainAt(int x, int y, int maxDepth) {
			return this.chain;
		}

		@Override
		public boolean act(long pid, List<Integer> runtimeId, String action) {
			if (this.actFailure != null) {
				throw new UiaComException("Invoke", this.actFailure);
			}
			if (find(pid, runtimeId).isEmpty()) {
				return false;
			}
			this.acts.add(pid + " " + runtimeId + " " + action);
			return true;
		}

		@Override
		public boolean setValue(long pid, List<Integer> runtimeId, String value) {
			if (find(pid, runtimeId).isEmpty()) {
				return false;
			}
			this.values.add(value);
			return true;
		}

		@Override
		public Optional<String> text(long pid, List<Integer> runtimeId) {
			this.textReads++;
			return find(pid, runtimeId).map(UiaSnapshot::value);
		}

		@Override
		public String executable(long pid) {
			return (pid == 4242) ? "C:\\Windows\\System32\\notepad.exe"
					: "C:\\Program Files\\WindowsApps\\Microsoft.WindowsCalculator\\calc.exe";
		}

	}

}
