package io.engagement.platform.lifecycle;

import reactor.core.publisher.Mono;

/**
 * Work a component needs done once before its service takes requests: creating its indexes,
 * publishing what a crash left pending. Every bean of this type is run by {@link StartupWorkRunner}.
 */
@FunctionalInterface
public interface StartupWork {

    Mono<Void> prepare();
}
