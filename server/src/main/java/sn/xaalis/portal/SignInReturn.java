package sn.xaalis.portal;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Where a cashier whose session ended comes back to after signing in again: the counter, or the payment
 * they were taking there. Only those pages, written as this class writes them, are ever a return: the
 * sign-in's {@code continue} parameter can send nobody anywhere else (no open redirect).
 */
final class SignInReturn {

    static final String PARAMETER = "continue";

    // The counter (with its till's choice) or one of its payments; never another site nor another path.
    private static final Pattern COUNTER =
            Pattern.compile("/portal/counter(\\?application=[0-9a-f-]{36}&environment=(sandbox|live))?");
    private static final Pattern COUNTER_PAYMENT = Pattern.compile("/portal/counter/[A-Z0-9-]{1,40}");
    // A form posted from a payment's page, or its receipt: the payment's page is the return.
    private static final Pattern COUNTER_PAYMENT_FORM =
            Pattern.compile("(/portal/counter/[A-Z0-9-]{1,40})/[a-z]{1,20}");

    private SignInReturn() {}

    /** The return a request asks for, when it is one; null otherwise. */
    static @Nullable String valid(@Nullable String typed) {
        return typed != null
                        && (COUNTER.matcher(typed).matches()
                                || COUNTER_PAYMENT.matcher(typed).matches())
                ? typed
                : null;
    }

    /** The page to come back to after signing in, for a request that found no session; null for none. */
    static @Nullable String of(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        if ("GET".equals(request.getMethod())) {
            String query = request.getQueryString();
            String page = valid(query == null ? path : path + "?" + query);
            if (page != null) {
                return page;
            }
        } else if (COUNTER.matcher(path).matches()) {
            // The counter's own form: its till comes back with it, when the form named one.
            String till = valid(path + "?application=" + request.getParameter("application") + "&environment="
                    + request.getParameter("environment"));
            return till == null ? path : till;
        }
        var form = COUNTER_PAYMENT_FORM.matcher(path);
        return form.matches() ? form.group(1) : null;
    }

    /** The sign-in page, with the return when there is one; {@code flag} (e.g. {@code expired}) first. */
    static String loginPage(@Nullable String flag, @Nullable String back) {
        StringBuilder url = new StringBuilder("/portal/login");
        char separator = '?';
        if (flag != null) {
            url.append(separator).append(flag);
            separator = '&';
        }
        if (back != null) {
            url.append(separator).append(PARAMETER).append('=').append(URLEncoder.encode(back, StandardCharsets.UTF_8));
        }
        return url.toString();
    }
}
