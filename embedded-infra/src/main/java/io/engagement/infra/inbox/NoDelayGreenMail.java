package io.engagement.infra.inbox;

import com.icegreen.greenmail.Managers;
import com.icegreen.greenmail.server.AbstractServer;
import com.icegreen.greenmail.smtp.SmtpServer;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;

import java.net.Socket;
import java.net.SocketException;
import java.util.HashMap;
import java.util.Map;

/**
 * GreenMail's SMTP server with Nagle's algorithm off on every client connection. GreenMail writes
 * a multi-line reply (EHLO) line by line; with Nagle on, each line after the first waits for the
 * client's delayed ACK, some 40 ms, so every mail took 45 ms and the server took some 22 mails/s.
 */
final class NoDelayGreenMail extends GreenMail {

    NoDelayGreenMail(ServerSetup setup) {
        super(setup);
    }

    @Override
    protected Map<String, AbstractServer> createServices(ServerSetup[] config, Managers managers) {
        Map<String, AbstractServer> services = new HashMap<>();
        for (ServerSetup setup : config) {
            if (!setup.getProtocol().startsWith(ServerSetup.PROTOCOL_SMTP)) {
                throw new IllegalArgumentException("only SMTP is served here, not " + setup.getProtocol());
            }
            services.put(setup.getProtocol(), new NoDelaySmtpServer(setup, managers));
        }
        return services;
    }

    private static final class NoDelaySmtpServer extends SmtpServer {

        NoDelaySmtpServer(ServerSetup setup, Managers managers) {
            super(setup, managers);
        }

        @Override
        protected void handleClientSocket(Socket client) throws SocketException {
            client.setTcpNoDelay(true);
            super.handleClientSocket(client);
        }
    }
}
