package sn.xaalis.training;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/** A loopback receiver for the training merchant's webhooks: reads each delivery, answers 200, counts it. */
final class WebhookSink implements AutoCloseable {

    private final HttpServer server;
    private final AtomicLong received = new AtomicLong();

    private WebhookSink(HttpServer server) {
        this.server = server;
    }

    static WebhookSink start() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        WebhookSink sink = new WebhookSink(server);
        server.createContext("/hook", exchange -> {
            try (InputStream body = exchange.getRequestBody()) {
                body.transferTo(OutputStream.nullOutputStream());
            }
            sink.received.incrementAndGet();
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
        return sink;
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
    }

    long received() {
        return received.get();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
