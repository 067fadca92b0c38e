package io.engagement.gateway.signin;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.engagement.gateway.person.Member;
import io.engagement.gateway.person.MemberSessions;
import io.engagement.gateway.person.MemberStore;
import io.engagement.platform.auth.Secrets;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventPublisher;
import io.engagement.platform.event.Topics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/**
 * Signed-in sessions as requests meet them: started at sign-in under a new random cookie value,
 * found per request through a cache of what the database holds, and ended at once on every
 * gateway replica (the ended session's hash on the key topic, which every replica reads).
 */
@Component
class SignedInSessions implements MemberSessions {

    static final String ENDED_TYPE = "session.ended";
    private static final Logger log = LoggerFactory.getLogger(SignedInSessions.class);
    private static final int COOKIE_RANDOM_BYTES = 32;
    private static final Duration PATIENCE = Duration.ofSeconds(5);

    private final SessionStore sessions;
    private final MemberStore members;
    private final EventPublisher events;
    private final SessionProperties properties;
    private final Clock clock;
    private final Cache<String, SignedIn> cache;

    SignedInSessions(SessionStore sessions, MemberStore members, EventPublisher events, SessionProperties properties, Clock clock) {
        this.sessions = sessions;
        this.members = members;
        this.events = events;
        this.properties = properties;
        this.clock = clock;
        this.cache = Caffeine.newBuilder().maximumSize(100_000).expireAfterWrite(properties.cacheTtl()).build();
    }

    /** A new session for the member; the cookie's value, which is stored only as its hash. */
    Mono<Started> start(Member member, String ip, String userAgent) {
        String cookie = Secrets.random("", COOKIE_RANDOM_BYTES);
        Instant now = clock.instant();
        SignInSession session = new SignInSession(Secrets.sha256(cookie), Secrets.random("ses_", 12), member.personId(),
                member.organizationId(), now, now, ip, userAgent);
        return sessions.insert(session).map(stored -> new Started(cookie, new SignedIn(stored, member)));
    }

    /** The live session a cookie names, with its member still active there; empty otherwise. */
    Mono<SignedIn> find(String cookie) {
        return Mono.defer(() -> lookUp(cookie));
    }

    private Mono<SignedIn> lookUp(String cookie) {
        String hash = Secrets.sha256(cookie);
        SignedIn cached = cache.getIfPresent(hash);
        Mono<SignedIn> found = cached != null ? Mono.just(cached) : sessions.find(hash)
                .flatMap(session -> members.find(session.organizationId(), session.personId()).map(member -> new SignedIn(session, member)))
                .doOnNext(loaded -> cache.put(hash, loaded));
        Instant now = clock.instant();
        return found.filter(signedIn -> signedIn.member().isActive() && signedIn.session().isLiveAt(now, properties))
                .flatMap(signedIn -> touched(signedIn, now));
    }

    /** Its last use written at most every {@code touch-every}, so idle expiry holds across replicas without a write per request. */
    private Mono<SignedIn> touched(SignedIn signedIn, Instant now) {
        if (!signedIn.session().needsTouch(now, properties.touchEvery())) {
            return Mono.just(signedIn);
        }
        SignedIn touched = new SignedIn(signedIn.session().touchedAt(now), signedIn.member());
        cache.put(touched.session().hash(), touched);
        return sessions.touch(touched.session().hash(), now).thenReturn(touched);
    }

    Flux<SignInSession> ofPerson(String personId) {
        Instant now = clock.instant();
        return sessions.ofPerson(personId).filter(session -> session.isLiveAt(now, properties));
    }

    Mono<Void> switchOrganization(SignedIn signedIn, long organizationId) {
        return sessions.switchOrganization(signedIn.session().hash(), organizationId).then(announce(signedIn.session().hash()));
    }

    Mono<Void> end(String hash) {
        return sessions.delete(hash).then(announce(hash));
    }

    /** Every session of the person but the one they act in, as after a new password. */
    Mono<Void> endOthers(String personId, String keptHash) {
        return sessions.ofPerson(personId).filter(session -> !session.hash().equals(keptHash)).concatMap(session -> end(session.hash())).then();
    }

    @Override
    public Mono<Void> endIn(long organizationId, String personId) {
        return sessions.ofPerson(personId).filter(session -> session.organizationId() == organizationId)
                .concatMap(session -> end(session.hash())).then();
    }

    @Override
    public Mono<Void> endAll(String personId) {
        return sessions.ofPerson(personId).concatMap(session -> end(session.hash())).then();
    }

    @Override
    public Mono<Void> reload(String personId) {
        return sessions.ofPerson(personId).concatMap(session -> announce(session.hash())).then();
    }

    /** Another replica ended or changed the session: the next request reads it again. */
    void forget(String hash) {
        cache.invalidate(hash);
    }

    /**
     * Evicts the session here and on every other replica. The change is already stored: if the
     * broker does not take the announcement, the others read it again once their cached copy expires.
     */
    private Mono<Void> announce(String hash) {
        forget(hash);
        EventEnvelope<Map<String, String>> event = new EventEnvelope<>(UUID.randomUUID(), ENDED_TYPE, 1, 0, clock.instant(),
                Map.of("hash", hash));
        return events.publish(Topics.KEY, hash, event)
                .timeout(PATIENCE)
                .onErrorResume(failure -> {
                    log.warn("A session changed but the other gateway replicas were not told; they read it again within {}",
                            properties.cacheTtl(), failure);
                    return Mono.empty();
                });
    }

    /** A started session and the cookie value that names it. */
    record Started(String cookie, SignedIn signedIn) {
    }
}
