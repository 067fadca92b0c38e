package io.engagement.gateway.limit;

import io.netty.buffer.ByteBufHolder;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;

import java.util.concurrent.TimeUnit;

/**
 * Closes a connection whose request body is still arriving only once the client has sent it, or
 * past a bound in time, size or pause (a lingering close, as nginx and Apache httpd do). Closed at
 * once, the connection would meet the rest of the body with a reset, and a client that sends its
 * whole body before reading (no {@code Expect: 100-continue}) would see a broken pipe instead of
 * the answer it was already sent. Sits behind the HTTP decoder, so it knows where a body ends.
 */
final class LingeringClose extends ChannelDuplexHandler {

    static final String NAME = "engagement.lingeringClose";

    private final ConnectionProperties bounds;

    private boolean bodyArriving;
    private boolean lingering;
    private long dropped;
    private ScheduledFuture<?> deadline;
    private ScheduledFuture<?> pause;

    LingeringClose(ConnectionProperties bounds) {
        this.bounds = bounds;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) {
        if (lingering) {
            drop(ctx, message);
            return;
        }
        if (message instanceof HttpRequest) {
            bodyArriving = true;
        }
        if (message instanceof LastHttpContent) {
            bodyArriving = false;
        }
        ctx.fireChannelRead(message);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (!lingering) {
            ctx.fireChannelReadComplete();
        }
    }

    @Override
    public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
        // nothing more is coming; or this is a second close, from elsewhere (the server stopping), which does not wait
        if (lingering || !bodyArriving || !ctx.channel().isActive()) {
            cancelTimers();
            ctx.close(promise);
            return;
        }
        lingering = true;
        ctx.channel().closeFuture().addListener(closed -> promise.trySuccess());
        deadline = ctx.executor().schedule(() -> closeNow(ctx), bounds.lingeringTime().toNanos(), TimeUnit.NANOSECONDS);
        schedulePause(ctx);
        // shutting output down drops whatever is still queued, so it waits until the answer is written;
        // the end of output then tells the client the answer is whole while it goes on sending
        ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(written -> {
            if (written.isSuccess() && ctx.channel() instanceof DuplexChannel duplex) {
                duplex.shutdownOutput();
            }
        });
        ctx.channel().config().setAutoRead(true);
        ctx.read();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        cancelTimers();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancelTimers();
        ctx.fireChannelInactive();
    }

    private void drop(ChannelHandlerContext ctx, Object message) {
        if (message instanceof ByteBufHolder content) {
            dropped += content.content().readableBytes();
        }
        boolean bodyEnded = message instanceof LastHttpContent;
        ReferenceCountUtil.release(message);
        if (bodyEnded || dropped >= bounds.lingeringSize().toBytes()) {
            closeNow(ctx);
            return;
        }
        pause.cancel(false);
        schedulePause(ctx);
    }

    private void schedulePause(ChannelHandlerContext ctx) {
        pause = ctx.executor().schedule(() -> closeNow(ctx), bounds.readTimeout().toNanos(), TimeUnit.NANOSECONDS);
    }

    private void closeNow(ChannelHandlerContext ctx) {
        cancelTimers();
        ctx.close();
    }

    private void cancelTimers() {
        if (deadline != null) {
            deadline.cancel(false);
        }
        if (pause != null) {
            pause.cancel(false);
        }
    }
}
