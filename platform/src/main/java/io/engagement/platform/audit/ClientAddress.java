package io.engagement.platform.audit;

import org.springframework.http.server.reactive.ServerHttpRequest;

import java.net.InetSocketAddress;

/**
 * The client's address: the last of {@code X-Forwarded-For}, the one the gateway appended for the
 * connection it accepted (what comes before it is the client's own say), else the connection's peer.
 */
final class ClientAddress {

    private ClientAddress() {
    }

    static String of(ServerHttpRequest request) {
        String forwarded = request.getHeaders().getFirst("X-Forwarded-For");
        if (forwarded != null && !forwarded.isBlank()) {
            String[] hops = forwarded.split(",");
            return hops[hops.length - 1].strip();
        }
        InetSocketAddress remote = request.getRemoteAddress();
        return remote == null || remote.getAddress() == null ? null : remote.getAddress().getHostAddress();
    }
}
