package io.engagement.local.support;

import tools.jackson.databind.JsonNode;

import java.net.URI;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

import static org.awaitility.Awaitility.await;

/** A live connection of a test: keeps every frame it received, one JSON object each. */
public final class LiveSocket implements WebSocket.Listener {

    private static final Duration WITHIN = Duration.ofSeconds(10);

    private final List<JsonNode> frames = new CopyOnWriteArrayList<>();
    private final CompletableFuture<Integer> closed = new CompletableFuture<>();
    private final StringBuilder partial = new StringBuilder();
    private WebSocket webSocket;

    /** Connects with {@code builder} (and the headers put on it) to {@code uri}; the handshake's refusal is thrown. */
    public static LiveSocket open(WebSocket.Builder builder, URI uri) {
        LiveSocket socket = new LiveSocket();
        socket.webSocket = builder.buildAsync(uri, socket).join();
        return socket;
    }

    @Override
    public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
        partial.append(data);
        if (last) {
            frames.add(Json.read(partial.toString()));
            partial.setLength(0);
        }
        socket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket socket, int statusCode, String reason) {
        closed.complete(statusCode);
        return null;
    }

    @Override
    public void onError(WebSocket socket, Throwable error) {
        closed.complete(-1);
    }

    /** Whether the server has closed the connection (or it broke). */
    public boolean isClosed() {
        return closed.isDone();
    }

    public List<JsonNode> frames() {
        return List.copyOf(frames);
    }

    public List<JsonNode> messages(String conversationId) {
        return frames.stream().filter(frame -> frame.get("event").asString().equals("message.created"))
                .map(frame -> frame.get("data")).filter(data -> data.get("conversation_id").asString().equals(conversationId)).toList();
    }

    public JsonNode awaitEvent(String event, Predicate<JsonNode> match) {
        return await().atMost(WITHIN).until(() -> frames.stream()
                .filter(frame -> frame.get("event").asString().equals(event)).map(frame -> frame.get("data"))
                .filter(match).findFirst().orElse(null), found -> found != null);
    }

    public void send(String json) {
        webSocket.sendText(json, true).join();
    }

    public void close() {
        if (webSocket != null) {
            webSocket.abort();
        }
    }
}
