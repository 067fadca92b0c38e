package io.engagement.platform.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/**
 * How a host name becomes addresses for {@link AddressGuard}: the system resolver, or in a test a
 * name whose answer changes between the check and the connection.
 */
@FunctionalInterface
public interface HostLookup {

    /** The JDK's resolver (hosts file, DNS, the JVM's cache). */
    HostLookup SYSTEM = host -> List.of(InetAddress.getAllByName(host));

    /** The addresses of {@code host}, at least one; blocks the calling thread. */
    List<InetAddress> addressesOf(String host) throws UnknownHostException;
}
