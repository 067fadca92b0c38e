package io.engagement.customer.activity;

import io.engagement.customer.activity.ActivityStore.Claim;
import io.engagement.customer.activity.ActivityStore.Parked;
import io.engagement.customer.activity.ActivityStore.Tracked;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps each customer's newest session summary. A summary whose customer does not exist yet is
 * parked under each name it goes by, and taken over when that customer is created. Parking writes
 * and then looks for the customer again, while creating writes the customer and then looks for
 * parked summaries: whichever comes second sees the other's write, so no summary is stranded.
 */
@Component
class LatestSessions {

    private static final int LOOKUPS_IN_FLIGHT = 8;
    /** Each lost race means another writer made progress; this many in a row means something is wrong. */
    private static final int MAX_ROUNDS = 50;

    private final ActivityStore store;

    LatestSessions(ActivityStore store) {
        this.store = store;
    }

    /** Brings each owner's customer up to the owner's newest summary, parking those without a customer. */
    Mono<Void> keep(Map<SessionOwner, LatestSession> newestByOwner) {
        return Flux.fromIterable(newestByOwner.entrySet())
                .flatMap(owned -> claimFor(owned.getKey(), owned.getValue()), LOOKUPS_IN_FLIGHT)
                .collectList()
                .flatMap(claims -> settle(newestPerCustomer(claims), 1));
    }

    /**
     * Moves what was parked for newly created customers onto them, with one read for all of them,
     * and answers, by internal id, the session each now has of those that had one parked.
     *
     * @param customerByParkingKey each new customer's internal id by the key its e-mail parks under
     */
    Mono<Map<Long, LatestSession>> takeOverParked(Map<String, Long> customerByParkingKey) {
        if (customerByParkingKey.isEmpty()) {
            return Mono.just(Map.of());
        }
        return store.findParked(customerByParkingKey.keySet())
                .collectList()
                .filter(parked -> !parked.isEmpty())
                .flatMap(parked -> {
                    // just created, so revision 0 unless a consumer got there first, which the guard notices
                    List<Claim> claims = parked.stream()
                            .map(each -> new Claim(new Tracked(customerByParkingKey.get(each.key()), 0L, null), each.session()))
                            .toList();
                    Map<Long, LatestSession> taken = new HashMap<>();
                    claims.forEach(claim -> taken.put(claim.customer().id(), claim.session()));
                    return settle(claims, 1)
                            .then(store.removeParked(parked.stream().map(Parked::key).toList()))
                            .thenReturn(taken);
                })
                .defaultIfEmpty(Map.of());
    }

    Mono<Void> forgetParked(String key) {
        return store.removeParked(key);
    }

    /** An erased session's summary may have been parked before its tombstone came. */
    Mono<Void> forgetSession(long organizationId, String sessionId) {
        return store.removeParkedSession(organizationId, sessionId);
    }

    private Mono<Claim> claimFor(SessionOwner owner, LatestSession session) {
        return store.findCustomer(owner)
                .switchIfEmpty(Mono.defer(() -> park(owner, session).then(store.findCustomer(owner))))
                .map(customer -> new Claim(customer, session));
    }

    private Mono<Void> park(SessionOwner owner, LatestSession session) {
        return Mono.justOrEmpty(owner.parkingKey())
                .flatMap(key -> parkUnder(key, owner.organizationId(), session));
    }

    private Mono<Void> parkUnder(String key, long organizationId, LatestSession session) {
        return store.findParked(key)
                .flatMap(parked -> session.supersedes(parked.session()) ? store.replaceParked(parked, session) : Mono.just(true))
                .switchIfEmpty(Mono.defer(() -> store.park(key, organizationId, session)))
                .flatMap(done -> done ? Mono.<Void>empty() : parkUnder(key, organizationId, session));
    }

    /** Two owners of a poll (a customer id, an e-mail) may be the same customer: one claim each, the newest. */
    private static Collection<Claim> newestPerCustomer(List<Claim> claims) {
        Map<Long, Claim> byCustomer = new LinkedHashMap<>();
        claims.forEach(claim -> byCustomer.merge(claim.customer().id(), claim,
                (kept, next) -> new Claim(kept.customer(), next.session().newer(kept.session()))));
        return byCustomer.values();
    }

    /** Writes the claims that are newer than what was read, in one bulk; those that lost a race are read again and redone. */
    private Mono<Void> settle(Collection<Claim> claims, int round) {
        List<Claim> changing = claims.stream().filter(Claim::changes).toList();
        if (changing.isEmpty()) {
            return Mono.empty();
        }
        if (round > MAX_ROUNDS) {
            return Mono.error(new IllegalStateException("Latest sessions still contended after " + MAX_ROUNDS + " rounds"));
        }
        return store.writeAll(changing).flatMap(matched -> matched == changing.size()
                ? Mono.empty()
                : Flux.fromIterable(changing)
                        .flatMap(claim -> store.findCustomer(claim.customer().id()).map(now -> new Claim(now, claim.session())),
                                LOOKUPS_IN_FLIGHT)
                        .collectList()
                        .flatMap(again -> settle(again, round + 1)));
    }
}
