package io.engagement.infra.inbox;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One SMTP transaction as the embedded server received it, however many recipients it had.
 *
 * @param id        a short id assigned on receipt, the dev inbox's {@code ID}
 * @param messageId the {@code Message-ID} header without angle brackets, empty when absent
 * @param bcc       envelope recipients named in neither {@code To} nor {@code Cc}
 * @param replyTo   the {@code Reply-To} header's addresses; empty when absent, not the sender
 * @param html      the decoded {@code text/html} part, empty when absent
 * @param text      the decoded {@code text/plain} part, empty when absent
 * @param created   when the server accepted the message
 * @param headers   every header by name in order of appearance; a repeated header's values joined by a line break
 */
public record ReceivedMail(String id, String messageId, Address from, List<Address> to, List<Address> cc,
                           List<Address> bcc, List<Address> replyTo, String subject, String html, String text,
                           Instant created, Map<String, String> headers) {

    public ReceivedMail {
        to = List.copyOf(to);
        cc = List.copyOf(cc);
        bcc = List.copyOf(bcc);
        replyTo = List.copyOf(replyTo);
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    /** A mailbox: {@code name} is the display name, empty when the header had none. */
    public record Address(String name, String address) {
    }
}
