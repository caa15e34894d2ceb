package sn.xaalis.checkout;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/** A merchant's site on loopback (another origin than Xaalis' localhost): the pages customers are sent to. */
final class MerchantSite implements AutoCloseable {

    private final HttpServer server;
    private final List<String> visited = new CopyOnWriteArrayList<>();

    MerchantSite() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", exchange -> {
            visited.add(exchange.getRequestURI().toString());
            byte[] page = ("<!DOCTYPE html><html lang=\"fr\"><title>Boutique</title><h1>"
                            + exchange.getRequestURI().getPath() + "</h1></html>")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, page.length);
            exchange.getResponseBody().write(page);
            exchange.close();
        });
        server.start();
    }

    String url(String pathAndQuery) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + pathAndQuery;
    }

    List<String> visited() {
        return List.copyOf(visited);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
