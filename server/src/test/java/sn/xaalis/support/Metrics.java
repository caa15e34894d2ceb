package sn.xaalis.support;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The server's Prometheus scrape, read the way Prometheus reads it: one sample per line. */
public final class Metrics {

    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})?\\s+(\\S+)");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    private final String text;

    private Metrics(String text) {
        this.text = text;
    }

    /** Scrapes {@code /actuator/prometheus} with the admin token; fails unless it answers 200. */
    public static Metrics scrape(Api api) {
        Api.Response response =
                api.send("GET", "/actuator/prometheus", Map.of("Authorization", "Bearer " + Api.ADMIN_TOKEN), null);
        if (response.status() != 200) {
            throw new AssertionError("scrape failed: " + response);
        }
        return new Metrics(response.body());
    }

    public String text() {
        return text;
    }

    /** The sum of the samples of {@code name} carrying at least these labels; 0 when there are none. */
    public double sum(String name, Map<String, String> labels) {
        double sum = 0;
        for (String line : text.split("\n")) {
            Matcher sample = SAMPLE.matcher(line);
            if (line.startsWith("#") || !sample.find() || !sample.group(1).equals(name)) {
                continue;
            }
            if (matches(sample.group(3), labels)) {
                sum += Double.parseDouble(sample.group(4));
            }
        }
        return sum;
    }

    /** Whether at least one sample of {@code name} is exported. */
    public boolean has(String name) {
        for (String line : text.split("\n")) {
            Matcher sample = SAMPLE.matcher(line);
            if (!line.startsWith("#") && sample.find() && sample.group(1).equals(name)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matches(String labelText, Map<String, String> wanted) {
        Map<String, String> present = new java.util.HashMap<>();
        if (labelText != null) {
            Matcher label = LABEL.matcher(labelText);
            while (label.find()) {
                present.put(label.group(1), label.group(2));
            }
        }
        for (var entry : wanted.entrySet()) {
            if (!entry.getValue().equals(present.get(entry.getKey()))) {
                return false;
            }
        }
        return true;
    }
}
