package dev.deskhand.selftest;

import java.awt.BorderLayout;
import java.awt.Font;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

import javax.swing.JFrame;
import javax.swing.JTextArea;
import javax.swing.SwingUtilities;
import javax.swing.Timer;
import javax.swing.event.DocumentEvent;
import javax.swing.event.DocumentListener;

/**
 * The self-test's witness: a window of its own process with one text area that writes
 * what it holds to a file on every change, so the self-test learns what the desktop
 * delivered from the receiving end, not from the driver that sent it. Plain Swing, no
 * Spring: started as {@code --deskhand.self-test-window=FILE TITLE}. It closes when the
 * file is deleted, when the process that started it ends, or after a few minutes.
 */
public final class SelfTestWindow {

	/** The argument that starts the witness instead of the server. */
	public static final String ARGUMENT = "--deskhand.self-test-window=";

	private static final Duration LIFETIME = Duration.ofMinutes(3);

	private final Path file;

	private SelfTestWindow(Path file) {
		this.file = file;
	}

	/**
	 * The file and title from {@code args}, or {@code null} when they do not ask for it.
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
	 * Shows the window when {@code args} ask for it.
	 * @return whether they did
	 */
	public static boolean showIfRequested(String[] args) {
		String[] request = request(args);
		if (request == null) {
			return false;
		}
		SelfTestWindow window = new SelfTestWindow(Path.of(request[0]));
		window.save("");
		ProcessHandle.current().parent().ifPresent((parent) -> parent.onExit().thenRun(() -> System.exit(0)));
		SwingUtilities.invokeLater(() -> window.show(request[1]));
		return true;
	}

	private void show(String title) {
		JFrame frame = new JFrame(title);
		JTextArea text = new JTextArea(4, 40);
		text.setFont(new Font(Font.MONOSPACED, Font.PLAIN, 16));
		text.getDocument().addDocumentListener(new DocumentListener() {

			@Override
			public void insertUpdate(DocumentEvent event) {
				save(text.getText());
			}

			@Override
			public void removeUpdate(DocumentEvent event) {
				save(text.getText());
			}

			@Override
			public void changedUpdate(DocumentEvent event) {
			}

		});
		frame.getContentPane().add(text, BorderLayout.CENTER);
		frame.setDefaultCloseOperation(JFrame.EXIT_ON_CLOSE);
		frame.setSize(520, 180);
		frame.setLocationRelativeTo(null);
		frame.setVisible(true);
		text.requestFocusInWindow();
		long started = System.nanoTime();
		new Timer(200, (event) -> {
			if (!Files.exists(this.file) || System.nanoTime() - started > LIFETIME.toNanos()) {
				System.exit(0);
			}
		}).start();
	}

	private void save(String text) {
		// A rename, so the reader never sees half a file; skipped once the self-test has
		// deleted the file to close the window.
		Path temporary = this.file.resolveSibling(this.file.getFileName() + ".tmp");
		try {
			if (!text.isEmpty() && !Files.exists(this.file)) {
				return;
			}
			Files.writeString(temporary, text, StandardCharsets.UTF_8);
			Files.move(temporary, this.file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
