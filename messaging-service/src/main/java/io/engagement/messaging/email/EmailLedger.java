package io.engagement.messaging.email;

import io.engagement.messaging.RetentionSweep;
import io.engagement.messaging.delivery.MessageLedger;
import io.engagement.platform.event.OrganizationPolicies;
import io.engagement.platform.lifecycle.StartupWork;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Duration;

/** The status of every email, in {@code email_messages}, until it expires by its organization's retention. */
@Component
class EmailLedger implements StartupWork, DisposableBean {

    private final MessageLedger ledger;
    private final Duration sweepInterval;
    private volatile Disposable sweeps;

    EmailLedger(ReactiveMongoTemplate mongo, OrganizationPolicies policies,
                RetentionSweep retention) {
        this.ledger = new MessageLedger(mongo, "email_messages", Clock.systemUTC(), policies);
        this.sweepInterval = retention.sweepInterval();
    }

    /** The expiry index, then a sweep every interval for databases without TTL indexes. */
    @Override
    public Mono<Void> prepare() {
        return ledger.prepare().doOnSuccess(prepared -> sweeps = ledger.sweepEvery(sweepInterval));
    }

    @Override
    public void destroy() {
        if (sweeps != null) {
            sweeps.dispose();
        }
    }

    MessageLedger ledger() {
        return ledger;
    }
}
