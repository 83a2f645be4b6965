package dev.deskhand.testing.witness;

import java.awt.Color;
import java.awt.Dimension;
import java.awt.Font;
import java.awt.Graphics;
import java.awt.Rectangle;
import java.awt.event.ComponentAdapter;
import java.awt.event.ComponentEvent;
import java.awt.event.FocusEvent;
import java.awt.event.FocusListener;
import java.awt.event.InputEvent;
import java.awt.event.KeyEvent;
import java.awt.event.KeyListener;
import java.awt.event.MouseEvent;
import java.awt.event.MouseListener;
import java.awt.event.MouseMotionListener;
import java.awt.event.MouseWheelEvent;
import java.awt.event.WindowAdapter;
import java.awt.event.WindowEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import javax.swing.JFrame;
import javax.swing.JTextArea;
import javax.swing.SwingUtilities;
import javax.swing.WindowConstants;
import javax.swing.event.DocumentEvent;
import javax.swing.event.DocumentListener;

/**
 * The independent witness: a Swing window in its own JVM that logs every mouse, wheel,
 * key, focus and text event it receives, one flushed UTF-8 line each (format in
 * {@link WitnessFormat}). Tests launch it through {@link WitnessWindow}; it uses nothing
 * but the JDK, so it is a client of the X server exactly like any other application.
 * <p>
 * Arguments: {@code --title T --x X --y Y --width W --height H --log FILE [--markers
 * true]}. X and Y place the window manager's frame; W and H size the text area, which
 * fills the content. With markers it paints, over the text, the pattern the Wayland
 * witness paints: a red ({@link #RED_SQUARE}) and a blue 20x20 square, so a test can find
 * a known spot in a screenshot and click it.
 */
public final class WitnessApp {

	/** The red marker square, relative to the text area, with {@code --markers true}. */
	public static final Rectangle RED_SQUARE = new Rectangle(100, 100, 20, 20);

	/** The blue marker square, relative to the text area, with {@code --markers true}. */
	public static final Rectangle BLUE_SQUARE = new Rectangle(300, 200, 20, 20);

	private final Writer log;

	private boolean ready;

	private WitnessApp(Writer log) {
		this.log = log;
	}

	public static void main(String[] args) throws IOException {
		Map<String, String> options = parse(args);
		Writer log = Files.newBufferedWriter(Path.of(required(options, "log")), StandardCharsets.UTF_8);
		WitnessApp app = new WitnessApp(log);
		SwingUtilities.invokeLater(() -> app.show(required(options, "title"), intOption(options, "x"),
				intOption(options, "y"), intOption(options, "width"), intOption(options, "height"),
				Boolean.parseBoolean(options.getOrDefault("markers", "false"))));
	}

	private void show(String title, int x, int y, int width, int height, boolean markers) {
		JFrame frame = new JFrame(title);
		frame.setDefaultCloseOperation(WindowConstants.EXIT_ON_CLOSE);
		JTextArea text = markers ? new MarkedTextArea() : new JTextArea();
		text.setLineWrap(true);
		// Tab and Ctrl+Tab must reach the witness as keys, not move focus away
		text.setFocusTraversalKeysEnabled(false);
		// Dialog is a logical font: Java composes it from fontconfig's fallbacks, so CJK
		// glyphs show when any CJK font is installed; tests compare the document, never
		// pixels
		text.setFont(new Font(Font.DIALOG, Font.PLAIN, 16));
		text.setPreferredSize(new Dimension(width, height));
		listen(text);
		frame.setContentPane(text);
		frame.addComponentListener(new ComponentAdapter() {

			@Override
			public void componentMoved(ComponentEvent e) {
				logBounds(text);
			}

			@Override
			public void componentResized(ComponentEvent e) {
				logBounds(text);
			}

		});
		frame.addWindowListener(new WindowAdapter() {

			@Override
			public void windowOpened(WindowEvent e) {
				text.requestFocusInWindow();
			}

			@Override
			public void windowClosing(WindowEvent e) {
				write("CLOSING");
			}

		});
		frame.pack();
		frame.setLocation(x, y);
		frame.setVisible(true);
	}

