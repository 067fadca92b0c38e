package io.engagement.platform.net;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * The SSRF guard of every outbound call a customer configures (alert targets, crawled websites):
 * refuses a host that is, or resolves to, an address such calls must not reach. Link-local (cloud
 * metadata), unspecified and multicast addresses are never reached; loopback and private ones only
 * where the installation allows them (the local stack, a receiver on the same private network).
 */
public final class AddressGuard {

    private final boolean allowLoopback;
    private final boolean allowPrivate;
    private final String caller;

    /** @param caller who may not reach a refused address, for the reason ("alerts", "the crawler") */
    public AddressGuard(boolean allowLoopback, boolean allowPrivate, String caller) {
        this.allowLoopback = allowLoopback;
        this.allowPrivate = allowPrivate;
        this.caller = caller;
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
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(host);
        } catch (UnknownHostException unresolved) {
            return Optional.empty();
        }
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
        if (address.isAnyLocalAddress()) {
            return Optional.of("an unspecified address");
        }
        if (address.isMulticastAddress() || isBroadcast(address)) {
            return Optional.of("a multicast address");
        }
        if (address.isLinkLocalAddress()) {
            return Optional.of("a link-local address");
        }
        if (address.isLoopbackAddress()) {
            return allowLoopback ? Optional.empty() : Optional.of("a loopback address");
        }
        if (isPrivate(address)) {
            return allowPrivate ? Optional.empty() : Optional.of("a private address");
        }
        return Optional.empty();
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
