package io.engagement.platform.net;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A server on 127.0.0.1 that records what every connection made to it sends first (an HTTP
 * request's head, a TLS ClientHello), then answers 200 and closes. A connection is recorded
 * before it is answered, so a client that has its answer finds it recorded.
 */
final class LoopbackServer implements AutoCloseable {

    private static final byte[] OK = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok".getBytes(StandardCharsets.US_ASCII);
    private static final byte TLS_HANDSHAKE = 0x16;

    private final ServerSocket socket;
    private final List<String> received = new CopyOnWriteArrayList<>();

    LoopbackServer() throws IOException {
        socket = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
        Thread acceptor = new Thread(this::serve, "loopback-server");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return socket.getLocalPort();
    }

    /** What each connection sent first, in the order they came. */
    List<String> received() {
        return received;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    private void serve() {
        while (!socket.isClosed()) {
            try (Socket connection = socket.accept()) {
                connection.setSoTimeout(5_000);
                received.add(firstMessage(connection.getInputStream()));
                connection.getOutputStream().write(OK);
            } catch (IOException closedOrGone) {
                // the server was closed, or the client went away: on to the next connection, if any
            }
        }
    }

    private static String firstMessage(InputStream in) throws IOException {
        ByteArrayOutputStream message = new ByteArrayOutputStream();
        int next;
        while (!complete(message.toByteArray()) && (next = in.read()) != -1) {
            message.write(next);
        }
        return message.toString(StandardCharsets.ISO_8859_1);
    }

    private static boolean complete(byte[] bytes) {
        if (bytes.length >= 5 && bytes[0] == TLS_HANDSHAKE) {
            return bytes.length >= 5 + ((bytes[3] & 0xff) << 8 | (bytes[4] & 0xff));
        }
        return new String(bytes, StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n");
    }
}
