package io.engagement.gateway.limit;

import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.stereotype.Component;
import reactor.netty.NettyPipeline;
import reactor.netty.http.server.HttpServer;

/**
 * Gives every HTTP/1.1 connection a {@link LingeringClose} right behind its HTTP decoder, where it
 * sees where each body ends, and ahead of the server's own handlers, whose close it holds back.
 */
@Component
class LingeringCloseCustomizer implements NettyServerCustomizer {

    private final ConnectionProperties properties;

    LingeringCloseCustomizer(ConnectionProperties properties) {
        this.properties = properties;
    }

    @Override
    public HttpServer apply(HttpServer server) {
        return server.doOnChannelInit((observer, channel, remoteAddress) -> {
            if (channel.pipeline().get(NettyPipeline.HttpCodec) != null) {
                channel.pipeline().addAfter(NettyPipeline.HttpCodec, LingeringClose.NAME, new LingeringClose(properties));
            }
        });
    }
}
