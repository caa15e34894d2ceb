package sn.xaalis.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * A minimal HTTP/1.1 client for the open-model run: a fixed pool of keep-alive connections, the
 * request written as prepared bytes, the answer read by its {@code Content-Length} (or chunks). The
 * JDK client spends about as much CPU per request as the server's own work, and on two shared cores
 * that CPU would show up as the server's latency. A request waits for a free connection; that wait
 * counts in its latency, as the open model requires.
 */
final class KeepAliveClient {

    record Response(int status, String body) {}

    private final String host;
    private final int port;
    private final BlockingQueue<Connection> idle;

    KeepAliveClient(String base, int connections) {
        URI uri = URI.create(base);
        this.host = uri.getHost();
        this.port = uri.getPort();
        this.idle = new ArrayBlockingQueue<>(connections);
        for (int i = 0; i < connections; i++) {
            idle.add(new Connection());
        }
    }

    Response post(String path, Map<String, String> headers, String body) throws IOException, InterruptedException {
        StringBuilder head = new StringBuilder("POST ").append(path).append(" HTTP/1.1\r\nHost: ");
        head.append(host).append(':').append(port).append("\r\n");
        headers.forEach(
                (name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        byte[] content = body.getBytes(StandardCharsets.UTF_8);
        head.append("Content-Length: ").append(content.length).append("\r\n\r\n");
        byte[] request = (head + body).getBytes(StandardCharsets.UTF_8);
        Connection connection = idle.take();
        try {
            return connection.exchange(request);
        } catch (IOException e) {
            connection.close();
            throw e;
        } finally {
            idle.add(connection);
        }
    }

    private final class Connection {
        private Socket socket;
        private InputStream in;
        private OutputStream out;

        Response exchange(byte[] request) throws IOException {
            if (socket == null) {
                socket = new Socket(host, port);
                socket.setTcpNoDelay(true);
                in = new BufferedInputStream(socket.getInputStream(), 16 * 1024);
                out = socket.getOutputStream();
            }
            out.write(request);
            out.flush();
            String statusLine = line();
            int status = Integer.parseInt(statusLine.substring(9, 12));
            int length = -1;
            boolean chunked = false;
            boolean close = false;
            for (String header = line(); !header.isEmpty(); header = line()) {
                String lower = header.toLowerCase(java.util.Locale.ROOT);
                if (lower.startsWith("content-length:")) {
                    length = Integer.parseInt(lower.substring(15).trim());
                } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                    chunked = true;
                } else if (lower.startsWith("connection:") && lower.contains("close")) {
                    close = true;
                }
            }
            byte[] body;
            if (chunked) {
                ByteArrayOutputStream chunks = new ByteArrayOutputStream();
                for (int size = Integer.parseInt(line().split(";")[0].trim(), 16);
                        size > 0;
                        size = Integer.parseInt(line().split(";")[0].trim(), 16)) {
                    chunks.write(in.readNBytes(size));
                    line();
                }
                line();
                body = chunks.toByteArray();
            } else {
                body = in.readNBytes(Math.max(length, 0));
            }
            if (close) {
                close(); // Tomcat ends a connection after 100 requests: the next one opens another
            }
            return new Response(status, new String(body, StandardCharsets.UTF_8));
        }

        private String line() throws IOException {
            StringBuilder line = new StringBuilder(64);
            for (int c = in.read(); c != '\n'; c = in.read()) {
                if (c < 0) {
                    throw new IOException("connection closed by the server");
                }
                if (c != '\r') {
                    line.append((char) c);
                }
            }
            return line.toString();
        }

        void close() {
            try {
                if (socket != null) {
                    socket.close();
                }
            } catch (IOException ignored) {
                // closing anyway
            }
            socket = null;
        }
    }
}
