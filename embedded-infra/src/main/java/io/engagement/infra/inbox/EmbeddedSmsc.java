package io.engagement.infra.inbox;

import org.jsmpp.PDUStringException;
import org.jsmpp.SMPPConstant;
import org.jsmpp.bean.InterfaceVersion;
import org.jsmpp.extra.SessionState;
import org.jsmpp.session.BindRequest;
import org.jsmpp.session.SMPPServerSession;
import org.jsmpp.session.SMPPServerSessionListener;
import org.jsmpp.session.connection.ServerConnection;
import org.jsmpp.session.connection.ServerConnectionFactory;
import org.jsmpp.session.connection.socket.ServerSocketConnection;
import org.jsmpp.util.DeliveryReceiptState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;

/**
 * An SMPP 3.4 message centre in process (jSMPP) on the loopback interface. It binds transmitters,
 * receivers and transceivers that present its one system id and password, keeps every
 * {@code submit_sm} it receives, and answers the delivery receipts they ask for.
 */
public final class EmbeddedSmsc implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedSmsc.class);
    private static final String HOST = "127.0.0.1";
    private static final long BIND_TIMEOUT_MILLIS = 5_000;
    private static final Duration REFUSAL_GRACE = Duration.ofSeconds(2);
    private static final int MAX_SYSTEM_ID = 15;
    private static final int MAX_PASSWORD = 8;

    private final String systemId;
    private final String password;
    private final ServerSocket socket;
    private final SMPPServerSessionListener listener;
    private final List<SMPPServerSession> sessions = new CopyOnWriteArrayList<>();
    private final List<ReceivedSms> messages = new CopyOnWriteArrayList<>();
    private final DeliveryReceipts receipts = new DeliveryReceipts(() -> List.copyOf(sessions));
    private final ExecutorService binds = Executors.newCachedThreadPool(runnable -> daemon(runnable, "smsc-bind"));
    private final Thread acceptor;
    private volatile boolean closed;

    private EmbeddedSmsc(ServerSocket socket, String systemId, String password) throws IOException {
        this.socket = socket;
        this.systemId = systemId;
        this.password = password;
        this.listener = new SMPPServerSessionListener(socket.getLocalPort(), listeningOn(socket));
        listener.setMessageReceiverListener(new SubmitReceiver(messages::add, receipts));
        this.acceptor = daemon(this::acceptAll, "smsc-accept");
    }

    /**
     * Listens on {@code port} (0 picks a free port) for clients that bind with {@code systemId}
     * (at most 15 characters) and {@code password} (at most 8, as SMPP allows).
     */
    public static EmbeddedSmsc start(int port, String systemId, String password) {
        if (systemId.isEmpty() || systemId.length() > MAX_SYSTEM_ID || password.length() > MAX_PASSWORD) {
            throw new IllegalArgumentException("SMPP allows a system id of 1 to " + MAX_SYSTEM_ID
                    + " characters and a password of at most " + MAX_PASSWORD);
        }
        ServerSocket socket = null;
        try {
            socket = new ServerSocket();
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(HOST, port));
            EmbeddedSmsc smsc = new EmbeddedSmsc(socket, systemId, password);
            smsc.acceptor.start();
            log.info("Embedded SMSC listening on {}:{} for system id {}", HOST, smsc.port(), systemId);
            return smsc;
        } catch (IOException e) {
            closeQuietly(socket);
            throw new UncheckedIOException("cannot listen for SMPP on " + HOST + ":" + port, e);
        }
    }

    public int port() {
        return socket.getLocalPort();
    }

    public String systemId() {
        return systemId;
    }

    /** Every message received so far, one per {@code submit_sm}, oldest first. */
    public List<ReceivedSms> received() {
        return List.copyOf(messages);
    }

    public void clear() {
        messages.clear();
    }

    /**
     * The {@code stat} of the delivery receipts for messages submitted from now on: {@code DELIVRD}
     * (the default), {@code UNDELIV}, {@code EXPIRED}, {@code REJECTD}, {@code DELETED},
     * {@code ACCEPTD}, {@code ENROUTE} or {@code UNKNOWN}.
     */
    public void receiptStat(String stat) {
        receipts.outcome(DeliveryReceiptState.valueOf(stat.toUpperCase(Locale.ROOT)));
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            listener.close();
        } catch (IOException e) {
            log.debug("Ignoring error closing the SMPP listener", e);
        }
        receipts.close();
        binds.shutdownNow();
        sessions.parallelStream().forEach(SMPPServerSession::unbindAndClose);
        sessions.clear();
        log.info("Embedded SMSC on {}:{} stopped", HOST, port());
    }

    private void acceptAll() {
        while (!closed && !socket.isClosed()) {
            try {
                SMPPServerSession session = listener.accept();
                binds.execute(() -> bind(session));
            } catch (IOException e) {
                if (!closed) {
                    log.warn("Embedded SMSC could not accept a connection", e);
                }
            }
        }
    }

    private void bind(SMPPServerSession session) {
        try {
            BindRequest request = session.waitForBind(BIND_TIMEOUT_MILLIS);
            if (!systemId.equals(request.getSystemId()) || !password.equals(request.getPassword())) {
                request.reject(systemId.equals(request.getSystemId()) ? SMPPConstant.STAT_ESME_RINVPASWD : SMPPConstant.STAT_ESME_RINVSYSID);
                log.info("Embedded SMSC refused a {} for system id '{}'", request.getBindType(), request.getSystemId());
                closeAfterRefusal(session);
                return;
            }
            session.addSessionStateListener((newState, oldState, source) -> {
                if (newState == SessionState.CLOSED) {
                    sessions.remove(session);
                }
            });
            sessions.add(session);
            request.accept(systemId, InterfaceVersion.IF_34);
            log.debug("Embedded SMSC bound session {} as {}", session.getSessionId(), request.getBindType());
        } catch (TimeoutException e) {
            log.debug("A client connected to the embedded SMSC but did not bind", e);
        } catch (PDUStringException | IOException | IllegalStateException e) {
            log.warn("Embedded SMSC could not bind a session", e);
            sessions.remove(session);
            session.close();
        }
    }

    /**
     * A jSMPP client reads the refusal on a worker thread and drops it if it sees the connection
     * close first; so the client gets a moment to read it and hang up before the server does.
     */
    private static void closeAfterRefusal(SMPPServerSession session) {
        long deadline = System.nanoTime() + REFUSAL_GRACE.toNanos();
        try {
            while (session.getSessionState() != SessionState.CLOSED && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        session.close();
    }

    /** jSMPP's own factory listens on every interface; this one hands over the loopback socket already bound. */
    private static ServerConnectionFactory listeningOn(ServerSocket socket) {
        return new ServerConnectionFactory() {
            @Override
            public ServerConnection listen(int port) {
                return new ServerSocketConnection(socket);
            }

            @Override
            public ServerConnection listen(int port, int timeout) throws IOException {
                socket.setSoTimeout(timeout);
                return new ServerSocketConnection(socket);
            }

            @Override
            public ServerConnection listen(int port, int timeout, int backlog) throws IOException {
                return listen(port, timeout);
            }
        };
    }

    private static Thread daemon(Runnable runnable, String name) {
        Thread thread = new Thread(runnable, name);
        thread.setDaemon(true);
        return thread;
    }

    private static void closeQuietly(ServerSocket socket) {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // the bind already failed; the original error is the one worth reporting
            }
        }
    }
}
