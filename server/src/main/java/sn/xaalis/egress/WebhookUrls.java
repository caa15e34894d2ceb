package sn.xaalis.egress;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The rules for webhook URLs (D12): checked when saved, and again at every delivery by resolving the
 * host once and requiring every address to be permitted, so the connection can go to exactly those.
 */
public final class WebhookUrls {

    public static final int MAX_LENGTH = 2048;
    private static final List<String> LOCAL_SUFFIXES =
            List.of(".localhost", ".local", ".internal", ".localdomain", ".home.arpa");

    private final AddressPolicy policy;
    private final HostResolver resolver;

    public WebhookUrls(AddressPolicy policy, HostResolver resolver) {
        this.policy = policy;
        this.resolver = resolver;
    }

    /** What resolving a webhook host at delivery time allows. */
    public sealed interface Resolution {
        /** Every address the name resolved to; connect to these and nothing else. */
        record Permitted(List<InetAddress> addresses) implements Resolution {}

        /** The address policy says no: never retried. */
        record Refused(String reason) implements Resolution {}

        /** The name did not resolve (yet): worth a retry. */
        record Unresolved(String reason) implements Resolution {}
    }

    /** Problems with the URL as saved; empty when acceptable. Names are not resolved here (DNS may not be ready). */
    public List<String> check(String url, boolean requireHttps) {
        List<String> problems = new ArrayList<>();
        if (url.length() > MAX_LENGTH) {
            problems.add("must be at most " + MAX_LENGTH + " characters");
            return problems;
        }
        if (url.chars().anyMatch(c -> c <= 0x20 || c == 0x7f || c == '\\')) {
            problems.add("must not contain spaces, control characters or backslashes");
            return problems;
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            problems.add("must be an absolute http or https URL");
            return problems;
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getRawAuthority() == null) {
            problems.add("must be an absolute http or https URL");
            return problems;
        }
        if (uri.getRawUserInfo() != null || uri.getRawAuthority().contains("@")) {
            problems.add("must not contain user information");
        }
        if (uri.getHost() == null) {
            problems.add("must have a valid host name");
            return problems;
        }
        if (uri.getRawFragment() != null) {
            problems.add("must not contain a fragment");
        }
        if (requireHttps && !scheme.equals("https")) {
            problems.add("must use https once the application is live");
        }
        hostProblem(uri.getHost()).ifPresent(problems::add);
        return problems;
    }

    /** Resolves once; permitted only when every answer is (a rebinding DNS gets no second chance). */
    public Resolution resolve(String host) {
        if (IpLiterals.looksNumeric(host)) {
            Optional<InetAddress> literal = IpLiterals.parse(host);
            if (literal.isEmpty()) {
                return new Resolution.Refused("invalid IP address " + host);
            }
            return judge(List.of(literal.get()));
        }
        if (isLocalName(host)) {
            return new Resolution.Refused(host + " is a local name");
        }
        try {
            List<InetAddress> addresses = resolver.resolve(host);
            if (addresses.isEmpty()) {
                return new Resolution.Unresolved(host + " has no address");
            }
            return judge(addresses);
        } catch (UnknownHostException e) {
            return new Resolution.Unresolved(host + " cannot be resolved");
        }
    }

    private Resolution judge(List<InetAddress> addresses) {
        for (InetAddress address : addresses) {
            if (!policy.permits(address)) {
                return new Resolution.Refused(describe(address));
            }
        }
        return new Resolution.Permitted(List.copyOf(addresses));
    }

    private Optional<String> hostProblem(String host) {
        if (IpLiterals.looksNumeric(host)) {
            Optional<InetAddress> literal = IpLiterals.parse(host);
            if (literal.isEmpty()) {
                return Optional.of("has an invalid IP address");
            }
            return policy.permits(literal.get())
                    ? Optional.empty()
                    : Optional.of("must point to a public address (" + describe(literal.get()) + ")");
        }
        return isLocalName(host)
                ? Optional.of("must point to a public address (" + host + " is a local name)")
                : Optional.empty();
    }

    private static boolean isLocalName(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        if (h.endsWith(".")) {
            h = h.substring(0, h.length() - 1);
        }
        String name = h;
        return name.equals("localhost") || LOCAL_SUFFIXES.stream().anyMatch(name::endsWith);
    }

    private static String describe(InetAddress address) {
        String kind = AddressPolicy.nonPublicKind(address).orElse("not permitted");
        return address.getHostAddress() + " is " + kind;
    }
}
