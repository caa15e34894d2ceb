package sn.xaalis.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import sn.xaalis.egress.AddressPolicy;
import sn.xaalis.egress.WebhookUrls;

/**
 * The receiver's time is a total deadline, not a per-read socket timeout: a receiver that sends one
 * byte just before every read would time out never hangs a worker past {@code timeout}, and a huge
 * body is cut off after the snippet instead of being read. Raw sockets, so the receiver can misbehave.
 */
class WebhookHttpDeadlineTest {

    private static final Duration TIMEOUT = Duration.ofMillis(1000);

    private final ServerSocket server = listen();
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final WebhookHttp http = new WebhookHttp(
            new WebhookUrls(AddressPolicy.parse(List.of("127.0.0.0/8")), host -> {
                throw new UnknownHostException(host);
            }),
            TIMEOUT,
            8);

    @AfterEach
    void close() throws IOException {
        http.close();
        server.close();
        threads.shutdownNow();
    }

    @Test
    void aReceiverDribblingOneByteAtATimeIsCutAtTheTotalTimeout() {
        // A byte every 300 ms: each read waits less than the timeout, the whole answer would take 20 s.
        serve((in, out) -> {
            byte[] answer = "HTTP/1.1 200 OK\r\nContent-Length: 40\r\n\r\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
                    .getBytes(StandardCharsets.US_ASCII);
            for (byte b : answer) {
                out.write(b);
                out.flush();
                Thread.sleep(300);
            }
        });

        long started = System.nanoTime();
        WebhookHttp.Result result = http.post(url(), "{}".getBytes(StandardCharsets.UTF_8), Map.of());
        long millis = (System.nanoTime() - started) / 1_000_000;

        assertThat(result).isEqualTo(new WebhookHttp.Result.Failed("timeout"));
        assertThat(millis).isBetween(TIMEOUT.toMillis() - 50, TIMEOUT.toMillis() + 700);
    }

    @Test
    void aHugeBodyIsCutOffAfterTheSnippet() {
        AtomicLong written = new AtomicLong();
        serve((in, out) -> {
            out.write("HTTP/1.1 200 OK\r\nContent-Length: 52428800\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            byte[] chunk = new byte[64 * 1024];
            java.util.Arrays.fill(chunk, (byte) 'a');
            while (written.get() < 52_428_800) {
                out.write(chunk);
                written.addAndGet(chunk.length);
            }
        });

        long started = System.nanoTime();
        WebhookHttp.Result result = http.post(url(), "{}".getBytes(StandardCharsets.UTF_8), Map.of());
        long millis = (System.nanoTime() - started) / 1_000_000;

        assertThat(result).isInstanceOf(WebhookHttp.Result.Answered.class);
        var answered = (WebhookHttp.Result.Answered) result;
        assertThat(answered.status()).isEqualTo(200);
        assertThat(answered.snippet()).hasSize(WebhookHttp.SNIPPET_BYTES);
        assertThat(millis).isLessThan(TIMEOUT.toMillis());
        sleep(200);
        assertThat(written.get()).as("bytes the receiver could send").isLessThan(52_428_800L / 4);
    }

    private interface Behaviour {
        void answer(InputStream in, OutputStream out) throws Exception;
    }

    private void serve(Behaviour behaviour) {
        threads.execute(() -> {
            try (Socket socket = server.accept()) {
                InputStream in = socket.getInputStream();
                readRequest(in);
                behaviour.answer(in, socket.getOutputStream());
            } catch (Exception hungUp) {
                // the client closed the connection
            }
        });
    }

    private String url() {
        return "http://127.0.0.1:" + server.getLocalPort() + "/hooks";
    }

    private static void readRequest(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int c = in.read();
            if (c == -1) {
                throw new IOException("closed");
            }
            head.append((char) c);
        }
        for (String line : head.toString().split("\r\n")) {
            if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
                in.readNBytes(Integer.parseInt(line.substring(15).trim()));
            }
        }
    }

    private static ServerSocket listen() {
        try {
            ServerSocket socket = new ServerSocket();
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return socket;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
