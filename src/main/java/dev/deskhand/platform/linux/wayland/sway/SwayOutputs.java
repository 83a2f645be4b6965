package dev.deskhand.platform.linux.wayland.sway;

import dev.deskhand.platform.linux.wayland.layout.WaylandLayout;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import tools.jackson.databind.JsonNode;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * sway's outputs as a {@link WaylandLayout}, read with GET_OUTPUTS and kept until sway
 * says they changed.
 *
 * <p>
 * The screen code reads the displays on every call to refuse coordinates from a
 * screenshot taken before the layout changed. Where sway sends {@code output} events
 * (hot-plug, a mode, scale, position or transform change; sway 1.8 and later) the cached
 * layout is served until one comes, and read again after it and whenever the stream is
 * down (then nothing would say it is stale). sway 1.7 refuses that subscription: then
 * every call reads GET_OUTPUTS, one round trip of well under a millisecond. Either way
 * {@link #generation()} counts the layouts seen, a cheap "has it changed" for anyone
 * caching something derived from it. Thread-safe.
 */
public final class SwayOutputs implements SwayEvents.Listener {

	/** Transforms that turn the output a quarter: its mode's width is its height. */
	private static final Set<String> QUARTER_TURNS = Set.of("90", "270", "flipped-90", "flipped-270");

	private final SwayIpc ipc;

	/** Bumped by every output event and every (re)subscription. */
	private final AtomicLong changes = new AtomicLong(1);

	/** Bumped whenever a read gives a layout different from the one before. */
	private final AtomicLong generation = new AtomicLong();

	private volatile SwayEvents events;

	private volatile Cached cached;

	private record Cached(long change, WaylandLayout layout) {
	}

	public SwayOutputs(SwayIpc ipc) {
		this.ipc = ipc;
	}

	/**
	 * Subscribes to {@code output} events on a connection of its own, so that
	 * {@link #layout()} can serve the cached layout.
	 */
	public SwayOutputs watch() {
		this.events = SwayEvents.start(this.ipc.socket(), List.of("output"), this.ipc.callTimeout(), this);
		return this;
	}

	/**
	 * The current layout: cached while sway has said nothing about outputs since it was
	 * read.
	 * @throws DeskhandException E_NO_DESKTOP when sway reports no active output
	 */
	public WaylandLayout layout() {
		long change = this.changes.get();
		Cached current = this.cached;
		SwayEvents stream = this.events;
		boolean trusted = stream != null && stream.subscribed();
		if (trusted && current != null && current.change() == change) {
			return current.layout();
		}
		// the change count is taken before the read: an event during the read bumps it
		// again, and the next call reads once more
		WaylandLayout layout = parse(this.ipc.outputs());
		synchronized (this) {
			Cached previous = this.cached;
			if (previous == null || !previous.layout().equals(layout)) {
				this.generation.incrementAndGet();
			}
			this.cached = new Cached(change, layout);
		}
		return layout;
	}

	/**
	 * How many different layouts {@link #layout()} has read: when it moved, the layout
	 * changed in between.
	 */
	public long generation() {
		return this.generation.get();
	}

	/** Whether sway tells of output changes (else every {@link #layout()} reads anew). */
	public boolean eventsTell() {
		SwayEvents stream = this.events;
		return stream != null && stream.subscribed();
	}

	@Override
	public void connected() {
		this.changes.incrementAndGet();
	}

	@Override
	public void event(String name, JsonNode body) {
		this.changes.incrementAndGet();
	}

	@Override
	public void lost(DeskhandException reason) {
		this.changes.incrementAndGet();
	}

	public void close() {
		SwayEvents stream = this.events;
		if (stream != null) {
			stream.close();
		}
	}

	/**
	 * The active outputs of a GET_OUTPUTS reply. Disabled outputs (and outputs sway lists
	 * without a mode) are left out: nothing is shown there.
	 * @throws DeskhandException E_NO_DESKTOP when there is no active output
	 */
	public static WaylandLayout parse(JsonNode reply) {
		List<WaylandLayout.Output> outputs = new ArrayList<>();
		for (JsonNode output : reply) {
			JsonNode mode = output.path("current_mode");
			JsonNode rect = output.path("rect");
			if (!output.path("active").asBoolean(false) || !mode.isObject() || rect.path("width").asInt(0) < 1) {
				continue;
			}
			int modeWidth = mode.path("width").asInt(0);
			int modeHeight = mode.path("height").asInt(0);
			boolean turned = QUARTER_TURNS.contains(output.path("transform").asString("normal"));
			outputs.add(new WaylandLayout.Output(output.path("name").asString(""),
					describe(output.path("make").asString(""), output.path("model").asString(""),
							output.path("serial").asString("")),
					new WaylandLayout.Area(rect.path("x").asInt(), rect.path("y").asInt(), rect.path("width").asInt(),
							rect.path("height").asInt()),
					output.path("scale").asDouble(1.0), turned ? modeHeight : modeWidth,
					turned ? modeWidth : modeHeight));
		}
		if (outputs.isEmpty()) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
					"the compositor reports no active output: nothing is shown anywhere");
		}
		return new WaylandLayout(outputs);
	}

	static String describe(String make, String model, String serial) {
		return Stream.of(make, model, serial)
			.filter((part) -> part != null && !part.isBlank() && !"Unknown".equals(part))
			.collect(Collectors.joining(" "));
	}

}
