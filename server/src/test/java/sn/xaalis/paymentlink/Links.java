package sn.xaalis.paymentlink;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import sn.xaalis.support.Api;
import tools.jackson.databind.JsonNode;

/** Payment links as the tests use them: created through the API, opened and paid as a customer's browser would. */
final class Links {

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private final Api api;
    private final int port;

    Links(Api api, int port) {
        this.api = api;
        this.port = port;
    }

    Api.Response create(Api.Merchant merchant, String body) {
        return api.post(merchant, "/payment-links/", body, Map.of());
    }

    /** Creates a link and returns its JSON; fails the test if the API refuses it. */
    JsonNode created(Api.Merchant merchant, String body) {
        Api.Response response = create(merchant, body);
        if (response.status() != 201) {
            throw new AssertionError("link refused: " + response);
        }
        return response.json();
    }

    /** The merchant's newest link, as the API lists it. */
    JsonNode newest(Api.Merchant merchant) {
        return api.get(merchant, "/payment-links/").json().get("data").get(0);
    }

    String code(Api.Merchant merchant, String body) {
        return created(merchant, body).get("code").stringValue();
    }

    /** The customer's page, in the language the browser asks for. */
    HttpResponse<String> open(String code, String language) {
        return send(HttpRequest.newBuilder(uri("/l/" + code))
                .header("Accept-Language", language)
                .GET());
    }

    /** The customer's form, posted as a browser on the page itself would. */
    HttpResponse<String> pay(String code, String language, Map<String, String> form) {
        return pay(code, language, form, Map.of("Sec-Fetch-Site", "same-origin"));
    }

    HttpResponse<String> pay(String code, String language, Map<String, String> form, Map<String, String> headers) {
        String body = form.entrySet().stream()
                .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
        HttpRequest.Builder request = HttpRequest.newBuilder(uri("/l/" + code))
                .header("Accept-Language", language)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        return send(request);
    }

    /** Pays with the first provider and returns the payment's reference from the 303 to its hosted page. */
    String paid(String code, Map<String, String> form) {
        return paid(code, "fr", form);
    }

    String paid(String code, String language, Map<String, String> form) {
        Map<String, String> fields = new LinkedHashMap<>(Map.of("provider", "WALLET_SN"));
        fields.putAll(form);
        HttpResponse<String> response = pay(code, language, fields);
        if (response.statusCode() != 303) {
            throw new AssertionError("payment not started: " + response.statusCode() + " " + response.body());
        }
        String location = response.headers().firstValue("Location").orElseThrow();
        return location.substring(location.lastIndexOf('/') + 1);
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return HTTP.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
