package io.engagement.infra;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A loopback port nothing listens on right now, for a server started a moment later. Picked below
 * the operating system's ephemeral range (Linux hands out 32768 and up for outgoing connections,
 * other systems higher): a port the system picked itself could be taken by one of the suite's own
 * client connections before its server binds it. A port is handed out once per process.
 */
public final class FreePorts {

    static final int LOWEST = 20_000;
    static final int HIGHEST = 32_767;
    private static final int ATTEMPTS = 200;
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private FreePorts() {
    }

    public static int next() {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST, HIGHEST + 1);
            if (HANDED_OUT.add(port) && bindable(port)) {
                return port;
            }
        }
        throw new IllegalStateException("no free loopback port between " + LOWEST + " and " + HIGHEST + " after " + ATTEMPTS + " tries");
    }

    private static boolean bindable(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress("127.0.0.1", port));
            return true;
        } catch (IOException taken) {
            return false;
        }
    }
}
