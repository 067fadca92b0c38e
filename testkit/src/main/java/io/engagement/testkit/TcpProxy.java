package io.engagement.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A loopback TCP relay in front of a real server, for tests that take that server away from its
 * clients without stopping it: {@link #cut()} drops every connection and refuses new ones, as a
 * network partition or a crashed server would look to the clients; {@link #restore()} accepts them
 * again on the same port, with the server's data untouched.
 */
public final class TcpProxy implements AutoCloseable {

    private final InetSocketAddress target;
    private final int port;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private ServerSocket listener;

    private TcpProxy(InetSocketAddress target, int port) {
        this.target = target;
        this.port = port;
    }

    /** Relays a free loopback port to {@code host:targetPort}. */
    public static TcpProxy start(String host, int targetPort) {
        TcpProxy proxy = new TcpProxy(new InetSocketAddress(host, targetPort), freePort());
        proxy.restore();
        return proxy;
    }

    public int port() {
        return port;
    }

    /** Accepts and relays connections again; a no-op while it does. */
    public synchronized void restore() {
        if (listener != null) {
            return;
        }
        try {
            ServerSocket socket = new ServerSocket();
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            listener = socket;
            thread("tcp-proxy-accept-" + port, () -> accept(socket));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on " + port, e);
        }
    }

    /** Closes every relayed connection and stops listening, so new connections are refused. */
    public synchronized void cut() {
        if (listener == null) {
            return;
        }
        closeQuietly(listener);
        listener = null;
        open.forEach(TcpProxy::closeQuietly);
        open.clear();
    }

    @Override
    public void close() {
        cut();
    }

    private void accept(ServerSocket socket) {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                synchronized (this) {
                    // accepted just before a cut: it must not outlive it
                    if (listener != socket) {
                        closeQuietly(client);
                        return;
                    }
                    relay(client);
                }
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void relay(Socket client) {
        Socket server = new Socket();
        try {
            server.connect(target, 5_000);
        } catch (IOException unreachable) {
            closeQuietly(client);
            closeQuietly(server);
            return;
        }
        open.add(client);
        open.add(server);
        thread("tcp-proxy-up-" + port, () -> pipe(client, server));
        thread("tcp-proxy-down-" + port, () -> pipe(server, client));
    }

    private void pipe(Socket from, Socket to) {
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                out.write(buffer, 0, read);
                out.flush();
            }
        } catch (IOException closed) {
            // one side went away: the other is closed below
        } finally {
            closeQuietly(from);
            closeQuietly(to);
            open.remove(from);
            open.remove(to);
        }
    }

    private static void thread(String name, Runnable work) {
        Thread thread = new Thread(work, name);
        thread.setDaemon(true);
        thread.start();
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception ignored) {
            // already closed
        }
    }
}
