package io.engagement.gateway.limit;

import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.stereotype.Component;
import reactor.netty.http.server.HttpServer;

/**
 * Cuts off a client that stalls or trickles its request body, so slow clients cannot hold the
 * gateway's connections and memory while others wait.
 */
@Component
class SlowClientTimeouts implements NettyServerCustomizer {

    private final ConnectionProperties properties;

    SlowClientTimeouts(ConnectionProperties properties) {
        this.properties = properties;
    }

    @Override
    public HttpServer apply(HttpServer server) {
        return server.readTimeout(properties.readTimeout()).requestTimeout(properties.requestTimeout());
    }
}
