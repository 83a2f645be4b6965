package dev.deskhand.selftest;

import java.awt.AWTEvent;
import java.awt.BorderLayout;
import java.awt.Color;
import java.awt.Component;
import java.awt.Dimension;
import java.awt.FlowLayout;
import java.awt.Font;
import java.awt.GraphicsConfiguration;
import java.awt.GraphicsDevice;
import java.awt.GraphicsEnvironment;
import java.awt.MouseInfo;
import java.awt.PointerInfo;
import java.awt.Rectangle;
import java.awt.Toolkit;
import java.awt.event.ComponentAdapter;
import java.awt.event.ComponentEvent;
import java.awt.event.MouseEvent;
import java.awt.event.WindowAdapter;
import java.awt.event.WindowEvent;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

import javax.swing.JButton;
import javax.swing.JComponent;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JTextArea;
import javax.swing.JTextField;
import javax.swing.SwingUtilities;
import javax.swing.Timer;
import javax.swing.event.DocumentEvent;
import javax.swing.event.DocumentListener;
import javax.swing.text.JTextComponent;

/**
 * The self-test's witness: plain Swing in a process of its own, no Spring. It draws a
 * target square at a place it reports, and tells the self-test over a loopback socket
 * (lines of {@link WitnessState}) what it received: mouse presses with their screen
 * coordinates, text, focus, its button pressed, its field's text, and, when asked, where
 * Java sees the pointer. Started as {@code --deskhand.self-test-window=PORT:TOKEN TITLE};
 * it ends when the socket closes, when the process that started it ends, or after a few
 * minutes.
 */
public final class SelfTestWindow {

	/** The argument that starts the witness instead of the server. */
	public static final String ARGUMENT = "--deskhand.self-test-window=";

	private static final Duration LIFETIME = Duration.ofMinutes(5);

	private static final int TARGET_SIZE = 96;

	private final PrintWriter out;

	private final AtomicInteger presses = new AtomicInteger();

	private JFrame frame;

	private JComponent target;

	private SelfTestWindow(Writer out) {
		this.out = new PrintWriter(out, true);
	}

	/**
	 * The port and token, and the title, from {@code args}, or {@code null} when they do
	 * not ask for the witness.
	 */
	static String[] request(String[] args) {
		for (int i = 0; i < args.length; i++) {
			if (args[i].startsWith(ARGUMENT) && i + 1 < args.length) {
				return new String[] { args[i].substring(ARGUMENT.length()), args[i + 1] };
			}
		}
		return null;
	}

	/**
	 * Shows the windows when {@code args} ask for them.
	 * @return whether they did
	 */
	public static boolean showIfRequested(String[] args) {
		String[] request = request(args);
		if (request == null) {
			return false;
		}
		String[] portAndToken = request[0].split(":", 2);
		Socket socket;
		SelfTestWindow window;
		try {
			socket = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(portAndToken[0]));
			window = new SelfTestWindow(new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("the self-test that started this witness window is not listening", ex);
		}
		window.send("hello " + portAndToken[1]);
		ProcessHandle.current().parent().ifPresent((parent) -> parent.onExit().thenRun(() -> System.exit(0)));
		Thread commands = new Thread(() -> window.obey(socket), "self-test-witness-commands");
		commands.setDaemon(true);
		commands.start();
		SwingUtilities.invokeLater(() -> window.show(request[1]));
		return true;
	}

	private synchronized void send(String line) {
		this.out.println(line);
	}

