package io.engagement.platform.net;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The SSRF guard of every outbound call a customer configures (alert targets, crawled websites):
 * refuses a host that is, or resolves to, an address such calls must not reach. Link-local (cloud
 * metadata), unspecified and multicast addresses are never reached; loopback and private ones only
 * where the installation allows them (the local stack, a receiver on the same private network).
 * A check before a call says nothing of where the call connects, since the call resolves the name
 * again; so the calls connect through {@link GuardedAddressResolverGroup}, which judges the very
 * addresses it hands the connection.
 */
public final class AddressGuard {

    private final boolean allowLoopback;
    private final boolean allowPrivate;
    private final String caller;
    private final HostLookup lookup;

    /** @param caller who may not reach a refused address, for the reason ("alerts", "the crawler") */
    public AddressGuard(boolean allowLoopback, boolean allowPrivate, String caller) {
        this(allowLoopback, allowPrivate, caller, HostLookup.SYSTEM);
    }

    /** @param lookup how host names are resolved, by the checks and the connections alike */
    public AddressGuard(boolean allowLoopback, boolean allowPrivate, String caller, HostLookup lookup) {
        this.allowLoopback = allowLoopback;
        this.allowPrivate = allowPrivate;
        this.caller = caller;
        this.lookup = lookup;
    }

    /**
     * Why {@code url} must not be reached, if it must not; a name that does not resolve is not
     * refused here (the call fails on its own). Resolving blocks the calling thread.
     */
    public Optional<String> refusalNow(URI url) {
        String host = hostOf(url);
        if (host == null) {
            return Optional.of("the target has no host");
        }
        try {
            reachableAddressesOf(host);
            return Optional.empty();
        } catch (AddressRefusedException refused) {
            return Optional.of(refused.getMessage());
        } catch (UnknownHostException unresolved) {
            return Optional.empty();
        }
    }

    /**
     * What {@code host} resolves to (an IP literal: itself), when every address may be reached;
     * resolving blocks the calling thread.
     *
     * @throws AddressRefusedException when one of the addresses must not be reached
     * @throws UnknownHostException    when the name does not resolve
     */
    public List<InetAddress> reachableAddressesOf(String host) throws UnknownHostException {
        List<InetAddress> addresses = isLiteral(host) ? List.of(InetAddress.getByName(host)) : lookup.addressesOf(host);
        if (addresses.isEmpty()) {
            throw new UnknownHostException(host);
        }
        Optional<String> refused = refusal(host, addresses);
        if (refused.isPresent()) {
            throw new AddressRefusedException(refused.get());
        }
        return addresses;
    }

    /**
     * Why {@code host}, which is or resolves to {@code addresses}, must not be reached, if one of
     * them must not: a name with a single forbidden address is refused whole.
     */
    public Optional<String> refusal(String host, List<InetAddress> addresses) {
        for (InetAddress address : addresses) {
            Optional<String> refused = refusal(address);
            if (refused.isPresent()) {
                return Optional.of("the target host " + host + " " + (isLiteral(host) ? "is" : "resolves to")
                        + " " + refused.get() + ", which " + caller + " may not reach");
            }
        }
        return Optional.empty();
    }

    /** The kind of a forbidden address ("a loopback address", ...), if it is one. */
    public Optional<String> refusal(InetAddress address) {
        InetAddress judged = embeddedIpv4(address).orElse(address);
        if (judged.isAnyLocalAddress()) {
            return Optional.of("an unspecified address");
        }
        if (judged.isMulticastAddress() || isBroadcast(judged)) {
            return Optional.of("a multicast address");
        }
        if (judged.isLinkLocalAddress()) {
            return Optional.of("a link-local address");
        }
        if (judged.isLoopbackAddress()) {
            return allowLoopback ? Optional.empty() : Optional.of("a loopback address");
        }
        if (isPrivate(judged)) {
            return allowPrivate ? Optional.empty() : Optional.of("a private address");
        }
        return Optional.empty();
    }

    /**
     * The IPv4 address an IPv4-mapped IPv6 one (::ffff:a.b.c.d) stands for: a socket connects to
     * it. The JDK's resolver hands these over as IPv4 already, Netty's literal parsing does not.
     */
    private static Optional<InetAddress> embeddedIpv4(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (!(address instanceof Inet6Address) || bytes[10] != (byte) 0xff || bytes[11] != (byte) 0xff) {
            return Optional.empty();
        }
        for (int i = 0; i < 10; i++) {
            if (bytes[i] != 0) {
                return Optional.empty();
            }
        }
        try {
            return Optional.of(InetAddress.getByAddress(Arrays.copyOfRange(bytes, 12, 16)));
        } catch (UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    private static boolean isPrivate(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (address instanceof Inet4Address) {
            int first = bytes[0] & 0xff;
            int second = bytes[1] & 0xff;
            return first == 10
                    || (first == 172 && second >= 16 && second <= 31)
                    || (first == 192 && second == 168)
                    || (first == 100 && second >= 64 && second <= 127);
        }
        // unique local addresses, fc00::/7
        return address instanceof Inet6Address && (bytes[0] & 0xfe) == 0xfc;
    }

    private static boolean isBroadcast(InetAddress address) {
        byte[] bytes = address.getAddress();
        return address instanceof Inet4Address && (bytes[0] & bytes[1] & bytes[2] & bytes[3] & 0xff) == 0xff;
    }

    private static String hostOf(URI url) {
        String host = url.getHost();
        if (host == null || host.isEmpty()) {
            return null;
        }
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    private static boolean isLiteral(String host) {
        return host.contains(":") || host.chars().allMatch(c -> c == '.' || Character.isDigit(c));
    }
}
