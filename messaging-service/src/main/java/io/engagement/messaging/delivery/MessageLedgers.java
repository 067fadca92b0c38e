package io.engagement.messaging.delivery;

import io.engagement.messaging.RetentionSweep;
import io.engagement.platform.event.OrganizationPolicies;
import io.engagement.platform.lifecycle.StartupWork;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The status of every message of each channel, in the channel's own collection
 * ({@code email_messages}, {@code sms_messages}, {@code whatsapp_messages}), until it expires by its
 * organization's retention.
 */
@Component
public class MessageLedgers implements StartupWork, DisposableBean {

    private final MessageLedger email;
    private final MessageLedger sms;
    private final MessageLedger whatsApp;
    private final Duration sweepInterval;
    private final List<Disposable> sweeps = new CopyOnWriteArrayList<>();

    public MessageLedgers(ReactiveMongoTemplate mongo, OrganizationPolicies policies, RetentionSweep retention) {
        this.email = new MessageLedger(mongo, "email_messages", Clock.systemUTC(), policies);
        this.sms = new MessageLedger(mongo, "sms_messages", Clock.systemUTC(), policies);
        this.whatsApp = new MessageLedger(mongo, "whatsapp_messages", Clock.systemUTC(), policies);
        this.sweepInterval = retention.sweepInterval();
    }

    /** Each ledger's expiry index, then a sweep of it every interval for databases without TTL indexes. */
    @Override
    public Mono<Void> prepare() {
        return Flux.just(email, sms, whatsApp)
                .concatMap(ledger -> ledger.prepare().doOnSuccess(prepared -> sweeps.add(ledger.sweepEvery(sweepInterval))))
                .then();
    }

    @Override
    public void destroy() {
        sweeps.forEach(Disposable::dispose);
    }

    public MessageLedger email() {
        return email;
    }

    public MessageLedger sms() {
        return sms;
    }

    public MessageLedger whatsApp() {
        return whatsApp;
    }
}
