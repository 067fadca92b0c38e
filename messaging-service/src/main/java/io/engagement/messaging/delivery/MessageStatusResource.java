package io.engagement.messaging.delivery;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.validation.ParamReader;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.util.function.Function;

/**
 * A channel's {@code GET .../messages/{message_id}} and {@code GET .../messages}, under the path of
 * the channel's resource: the statuses of the requesting organization's messages, each as the
 * channel shows it. The console reads the lists with a data key (the gateway lets it).
 *
 * @param <S> the channel's status record
 */
public abstract class MessageStatusResource<S> {

    private final MessageLedger ledger;
    private final Function<StatusDocument, S> shown;

    protected MessageStatusResource(MessageLedger ledger, Function<StatusDocument, S> shown) {
        this.ledger = ledger;
        this.shown = shown;
    }

    @GetMapping("/messages/{message_id}")
    public Mono<S> status(@PathVariable("message_id") String messageId, ServerWebExchange exchange) {
        return ledger.find(OrgContext.of(exchange).organizationId(), messageId, shown)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Message")));
    }

    /** The organization's messages, newest first, of one status when the query names one. */
    @GetMapping("/messages")
    public Mono<PageEnvelope<S>> list(ServerWebExchange exchange) {
        MessageListQuery query = MessageListQuery.from(ParamReader.query(exchange));
        return ledger.page(OrgContext.of(exchange).organizationId(), query, shown);
    }
}
