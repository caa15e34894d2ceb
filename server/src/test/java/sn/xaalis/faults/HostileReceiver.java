package sn.xaalis.faults;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A webhook receiver that misbehaves at the socket level, which an HTTP server library would not
 * let us do: it reads the whole request, then never answers, or answers one byte per second, or
 * streams a body of {@value #HUGE_BYTES} bytes from one small buffer (never held in memory).
 */
final class HostileReceiver implements AutoCloseable {

    static final long HUGE_BYTES = 50L * 1024 * 1024;

    enum Mode {
        NEVER_ANSWERS,
        ONE_BYTE_PER_SECOND,
        HUGE_BODY
    }

    private final Mode mode;
    private final ServerSocket server;
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    final AtomicInteger connections = new AtomicInteger();
    final AtomicInteger requests = new AtomicInteger();
    /** The most response bytes one connection managed to write before the server hung up. */
    final AtomicLong mostBytesWritten = new AtomicLong();

    HostileReceiver(Mode mode) throws IOException {
        this.mode = mode;
        this.server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
        threads.execute(this::accept);
    }

    String url() {
        return "http://127.0.0.1:" + server.getLocalPort() + "/hooks/"
                + mode.name().toLowerCase(Locale.ROOT);
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                sockets.add(socket);
                connections.incrementAndGet();
                threads.execute(() -> serve(socket));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        long written = 0;
        try (socket) {
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            readRequest(in);
            requests.incrementAndGet();
            switch (mode) {
                case NEVER_ANSWERS -> {
                    // Blocks until the server gives up and closes the connection.
                    while (in.read() != -1) {
                        // ignore anything more
                    }
                }
                case ONE_BYTE_PER_SECOND -> {
                    byte[] answer = ("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 64\r\n\r\n"
                                    + "x".repeat(64))
                            .getBytes(StandardCharsets.US_ASCII);
                    for (byte b : answer) {
                        out.write(b);
                        out.flush();
                        written++;
                        Thread.sleep(1000);
                    }
                }
                case HUGE_BODY -> {
                    out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: "
                                    + HUGE_BYTES + "\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
                    byte[] chunk = new byte[64 * 1024];
                    java.util.Arrays.fill(chunk, (byte) 'a');
                    while (written < HUGE_BYTES) {
                        out.write(chunk);
                        written += chunk.length;
                    }
                    out.flush();
                }
            }
        } catch (IOException | InterruptedException hungUp) {
            // the server closed the connection: what we want
        } finally {
            long total = written;
            mostBytesWritten.accumulateAndGet(total, Math::max);
            sockets.remove(socket);
        }
    }

    /** Reads the request line, headers and a Content-Length body, so the POST completes. */
    private static void readRequest(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int c = in.read();
            if (c == -1) {
                throw new IOException("closed before the end of the request");
            }
            head.append((char) c);
        }
        int length = 0;
        for (String line : head.toString().split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(
                        line.substring("content-length:".length()).trim());
            }
        }
        in.readNBytes(length);
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket socket : sockets) {
            socket.close();
        }
        threads.shutdownNow();
    }
}
