package io.engagement.bench;

import java.net.http.WebSocket;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A socket's listener: the first arrival of each message awaited (by the nonce in its content) is timed. */
final class NonceTiming implements WebSocket.Listener {

    private static final Pattern NONCE = Pattern.compile("bench:([0-9a-f-]{36})");

    private final Map<String, Long> awaited;
    private final LatencySamples samples;
    private final StringBuilder partial = new StringBuilder();

    NonceTiming(Map<String, Long> awaited, LatencySamples samples) {
        this.awaited = awaited;
        this.samples = samples;
    }

    @Override
    public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
        partial.append(data);
        if (last) {
            Matcher nonce = NONCE.matcher(partial);
            if (nonce.find()) {
                Long at = awaited.remove(nonce.group(1));
                if (at != null) {
                    samples.add(System.nanoTime() - at);
                }
            }
            partial.setLength(0);
        }
        socket.request(1);
        return null;
    }
}
