package io.engagement.gateway.limit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class LingeringCloseTest {

    private static final ConnectionProperties BOUNDS =
            new ConnectionProperties(Duration.ofSeconds(10), null, Duration.ofSeconds(30), DataSize.ofKilobytes(64));

    private final EmbeddedChannel connection = new EmbeddedChannel(new LingeringClose(BOUNDS));

    @Test
    void aConnectionWhoseRequestHasArrivedWholeClosesAtOnce() {
        connection.writeInbound(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/"));

        closeByTheServer();

        assertThat(connection.isOpen()).isFalse();
    }

    @Test
    void aConnectionClosedWhileItsBodyArrivesDropsTheRestAndClosesWhenTheBodyEnds() {
        startBody();

        closeByTheServer();
        ByteBuf rest = Unpooled.wrappedBuffer(new byte[1024]);
        connection.writeInbound(new DefaultHttpContent(rest));

        assertThat(connection.isOpen()).isTrue();
        assertThat((Object) connection.readInbound()).isNull();
        assertThat(rest.refCnt()).isZero();

        connection.writeInbound(LastHttpContent.EMPTY_LAST_CONTENT);

        assertThat(connection.isOpen()).isFalse();
    }

    @Test
    void aBodyGoingOnPastTheLingeringSizeIsCutOff() {
        startBody();
        closeByTheServer();

        connection.writeInbound(content(32 * 1024));
        assertThat(connection.isOpen()).isTrue();
        connection.writeInbound(content(32 * 1024));

        assertThat(connection.isOpen()).isFalse();
    }

    @Test
    void aBodyStillArrivingAtTheLingeringTimeIsCutOff() {
        startBody();
        closeByTheServer();

        for (int second = 5; second < 30; second += 5) {
            elapse(Duration.ofSeconds(5));
            connection.writeInbound(content(1));
        }
        assertThat(connection.isOpen()).isTrue();
        elapse(Duration.ofSeconds(5));

        assertThat(connection.isOpen()).isFalse();
    }

    @Test
    void aClientPausingLongerThanTheReadTimeoutIsCutOff() {
        startBody();
        closeByTheServer();

        elapse(Duration.ofSeconds(9));
        assertThat(connection.isOpen()).isTrue();
        elapse(Duration.ofSeconds(1));

        assertThat(connection.isOpen()).isFalse();
    }

    @Test
    void aSecondCloseDoesNotWait() {
        startBody();
        closeByTheServer();

        closeByTheServer();

        assertThat(connection.isOpen()).isFalse();
    }

    /** As the HTTP server closes; EmbeddedChannel's own close would cancel the timers. */
    private void closeByTheServer() {
        connection.pipeline().close();
    }

    private void startBody() {
        connection.writeInbound(new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/"), content(16));
        connection.releaseInbound();
    }

    private static DefaultHttpContent content(int size) {
        return new DefaultHttpContent(Unpooled.wrappedBuffer(new byte[size]));
    }

    private void elapse(Duration time) {
        connection.advanceTimeBy(time.toNanos(), TimeUnit.NANOSECONDS);
        connection.runScheduledPendingTasks();
    }
}
