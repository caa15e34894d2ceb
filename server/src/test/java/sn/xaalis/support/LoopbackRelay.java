package sn.xaalis.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP relay on loopback in front of a real server (a database), which a test can cut and restore:
 * {@link #cut()} drops every connection and refuses new ones, as an unreachable host would;
 * {@link #restore()} listens again on the same port.
 */
public final class LoopbackRelay implements AutoCloseable {

    private final String targetHost;
    private final int targetPort;
    private final int port;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile ServerSocket listener;

    public LoopbackRelay(String targetHost, int targetPort) {
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        this.port = listen(0);
    }

    public int port() {
        return port;
    }

    /** Drops every connection and stops listening. */
    public synchronized void cut() {
        closeQuietly(listener);
        listener = null;
        open.forEach(LoopbackRelay::closeQuietly);
        open.clear();
    }

    public synchronized void restore() {
        if (listener == null) {
            listen(port);
        }
    }

    @Override
    public void close() {
        cut();
    }

    private synchronized int listen(int wanted) {
        try {
            ServerSocket socket = new ServerSocket();
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), wanted));
            listener = socket;
            Thread.ofVirtual().start(() -> accept(socket));
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("Cannot listen on " + wanted, e);
        }
    }

    private void accept(ServerSocket socket) {
        while (!socket.isClosed()) {
            Socket client;
            try {
                client = socket.accept();
            } catch (IOException e) {
                return; // closed by cut()
            }
            try {
                Socket server = new Socket(targetHost, targetPort);
                open.add(client);
                open.add(server);
                Thread.ofVirtual().start(() -> pump(client, server));
                Thread.ofVirtual().start(() -> pump(server, client));
            } catch (IOException e) {
                closeQuietly(client); // the target refused: so does the relay
            }
        }
    }

    private void pump(Socket from, Socket to) {
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream()) {
            int read;
            while ((read = in.read(buffer)) >= 0) {
                out.write(buffer, 0, read);
                out.flush();
            }
        } catch (IOException e) {
            // one side closed
        } finally {
            closeQuietly(from);
            closeQuietly(to);
            open.remove(from);
            open.remove(to);
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable != null) {
            try {
                closeable.close();
            } catch (Exception ignored) {
                // already closed
            }
        }
    }
}
