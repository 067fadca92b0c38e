package io.engagement.infra;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class FreePortsTest {

    @Test
    void portsAreDistinctBindableAndBelowTheEphemeralRange() throws IOException {
        List<Integer> ports = IntStream.range(0, 50).mapToObj(n -> FreePorts.next()).toList();

        assertThat(ports).doesNotHaveDuplicates().allSatisfy(port -> assertThat(port).isBetween(FreePorts.LOWEST, FreePorts.HIGHEST));
        for (int port : ports) {
            try (ServerSocket server = new ServerSocket()) {
                server.bind(new InetSocketAddress("127.0.0.1", port));
                assertThat(server.getLocalPort()).isEqualTo(port);
            }
        }
    }
}
