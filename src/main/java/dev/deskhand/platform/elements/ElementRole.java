package dev.deskhand.platform.elements;

import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What an element is, in one vocabulary for every platform: AT-SPI's role names
 * ({@code "push button"}, {@code "check box"}, {@code "entry"}), which agents and tests
 * rely on. The constants are in AT-SPI's order, so an AT-SPI role number is an ordinal;
 * other platforms map their roles (UI Automation control types, AX roles) onto these.
 */
public enum ElementRole {

	INVALID("invalid", false),

	ACCELERATOR_LABEL("accelerator label", false),

	ALERT("alert", false),

	ANIMATION("animation", false),

	ARROW("arrow", false),

	CALENDAR("calendar", false),

	CANVAS("canvas", false),

	CHECK_BOX("check box", true),

	CHECK_MENU_ITEM("check menu item", true),

	COLOR_CHOOSER("color chooser", false),

	COLUMN_HEADER("column header", false),

	COMBO_BOX("combo box", true),

	DATE_EDITOR("date editor", false),

	DESKTOP_ICON("desktop icon", false),

	DESKTOP_FRAME("desktop frame", false),

	DIAL("dial", false),

	DIALOG("dialog", false),

	DIRECTORY_PANE("directory pane", false),

	DRAWING_AREA("drawing area", false),

	FILE_CHOOSER("file chooser", false),

	FILLER("filler", false),

	FOCUS_TRAVERSABLE("focus traversable", false),

	FONT_CHOOSER("font chooser", false),

	FRAME("frame", false),

	GLASS_PANE("glass pane", false),

	HTML_CONTAINER("html container", false),

	ICON("icon", false),

	IMAGE("image", false),

	INTERNAL_FRAME("internal frame", false),

	LABEL("label", false),

	LAYERED_PANE("layered pane", false),

	LIST("list", false),

	LIST_ITEM("list item", true),

	MENU("menu", true),

	MENU_BAR("menu bar", false),

	MENU_ITEM("menu item", true),

	OPTION_PANE("option pane", false),

	PAGE_TAB("page tab", true),

	PAGE_TAB_LIST("page tab list", false),

	PANEL("panel", false),

	PASSWORD_TEXT("password text", true),

	POPUP_MENU("popup menu", false),

	PROGRESS_BAR("progress bar", false),

	PUSH_BUTTON("push button", true),

	RADIO_BUTTON("radio button", true),

	RADIO_MENU_ITEM("radio menu item", true),

	ROOT_PANE("root pane", false),

	ROW_HEADER("row header", false),

	SCROLL_BAR("scroll bar", true),

	SCROLL_PANE("scroll pane", false),

	SEPARATOR("separator", false),

	SLIDER("slider", true),

	SPIN_BUTTON("spin button", true),

	SPLIT_PANE("split pane", false),

	STATUS_BAR("status bar", false),

	TABLE("table", false),

	TABLE_CELL("table cell", true),

	TABLE_COLUMN_HEADER("table column header", false),

	TABLE_ROW_HEADER("table row header", false),

	TEAROFF_MENU_ITEM("tearoff menu item", false),

	TERMINAL("terminal", false),

	TEXT("text", true),

	TOGGLE_BUTTON("toggle button", true),

	TOOL_BAR("tool bar", false),

	TOOL_TIP("tool tip", false),

	TREE("tree", false),

	TREE_TABLE("tree table", false),

	UNKNOWN("unknown", false),

	VIEWPORT("viewport", false),

	WINDOW("window", false),

	EXTENDED("extended", false),

	HEADER("header", false),

	FOOTER("footer", false),

	PARAGRAPH("paragraph", false),

	RULER("ruler", false),

	APPLICATION("application", false),

	AUTOCOMPLETE("autocomplete", true),

	EDITBAR("editbar", false),

	EMBEDDED("embedded", false),

	ENTRY("entry", true),

	CHART("chart", false),

	CAPTION("caption", false),

	DOCUMENT_FRAME("document frame", false),

	HEADING("heading", false),

	PAGE("page", false),

	SECTION("section", false),

	REDUNDANT_OBJECT("redundant object", false),

	FORM("form", false),

	LINK("link", true),

	INPUT_METHOD_WINDOW("input method window", false),

	TABLE_ROW("table row", false),

	TREE_ITEM("tree item", true),

	DOCUMENT_SPREADSHEET("document spreadsheet", false),

	DOCUMENT_PRESENTATION("document presentation", false),

	DOCUMENT_TEXT("document text", false),

	DOCUMENT_WEB("document web", false),

	DOCUMENT_EMAIL("document email", false),

	COMMENT("comment", false),

	LIST_BOX("list box", false),

	GROUPING("grouping", false),

	IMAGE_MAP("image map", false),

	NOTIFICATION("notification", false),

	INFO_BAR("info bar", false),

	LEVEL_BAR("level bar", false),

	TITLE_BAR("title bar", false),

	BLOCK_QUOTE("block quote", false),

	AUDIO("audio", false),

	VIDEO("video", false),

	DEFINITION("definition", false),

	ARTICLE("article", false),

	LANDMARK("landmark", false),

	LOG("log", false),

	MARQUEE("marquee", false),

	MATH("math", false),

	RATING("rating", false),

	TIMER("timer", false),

	STATIC("static", false),

	MATH_FRACTION("math fraction", false),

	MATH_ROOT("math root", false),

	SUBSCRIPT("subscript", false),

	SUPERSCRIPT("superscript", false),

	DESCRIPTION_LIST("description list", false),

	DESCRIPTION_TERM("description term", false),

	DESCRIPTION_VALUE("description value", false),

	FOOTNOTE("footnote", false),

	CONTENT_DELETION("content deletion", false),

	CONTENT_INSERTION("content insertion", false),

	MARK("mark", false),

	SUGGESTION("suggestion", false),

	PUSH_BUTTON_MENU("push button menu", true);

	private static final Map<String, ElementRole> BY_SPELLING = Stream.of(values())
		.collect(Collectors.toUnmodifiableMap(ElementRole::spelling, Function.identity()));

	private final String spelling;

	private final boolean interactive;

	ElementRole(String spelling, boolean interactive) {
		this.spelling = spelling;
		this.interactive = interactive;
	}

	/** The role's name as agents see it, e.g. {@code "push button"}. */
	public String spelling() {
		return this.spelling;
	}

	/**
	 * Whether an element of this role is something a person acts on (presses, types into,
	 * picks, toggles): what {@code list_elements} keeps even without a name.
	 */
	public boolean interactive() {
		return this.interactive;
	}

	/**
	 * The role named by its spelling ({@code "push button"}), case-insensitive, with
	 * {@code _} or {@code -} for spaces too; {@code null} when there is none.
	 */
	public static ElementRole bySpelling(String name) {
		if (name == null) {
			return null;
		}
		String spelling = name.strip().toLowerCase(Locale.ROOT).replace('_', ' ').replace('-', ' ');
		return BY_SPELLING.get(spelling);
	}

}
