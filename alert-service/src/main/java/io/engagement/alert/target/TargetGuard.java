package io.engagement.alert.target;

import io.engagement.platform.net.AddressGuard;
import io.engagement.platform.net.GuardedAddressResolverGroup;
import io.netty.resolver.AddressResolverGroup;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Optional;

/**
 * The SSRF guard of alert targets ({@link AddressGuard}): checked when a rule is written, and on
 * every connection a delivery makes ({@link #resolver()}), since what a name resolves to may change.
 */
@Component
@EnableConfigurationProperties(TargetSettings.class)
public class TargetGuard {

    private final AddressGuard addresses;
    private final GuardedAddressResolverGroup resolver;

    public TargetGuard(TargetSettings settings) {
        this.addresses = new AddressGuard(settings.allowLoopback(), settings.allowPrivate(), "alerts");
        this.resolver = new GuardedAddressResolverGroup(addresses);
    }

    /** Why {@code url} must not be reached, if it must not; resolution blocks, so it runs on {@code boundedElastic}. */
    public Mono<Optional<String>> refusal(URI url) {
        return Mono.fromCallable(() -> refusalNow(url)).subscribeOn(Schedulers.boundedElastic());
    }

    /** Like {@link #refusal}, blocking the calling thread while the host is resolved. */
    public Optional<String> refusalNow(URI url) {
        return addresses.refusalNow(url);
    }

    /** The kind of a forbidden address ("a loopback address", ...), if it is one. */
    public Optional<String> refusal(InetAddress address) {
        return addresses.refusal(address);
    }

    /** Name resolution for the targets' HTTP client: it connects only to addresses this guard allows. */
    public AddressResolverGroup<InetSocketAddress> resolver() {
        return resolver;
    }
}
