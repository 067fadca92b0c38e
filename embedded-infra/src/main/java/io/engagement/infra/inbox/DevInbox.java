package io.engagement.infra.inbox;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.engagement.infra.inbox.EmbeddedSmtp.StoredMail;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * What the embedded SMTP server and SMSC received, over HTTP on the loopback interface: mail in
 * Mailpit's API shape under {@code /api/v1/messages} and {@code /api/v1/message/{ID}} (where
 * {@code latest} names the newest), text messages under {@code /api/v1/sms}, WhatsApp messages under
 * {@code /api/v1/whatsapp}. It also stands in for a WhatsApp Cloud API provider: {@code POST
 * /whatsapp/v1/{phone-number-id}/messages} with a bearer token keeps the text for that list, and
 * plays a WhatsApp user: {@code POST /api/v1/whatsapp/inbound} posts their text to the suite's webhook.
 */
public final class DevInbox implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(DevInbox.class);
    private static final String HOST = "127.0.0.1";
    private static final String MESSAGE_PREFIX = "/api/v1/message/";
    /** What the messaging service's {@code engagement.messaging.whatsapp.base-url} points at, on this inbox. */
    public static final String WHATSAPP_API = "/whatsapp/v1";
    private static final String WHATSAPP_INBOUND = "/api/v1/whatsapp/inbound";

    private final EmbeddedSmtp smtp;
    private final EmbeddedSmsc smsc;
    private final HttpServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(4, runnable -> {
        Thread thread = new Thread(runnable, "dev-inbox");
        thread.setDaemon(true);
        return thread;
    });
    private final WhatsAppInbox whatsapp = new WhatsAppInbox();
    private final WhatsAppWebhooks inbound = new WhatsAppWebhooks();
    private final InboxJson json = new InboxJson();
    /** Mailpit marks a mail read once it has been opened; the list reports what has not been. */
    private final Set<String> read = ConcurrentHashMap.newKeySet();

    private DevInbox(HttpServer server, EmbeddedSmtp smtp, EmbeddedSmsc smsc) {
        this.server = server;
        this.smtp = smtp;
        this.smsc = smsc;
        server.createContext("/", this::handle);
        server.setExecutor(executor);
    }

    /** Serves on {@code port} (0 picks a free port) what {@code smtp} and {@code smsc} received. */
    public static DevInbox start(int port, EmbeddedSmtp smtp, EmbeddedSmsc smsc) {
        try {
            DevInbox inbox = new DevInbox(HttpServer.create(new InetSocketAddress(HOST, port), 0), smtp, smsc);
            inbox.server.start();
            log.info("Dev inbox listening on http://{}:{}", HOST, inbox.port());
            return inbox;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serve the dev inbox on " + HOST + ":" + port, e);
        }
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** The base URL of this inbox's WhatsApp Cloud API stand-in. */
    public String whatsAppBaseUrl() {
        return "http://" + HOST + ":" + port() + WHATSAPP_API;
    }

    /** The WhatsApp messages received so far. */
    public WhatsAppInbox whatsapp() {
        return whatsapp;
    }

    /** Where {@code POST /api/v1/whatsapp/inbound} posts the webhook it makes, signed with {@code appSecret}. */
    public void forwardWhatsAppInbound(URI webhook, String appSecret) {
        inbound.forwardTo(webhook, appSecret);
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Answer answer;
            try {
                String path = path(exchange);
                if (exchange.getRequestMethod().equals("POST") && path.startsWith(WHATSAPP_API + "/")) {
                    answer = receiveWhatsApp(exchange, path);
                } else if (exchange.getRequestMethod().equals("POST") && path.equals(WHATSAPP_INBOUND)) {
                    answer = sendWhatsAppInbound(exchange);
                } else {
                    answer = route(exchange.getRequestMethod(), path, query(exchange.getRequestURI().getRawQuery()));
                }
            } catch (Page.InvalidRequest invalid) {
                answer = new Answer(400, json.error(invalid.getMessage()));
            } catch (RuntimeException failure) {
                log.warn("Dev inbox failed to answer {} {}", exchange.getRequestMethod(), exchange.getRequestURI(), failure);
                answer = new Answer(500, json.error("internal error: " + failure.getMessage()));
            }
            byte[] body = json.bytes(answer.body());
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(answer.status(), body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private Answer route(String method, String path, Map<String, String> query) {
        switch (method + " " + path) {
            case "GET /api/v1/messages":
                return new Answer(200, json.messages(newestFirst(smtp.stored()), Page.of(query), read::contains));
            case "DELETE /api/v1/messages": {
                int count = smtp.stored().size();
                smtp.clear();
                read.clear();
                return new Answer(200, json.deleted(count));
            }
            case "GET /api/v1/whatsapp":
                return new Answer(200, json.whatsapp(newestFirst(whatsapp.received()), Page.of(query)));
            case "DELETE /api/v1/whatsapp": {
                int count = whatsapp.received().size();
                whatsapp.clear();
                return new Answer(200, json.deleted(count));
            }
            case "GET /api/v1/sms":
                return new Answer(200, json.sms(newestFirst(smsc.received()), Page.of(query)));
            case "DELETE /api/v1/sms": {
                int count = smsc.received().size();
                smsc.clear();
                return new Answer(200, json.deleted(count));
            }
            default:
                if (method.equals("GET") && path.startsWith(MESSAGE_PREFIX) && path.indexOf('/', MESSAGE_PREFIX.length()) < 0) {
                    return message(path.substring(MESSAGE_PREFIX.length()));
                }
                return new Answer(404, json.error("not found"));
        }
    }

    /** {@code POST /whatsapp/v1/{phone-number-id}/messages}, answered as the Cloud API answers. */
    private Answer receiveWhatsApp(HttpExchange exchange, String path) throws IOException {
        String[] parts = path.substring(WHATSAPP_API.length() + 1).split("/");
        if (parts.length != 2 || !parts[1].equals("messages")) {
            return new Answer(404, json.error("not found"));
        }
        String authorization = exchange.getRequestHeaders().getFirst("Authorization");
        if (authorization == null || !authorization.startsWith("Bearer ") || authorization.length() == "Bearer ".length()) {
            return new Answer(401, json.error("a bearer token is required"));
        }
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readAllBytes();
        }
        return whatsapp.receive(parts[0], body)
                .map(received -> new Answer(200, json.whatsAppAccepted(received)))
                .orElseGet(() -> new Answer(400, json.error("expected {\"messaging_product\": \"whatsapp\", \"to\", \"type\": \"text\", \"text\": {\"body\"}}")));
    }

    /** {@code POST /api/v1/whatsapp/inbound}: a WhatsApp user's text, signed and posted to the suite's webhook. */
    private Answer sendWhatsAppInbound(HttpExchange exchange) throws IOException {
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readAllBytes();
        }
        try {
            WhatsAppWebhooks.Sent sent = inbound.send(body);
            return new Answer(sent.webhookStatus() == 200 ? 200 : 502, json.whatsAppInbound(sent.messageId(), sent.webhookStatus()));
        } catch (IllegalArgumentException invalid) {
            return new Answer(400, json.error(invalid.getMessage()));
        } catch (IllegalStateException | IOException unreachable) {
            return new Answer(503, json.error("the suite's WhatsApp webhook cannot be reached: " + unreachable.getMessage()));
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return new Answer(503, json.error("interrupted"));
        }
    }

    private Answer message(String id) {
        List<StoredMail> mails = smtp.stored();
        StoredMail found = null;
        if (id.equals("latest")) {
            found = mails.isEmpty() ? null : mails.get(mails.size() - 1);
        } else {
            for (StoredMail stored : mails) {
                if (stored.mail().id().equals(id)) {
                    found = stored;
                    break;
                }
            }
        }
        if (found == null) {
            return new Answer(404, json.error("message not found"));
        }
        read.add(found.mail().id());
        return new Answer(200, json.message(found));
    }

    private static <T> List<T> newestFirst(List<T> oldestFirst) {
        List<T> reversed = new ArrayList<>(oldestFirst);
        Collections.reverse(reversed);
        return reversed;
    }

    /** The decoded path without a trailing slash, so {@code /api/v1/messages/} is the list too. */
    private static String path(HttpExchange exchange) {
        String path = exchange.getRequestURI().getPath();
        return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    /** The first value of each parameter; the server has already refused a malformed escape. */
    private static Map<String, String> query(String raw) {
        Map<String, String> parameters = new HashMap<>();
        if (raw == null || raw.isEmpty()) {
            return parameters;
        }
        for (String pair : raw.split("&")) {
            int equals = pair.indexOf('=');
            String name = URLDecoder.decode(equals < 0 ? pair : pair.substring(0, equals), StandardCharsets.UTF_8);
            String value = equals < 0 ? "" : URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
            parameters.putIfAbsent(name, value);
        }
        return parameters;
    }

    private record Answer(int status, ObjectNode body) {
    }
}