	private void listen(JTextArea text) {
		text.addMouseListener(new MouseListener() {

			@Override
			public void mousePressed(MouseEvent e) {
				write("PRESS button=" + e.getButton() + position(e) + mods(e));
			}

			@Override
			public void mouseReleased(MouseEvent e) {
				write("RELEASE button=" + e.getButton() + position(e) + mods(e));
			}

			@Override
			public void mouseClicked(MouseEvent e) {
				write("CLICK button=" + e.getButton() + " count=" + e.getClickCount() + position(e) + mods(e));
			}

			@Override
			public void mouseEntered(MouseEvent e) {
				write("ENTER" + position(e));
			}

			@Override
			public void mouseExited(MouseEvent e) {
				write("EXIT" + position(e));
			}

		});
		text.addMouseMotionListener(new MouseMotionListener() {

			@Override
			public void mouseDragged(MouseEvent e) {
				write("DRAG" + position(e) + mods(e));
			}

			@Override
			public void mouseMoved(MouseEvent e) {
				write("MOVE" + position(e) + mods(e));
			}

		});
		text.addMouseWheelListener(
				(MouseWheelEvent e) -> write("WHEEL rotation=" + e.getWheelRotation() + position(e) + mods(e)));
		text.addKeyListener(new KeyListener() {

			@Override
			public void keyPressed(KeyEvent e) {
				write("KEYDOWN" + key(e));
			}

			@Override
			public void keyReleased(KeyEvent e) {
				write("KEYUP" + key(e));
			}

			@Override
			public void keyTyped(KeyEvent e) {
				// TEXT records the effect of typing; KEYDOWN records the keys
			}

		});
		text.addFocusListener(new FocusListener() {

			@Override
			public void focusGained(FocusEvent e) {
				write("FOCUS gained");
				if (!WitnessApp.this.ready) {
					WitnessApp.this.ready = true;
					logBounds(text);
					write("READY");
				}
			}

			@Override
			public void focusLost(FocusEvent e) {
				write("FOCUS lost");
			}

		});
		text.getDocument().addDocumentListener(new DocumentListener() {

			@Override
			public void insertUpdate(DocumentEvent e) {
				write(WitnessFormat.TEXT + " " + WitnessFormat.escape(text.getText()));
			}

			@Override
			public void removeUpdate(DocumentEvent e) {
				write(WitnessFormat.TEXT + " " + WitnessFormat.escape(text.getText()));
			}

			@Override
			public void changedUpdate(DocumentEvent e) {
				// attribute changes only; a plain document's text did not change
			}

		});
	}

	private void logBounds(JTextArea text) {
		if (text.isShowing()) {
			var origin = text.getLocationOnScreen();
			write("BOUNDS x=" + origin.x + " y=" + origin.y + " width=" + text.getWidth() + " height="
					+ text.getHeight());
		}
	}

	private static String position(MouseEvent e) {
		return " x=" + e.getXOnScreen() + " y=" + e.getYOnScreen();
	}

	private static String mods(InputEvent e) {
		return " mods=" + InputEvent.getModifiersExText(e.getModifiersEx());
	}

	private static String key(KeyEvent e) {
		return " code=" + KeyEvent.getKeyText(e.getKeyCode()) + " keychar="
				+ WitnessFormat.keyChar(e.getKeyChar(), KeyEvent.CHAR_UNDEFINED) + mods(e) + " vk=" + e.getKeyCode()
				+ " location=" + e.getKeyLocation();
	}

	/** Runs on the event dispatch thread only, so the writer needs no lock. */
	private void write(String event) {
		try {
			this.log.write(System.nanoTime() + " " + event + "\n");
			// flushed per line: the test reads the file while the witness runs, and a
			// witness killed mid-test must still have told what it saw
			this.log.flush();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static Map<String, String> parse(String[] args) {
		Map<String, String> options = new HashMap<>();
		for (int i = 0; i + 1 < args.length; i += 2) {
			if (!args[i].startsWith("--")) {
				throw new IllegalArgumentException("expected --name value pairs, got " + args[i]);
			}
			options.put(args[i].substring(2), args[i + 1]);
		}
		return options;
	}

	private static String required(Map<String, String> options, String name) {
		String value = options.get(name);
		if (value == null) {
			throw new IllegalArgumentException(
					"missing --" + name + "; usage: --title T --x X --y Y --width W --height H --log FILE");
		}
		return value;
	}

	private static int intOption(Map<String, String> options, String name) {
		return Integer.parseInt(required(options, name));
	}

	/** A text area with the marker squares painted over its text. */
	private static final class MarkedTextArea extends JTextArea {

		@Override
		protected void paintComponent(Graphics g) {
			super.paintComponent(g);
			g.setColor(Color.RED);
			g.fillRect(RED_SQUARE.x, RED_SQUARE.y, RED_SQUARE.width, RED_SQUARE.height);
			g.setColor(Color.BLUE);
			g.fillRect(BLUE_SQUARE.x, BLUE_SQUARE.y, BLUE_SQUARE.width, BLUE_SQUARE.height);
		}

	}

}
