package io.engagement.platform.event;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.time.Instant;
import java.util.List;

/**
 * A message of a conversation as the API shows it and as {@link MessageCreated} carries it.
 * {@code seq} counts 1, 2, 3, ... within its conversation without gaps or repeats. A
 * {@code private} message is an agents' note: never shown to the visitor, never sent. Bot
 * messages carry their {@code sources} and {@code confidence}; a message sent out through
 * WhatsApp or e-mail its {@code delivery}; other messages leave them out.
 */
public record MessageView(String messageId, String conversationId, long seq, Sender sender, String content,
                          @JsonProperty("private") boolean isPrivate, String clientId, Instant createdAt,
                          @JsonInclude(JsonInclude.Include.NON_NULL) List<Source> sources,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Double confidence,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Delivery delivery) {

    public static final String VISITOR = "visitor";
    public static final String BOT = "bot";
    public static final String AGENT = "agent";
    public static final String SYSTEM = "system";

    public boolean fromVisitor() {
        return VISITOR.equals(sender.type());
    }

    /**
     * Who wrote it: {@code visitor}, {@code bot}, {@code agent} (with their e-mail) or {@code system}.
     * An agent's message also says how it came: {@code via} {@code console} from a signed-in person
     * (with their {@code person_id}), {@code api} from a data key.
     */
    public record Sender(String type, @JsonInclude(JsonInclude.Include.NON_NULL) String email,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String name,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String personId,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String via) {

        public static final String VIA_CONSOLE = "console";
        public static final String VIA_API = "api";

        public Sender(String type, String email, String name) {
            this(type, email, name, null, null);
        }
    }

    /** A passage of the bot's knowledge its answer came from. */
    public record Source(String sourceId, String name, String excerpt) {
    }

    /** Where the messaging ledger has the copy sent out. */
    public record Delivery(String channel, String status, String messageId) {
    }
}