	private void obey(Socket socket) {
		try (BufferedReader in = new BufferedReader(
				new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8))) {
			String line;
			while ((line = in.readLine()) != null) {
				String command = line.trim();
				if (command.equals("pointer?")) {
					send(pointer());
				}
				else if (command.startsWith("move ")) {
					int screen = Integer.parseInt(command.substring("move ".length()));
					SwingUtilities.invokeLater(() -> moveTo(screen));
				}
				else if (command.equals("quit")) {
					break;
				}
			}
		}
		catch (IOException | RuntimeException ex) {
			// the self-test went away: so does the witness
		}
		System.exit(0);
	}

	private static String pointer() {
		PointerInfo info = MouseInfo.getPointerInfo();
		if (info == null) {
			return "pointer none";
		}
		return "pointer " + info.getLocation().x + " " + info.getLocation().y;
	}

	private void show(String title) {
		GraphicsDevice[] devices = GraphicsEnvironment.getLocalGraphicsEnvironment().getScreenDevices();
		for (int i = 0; i < devices.length; i++) {
			GraphicsConfiguration configuration = devices[i].getDefaultConfiguration();
			Rectangle b = configuration.getBounds();
			send(String.format(Locale.ROOT, "screen %d %d %d %d %d %.4f", i, b.x, b.y, b.width, b.height,
					configuration.getDefaultTransform().getScaleX()));
		}
		this.frame = new JFrame(title);
		this.target = new JComponent() {

			@Override
			protected void paintComponent(java.awt.Graphics graphics) {
				graphics.setColor(new Color(TargetFinder.COLOUR));
				graphics.fillRect(0, 0, getWidth(), getHeight());
			}

		};
		this.target.setPreferredSize(new Dimension(TARGET_SIZE, TARGET_SIZE));
		JButton button = new JButton(SelfTestWitness.BUTTON);
		button.getAccessibleContext().setAccessibleName(SelfTestWitness.BUTTON);
		button.addActionListener((event) -> send("pressed " + this.presses.incrementAndGet()));
		JTextField field = new JTextField(16);
		field.setName(SelfTestWitness.FIELD);
		field.getAccessibleContext().setAccessibleName(SelfTestWitness.FIELD);
		report(field, "field");
		JPanel top = new JPanel(new FlowLayout(FlowLayout.LEFT, 24, 12));
		top.setBackground(Color.WHITE);
		top.add(this.target);
		top.add(button);
		top.add(field);
		JTextArea text = new JTextArea(4, 40);
		text.setFont(new Font(Font.MONOSPACED, Font.PLAIN, 16));
		report(text, "text");
		this.frame.getContentPane().add(top, BorderLayout.NORTH);
		this.frame.getContentPane().add(text, BorderLayout.CENTER);
		this.frame.setDefaultCloseOperation(JFrame.EXIT_ON_CLOSE);
		this.frame.setSize(720, 300);
		this.frame.setLocationRelativeTo(null);
		this.frame.addWindowFocusListener(focus("main"));
		this.frame.addComponentListener(new ComponentAdapter() {

			@Override
			public void componentMoved(ComponentEvent event) {
				sendPlace();
			}

			@Override
			public void componentResized(ComponentEvent event) {
				sendPlace();
			}

			@Override
			public void componentShown(ComponentEvent event) {
				sendPlace();
			}

		});
		Toolkit.getDefaultToolkit().addAWTEventListener((event) -> {
			if (event.getID() == MouseEvent.MOUSE_PRESSED && event instanceof MouseEvent mouse) {
				// by place, not by the event's component: Swing hands a press to the
				// deepest component that listens, which the painted square is not
				boolean onTarget = this.target.isShowing()
						&& new Rectangle(this.target.getLocationOnScreen(), this.target.getSize())
							.contains(mouse.getXOnScreen(), mouse.getYOnScreen());
				send("click " + mouse.getXOnScreen() + " " + mouse.getYOnScreen() + " " + mouse.getButton() + " "
						+ (onTarget ? "target" : "elsewhere"));
			}
		}, AWTEvent.MOUSE_EVENT_MASK);
		JFrame decoy = new JFrame(title + " decoy");
		decoy.getContentPane().add(new JLabel("  the self-test moves the focus here and back"));
		decoy.setSize(360, 120);
		decoy.setLocation(this.frame.getX(), Math.max(0, this.frame.getY() - 160));
		decoy.addWindowFocusListener(focus("decoy"));
		decoy.setVisible(true);
		this.frame.setVisible(true);
		text.requestFocusInWindow();
		sendPlace();
		long started = System.nanoTime();
		new Timer(1000, (event) -> {
			if (System.nanoTime() - started > LIFETIME.toNanos()) {
				System.exit(0);
			}
		}).start();
	}

	private WindowAdapter focus(String name) {
		return new WindowAdapter() {

			@Override
			public void windowGainedFocus(WindowEvent event) {
				send("focus " + name);
			}

			@Override
			public void windowLostFocus(WindowEvent event) {
				// the other window's gain, if it gains, comes after this
				send("focus none");
			}

		};
	}

	private void report(JTextComponent component, String name) {
		component.getDocument().addDocumentListener(new DocumentListener() {

			@Override
			public void insertUpdate(DocumentEvent event) {
				send(name + " " + WitnessState.encode(component.getText()));
			}

			@Override
			public void removeUpdate(DocumentEvent event) {
				send(name + " " + WitnessState.encode(component.getText()));
			}

			@Override
			public void changedUpdate(DocumentEvent event) {
			}

		});
	}

	private void moveTo(int screen) {
		GraphicsDevice[] devices = GraphicsEnvironment.getLocalGraphicsEnvironment().getScreenDevices();
		if (screen < 0 || screen >= devices.length) {
			return;
		}
		Rectangle b = devices[screen].getDefaultConfiguration().getBounds();
		this.frame.setLocation(b.x + Math.max(0, (b.width - this.frame.getWidth()) / 2),
				b.y + Math.max(0, (b.height - this.frame.getHeight()) / 2));
		sendPlace();
	}

	private void sendPlace() {
		if (!this.frame.isShowing() || !this.target.isShowing()) {
			return;
		}
		Component content = this.frame.getContentPane();
		java.awt.Point client = content.getLocationOnScreen();
		java.awt.Point square = this.target.getLocationOnScreen();
		GraphicsDevice[] devices = GraphicsEnvironment.getLocalGraphicsEnvironment().getScreenDevices();
		int screen = java.util.Arrays.asList(devices).indexOf(this.frame.getGraphicsConfiguration().getDevice());
		send("place " + screen + " " + client.x + " " + client.y + " " + content.getWidth() + " " + content.getHeight()
				+ " " + square.x + " " + square.y + " " + this.target.getWidth() + " " + this.target.getHeight());
	}

}
