package io.engagement.analytics.session;

import io.engagement.analytics.archive.SessionRecording;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.event.SessionView;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.event.SessionSummarized;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.page.PageRequest;
import io.engagement.platform.validation.ParamReader;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.Optional;

/** Session intelligence: sessions newest first, one session, and its recording. */
@RestController
@RequestMapping("/external/v1/sessions")
class SessionResource {

    private static final int VIEWS_AT_ONCE = 8;

    private final SessionStore store;
    private final SessionRecording recording;

    SessionResource(SessionStore store, SessionRecording recording) {
        this.store = store;
        this.recording = recording;
    }

    @GetMapping
    Mono<PageEnvelope<SessionView>> list(ServerWebExchange exchange) {
        ParamReader query = ParamReader.query(exchange);
        PageRequest page = PageRequest.from(query);
        Optional<String> customerId = query.string("customer_id");
        query.validate();
        long organizationId = OrgContext.of(exchange).organizationId();
        return store.page(organizationId, customerId, page)
                .flatMap(found -> Flux.fromIterable(found.data())
                        .flatMapSequential(session -> viewOf(organizationId, session), VIEWS_AT_ONCE)
                        .collectList()
                        .map(found::withData));
    }

    @GetMapping("/{session_id}")
    Mono<SessionView> get(@PathVariable("session_id") String sessionId, ServerWebExchange exchange) {
        return session(sessionId, exchange).flatMap(session -> viewOf(OrgContext.of(exchange).organizationId(), session));
    }

    @GetMapping("/{session_id}/replay")
    Mono<SessionReplay> replay(@PathVariable("session_id") String sessionId, ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return session(sessionId, exchange)
                .flatMap(session -> recording.chunks(organizationId, sessionId, session.startedAt(), session.lastSeenAt())
                        .<Object>map(chunk -> chunk)
                        .collectList()
                        .map(chunks -> new SessionReplay(sessionId, chunks)));
    }

    /** The session with the chunks of its recording the archive holds: a chunk received and not stored is not counted. */
    private Mono<SessionView> viewOf(long organizationId, SessionSummarized session) {
        SessionView view = SessionView.of(session);
        return session.replayChunks() == 0 ? Mono.just(view)
                : recording.storedChunks(organizationId, session.sessionId(), session.startedAt(), session.lastSeenAt()).map(view::withReplayChunks);
    }

    private Mono<SessionSummarized> session(String sessionId, ServerWebExchange exchange) {
        return store.find(OrgContext.of(exchange).organizationId(), sessionId)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Session")));
    }
}
