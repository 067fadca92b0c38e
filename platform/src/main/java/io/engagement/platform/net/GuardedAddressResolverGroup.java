package io.engagement.platform.net;

import io.netty.resolver.AbstractAddressResolver;
import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Promise;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.function.Consumer;

/**
 * Name resolution for an HTTP client whose targets a customer names (Reactor Netty's
 * {@code HttpClient.resolver(...)}): a host is resolved once, by {@link AddressGuard}, and the
 * connection is made to exactly the addresses the guard judged, so a name that answers a public
 * address to a check and a private one to the connection (DNS rebinding) reaches nothing. IP
 * literals are judged too. A refused host fails the connection with {@link AddressRefusedException}.
 * TLS still names the host (SNI, certificate check): Netty resolves beneath the connection's
 * host name, it does not replace it.
 */
public final class GuardedAddressResolverGroup extends AddressResolverGroup<InetSocketAddress> {

    private final AddressGuard guard;

    public GuardedAddressResolverGroup(AddressGuard guard) {
        this.guard = guard;
    }

    @Override
    protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
        return new GuardedResolver(executor, guard);
    }

    private static final class GuardedResolver extends AbstractAddressResolver<InetSocketAddress> {

        private final AddressGuard guard;

        GuardedResolver(EventExecutor executor, AddressGuard guard) {
            super(executor, InetSocketAddress.class);
            this.guard = guard;
        }

        /** Netty connects to an address it deems resolved (an IP literal) without asking the resolver: none is. */
        @Override
        protected boolean doIsResolved(InetSocketAddress address) {
            return false;
        }

        @Override
        protected void doResolve(InetSocketAddress address, Promise<InetSocketAddress> promise) {
            resolve(address, addresses -> promise.trySuccess(addresses.get(0)), promise::tryFailure);
        }

        @Override
        protected void doResolveAll(InetSocketAddress address, Promise<List<InetSocketAddress>> promise) {
            resolve(address, promise::trySuccess, promise::tryFailure);
        }

        private void resolve(InetSocketAddress address, Consumer<List<InetSocketAddress>> resolved, Consumer<Throwable> failed) {
            if (!address.isUnresolved()) {
                guard.refusal(address.getHostString(), List.of(address.getAddress())).ifPresentOrElse(
                        reason -> failed.accept(new AddressRefusedException(reason)),
                        () -> resolved.accept(List.of(address)));
                return;
            }
            // the lookup blocks, and this is an event loop
            Mono.fromCallable(() -> guard.reachableAddressesOf(address.getHostString()))
                    .subscribeOn(Schedulers.boundedElastic())
                    .subscribe(addresses -> resolved.accept(at(addresses, address.getPort())), failed);
        }

        private static List<InetSocketAddress> at(List<InetAddress> addresses, int port) {
            return addresses.stream().map(address -> new InetSocketAddress(address, port)).toList();
        }
    }
}
